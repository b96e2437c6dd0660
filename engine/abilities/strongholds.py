"""Kinds of the cards that lie on a stronghold card (upgrades and downgrades).

Such a card is in play before any combat: the set-up names it among a side's cards played earlier
(``a.earlier=`` / ``d.earlier=``), which says that the combat is fought where its text reaches (the
stronghold card it lies on, or the spaces in front of it). The engine reads it through ``active_effects``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .base import Ability, _more_or_less


@dataclass(frozen=True)
class NoStrongholdBonus(Ability):
    """ENG-3: a downgrade on the stronghold card the defender stands in: that card gives no defence bonus,
    whoever laid the downgrade (it rules the card, not a player)."""

    kind: ClassVar[str] = "no_stronghold_bonus"
    steps: ClassVar[tuple[str, ...]] = ("ENG-3",)

    def describe(self) -> str:
        return "The stronghold card it lies on gives its defenders no defence bonus (name it as played earlier)."


@dataclass(frozen=True)
class ChannellerBonus(Ability):
    """PRI-10 / SEC-4: each channeller of its side (a creature channelling from beneath the stronghold card it
    lies on) gives ``amount`` more per use; the Guardian's stones are unchanged. The cap of the receiver still
    applies, as for every channel modifier."""

    kind: ClassVar[str] = "channeller_bonus"
    steps: ClassVar[tuple[str, ...]] = ("PRI-10", "SEC-4")
    amount: int

    def __post_init__(self) -> None:
        if not self.amount:
            raise ValueError("'amount' must not be 0 (a channeller_bonus that changes nothing)")

    def describe(self) -> str:
        return (
            f"Each channeller of its side channels {_more_or_less(self.amount)} (name it as played earlier; its side's "
            "channellers are read as channelling from beneath its stronghold card)."
        )


@dataclass(frozen=True)
class StrikesAttackingShield(Ability):
    """AOE-1 / AOE-2: an upgrade on the stronghold card of the space being attacked hits the attacking shield's
    creatures with a ``points``-point AOE with no type as the attack begins, before any command card is declared
    (Pirate Log Platform); named among the defender's cards played earlier. Laid by the attacker, it does nothing:
    the attacking shield is its own."""

    kind: ClassVar[str] = "strikes_attacking_shield"
    steps: ClassVar[tuple[str, ...]] = ("AOE-1", "AOE-2")
    points: int

    def __post_init__(self) -> None:
        if self.points <= 0:
            raise ValueError("'points' must be positive (an AOE of no points hits nothing)")

    def describe(self) -> str:
        return (
            f"When an enemy shield attacks its space, a {self.points}-point AOE with no type hits that shield's "
            "creatures before the command cards (name it as the defender's card played earlier)."
        )


@dataclass(frozen=True)
class DestroysUpgrade(Ability):
    """PRI-2: a spell cast in a match-up destroys one stronghold upgrade in play on the space (Summon Loghammer's
    Sapper), taken from the cards played earlier: what the upgrade still had to do in the combat (a channeller's
    bonus, a count for control) is gone from then on, and what it already did stands. The site's reading: it takes
    the first opposing upgrade the set-up names, and does nothing when the opponent has none (a player would not
    destroy his own)."""

    kind: ClassVar[str] = "destroys_upgrade"
    steps: ClassVar[tuple[str, ...]] = ("PRI-2",)

    def describe(self) -> str:
        return (
            "Cast in a match-up: destroys a stronghold upgrade of the opponent in play on this space (the first "
            "named among his cards played earlier); from then on it does nothing in the combat."
        )
