"""Limits a card sets on the set-up itself, checked before any step of the combat is played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .base import Ability


@dataclass(frozen=True)
class StackingLimit(Ability):
    """VAL-5: a shield card that lowers the 30-point limit of rule 4.4.1 for the stack under it.

    Read from the shield cards of a side (``a.shield=``): a stack over the lower limit is refused as a
    set-up, as one over 30 is. Laid as a terrain card instead, the card's limit does not apply."""

    kind: ClassVar[str] = "stacking_limit"
    steps: ClassVar[tuple[str, ...]] = ("VAL-5",)
    limit: int

    def __post_init__(self) -> None:
        if not 0 < self.limit < 30:
            raise ValueError("'limit' must be between 1 and 29: the rules already allow 30 points")

    def describe(self) -> str:
        return f"Used as a Shield, the creatures under it may add up to {self.limit} points at most, not 30."
