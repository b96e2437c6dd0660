"""Puzzles: combats in which exactly one first move of the attacker wins the space against the defender's best
play, proved by the solver (``engine.solver.solve``). The data files (``fixtures/learn/puzzles/*.json``, written
by ``manage.py generate_puzzles``) keep each puzzle's set-up and its winning move; ``verdict`` solves it again and
rejects a puzzle with no winning move, with several, or whose first moves the solver could not all prove."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine import parse_setup
from engine.catalog import CardCatalog
from engine.enums import Side
from engine.solver import Solution, solve
from learn.questions import Level

PUZZLE_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "learn" / "puzzles"
# A puzzle of two creatures a side is proved in well under a second; the budget only bounds a pathological one,
# which is then rejected rather than trusted.
SOLVE_BUDGET_S = 10.0


@dataclass(frozen=True)
class Puzzle:
    id: str
    level: Level
    setup: str
    moves: tuple[str, ...]  # every legal first move of the attacker, as the solver's root moves
    winning: str  # the one first move that wins

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "level": self.level.value, "setup": self.setup, "moves": list(self.moves),
                "winning": self.winning}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        return cls(str(data["id"]), Level(data["level"]), str(data["setup"]), tuple(data["moves"]),
                   str(data["winning"]))  # fmt: skip


@dataclass(frozen=True)
class Verdict:
    """What the solver says of a puzzle now: its first moves, the one that wins (None: rejected) and why not."""

    moves: tuple[str, ...]
    winning: str | None
    rejection: str  # "" when accepted; otherwise a stable code
    solution: Solution


def verdict_of(solution: Solution) -> Verdict:
    moves = tuple(item for item, _ in solution.root_moves)
    wins = [item for item, bounds in solution.root_moves if bounds.low.holder is Side.ATTACKER]
    proved = all(bounds.low.holder is Side.ATTACKER or bounds.high.holder is not Side.ATTACKER
                 for _, bounds in solution.root_moves)  # fmt: skip
    if not proved:
        return Verdict(moves, None, "puzzle.unproved", solution)
    if len(moves) < 2:
        return Verdict(moves, None, "puzzle.no_choice", solution)
    if len(wins) != 1:
        return Verdict(moves, None, "puzzle.no_win" if not wins else "puzzle.several_wins", solution)
    return Verdict(moves, wins[0], "", solution)


def verdict(setup: str, catalog: CardCatalog, budget_s: float | None = SOLVE_BUDGET_S) -> Verdict:
    """The solver's verdict on a puzzle; ``budget_s=None`` searches to the end (the check in CI: no clock)."""
    return verdict_of(solve(parse_setup(setup), catalog, budget_s=budget_s, every_root_move=True))


def read_puzzles(directory: Path = PUZZLE_DIR) -> tuple[Puzzle, ...]:
    found: list[Puzzle] = []
    for path in sorted(directory.glob("*.json")):
        found.extend(Puzzle.from_dict(item) for item in json.loads(path.read_text(encoding="utf-8")))
    return tuple(found)


@cache
def puzzles() -> tuple[Puzzle, ...]:
    return read_puzzles()


def puzzle_by_id(puzzle_id: str) -> Puzzle | None:
    return next((puzzle for puzzle in puzzles() if puzzle.id == puzzle_id), None)
