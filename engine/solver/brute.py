"""Plain minimax over every line, without pruning or a table: the judge the solver is checked against, and the
baseline its node counts are compared with. It walks the same positions (so the same legal actions) and counts
one node per position visited, as the solver does. Its leaves are ordinary resolutions (``resolve``, checked),
not the solver's faster reading of them."""

from __future__ import annotations

from dataclasses import dataclass

from ..catalog import CardCatalog
from ..enums import Side
from ..errors import EngineError
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

    def value(self, position: Position) -> int | None:
        """The position's minimax value; None when the engine refuses every line from it (an offered action the
        combat cannot take, left out as the solver leaves it out)."""
        self.nodes += 1
        if self.cap is not None and self.nodes > self.cap:
            raise TooBig
        if position.terminal:
            self.leaves += 1
            try:
                return position.resolved_value().score
            except EngineError:
                return None
        scores = [score for move in position.moves() if (score := self.value(position.play(move))) is not None]
        if not scores:
            return None
        return max(scores) if position.mover is Side.ATTACKER else min(scores)


def brute_force(setup: AnySetup, catalog: CardCatalog, *, cap: int | None = None) -> tuple[Value, int]:
    """The exact value of ``setup`` over every line, and the nodes visited (``TooBig`` past ``cap`` nodes)."""
    walker = BruteForce(cap=cap)
    score = walker.value(start(setup, catalog))
    if score is None:
        raise EngineError("the engine refuses every line of this set-up", code="solver.no_line")
    return Value.of_score(score), walker.nodes
