"""An analysis row as the API and the page read it (one source for both)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from bestplay.models import Analysis


def elapsed_share(analysis: Analysis) -> float:
    """How much of its time budget the search has used, for the progress bar: honest about time, the one thing
    known in advance (a search's node count is not)."""
    if analysis.finished:
        return 1.0
    elapsed = analysis.progress.get("elapsed_s") if isinstance(analysis.progress, dict) else None
    if not isinstance(elapsed, int | float) or analysis.budget_s <= 0:
        return 0.0
    return round(max(0.0, min(1.0, elapsed / analysis.budget_s)), 3)


def analysis_data(analysis: Analysis) -> dict[str, Any]:
    return {
        "key": analysis.key,
        "status": analysis.status,
        "url": reverse("best-play-api:analysis", args=[analysis.key]),
        "permalink": reverse("best-play:analysis", args=[analysis.key]),
        "notation": analysis.notation,
        "ruleset": analysis.ruleset,
        "data_revision": analysis.data_revision,
        "budget_s": analysis.budget_s,
        "elapsed_share": elapsed_share(analysis),
        "progress": analysis.progress or {},
        "result": analysis.result if analysis.status == Analysis.Status.DONE else None,
        "error": analysis.error if analysis.status == Analysis.Status.FAILED else None,
        "created_at": analysis.created_at,
        "finished_at": analysis.finished_at,
    }
