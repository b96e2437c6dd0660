"""The solver: both sides' best play over every decision the rules give them, and why a side lost.

Pure and typed, no Django. ``solve(setup, catalog)`` searches the legal actions (``engine.options``) of a shield
combat's match-ups or a duel's rounds with exact minimax (alpha-beta, move ordering, a transposition table,
iterative deepening by match-up), anytime within a budget, and returns a ``Solution``: the value (who holds the
space, then the control margin) when proved, else proved ``Bounds``, and the best line found as a notation that
resolves through the ordinary engine to the value it claims. ``why_lost`` finds the smallest change to the loser's
own decisions that changes the holder.
"""

from __future__ import annotations

from .brute import brute_force
from .solve import DUEL_READING, STANDARD_READING, TREATMENT, solve
from .values import BEST, WORST, Bounds, Decision, Line, Parting, SearchProgress, Solution, Value, WhyLost
from .why import why_lost

__all__ = [
    "BEST",
    "DUEL_READING",
    "STANDARD_READING",
    "TREATMENT",
    "WORST",
    "Bounds",
    "Decision",
    "Line",
    "Parting",
    "SearchProgress",
    "Solution",
    "Value",
    "WhyLost",
    "brute_force",
    "solve",
    "why_lost",
]
