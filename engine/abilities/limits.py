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


@dataclass(frozen=True)
class GuardianChannelsOnceEach(Ability):
    """PRI-10 / SEC-4: a Guardian's own limit (Harkin): it spends at most one Power Stone on channelling into any
    one creature in a combat, so no creature takes more than its CMP from it. A later channel of it into the
    same creature is refused, and a channel of several stones spends only the first. Channellers are not bound."""

    kind: ClassVar[str] = "guardian_channels_once_each"
    steps: ClassVar[tuple[str, ...]] = ("PRI-10", "SEC-4")

    def describe(self) -> str:
        return (
            "Its Guardian channels into any one creature only once in a combat: one Power Stone, so at most its CMP "
            "reaches that creature (channellers are not limited)."
        )
