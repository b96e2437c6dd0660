"""What a shared permalink shows outside the site: the PNG link previews use, and the words pages put in their
title and link-preview tags."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from combat import duels, reading, running
from combat.examples import arena_examples
from combat.links import link_query, notation_in, permalink
from combat.picture_png import font_dir, render_png
from combat.picture_svg import render as picture_svg_render
from combat.setup_form import STARTER_NOTATION
from combat.shared_words import SharedWords, combat_words, duel_words
from combat.stepping import step_number
from core import revision
from core.page_cache import code_version
from engine.errors import EngineError
from engine.rulesets import ARENA, STANDARD, AnyLog, AnySetup, ruleset_of


def shared_words(setup: AnySetup, log: AnyLog) -> SharedWords:
    if ruleset_of(setup) is ARENA:
        return duel_words(ARENA.setup_of(setup), ARENA.log_of(log), running.catalog())
    return combat_words(STANDARD.setup_of(setup), STANDARD.log_of(log), running.catalog())


def welcome_context(current: str) -> dict[str, Any]:
    """What the first visit's welcome offers (``current``: the ruleset whose form the page shows): the standard
    form's example said in words, its permalink, and the first worked duel."""
    starter = running.read_notation(STARTER_NOTATION)
    duel_examples = arena_examples()
    return {
        "welcome": current,
        "starter_words": shared_words(starter, running.run(starter)),
        "starter_permalink": permalink(STARTER_NOTATION),
        "duel_example": duel_examples[0] if duel_examples else None,
    }


def png_url(notation: str, step: int | str) -> str:
    return reverse("combat:picture-png") + "?" + link_query(notation, step=step)


# A link preview is fetched by every chat app a permalink is pasted into: each picture is drawn once per data
# revision and code version, and kept in the shared cache for a day.
PNG_CACHE_SECONDS = 24 * 3600


def _png_key(notation: str, step: int) -> str:
    digest = hashlib.sha1(f"{notation}\n{step}\n{font_dir()}".encode(), usedforsecurity=False).hexdigest()
    return f"picture-png:{code_version()}:{revision.current().number}:{digest}"


@require_GET
def picture_png(request: HttpRequest) -> HttpResponse:
    """The combat or duel at one step (or its result) as a 1200 x 630 PNG with the set-up in words."""
    try:
        setup = running.read_notation(notation_in(request.GET) or "")
        log = running.run(setup)
    except EngineError as exc:
        return HttpResponse(
            "Cannot draw this set-up: " + "; ".join(problem.message for problem in exc.problems),
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    current = step_number(request.GET.get("step"), len(log.steps))
    key = _png_key(log.notation, current)
    png = cache.get(key)
    if png is None:
        if ruleset_of(log) is ARENA:
            title, caption = duels.picture_words(ARENA.log_of(log), current)
            drawn = duels.picture(ARENA.log_of(log), current)
        else:
            title, caption = reading.picture_words(STANDARD.log_of(log), current)
            drawn = reading.picture(STANDARD.log_of(log), current)
        svg, words = picture_svg_render(drawn, title, caption), shared_words(setup, log)
        # Drawing a PNG costs a good part of a second of CPU: it yields to pages and searches, as explores do.
        png = running.at_low_priority(lambda: render_png(words, svg))
        cache.set(key, png, PNG_CACHE_SECONDS)
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response
