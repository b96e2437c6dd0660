"""What the solver answers, as frozen values: a combat's value, proved bounds on it, a line of play and the
solution around them.

Order of preferences (zero-sum, from the attacker's point of view). A value is first who holds the space, then the
control margin: the attacker prefers holding the space to a duel with no winner (an Arena tie; a shield combat
always has a holder), and that to the defender holding it; between two values with the same holder it prefers the
larger margin (its control total minus the defender's: the round's totals in a duel, the primary round's when the
secondary round is not played). The defender's preferences are the exact reverse. ``Value.score`` is that order
as one integer, which is what the search compares.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..enums import Side

# Margins stay far below this in any real combat (control totals are sums of card values, tens at most); a holder
# outranks any margin.
_HOLDER_WEIGHT = 1_000_000
_HOLDER_RANK = {Side.DEFENDER: -1, None: 0, Side.ATTACKER: 1}
_RANK_HOLDER = {rank: holder for holder, rank in _HOLDER_RANK.items()}


@dataclass(frozen=True, order=False)
class Value:
    """Who holds the space (None: the rules give it to neither, an Arena tie) and the control margin, attacker's
    total minus defender's."""

    holder: Side | None
    margin: int

    @property
    def score(self) -> int:
        """The order of preferences as one number: larger is better for the attacker."""
        return _HOLDER_RANK[self.holder] * _HOLDER_WEIGHT + self.margin

    @classmethod
    def of_score(cls, score: int) -> Value:
        rank = (score + _HOLDER_WEIGHT // 2) // _HOLDER_WEIGHT
        return cls(_RANK_HOLDER[max(-1, min(1, rank))], score - rank * _HOLDER_WEIGHT)

    def to_dict(self) -> dict[str, object]:
        return {"holder": None if self.holder is None else self.holder.value, "margin": self.margin}


# Below and above every value a combat can have: the bounds of a position nothing is proved about yet.
WORST = Value(Side.DEFENDER, -(_HOLDER_WEIGHT // 2 - 1))
BEST = Value(Side.ATTACKER, _HOLDER_WEIGHT // 2 - 1)


@dataclass(frozen=True)
class Bounds:
    """What is proved about the value: ``low`` <= value <= ``high`` (in the order of preferences); exact when the
    two are equal. ``WORST`` or ``BEST`` at an end means nothing is proved on that side."""

    low: Value
    high: Value

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def to_dict(self) -> dict[str, object]:
        return {
            "low": None if self.low == WORST else self.low.to_dict(),
            "high": None if self.high == BEST else self.high.to_dict(),
            "exact": self.exact,
        }


@dataclass(frozen=True)
class Decision:
    """One decision of a line: who takes it, its notation (``a:bribe:gold``, ``p=a:pass`` in a duel's round), where
    (``m1`` for primary match-up 1, ``p`` or ``s`` for a duel's rounds), the engine's words for it and the rule id it
    follows (the rules reference resolves it)."""

    side: Side
    where: str
    item: str
    words: str
    rule: str

    def to_dict(self) -> dict[str, object]:
        return {"side": self.side.value, "where": self.where, "item": self.item, "words": self.words,
                "rule": self.rule}


@dataclass(frozen=True)
class Line:
    """A whole line of play: ``notation`` is a complete set-up that resolves, through the ordinary engine, to
    ``value``; ``decisions`` the choices the line adds to the set-up, in the order they are taken. ``side`` is
    the side whose best line it is (the attacker's line at the root: both sides play their best along it)."""

    side: Side
    notation: str
    value: Value
    decisions: tuple[Decision, ...]

    def to_dict(self) -> dict[str, object]:
        return {"side": self.side.value, "notation": self.notation, "value": self.value.to_dict(),
                "decisions": [decision.to_dict() for decision in self.decisions]}


@dataclass(frozen=True)
class SearchProgress:
    """Where a search stands, for a progress bar: the deepening iteration's depth (plies), the nodes visited,
    the seconds spent, the bounds proved so far and the share of the root's moves proved exactly."""

    depth: int
    nodes: int
    elapsed_s: float
    bounds: Bounds
    proved_share: float


@dataclass(frozen=True)
class Solution:
    """What ``solve`` proved. ``value`` is set only when it is exact (``bounds.low == bounds.high``);
    ``best_line`` is the best line found (the proved best when exact); ``proved_share`` the share of the root's
    moves whose value is proved exactly (1.0 when exact); ``treatment`` says how dice, counts and random draws
    were treated; ``reading`` names how the decisions the rules make simultaneous were treated."""

    ruleset: str
    value: Value | None
    bounds: Bounds
    exact: bool
    best_line: Line
    nodes: int
    elapsed_s: float
    proved_share: float
    treatment: str
    reading: str = ""
    depth: int = 0
    root_moves: tuple[tuple[str, Bounds], ...] = field(default=())

    def to_dict(self) -> dict[str, object]:
        data: dict[str, Any] = {
            "ruleset": self.ruleset,
            "value": None if self.value is None else self.value.to_dict(),
            "bounds": self.bounds.to_dict(),
            "exact": self.exact,
            "best_line": self.best_line.to_dict(),
            "nodes": self.nodes,
            "elapsed_s": round(self.elapsed_s, 4),
            "proved_share": round(self.proved_share, 4),
            "treatment": self.treatment,
            "reading": self.reading,
            "depth": self.depth,
            "root_moves": [{"item": item, "bounds": bounds.to_dict()} for item, bounds in self.root_moves],
        }
        return data


@dataclass(frozen=True)
class Parting:
    """Where two lines part: the match-up or round (``where``), the decision each line takes there, and the rule
    that decision follows."""

    where: str
    played: Decision | None
    instead: Decision | None
    rule: str

    def to_dict(self) -> dict[str, object]:
        return {"where": self.where, "played": None if self.played is None else self.played.to_dict(),
                "instead": None if self.instead is None else self.instead.to_dict(), "rule": self.rule}


@dataclass(frozen=True)
class WhyLost:
    """For a resolved combat: the loser, the line as played and its value, and the smallest change to the loser's
    own decisions (the opponent's kept as played, as far as they still apply) that changes the holder: ``changes``
    decisions of the loser differ (None: no such change exists within the loser's choices, proved by searching
    them all, or not found within the budget when ``complete`` is False)."""

    loser: Side | None
    played: Line
    better: Line | None
    changes: int | None
    parting: Parting | None
    complete: bool
    nodes: int
    elapsed_s: float

    def to_dict(self) -> dict[str, object]:
        return {
            "loser": None if self.loser is None else self.loser.value,
            "played": self.played.to_dict(),
            "better": None if self.better is None else self.better.to_dict(),
            "changes": self.changes,
            "parting": None if self.parting is None else self.parting.to_dict(),
            "complete": self.complete,
            "nodes": self.nodes,
            "elapsed_s": round(self.elapsed_s, 4),
        }
