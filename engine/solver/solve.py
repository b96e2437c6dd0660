"""``solve``: both sides' best line over every decision the solver plays, its proved value or bounds, anytime."""

from __future__ import annotations

from collections.abc import Callable

from ..catalog import CardCatalog
from ..enums import Side
from ..rulesets import AnySetup, ruleset_of
from .positions import Move, Position, start
from .search import Search
from .values import Bounds, Line, SearchProgress, Solution, Value

# How the inputs the players do not choose are treated, said on every result.
TREATMENT = (
    "given inputs: dice rolls, counts and random picks are the set-up's rolls, counts and choices (or the engine's "
    "documented defaults where it names none), fixed for the whole search; the value is for those inputs, not an "
    "expectation over their outcomes"
)
# Which decisions the solver plays and which it takes as given, said on every result (a named reading: the rules
# make the play order a simultaneous choice, which minimax over turns cannot model).
STANDARD_READING = (
    "solver.turns: every ordered action of each primary match-up in turn order (bribes and bribes back, spells "
    "and their targets, channels, ranged support, items, passes), as the legal-action API offers them; the play "
    "orders (revealed at once by both sides: explore gives their mixed value), command cards, Dispel Magic kept "
    "back and secondary attacks are taken as the set-up gives them"
)
DUEL_READING = (
    "solver.rounds: every play of both rounds of the duel in turn order (the primary round, then the secondary "
    "round with its opener as the rules name it), as the legal-action API offers them"
)


def line_of(root: Position, moves: list[Move], side: Side = Side.ATTACKER) -> Line:
    """The line ``moves`` play from ``root``: its complete notation, the value it resolves to, its decisions."""
    position = root
    for move in moves:
        position = position.play(move)
    decisions = tuple(move.decision() for move in moves)
    return Line(side, position.notation(), position.value(), decisions, position.rounds())


def solve(
    setup: AnySetup,
    catalog: CardCatalog,
    *,
    budget_s: float | None = None,
    max_nodes: int | None = None,
    progress: Callable[[SearchProgress], None] | None = None,
    every_root_move: bool = False,
) -> Solution:
    """Solve ``setup`` (either rule set) from its start: the decisions it already writes for the match-ups (or a
    duel's rounds) are removed and searched over. Without a budget the search runs until the value is exact.
    ``every_root_move`` proves the value of each first move (``Solution.root_moves``), not only of the best one:
    slower, and what a puzzle needs to say that exactly one first move wins."""
    ruleset = ruleset_of(setup)
    root = start(setup, catalog)
    search = Search(root, budget_s=budget_s, max_nodes=max_nodes, progress=progress, every_root_move=every_root_move)
    searched = search.run()
    line = line_of(root, search.principal())
    bounds = Bounds(Value.of_score(searched.low), Value.of_score(searched.high))
    exact = searched.low == searched.high
    root_moves = tuple(
        (item, Bounds(Value.of_score(low), Value.of_score(high))) for item, low, high in searched.root_moves
    )
    proved = 1.0 if exact else (sum(1 for _, b in root_moves if b.exact) / len(root_moves) if root_moves else 0.0)
    return Solution(
        ruleset=ruleset.name,
        value=bounds.low if exact else None,
        bounds=bounds,
        exact=exact,
        best_line=line,
        nodes=searched.nodes,
        elapsed_s=search.elapsed(),
        proved_share=proved,
        treatment=TREATMENT,
        reading=DUEL_READING if ruleset.name == "arena" else STANDARD_READING,
        depth=searched.depth,
        root_moves=root_moves,
    )
