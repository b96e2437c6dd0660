"""Dice, as explicit inputs: a set-up gives every roll, so a resolution is always reproducible."""

from __future__ import annotations

import re
from dataclasses import dataclass

_DICE = re.compile(r"^([1-9])d([1-9][0-9]*)$")


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int

    @property
    def lowest(self) -> int:
        return self.count

    @property
    def highest(self) -> int:
        return self.count * self.sides

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    @classmethod
    def parse(cls, text: str) -> Dice:
        match = _DICE.match(text)
        if not match:
            raise ValueError(f"{text!r} is not a dice expression such as 1d6 or 2d6")
        return cls(int(match[1]), int(match[2]))
