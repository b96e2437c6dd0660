"""The puzzle pages: pick the attacker's one winning first move. The server checks the pick against the solver's
verdict on the puzzle now (with the site's catalog, once per puzzle and catalog), and shows the best line."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from cards.engine_catalog import site_catalog
from combat.links import permalink
from engine.actions import action_from_text
from engine.catalog import CardCatalog
from engine.core import action_said
from engine.enums import Side
from learn.puzzles import Verdict, puzzle_by_id, puzzles, verdict
from learn.questions import Level


@lru_cache(maxsize=256)
def _verdict(setup: str, catalog: CardCatalog) -> Verdict:
    return verdict(setup, catalog)


def move_words(item: str, catalog: CardCatalog) -> str:
    return str(action_said(catalog, action_from_text(item))).capitalize()


def index(request: HttpRequest) -> HttpResponse:
    by_level = [(level, [p for p in puzzles() if p.level is level]) for level in Level]
    return render(request, "learn/puzzles.html", {"by_level": by_level, "count": len(puzzles())})


@require_http_methods(["GET", "HEAD", "POST"])
def puzzle(request: HttpRequest, puzzle_id: str) -> HttpResponse:
    found = puzzle_by_id(puzzle_id)
    if found is None:
        raise Http404(f"No puzzle is called {puzzle_id!r}.")
    catalog = site_catalog()
    context: dict[str, Any] = {
        "puzzle": found,
        "moves": [(item, move_words(item, catalog)) for item in found.moves],
        "step_through": permalink(found.setup),
        "error": "",
        "given": None,
    }
    status = 200
    if request.method == "POST":
        given = str(request.POST.get("move", "")).strip()
        if given not in found.moves:
            context["error"] = "Choose one of the first moves listed."
            status = 400
        else:
            checked = _verdict(found.setup, catalog)
            line = checked.solution.best_line
            outcomes = dict(checked.solution.root_moves)
            context.update(
                given=given,
                given_words=move_words(given, catalog),
                rejected=checked.winning is None,
                correct=given == checked.winning,
                winning_words=move_words(checked.winning, catalog) if checked.winning else "",
                line=[decision.words for decision in line.decisions],
                line_url=permalink(line.notation, step="end") + "#step-nav",
                given_holder=(outcomes[given].high.holder or Side.DEFENDER).value if given in outcomes else "",
            )
    return render(request, "learn/puzzle.html", context, status=status)
