"""The one place the site calls the engine's solver (engine.solver): a search, then "why did I lose?"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bestplay.answers import answer_data
from engine.catalog import CardCatalog
from engine.errors import EngineError
from engine.rulesets import AnySetup
from engine.solver import solve, why_lost


def search(
    setup: AnySetup, cards: CardCatalog, budget_s: float, why_lost_budget_s: float,
    progress: Callable[[Any], None] | None = None,
) -> tuple[bool, dict[str, Any]]:  # fmt: skip
    """Search the set-up within ``budget_s``; returns whether the value is exact, and the answer to store.

    "Why did I lose?" is asked only of an exact search (a loser is known only once the value is), with its own
    budget; when the engine refuses that question for this set-up (its code says why), the answer says so.
    """
    solution = solve(setup, cards, budget_s=budget_s, progress=progress)
    explained: Any | None = None
    refusal: dict[str, str] | None = None
    if solution.exact:
        try:
            explained = why_lost(setup, cards, budget_s=why_lost_budget_s)
        except EngineError as exc:
            refusal = {"code": exc.code, "message": exc.message}
    return bool(solution.exact), answer_data(solution, explained, refusal)
