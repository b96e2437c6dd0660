"""Abilities that act in the secondary attacks (SEC-1 to SEC-10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..selectors import Selector
from .base import (
    Ability,
)


@dataclass(frozen=True)
class PartnerValueWhenBeaten(Ability):
    kind: ClassVar[str] = "partner_value_when_beaten"
    steps: ClassVar[tuple[str, ...]] = ("SEC-5",)
    value: int

    def describe(self) -> str:
        return (
            f"If beaten in a primary match-up, secondary attacks on the creature that beat it add {self.value} "
            "as partner value instead of this card's Vitality."
        )


@dataclass(frozen=True)
class SecondaryImmunity(Ability):
    kind: ClassVar[str] = "secondary_immunity"
    from_: Selector | None = None
    after_beating: Selector | None = None
    matchup: bool = False

    def describe(self) -> str:
        after = f" once it has beaten {self.after_beating.describe()} in the primaries" if self.after_beating else ""
        if self.from_ is not None:
            return f"Secondary attackers that are {self.from_.describe()} add nothing against it{after}."
        if self.matchup:
            return (
                f"Neither it nor the creature it faced in the primaries can be the target of a secondary attack{after}."
            )
        return f"It cannot be the target of a secondary attack{after}."


@dataclass(frozen=True)
class SecondaryAutoWin(Ability):
    kind: ClassVar[str] = "secondary_auto_win"

    def describe(self) -> str:
        return "As the last secondary attacker on a target it beats that target whatever the totals."
