"""A finished search as the site stores and serves it: the solver's own fields, each line with its permalink.

Only the engine's fields are kept (its ``to_dict`` forms); the page words them through templates. Every line the
solver gives is a notation, so each gets the step-through address that opens it (combat.links).
"""

from __future__ import annotations

from typing import Any

from bestplay.plain import plain
from combat.links import permalink
from combat.stepping import rule_url


def answer_data(solution: Any, why_lost: Any | None, why_lost_error: dict[str, str] | None) -> dict[str, Any]:
    """The stored answer: ``solution`` and ``why_lost`` (None with ``why_lost_error`` when the engine refused that
    question for this set-up, with its code)."""
    return {
        "solution": with_permalinks(plain(solution)),
        "why_lost": with_permalinks(plain(why_lost)) if why_lost is not None else None,
        "why_lost_error": why_lost_error,
    }


def with_permalinks(data: Any) -> Any:
    """The same data with ``permalink`` beside every ``notation`` (each line opens in the step-through) and
    ``rule_url`` beside every ``rule`` (the rules reference's page for the id)."""
    if isinstance(data, dict):
        linked = {key: with_permalinks(value) for key, value in data.items()}
        if isinstance(data.get("notation"), str) and "permalink" not in data:
            linked["permalink"] = permalink(data["notation"])
        if isinstance(data.get("rule"), str) and "rule_url" not in data:
            linked["rule_url"] = rule_url(data["rule"])
        return linked
    if isinstance(data, list):
        return [with_permalinks(item) for item in data]
    return data
