"""Plain minimax over every line, without pruning or a table: the judge the solver is checked against, and the
baseline its node counts are compared with. It walks the same positions (so the same legal actions) and counts
one node per position visited, as the solver does."""

from __future__ import annotations

from dataclasses import dataclass

from ..catalog import CardCatalog
from ..enums import Side
from ..rulesets import AnySetup
from .positions import Position, start
from .values import Value


class TooBig(Exception):  # noqa: N818 - a signal to the caller that chose a cap, never shown
    """The tree has more positions than the cap allowed."""


@dataclass
class BruteForce:
    nodes: int = 0
    leaves: int = 0
    cap: int | None = None

    def value(self, position: Position) -> int:
        self.nodes += 1
        if self.cap is not None and self.nodes > self.cap:
            raise TooBig
        if position.terminal:
            self.leaves += 1
            return position.value().score
        scores = [self.value(position.play(move)) for move in position.moves()]
        return max(scores) if position.mover is Side.ATTACKER else min(scores)


def brute_force(setup: AnySetup, catalog: CardCatalog, *, cap: int | None = None) -> tuple[Value, int]:
    """The exact value of ``setup`` over every line, and the nodes visited (``TooBig`` past ``cap`` nodes)."""
    walker = BruteForce(cap=cap)
    score = walker.value(start(setup, catalog))
    return Value.of_score(score), walker.nodes
