"""Abilities that change bribery (PRI-1, SEC-9 and rulings A-01 to A-03, A-12)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..enums import BriberyIcon
from ..selectors import Selector
from .base import (
    Ability,
    Offer,
)


@dataclass(frozen=True)
class ForbidsBribery(Ability):
    kind: ClassVar[str] = "forbids_bribery"
    icon: BriberyIcon
    lifted_by_bribing_self: bool = True

    def describe(self) -> str:
        lift = " unless this creature itself is bribed first" if self.lifted_by_bribing_self else ""
        return (
            f"Once revealed, none of its side's creatures can be bribed with {self.icon.value.capitalize()} "
            f"for the rest of the combat{lift}."
        )


@dataclass(frozen=True)
class UnbribeableSide(Ability):
    """A Shield's rule: no bribe of any icon works on a creature of its owner's side, in a match-up (PRI-1),
    on a ranged attacker placed later (A-02) or on a secondary attacker (SEC-9)."""

    kind: ClassVar[str] = "unbribeable_side"
    steps: ClassVar[tuple[str, ...]] = ("PRI-1", "SEC-9")

    def describe(self) -> str:
        return (
            "No creature of its side can be bribed, whatever its bribery icons: not in a primary match-up, not as "
            "a ranged attacker, not as a secondary attacker."
        )


@dataclass(frozen=True)
class NoBriberyHere(Ability):
    """A terrain on which one kind of bribery card may not be used."""

    kind: ClassVar[str] = "no_bribery_here"
    icon: BriberyIcon

    def describe(self) -> str:
        return f"No {self.icon.value.capitalize()} bribe may be made in a combat on this space."


@dataclass(frozen=True)
class BribesAnyIcon(Ability):
    """Its side's bribery cards need no matching icon: any creature that shows at least one icon will do."""

    kind: ClassVar[str] = "bribes_any_icon"
    command_only: bool = True

    def describe(self) -> str:
        return (
            "Command: each bribery card its side plays works on any creature that can be bribed at all, "
            "whatever bribery icons that creature shows."
        )


@dataclass(frozen=True)
class ForcedBribe(Ability):
    """A command that has one opposing creature still in the combat hand, bribeable by ``icon``, count as bribed."""

    kind: ClassVar[str] = "forced_bribe"
    icon: BriberyIcon

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        name = self.icon.value.capitalize()
        return (
            f"Command: the opponent shows every creature in his combat hand that a {name} card could bribe; the "
            "player of this card picks one, which counts as bribed (a set-up choice; by default the one with the "
            "highest Vitality)."
        )


@dataclass(frozen=True)
class BribeCounter(Ability):
    """A spell cast as the opponent plays a bribe of ``icon``: the bribe fails and the caster keeps the card."""

    kind: ClassVar[str] = "bribe_counter"
    icon: BriberyIcon

    def describe(self) -> str:
        name = self.icon.value.capitalize()
        return (
            f"Cast when the opponent plays a {name} bribe: that bribe fails, and the caster may bribe with the "
            f"captured {name} card himself later in this combat (unused, it goes to its owner's discard pile)."
        )


@dataclass(frozen=True)
class BribeToMelee(Ability):
    """A spell cast when one of its side's creatures is bribed in a primary match-up (rule 11.4.7)."""

    kind: ClassVar[str] = "bribe_to_melee"
    target: Selector | None = None

    def describe(self) -> str:
        which = self.target.describe() if self.target else "creatures"
        return (
            f"Cast when one of its side's {which} is bribed in a primary match-up: it does not leave the combat; "
            "it and the creature it faces both stay in the melee as unchallenged cards, unbeaten and counted."
        )


@dataclass(frozen=True)
class BribeDecoy(Ability):
    """From the combat hand it may take an opposing bribe aimed at one of its side's ``protects``."""

    kind: ClassVar[str] = "bribe_decoy"
    protects: Selector | None = None

    def option_words(self) -> tuple[str, ...]:
        return ("decoy",)

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def describe(self) -> str:
        which = self.protects.describe() if self.protects else "creatures"
        return (
            f"While it waits in its side's combat hand, its owner may let it take the first opposing bribe aimed at "
            f"one of its side's {which}: it goes to the Creature Pen instead (out of the combat, not counted) and the "
            "creature aimed at is not bribed (a set-up choice, 'decoy'; unused if none is given)."
        )


@dataclass(frozen=True)
class StripsBribery(Ability):
    """Surviving its primary match-up makes the opponent give up every bribery card of ``icon``."""

    kind: ClassVar[str] = "strips_bribery"
    icon: BriberyIcon

    def describe(self) -> str:
        name = self.icon.value.capitalize()
        return (
            "If it is still standing once its primary match-up is over, the opponent shows the double-bordered "
            f"cards of his storage hand and discards every {name} bribery card among them, so he has none left for "
            "the rest of the combat."
        )


@dataclass(frozen=True)
class ItemBribe(Ability):
    """Command: once in the combat its side bribes one opposing creature that shows any bribery icon, paying
    with an Item from the storage hand (outside the set-up) instead of a bribery card."""

    kind: ClassVar[str] = "item_bribe"

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        return (
            "Command: once in the combat its side may bribe one opposing creature that can be bribed at all "
            "(whatever its icons), paying with an Item discarded from the storage hand instead of a bribery card. "
            "The set-up's choice names the creature: it is bribed as soon as it is revealed in a primary match-up "
            "or as a secondary attacker (none named, no bribe)."
        )
