"""Abilities that act at the count (RES-2), on leaving the combat and on the hands outside the match-ups."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..enums import Timing
from ..selectors import Selector
from .base import (
    Ability,
    HandCards,
    LeaveMoment,
    Offer,
    SideRole,
    Sides,
    _signed,
)


@dataclass(frozen=True)
class ControlValue(Ability):
    kind: ClassVar[str] = "control_value"
    value: int

    def describe(self) -> str:
        return f"Counts as {self.value} Vitality when control of the space is counted."


@dataclass(frozen=True)
class ControlBonus(Ability):
    """RES-2: while this creature survives the combat, its side's surviving creatures matching ``to`` count
    ``amount`` more for control; a side gets the bonus of one such card only."""

    kind: ClassVar[str] = "control_bonus"
    amount: int
    to: Selector | None = None
    # A Shield's rule: ``amount`` is added once to its side's count (not per creature), whatever survives.
    to_total: bool = False
    # Only while its owner's side is the attacker (or the defender) of this combat.
    side_role: SideRole | None = None
    # With ``to_total``: this much more per Power Stone its player spends at the count, a set-up choice
    # (``choices=<card>:N``; none spent by default), never more stones than he has left (Large Idol).
    per_stone: int = 0

    def __post_init__(self) -> None:
        if self.to_total and self.to is not None:
            raise ValueError("'to_total' adds once to the side's count: it takes no 'to'")
        if self.per_stone and not self.to_total:
            raise ValueError("'per_stone' buys more of a side's count: it needs 'to_total'")

    def offer(self) -> Offer | None:
        return Offer.OPTION if self.per_stone else None

    def option_words(self) -> tuple[str, ...]:
        # The stones a player may spend: no Guardian starts a combat with more than 20.
        return tuple(str(stones) for stones in range(21)) if self.per_stone else ()

    def describe(self) -> str:
        if self.to_total:
            role = f"while its side is the {self.side_role.value}, " if self.side_role is not None else ""
            stones = (
                f", and {_signed(self.per_stone)} more per Power Stone its player spends then (a set-up choice, "
                "none by default)"
                if self.per_stone
                else ""
            )
            return f"When control of the space is counted, {role}its side's count gets {_signed(self.amount)}{stones}."
        role = f" (only while its side is the {self.side_role.value})" if self.side_role is not None else ""
        who = (self.to.describe() if self.to else "creatures") + role
        return (
            f"If it is still alive when control of the space is counted, each of its side's surviving {who} (itself "
            f"included if it is one) counts {_signed(self.amount)} Vitality for control; a side gets this from only "
            "one such card."
        )


@dataclass(frozen=True)
class ControlExclusion(Ability):
    kind: ClassVar[str] = "control_exclusion"
    who: Sides = Sides.OPPONENT
    opponent: Selector | None = None

    def describe(self) -> str:
        faced = (
            f"the creature it faced in the primaries (if {self.opponent.describe()})"
            if self.opponent
            else ("the creature it faced in the primaries")
        )
        both = " and this creature itself" if self.who is Sides.BOTH else ""
        return f"When control is counted, {faced}{both} add nothing."


@dataclass(frozen=True)
class RetreatOption(Ability):
    """A side may leave the combat at a fixed moment; the set-up's choice ``card:retreat`` takes it."""

    kind: ClassVar[str] = "retreat_option"
    moment: LeaveMoment = LeaveMoment.BEFORE_PRIMARIES
    who: Sides = Sides.OWN
    discard_self: bool = False
    requires_unbeaten: bool = False
    side_role: SideRole | None = None
    or_pay_stones: int = 0
    or_outside: str = ""
    destroys_stayers: bool = False

    def option_words(self) -> tuple[str, ...]:
        words = ["retreat", "stay"]
        if self.or_pay_stones:
            words.append("pay")
        return tuple(words)

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def describe(self) -> str:
        chooser = "Its owner" if self.who is Sides.OWN else "The opponent"
        when = (
            "before the primary match-ups" if self.moment is LeaveMoment.BEFORE_PRIMARIES else "once the primaries end"
        )
        conditions = []
        if self.side_role is not None:
            conditions.append(f"only while its side is the {self.side_role.value}")
        if self.requires_unbeaten:
            conditions.append("only if it is in play and unbeaten")
        cost = ", discarding this card" if self.discard_self else ""
        text = f"{chooser} may retreat {when}{cost}" + (f" ({'; '.join(conditions)})" if conditions else "")
        others = []
        if self.or_pay_stones:
            others.append(f"pay {self.or_pay_stones} Power Stone(s)")
        if self.or_outside:
            others.append(self.or_outside)
        if others:
            text = (
                f"{chooser} must retreat {when} or else "
                + " or ".join(others)
                + (f" ({'; '.join(conditions)})" if conditions else "")
            )
        if self.destroys_stayers:
            text += "; if the opponent stays and this side wins, every creature of the opponent's shield is destroyed"
        return text + ". The choice is a set-up input (stay if none is given)."


@dataclass(frozen=True)
class HandDiscard(Ability):
    """Cards still in a combat hand are discarded: all that match, or one the set-up names."""

    kind: ClassVar[str] = "hand_discard"
    timing: Timing = Timing.COMMAND
    who: Sides = Sides.OPPONENT
    cards: HandCards = HandCards.CREATURES
    target: Selector | None = None
    chosen: bool = False

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE if self.chosen else None

    def describe(self) -> str:
        when = "Command" if self.timing is Timing.COMMAND else "When it is revealed in a primary match-up"
        whose = {Sides.OWN: "its owner's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "each player's"}[self.who]
        what = {
            HandCards.CREATURES: "creatures",
            HandCards.DOUBLE_BORDERED: "double-bordered cards (bribes, spells, hand items)",
            HandCards.ALL: "cards",
        }[self.cards]
        if self.target is not None:
            what = f"{self.target.describe()}"
        if self.chosen:
            return f"{when}: the opponent discards one of his {what} still in his combat hand, of his choice (a set-up choice)."
        return f"{when}: every one of {whose} {what} still in the combat hand is discarded."


@dataclass(frozen=True)
class SendsToMelee(Ability):
    """Creatures leave the combat hand for the melee as unchallenged cards (rule 11.4.7)."""

    kind: ClassVar[str] = "sends_to_melee"
    duplicates: bool = True

    def describe(self) -> str:
        return (
            "Command: every creature the opponent holds in two or more copies in his combat hand goes into the "
            "melee at once as an unchallenged card (it fights no match-up but stays in play and counts)."
        )


@dataclass(frozen=True)
class OutOfCombat(Ability):
    """An ability real enough to record but acting outside the combat engine's reach."""

    kind: ClassVar[str] = "out_of_combat"
    steps: ClassVar[tuple[str, ...]] = ()
    topic: str
    summary: str = ""

    def describe(self) -> str:
        return self.summary or f"Acts outside combat ({self.topic})."
