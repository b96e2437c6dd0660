"""Each search's work is bounded by the size of what was typed, never by what it says.

A request gets one Budget: SEARCH_BUDGET seconds (``GUARDIANS_SEARCH_BUDGET``), counted from its first look-up
(the index is opened before), shared by reading the words from the index and correcting the unknown ones,
and a cap on how many distinct words are corrected. When
either runs out, the search stops doing that work and says so: the terms not looked up are left out with a
warning (as a term that cannot be understood is), the answer is flagged ``partial`` in the API and on the
page, with the reason. Repeated words are looked up and corrected once.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

SEARCH_BUDGET = float(os.environ.get("GUARDIANS_SEARCH_BUDGET", "0.5"))
# More distinct misspelt words than this in one query are left as typed: a person slips a few times, not 100.
MOST_CORRECTIONS = 8

BUDGET_EXHAUSTED = "search.budget_exhausted"
CORRECTIONS_CAPPED = "search.corrections_capped"


@dataclass(frozen=True)
class Shortfall:
    """Why an answer is partial: a stable code and a sentence for people."""

    code: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@dataclass
class Budget:
    seconds: float = field(default_factory=lambda: SEARCH_BUDGET)
    most_corrections: int = MOST_CORRECTIONS
    started: float | None = None
    shortfalls: list[Shortfall] = field(default_factory=list)

    def exhausted(self) -> bool:
        now = time.monotonic()
        if self.started is None:
            self.started = now
        return now - self.started >= self.seconds

    def fall_short(self, code: str, message: str) -> None:
        if all(shortfall.code != code for shortfall in self.shortfalls):
            self.shortfalls.append(Shortfall(code, message))

    @property
    def partial(self) -> bool:
        return bool(self.shortfalls)
