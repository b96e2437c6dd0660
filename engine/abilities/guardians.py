"""Kinds that only a Guardian's own text uses, taken as a turn of a match-up (issue 31, Guardian abilities).

A Guardian acts in a match-up like any card: ``<side>:guardian:<its slug>`` in a match-up's ordered list
(``actions.ActionKind.GUARDIAN``) is one turn, logged as its own step with its rule. The kinds here say
what that turn does; the engine reads them where the procedure applies them (``channelling.channel_answered``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .base import Ability


@dataclass(frozen=True)
class CancelsOpposingChannel(Ability):
    """The Guardian's turn right after an opposing channel: pay ``cost`` Power Stones and that channel adds
    nothing (the stones or the channeller's use it took stay spent); with ``bars_rest`` nobody may channel
    for the rest of the combat."""

    kind: ClassVar[str] = "cancels_opposing_channel"
    steps: ClassVar[tuple[str, ...]] = ("PRI-10",)
    cost: int
    bars_rest: bool = False

    def __post_init__(self) -> None:
        if self.cost < 0:
            raise ValueError("'cost' must not be negative")

    def describe(self) -> str:
        rest = "; from then on nobody may channel for the rest of the combat" if self.bars_rest else ""
        return (
            f"As its turn right after an opposing channel, its player may pay {self.cost} Power Stone(s) to cancel "
            f"that channel{rest}."
        )
