"""Kinds that act between two primary match-ups (issue 31, site ruling ENG-23): played as a ``b<N>`` action
after match-up N has been resolved and before the next is revealed (``engine.between_step``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .base import Ability


@dataclass(frozen=True)
class ReturnsRangedToHand(Ability):
    """Every creature its player has used for a ranged attack so far in this combat, still in the combat
    (not bribed or destroyed), goes back to the combat hand and may be used again."""

    kind: ClassVar[str] = "returns_ranged_to_hand"
    steps: ClassVar[tuple[str, ...]] = ("PRI-12",)

    def describe(self) -> str:
        return (
            "Played after a primary match-up and before the next: every creature its player has used for a ranged "
            "attack so far in this combat goes back to the combat hand and may be used again."
        )
