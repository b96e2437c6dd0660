"""Abilities that decide how a primary match-up ends: destruction (PRI-3), pushes, withdrawals, outcomes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dice import Dice
from ..enums import Border, Terrain
from ..selectors import Selector
from .base import (
    Ability,
    Offer,
    Razed,
    Sides,
    When,
    Withdrawal,
    _signed,
    _where,
)


@dataclass(frozen=True)
class Destroys(Ability):
    kind: ClassVar[str] = "destroys"
    steps: ClassVar[tuple[str, ...]] = ("PRI-3", "SEC-4")
    target: Selector
    when: When = When.PRIMARY
    terrain: Terrain | None = None

    def describe(self) -> str:
        scope = "" if self.when is When.PRIMARY else f" ({self.when.value} attacks)"
        return f"Destroys {self.target.describe()} it meets, before any other effect{scope}{_where(self.terrain)}."


@dataclass(frozen=True)
class DestroyMatchup(Ability):
    kind: ClassVar[str] = "destroy_matchup"
    requires_own: Selector | None = None
    requires_opponent: Selector | None = None

    def describe(self) -> str:
        conditions = []
        if self.requires_own is not None:
            conditions.append(f"your creature is one of {self.requires_own.describe()}")
        if self.requires_opponent is not None:
            conditions.append(f"the opposing creature is one of {self.requires_opponent.describe()}")
        where = f" where {' and '.join(conditions)}" if conditions else ""
        return f"Any time in a match-up{where}: both creatures are destroyed."


@dataclass(frozen=True)
class DestroyedWhenBeaten(Ability):
    kind: ClassVar[str] = "destroyed_when_beaten"
    by: Selector | None = None

    def describe(self) -> str:
        by = f" by {self.by.describe()}" if self.by else ""
        return f"If it is beaten{by} in a primary match-up, it is destroyed instead: lost, and never healed."


@dataclass(frozen=True)
class DestroysWhenBeating(Ability):
    kind: ClassVar[str] = "destroys_when_beating"
    against: Selector | None = None

    def describe(self) -> str:
        which = self.against.describe() if self.against else "a creature"
        return f"When it beats {which} in a primary match-up, that creature is destroyed instead of beaten."


@dataclass(frozen=True)
class MatchupDestruction(Ability):
    """While it is in play, a primary match-up won by a creature of ``winners`` (seen from its owner) with a
    lead below ``lead_below`` destroys the beaten creature instead, and with ``winner_too`` the winner too."""

    kind: ClassVar[str] = "matchup_destruction"
    winners: Sides = Sides.BOTH
    lead_below: int | None = None
    winner_too: bool = False
    command_only: bool = False

    def describe(self) -> str:
        when = "Command" if self.command_only else "While it is in play"
        whose = {
            Sides.OWN: "one of its side's creatures",
            Sides.OPPONENT: "an opposing creature",
            Sides.BOTH: "a creature",
        }[self.winners]
        lead = f" by less than {self.lead_below}" if self.lead_below is not None else ""
        victims = (
            "both creatures of that match-up are destroyed"
            if self.winner_too
            else "the beaten creature is destroyed instead"
        )
        return f"{when}: whenever {whose} wins a primary match-up{lead}, {victims}."


@dataclass(frozen=True)
class WinsHeavyLosses(Ability):
    kind: ClassVar[str] = "wins_heavy_losses"
    margin: int

    def describe(self) -> str:
        return (
            f"Command: its side's creatures win the primary match-ups they would lose by more than {self.margin} "
            "Vitality (except against a Guardian)."
        )


@dataclass(frozen=True)
class DestroysVictorUnlessHeld(Ability):
    kind: ClassVar[str] = "destroys_victor_unless_held"

    def describe(self) -> str:
        return (
            "A creature that beats it (in a primary match-up or a secondary attack) is destroyed when the combat "
            "ends unless its side holds the space."
        )


@dataclass(frozen=True)
class RazesOnWinning(Ability):
    """Winning a primary match-up as the attacker wrecks the defender's stronghold or terrain card."""

    kind: ClassVar[str] = "razes_on_winning"
    razes: Razed

    def describe(self) -> str:
        if self.razes is Razed.STRONGHOLD:
            return (
                "When it wins a primary match-up against a defender in a stronghold, the stronghold is rubbled at once: "
                "no defence bonus for the rest of the combat."
            )
        return (
            "When it wins a primary match-up on the defender's terrain space, the terrain card is discarded at once: "
            "no terrain effect for the rest of the combat."
        )


@dataclass(frozen=True)
class Indestructible(Ability):
    kind: ClassVar[str] = "indestructible"

    def describe(self) -> str:
        return "It cannot be destroyed."


@dataclass(frozen=True)
class ReturnsToPen(Ability):
    """A creature leaves its primary match-up for the Creature Pen: neither beaten nor counted."""

    kind: ClassVar[str] = "returns_to_pen"
    who: Sides = Sides.OPPONENT
    opponent: Selector | None = None
    losing_by_more_than: int | None = None
    same_class: bool = False
    side_wide: bool = False

    def describe(self) -> str:
        if self.side_wide:
            which = " that shares a creature class with it" if self.same_class else ""
            return (
                "While it is in play, whenever one of its side's primary creatures (itself included) meets an opposing "
                f"creature{which}, that opposing creature goes back to its Creature Pen at once: the match-up ends "
                "with nobody beaten."
            )
        if self.who is Sides.OWN:
            when = (
                f"If it loses a primary match-up by more than {self.losing_by_more_than}"
                if self.losing_by_more_than is not None
                else "When it fights a primary match-up"
            )
            return f"{when}, it goes back to its owner's Creature Pen instead: not beaten, and not counted for control."
        which = self.opponent.describe() if self.opponent else "creature"
        return (
            f"If its primary match-up opponent is one of {which}, that opponent goes back to its Creature Pen at once: "
            "the match-up ends with nobody beaten."
        )


@dataclass(frozen=True)
class Withdraws(Ability):
    """It goes back to its combat hand from a primary match-up, leaving its opponent unchallenged."""

    kind: ClassVar[str] = "withdraws"
    trigger: Withdrawal = Withdrawal.MEETS
    against: Selector | None = None

    def describe(self) -> str:
        if self.trigger is Withdrawal.WINS:
            when = "When it beats its primary opponent"
            rest = "that opponent is not beaten but stays in the melee as an unchallenged card"
        else:
            who = self.against.describe() if self.against else "any creature"
            when = f"When its primary opponent is {who}"
            rest = "that opponent stays in the melee as an unchallenged card"
        return f"{when}, it goes back to its owner's combat hand (to be played again later) and {rest}."


@dataclass(frozen=True)
class SacrificeOption(Ability):
    """Its owner may end its primary match-up by having it destroyed (set-up choice ``card:sacrifice``)."""

    kind: ClassVar[str] = "sacrifice_option"

    def option_words(self) -> tuple[str, ...]:
        return ("sacrifice",)

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def describe(self) -> str:
        return (
            "In its primary match-up its owner may have it destroyed: the match-up ends and its opponent stays in "
            "the melee as an unchallenged card (a set-up choice)."
        )


@dataclass(frozen=True)
class EndsMatchup(Ability):
    """A spell cast on its side's creature in a primary match-up: both creatures become unchallenged."""

    kind: ClassVar[str] = "ends_matchup"
    target: Selector | None = None

    def describe(self) -> str:
        on = self.target.describe() if self.target else "a creature"
        return (
            f"Cast on its side's {on} in a primary match-up: the match-up ends and both creatures stay in the "
            "melee as unchallenged cards, neither beaten."
        )


@dataclass(frozen=True)
class RefusesOpponent(Ability):
    """It may refuse its first primary opponent and face a card picked at random from the opposing hand."""

    kind: ClassVar[str] = "refuses_opponent"

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        return (
            "It may turn down its first primary opponent (who goes back to its hand) and face a creature drawn at "
            "random from the opponent's combat hand instead (the drawn card is a set-up choice)."
        )


@dataclass(frozen=True)
class SwapsPlaces(Ability):
    """Two creatures of one side trade places after a match-up (rule 11.4.7): the set-up's choice names
    the other creature. ``from_hand``: this card waits in the hand and steps in for the named creature
    that fought; otherwise this card fought and the named creature from the hand takes its place."""

    kind: ClassVar[str] = "swaps_places"
    from_hand: bool = True
    replaces: Selector | None = None
    after_loss: bool = False

    def offer(self) -> Offer | None:
        return Offer.OWN_CREATURE

    def describe(self) -> str:
        if not self.from_hand:
            return (
                "When it is beaten in a match-up, its owner may put another creature from the combat hand in its "
                "place: that creature counts as the beaten one and this card goes back to the hand (a set-up choice)."
            )
        who = self.replaces.describe() if self.replaces else "creature"
        lost = " that has just lost a match-up" if self.after_loss else " that has just fought a match-up"
        return (
            f"While it waits in the combat hand it may trade places with its side's {who}{lost}: it takes over that "
            "creature's place and result, and the other creature goes back to the hand (a set-up choice)."
        )


@dataclass(frozen=True)
class RolledDestroys(Ability):
    """In a primary match-up its owner rolls: the roll picks the border it destroys (``targets[roll - 1]``);
    with ``freezes`` nothing may change the match-up after the roll."""

    kind: ClassVar[str] = "rolled_destroys"
    dice: Dice
    targets: tuple[Border, ...] = ()
    freezes: bool = False

    def __post_init__(self) -> None:
        if len(self.targets) != self.dice.highest:
            raise ValueError(f"targets must name a border for each roll from 1 to {self.dice.highest}")

    def describe(self) -> str:
        bands = ", ".join(f"{roll + 1}: {border.value}s" for roll, border in enumerate(self.targets))
        frozen = (
            "; after the roll nothing more may change the match-up (no ranged attack, channelling or spell)"
            if self.freezes
            else ""
        )
        return f"In a primary match-up it rolls {self.dice} (a set-up roll) and destroys its opponent if the border matches ({bands}){frozen}."


@dataclass(frozen=True)
class PullsToMelee(Ability):
    """After beating its primary opponent it rolls; on ``succeeds_from`` or more its owner may pull a card
    drawn at random from the opposing hand (a set-up choice) into the melee as an unchallenged card."""

    kind: ClassVar[str] = "pulls_to_melee"
    dice: Dice
    succeeds_from: int

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        return (
            f"When it beats its primary opponent it rolls {self.dice} (a set-up roll); on {self.succeeds_from} or more its "
            "owner may pull a card drawn at random from the opponent's combat hand into the melee as an unchallenged "
            "card (the drawn card is a set-up choice; none given, no pull)."
        )


@dataclass(frozen=True)
class RolledOutcome(Ability):
    """A spell cast on its side's creature in a primary match-up: a roll (a set-up input, plus
    ``bonus`` when the creature is one of ``favoured``) below ``wins_from`` destroys that creature,
    from ``wins_from`` up it wins; either way the match-up is decided there and nothing more may change it."""

    kind: ClassVar[str] = "rolled_outcome"
    dice: Dice
    wins_from: int
    favoured: Selector | None = None
    bonus: int = 0

    def __post_init__(self) -> None:
        if not self.dice.lowest < self.wins_from <= self.dice.highest + self.bonus:
            raise ValueError("wins_from must lie above the lowest roll and be reachable")
        if self.bonus and self.favoured is None:
            raise ValueError("a roll bonus needs 'favoured' (which creatures get it)")

    def describe(self) -> str:
        extra = (
            f", {_signed(self.bonus)} to the roll if the creature is one of {self.favoured.describe()}"
            if self.favoured
            else ""
        )
        return (
            f"Cast on its side's creature in a primary match-up: roll {self.dice} (a set-up roll){extra}. Below "
            f"{self.wins_from} that creature is destroyed; {self.wins_from} or more and it beats its opponent. The "
            "match-up is then over: no other spell, text, ranged attack or channelling may change it. Guardians "
            "never fight a match-up, so they are out of its reach."
        )


@dataclass(frozen=True)
class CastDestroysCommand(Ability):
    """PRI-2 / ENG-7: played in a primary match-up where its side's creature is one of ``requires_own`` (Rock of Far
    Rolling: a Giant), it destroys the opposing command card if that card is a creature: the command ends and the
    creature is lost, counting for nothing. A spell or item command is left alone."""

    kind: ClassVar[str] = "cast_destroys_command"
    steps: ClassVar[tuple[str, ...]] = ("PRI-2", "ENG-7")
    requires_own: Selector

    def describe(self) -> str:
        return (
            f"Played in a primary match-up where your creature is one of {self.requires_own.describe()}: the opposing "
            "command card, if it is a creature, is destroyed (its command ends; it is lost and not counted)."
        )
