"""Abilities that change ranged attacks (PRI-9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dice import Dice
from ..enums import BriberyIcon, Side, Terrain
from ..selectors import Selector
from .base import (
    Ability,
    Offer,
    ShotEffect,
    ShotResult,
    SideRole,
    Sides,
    _signed,
)


@dataclass(frozen=True)
class RangedLimit(Ability):
    """Where and for whom this creature's ranged attack may be used."""

    kind: ClassVar[str] = "ranged_limit"
    against: Selector | None = None
    supports: Selector | None = None
    terrain: Terrain | None = None

    def describe(self) -> str:
        parts = []
        if self.against:
            parts.append(f"only against {self.against.describe()}")
        if self.supports:
            parts.append(f"only to support {self.supports.describe()}")
        if self.terrain:
            parts.append(f"only in {self.terrain.value}")
        return "Its ranged attack can be used " + " and ".join(parts) + "."


@dataclass(frozen=True)
class ForbidsRanged(Ability):
    kind: ClassVar[str] = "forbids_ranged"
    sides: Sides = Sides.BOTH

    def describe(self) -> str:
        who = {Sides.OWN: "its own side", Sides.OPPONENT: "the opponent", Sides.BOTH: "neither player"}[self.sides]
        verb = "may make" if self.sides is Sides.BOTH else "may not make"
        return f"Once it is in play, {who} {verb} ranged attacks."


@dataclass(frozen=True)
class AllowsRanged(Ability):
    """A terrain that counts as Woods yet allows ranged attacks."""

    kind: ClassVar[str] = "allows_ranged"

    def describe(self) -> str:
        return "Ranged attacks are allowed here, Woods or not."


@dataclass(frozen=True)
class RangedModifier(Ability):
    """Changes to ranged attacks: on a ranged creature its own shot; with ``to_side`` every ranged
    attack its side makes while this creature is in play (fighting or as the command card)."""

    kind: ClassVar[str] = "ranged_modifier"
    amount: int = 0
    to_side: bool = False
    # Every ranged attack of the combat, whoever makes it (a Shield or stronghold card's rule).
    both_sides: bool = False
    # Only while its owner's side is the attacker (or the defender) of this combat.
    side_role: SideRole | None = None
    adds_other_ranged: bool = False
    beaten_after: bool = False

    def __post_init__(self) -> None:
        if (self.both_sides or self.side_role is not None) and not (self.to_side or self.both_sides):
            raise ValueError("'side_role' needs 'to_side' or 'both_sides' (it conditions a rule for a whole side)")
        if (self.to_side or self.both_sides) and not self.amount:
            raise ValueError("a rule for a whole side ('to_side', 'both_sides') needs a non-zero 'amount'")
        if self.both_sides and self.to_side:
            raise ValueError("'both_sides' already covers its own side: give 'to_side' or 'both_sides', not both")

    @property
    def reaches_sides(self) -> bool:
        """A rule for a side's (or every) ranged attack, not for the creature's own shot."""
        return self.to_side or self.both_sides

    def reaches(self, owner: Side, shooting: Side) -> bool:
        """Whether this side-wide rule of a card ``owner`` controls changes a shot of ``shooting``."""
        if not self.reaches_sides:
            return False
        if self.side_role is not None and not self.side_role.holds(owner):
            return False
        return self.both_sides or owner is shooting

    def describe(self) -> str:
        role = f" and its side is the {self.side_role.value}" if self.side_role is not None else ""
        if self.both_sides:
            return (
                f"While it is in play{role}, every ranged attack of the combat, on either side, gets "
                f"{_signed(self.amount)} (a shot is never worth less than 0)."
            )
        parts = []
        if self.amount:
            parts.append(f"{_signed(self.amount)} to its ranged attack")
        if self.adds_other_ranged:
            parts.append("adds the printed values of the other ranged attacks already placed in the same match-up")
        if self.beaten_after:
            parts.append("after firing it is beaten itself")
        if self.to_side:
            return f"While it is in play{role}, every ranged attack its side makes gets {_signed(self.amount)}."
        return "Ranged attack: " + "; ".join(parts) + "."


@dataclass(frozen=True)
class CancelsRanged(Ability):
    """A ranged creature whose shot adds nothing but cancels one opposing ranged attack of the match-up."""

    kind: ClassVar[str] = "cancels_ranged"

    def describe(self) -> str:
        return "Ranged attack: adds no points, but cancels one ranged attack the opponent makes in the same match-up."


@dataclass(frozen=True)
class RangedReaction(Ability):
    """A spell cast right after an opposing ranged attack (the set-up's ``spell`` names the match-up,
    and ``@creature`` the shot; otherwise the first opposing shot)."""

    kind: ClassVar[str] = "ranged_reaction"
    effect: ShotEffect
    bars_rest: bool = False

    def describe(self) -> str:
        what = {
            ShotEffect.CANCEL: "that attack is cancelled and adds nothing",
            ShotEffect.TAKE_OVER: "that attack's points go to the caster's creature instead, as if the caster had made it",
        }[self.effect]
        rest = "; that opponent may make no more ranged attacks in this combat" if self.bars_rest else ""
        return f"Cast right after an opposing ranged attack: {what}{rest}."


@dataclass(frozen=True)
class RangedChannelling(Ability):
    kind: ClassVar[str] = "ranged_channelling"
    maximum: int

    def describe(self) -> str:
        return (
            f"When used as a ranged attacker it may receive up to {self.maximum} points of channelling onto its shot."
        )


@dataclass(frozen=True)
class CommandRanged(Ability):
    """A command creature that fires ranged shots of ``points`` into any primary match-up (``ranged``
    decisions name it), each costing ``cost`` Power Stones."""

    kind: ClassVar[str] = "command_ranged"
    points: int
    cost: int = 1

    def describe(self) -> str:
        return (
            f"Command: may fire {self.points}-point ranged attacks into any primary match-up, "
            f"paying {self.cost} Power Stone(s) per shot."
        )


@dataclass(frozen=True)
class RangedGamble(Ability):
    """Command: after each ranged attack of its side its owner may roll (a roll given in the set-up
    for the shooter); on ``succeeds_from`` or more the shooter and the opposing creature are destroyed."""

    kind: ClassVar[str] = "ranged_gamble"
    # Not ``dice``: the roll is optional and given per shot, so the card itself needs no roll.
    die: Dice
    succeeds_from: int
    command_only: bool = True

    def describe(self) -> str:
        return (
            f"Command: after each ranged attack of its side in a primary match-up its owner may roll {self.die}; "
            f"on {self.succeeds_from} or more the ranged attacker and the opposing creature of the match-up are "
            "both destroyed (the roll, if made, is part of the set-up, given for the ranged attacker)."
        )


@dataclass(frozen=True)
class RangedDiscard(Ability):
    """Using its ranged attack costs the opponent one double-bordered card of his combat hand."""

    kind: ClassVar[str] = "ranged_discard"

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_HAND_CARD

    def describe(self) -> str:
        return (
            "When it is used as a ranged attack, the opponent discards one double-bordered card (bribe, spell or hand "
            "item) from his combat hand, of his choice (a set-up choice naming the card; by default the one with "
            "the lowest Up number)."
        )


@dataclass(frozen=True)
class RangedEffect(Ability):
    """A creature used as a ranged attacker whose shot adds no points but has an effect on the
    match-up (ENG-11); ``supports`` limits which of its side's creatures the effect helps."""

    kind: ClassVar[str] = "ranged_effect"
    result: ShotResult
    supports: Selector | None = None

    def describe(self) -> str:
        own = "its side's creature in the match-up" + (f" (only {self.supports.describe()})" if self.supports else "")
        what = {
            ShotResult.PUSH: "the match-up becomes a push at once, and neither side may change it any further "
            "(no more ranged attacks, channelling or answers to its shot)",
            ShotResult.DESTROYS_ON_WIN: f"if {own} wins the match-up, the opposing creature is destroyed rather than beaten",
            ShotResult.OFF_COLOUR: f"{own} gets its off-colour bonus even if the opposing border does not call for it "
            "(nothing more if it already has it)",
        }[self.result]
        return f"Ranged attack with no point value: {what}."


@dataclass(frozen=True)
class DrawsRanged(Ability):
    """While it fights a primary match-up, the opponent must aim there every ranged attack he can still make."""

    kind: ClassVar[str] = "draws_ranged"

    def describe(self) -> str:
        return (
            "The opponent must aim every ranged attack he can make at the match-up this creature fights: each of his "
            "creatures with a ranged use still in his combat hand when it is revealed must be placed there (the "
            "set-up's ranged plan is checked against this)."
        )


@dataclass(frozen=True)
class BriberyShots(Ability):
    """Command: bribery cards of ``icon`` from its owner's hand may be fired as ranged attacks worth their Up
    number in a primary match-up where its side's creature matches ``requires_own`` (a set-up choice)."""

    kind: ClassVar[str] = "bribery_shots"
    icon: BriberyIcon
    requires_own: Selector | None = None
    command_only: bool = True

    def offer(self) -> Offer | None:
        return Offer.MATCHUP_CARDS

    def describe(self) -> str:
        name = self.icon.value.capitalize()
        where = (
            f" in which its side's creature is one of the {self.requires_own.describe()}" if self.requires_own else ""
        )
        return (
            f"Command: {name} bribery cards from its owner's hand may be fired as ranged attacks, each worth its "
            f"Up number, in any primary match-up{where} (the set-up choice says how many in which match-up, e.g. "
            "2x3 for three in match-up 2; none are fired by default)."
        )


@dataclass(frozen=True)
class RangedItemDiscard(Ability):
    """Using its ranged attack makes the opponent discard one creature magic item of his on the space."""

    kind: ClassVar[str] = "ranged_item_discard"

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_ITEM

    def describe(self) -> str:
        return (
            "When it is used as a ranged attack, the opponent discards one of his creature magic items on the space, "
            "of his choice (a set-up choice naming the item; by default the one with the lowest Up number)."
        )
