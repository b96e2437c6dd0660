"""The combat simulator's pages: the set-up form, the step-through (the permalink) and its data.

``/combat/`` shows the form; ``/combat/?s=<notation>`` resolves that set-up and shows one step at
a time (``&step=N``; N equal to the number of steps is the final screen). Bad input of any kind
comes back as the same page with the problems named and the notation kept, status 400.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from combat import duel_builder, duels, glossary, reading, refused, running
from combat.duel_summary import duel_summary
from combat.examples import all_examples, arena_examples, find_example
from combat.explore_words import explore_scope
from combat.links import link_query, notation_in, permalink
from combat.notation_doc import BASICS, CLAUSES, DUEL_CLAUSES
from combat.picture_svg import render as picture_svg_render
from combat.readings_links import reading_links
from combat.result_panels import result_panel
from combat.rule_refs import rule_refs
from combat.setup_form import (
    STARTER_NOTATION,
    CreatureRow,
    SetupForms,
    acted,
    bound_forms,
    build_notation,
    creature_rows,
    distinct_problems,
    filled_forms,
    hand_card_names,
    moved,
    stacking_total,
)
from combat.share_views import png_url, shared_words, welcome_context
from combat.slots import RETRY_AFTER, ServerBusy
from combat.stepping import StepThrough, step_number, step_through
from engine.arena import ArenaSetup
from engine.errors import EngineError, NotationError, Problem
from engine.explore import Exploration, describe_count
from engine.log import CombatLog
from engine.rulesets import ARENA, STANDARD, ruleset_of
from engine.setup import CombatSetup, split_reference


@require_GET
def combat_page(request: HttpRequest) -> HttpResponse:
    try:
        notation = notation_in(request.GET)
    except NotationError as exc:  # a compressed link cut short or altered
        return _problem_page(request, "", exc, None)
    if notation is None and request.GET.get("ruleset") == "arena":
        return _duel_form_page(request, None, welcome=len(request.GET) == 1)
    example_asked = find_example(request.GET.get("example", "")) if notation is None else None
    if example_asked is not None and example_asked.ruleset == "arena":
        return _duel_form_page(request, duels.read_duel_or_none(example_asked.notation))
    if notation is None and request.GET.get("blank"):
        return _setup_page(request, filled_forms(CombatSetup(), running.catalog()))
    if notation is None:
        example = find_example(request.GET.get("example", ""))
        starter = running.read_notation(example.notation if example else STARTER_NOTATION)
        # A bare first visit is greeted: what the simulator does, and both rulesets, empty or from an example.
        welcome = not request.GET
        return _setup_page(request, filled_forms(starter, running.catalog()), welcome=welcome)
    try:
        setup = running.read_notation(notation)
    except NotationError as exc:
        return _problem_page(request, notation, exc, None)
    if ruleset_of(setup) is ARENA:
        return _duel_page(request, notation, ARENA.setup_of(setup))
    setup = STANDARD.setup_of(setup)
    if request.GET.get("edit"):
        return _setup_page(request, filled_forms(setup, running.catalog()))
    try:
        log = STANDARD.log_of(running.run(setup))
    except EngineError as exc:
        return _problem_page(request, notation, exc, setup)
    view = step_through(log, running.catalog(), step_number(request.GET.get("step"), len(log.steps)))
    return render(request, "combat/step_through.html", _step_context(request, log, setup, view))


def _duel_page(request: HttpRequest, notation: str, setup: ArenaSetup) -> HttpResponse:
    """A Guardians Arena duel: its form (``edit``), or its step-through and result."""
    if request.GET.get("edit"):
        return _duel_form_page(request, setup)
    try:
        log = ARENA.log_of(running.run(setup))
    except EngineError as exc:
        # The duel's own form, filled and with what is wrong said by field: a newcomer fixes it there.
        return _duel_form_page(request, setup, exc.problems, status=400, notation=notation)
    current = step_number(request.GET.get("step"), len(log.steps))
    names = duels.card_names(log, setup, running.catalog())
    context = {
        **duels.duel_context(log, current, names),
        "summary": duel_summary(setup, running.catalog()),
        # The reading of each open rule the result used, and a link to the duel under the other one.
        "readings": reading_links(ARENA, setup, log),
    }
    # What a shared link says about itself: title, link-preview tags and the PNG they point at.
    step_query = "end" if current >= len(log.steps) else current
    context |= {
        "shared": shared_words(setup, log),
        "png_url": png_url(log.notation, step_query),
        "step_permalink": permalink(log.notation, step=step_query),
        # The result's "Best play" panel (each round's plays), as a combat's.
        "best_play": result_panel("best_play", setup) if current >= len(log.steps) else None,
    }
    return render(request, "combat/duel.html", context)


def _duel_form_page(
    request: HttpRequest,
    setup: ArenaSetup | None,
    problems: tuple[Problem, ...] = (),
    status: int = 200,
    *,
    fields: dict[str, Any] | None = None,
    notation: str = "",
    picks: Any = None,
    welcome: bool = False,
) -> HttpResponse:
    """The duel form; ``picks``: the submitted data whose builder selects (``p-add-kind`` ...) are kept."""
    catalog = running.catalog()
    fields = fields if fields is not None else duels.form_fields(setup, catalog)
    values = duels.field_values(fields)
    values.update(duel_builder.picks_of(picks or {}))
    named = duels.named_slugs(duel_builder.draft(values, catalog))
    context = {
        **fields,
        "problems": [
            (
                problem,
                duels.plain_duel_problem(problem, catalog, named) + (f" (found {times} times)" if times > 1 else ""),
            )
            for problem, times in distinct_problems(problems)
        ],
        "examples": arena_examples(),
        "notation": notation,
        "terrain_names": duels.terrain_names(catalog),
        "glossary_urls": glossary.glossary_urls(),
        "rounds": duel_builder.builders(values, catalog),
    }
    if welcome:
        context |= welcome_context("arena")
    return render(request, "combat/duel_setup.html", context, status=status)


@require_GET
def duel_build(request: HttpRequest) -> HttpResponse:
    """The duel form's target: the duel's permalink, or the form again, as it was sent, with what is wrong.

    The duel is resolved before it is given a permalink, so a duel the rules refuse (no duellist, an
    unknown card) comes back to the form that can fix it, not to a page of notation. A button of the action
    builder (``act``) or "Update the action lists" (``refresh``) brings the form back with the lists redrawn:
    that is how the builder works without JavaScript."""
    if not request.GET:
        # A bare visit (a bookmark, a link, the address typed): the empty duel form with its welcome, not an error.
        return _duel_form_page(request, None, welcome=True)
    catalog = running.catalog()
    data = _duel_edited(request)
    if "act" in request.GET or "refresh" in request.GET:
        return _duel_form_page(request, None, fields=duels.submitted_fields(data), picks=data)
    try:
        notation = duels.notation_from_form(data, catalog)
        running.run(running.read_notation(notation))
    except EngineError as exc:
        return _duel_form_page(request, None, exc.problems, status=400, fields=duels.submitted_fields(data), picks=data)
    return HttpResponseRedirect(permalink(notation))


@require_GET
def duel_rounds(request: HttpRequest) -> HttpResponse:
    """The duel form's action builder for the form as it stands: what the page's script redraws after each
    pick. Opened directly in a browser, it is the whole duel form with those fields, never a bare fragment."""
    data = _duel_edited(request)
    if _opened_by_browser(request):
        response = _duel_form_page(request, None, fields=duels.submitted_fields(data), picks=data)
    else:
        rounds = duel_builder.builders(data, running.catalog())
        response = render(request, "combat/duel_rounds_fragment.html", {"rounds": rounds})
    patch_vary_headers(response, ["Sec-Fetch-Mode"])
    return response


def _duel_edited(request: HttpRequest) -> Any:
    """The duel form's data after the builder button that was pressed (``act``); as sent otherwise."""
    act = request.GET.get("act", "")
    return duel_builder.edited(request.GET, act, running.catalog()) if act else request.GET


def _old_readings(setup: CombatSetup, log: CombatLog) -> list[dict[str, Any]]:
    """The readings other than today's an older link was read under (engine.standard_readings), each said with a link
    to the same set-up under today's, where today's reading would give another result: a link whose result is the
    same either way (most) shows nothing more. A combat read under today's reading shows nothing."""
    shown = []
    for record in reading_links(STANDARD, setup, log):
        if not record["applied"] or record["used"] == record["default"]:
            continue
        today = running.run(STANDARD.parse(record["other_notation"])).to_dict()["result"]
        if _outcome(today) != _outcome(log.to_dict()["result"]):
            shown.append(record)
    return shown


def _outcome(result: dict[str, Any]) -> dict[str, Any]:
    """A result without the readings it names: what two readings are compared on."""
    return {key: value for key, value in result.items() if not key.startswith("readings")}


def _step_context(request: HttpRequest, log: CombatLog, setup: CombatSetup, view: StepThrough) -> dict[str, Any]:
    """What the step-through shows beside the engine's steps: the picture, rule numbers, card links."""
    catalog = running.catalog()
    urls = glossary.glossary_urls()
    orders = reading.order_count(setup, catalog)
    step_query = "end" if view.at_end else view.current
    names = reading.card_names(log, setup, catalog)
    return {
        "view": view,
        "setup": setup,
        "permalink": permalink(log.notation),
        "step_permalink": permalink(log.notation, step=step_query),
        "picture": reading.picture(log, view.current),
        "picture_url": reverse("combat:picture") + "?" + link_query(log.notation, step=step_query),
        "explore_url": reverse("combat:explore") + "?" + link_query(log.notation),
        # What a shared link says about itself: title, link-preview tags and the PNG they point at.
        "shared": shared_words(setup, log),
        "png_url": png_url(log.notation, step_query),
        "rules": rule_refs(step.rule for step in log.steps),
        "card_names": names,
        "hand_checks": reading.hand_checks(log, catalog),
        # Said at the top, not among the checks: the totals shown were reached without these turns.
        "refused_turns": refused.refused_turns(log, names),
        # An older link read under an earlier reading says so and links to the same set-up under today's.
        "old_readings": _old_readings(setup, log),
        "order_count": orders,
        # Counts grow as factorials: written as people read them, never a 30-digit number.
        "order_count_text": describe_count(orders),
        "explore_budget": running.EXPLORE_BUDGET_SECONDS,
        "explores_fully": orders <= running.EXPLORE_LIMIT,
        # The game's words this step uses, linked to the glossary for a reader who does not know them yet.
        "glossary_urls": urls,
        "step_words": [] if view.at_end else glossary.step_words(view.step.step, urls),
        # The result's "Best play" panel: a stored analysis of this set-up, or the button that starts one.
        "best_play": result_panel("best_play", setup) if view.at_end else None,
    }


@require_GET
def picture_svg(request: HttpRequest) -> HttpResponse:
    """The combat at one step (or its result) as an SVG image: what "Save the picture" and link previews use."""
    try:
        notation = notation_in(request.GET) or ""
        setup = running.read_notation(notation)
        log = running.run(setup)
    except EngineError as exc:
        return HttpResponse(
            "Cannot draw this set-up: " + "; ".join(problem.message for problem in exc.problems),
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    current = step_number(request.GET.get("step"), len(log.steps))
    if ruleset_of(log) is ARENA:
        duel = ARENA.log_of(log)
        title, caption = duels.picture_words(duel, current)
        drawn = duels.picture(duel, current)
    else:
        combat = STANDARD.log_of(log)
        title, caption = reading.picture_words(combat, current)
        drawn = reading.picture(combat, current)
    response = HttpResponse(picture_svg_render(drawn, title, caption), content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_GET
def notation_page(request: HttpRequest) -> HttpResponse:
    return render(request, "combat/notation.html", {"basics": BASICS, "clauses": CLAUSES, "duel_clauses": DUEL_CLAUSES})


@require_GET
def build(request: HttpRequest) -> HttpResponse:
    """The form's target: read the fields, then show the step-through, or the form with its problems.

    ``move`` (a creature up or down its play order) and ``refresh`` (redraw the match-up board) come
    back to the form, which is how the board works without JavaScript.
    """
    data = _edited(request)
    forms = bound_forms(data, running.catalog())
    setup = build_notation(forms, running.catalog())
    pressed = bool(request.GET.get("move") or request.GET.get("act"))
    staying = "check" in request.GET or "refresh" in request.GET or pressed
    if setup is not None and not staying:
        return HttpResponseRedirect(permalink(forms.notation))
    status = 400 if setup is None and not staying else 200
    return _setup_page(request, forms, status=status)


@require_GET
def board(request: HttpRequest) -> HttpResponse:
    """The match-up board and the notation for the form as it stands: what the page's script redraws.

    A set-up that cannot be resolved answers 400 (the script reads the board from any answer). Opened
    directly in a browser (a bookmark or a shared address), it is the whole simulator page with that
    set-up, never a bare fragment without a title, language or main region.
    """
    forms = bound_forms(_edited(request), running.catalog())
    status = 200 if build_notation(forms, running.catalog()) is not None else 400
    if _opened_by_browser(request):
        response = _setup_page(request, forms, status=status)
    else:
        response = render(request, "combat/board_fragment.html", _form_context(forms), status=status)
    patch_vary_headers(response, ["Sec-Fetch-Mode"])
    return response


def _opened_by_browser(request: HttpRequest) -> bool:
    """Browsers send Sec-Fetch-Mode: navigate for an address opened as a page; the form's fetch() sends
    cors or same-origin, and clients without the header (older browsers, tools) keep the fragment."""
    return request.headers.get("Sec-Fetch-Mode") == "navigate"


def _edited(request: HttpRequest) -> Any:
    """The form data after the board button that was pressed: a creature moved in its side's order
    (``move``) or a row's order of actions edited (``act``); the data as sent otherwise."""
    data: Any = request.GET
    if request.GET.get("move"):
        data = moved(data, running.catalog(), request.GET["move"]) or data
    if request.GET.get("act"):
        data = acted(data, request.GET["act"], running.catalog()) or data
    return data


def _form_context(forms: SetupForms) -> dict[str, Any]:
    sides = []
    for form in forms.sides:
        rows = form.creature_rows()
        sides.append({"form": form, "rows": rows, "stacking": stacking_total(rows)})
    typed = any(
        form[name].value()
        for form in forms.sides
        for name in ("ranged", "bribes", "spells", "channels", "secondaries", "rolls", "counts", "choices")
    )
    catalog = forms.attacker.catalog
    made_up = sorted(forms.attacker.made_up)
    made_up_rows = creature_rows(catalog, (slug for slug in made_up if catalog.get(slug).is_creature), made_up)
    return {
        "forms": forms,
        "sides": sides,
        # The set-up's made-up creatures, which the script's list of printed creatures does not hold.
        "made_up_creatures": [_creature_record(row) for row in made_up_rows],
        "board": forms.board(),
        "glossary_urls": glossary.glossary_urls(),
        "typed_decisions": typed,
        "hand_cards": hand_card_names(running.catalog()),
    }


def _setup_page(request: HttpRequest, forms: SetupForms, status: int = 200, welcome: bool = False) -> HttpResponse:
    context = {
        **(welcome_context("standard") if welcome else {}),
        **_form_context(forms),
        "examples": all_examples(),
        "duel_examples": arena_examples(),
        "permalink": permalink(forms.notation) if forms.notation and not forms.problems else "",
    }
    return render(request, "combat/setup.html", context, status=status)


def _problem_page(request: HttpRequest, notation: str, exc: EngineError, setup: CombatSetup | None) -> HttpResponse:
    context = {
        "notation": notation,
        "problems": exc.problems,
        "is_notation_error": isinstance(exc, NotationError),
        "marked": _marked_clause(notation, getattr(exc, "position", -1)),
        "examples": all_examples(),
        "duel_examples": arena_examples(),
    }
    if setup is None and context["marked"] is not None:
        # The rest of an address with one unreadable clause still fills the form: nothing else is lost.
        setup = _without_clause(context["marked"])
        context["form_lacks_marked"] = setup is not None
    if setup is not None:
        context.update(_form_context(filled_forms(setup, running.catalog(), exc.problems)))
    return render(request, "combat/problems.html", context, status=400)


def _without_clause(marked: tuple[str, str, str]) -> CombatSetup | None:
    """The set-up written around the marked clause, when that reads as a shield combat on its own."""
    before, _, after = marked
    try:
        rest = running.read_notation(" ".join((before + after).split()))
    except NotationError:
        return None
    return STANDARD.setup_of(rest) if ruleset_of(rest) is STANDARD else None


def _marked_clause(notation: str, position: int) -> tuple[str, str, str] | None:
    """The notation split around the clause a notation error points at, to highlight it."""
    if not 0 <= position < len(notation):
        return None
    end = notation.find(" ", position)
    end = len(notation) if end < 0 else end
    return notation[:position], notation[position:end], notation[end:]


@require_GET
def creatures_json(request: HttpRequest) -> JsonResponse:
    """Every creature's name, slug and combat facts, for the form's autocomplete and stats."""
    catalog = running.catalog()
    creatures = sorted((card for card in catalog if card.is_creature), key=lambda card: card.name)
    rows = creature_rows(catalog, (card.slug for card in creatures))
    data = [_creature_record(row) for row in rows]
    response = JsonResponse({"creatures": data})
    response["Cache-Control"] = "public, max-age=3600"
    return response


def _creature_record(row: CreatureRow) -> dict[str, Any]:
    """A creature's facts as the form's script reads them (the stats table and the autocomplete)."""
    record: dict[str, Any] = {
        "slug": row.reference,
        "name": row.name,
        "vitality": row.vitality,
        "stacking": row.stacking,
        "border": row.border,
        "ocb": row.ocb,
        "ocb_against": row.ocb_against,
        "bribery": list(row.bribery),
        "flying": row.flying,
        "ranged": row.ranged,
        "command": row.command,
    }
    if row.made_up:
        record["made_up"] = True
    return record


# The explore page shows at most this many of the best and as many of the worst orders for the attacker.
EXPLORE_ROWS_EACH_END = 150


@require_GET
def explore_page(request: HttpRequest) -> HttpResponse:
    """Every primary play order of a set-up as an outcome table, each row a step-through link.

    The page is rendered where the exploration runs, at low CPU priority in an explore slot (as the API's
    JSON is): its hundreds of rows and links cost as much as the exploring, and yield to other requests."""
    try:
        notation = notation_in(request.GET) or ""
    except NotationError as exc:
        return _problem_page(request, "", exc, None)
    if not notation.strip():
        return HttpResponseRedirect(reverse("combat:combat"))
    try:
        html = running.explore_setup(running.read_notation(notation),
                                     lambda exploration: _explore_html(request, notation, exploration))  # fmt: skip
    except ServerBusy as exc:
        busy = _problem_page(request, notation, EngineError(exc.message, code="server.busy"), None)
        busy.status_code = 503
        busy["Retry-After"] = str(RETRY_AFTER)
        return busy
    except EngineError as exc:
        if exc.code == duels.EXPLORE_REFUSAL_CODE:
            return _explore_refused_page(request, notation, exc)
        setup = None
        try:
            read = running.read_notation(notation)
            setup = STANDARD.setup_of(read) if ruleset_of(read) is STANDARD else None
        except NotationError:
            pass
        return _problem_page(request, notation, exc, setup)
    return HttpResponse(html)


def _explore_refused_page(request: HttpRequest, notation: str, refusal: EngineError) -> HttpResponse:
    """A duel sent to explore: nothing in it is broken, so the page says what explore covers and links back
    to the duel, instead of listing a broken rule of the set-up."""
    context = {"reason": refusal.message, "code": refusal.code, "duel": permalink(notation)}
    return render(request, "combat/explore_refused.html", context, status=400)


def _explore_html(request: HttpRequest, notation: str, exploration: Exploration) -> str:
    catalog = running.catalog()

    def name(reference: str) -> str:
        slug, copy = split_reference(reference)
        return catalog.get(slug).name + (f" (copy {copy})" if copy > 1 else "")

    ranked = sorted(exploration.outcomes, key=lambda o: (-o.margin, o.order))
    # A page of thousands of rows helps nobody and takes seconds to send: the best and worst orders for the
    # attacker are shown, and the API's answer lists every one.
    hidden = max(0, len(ranked) - 2 * EXPLORE_ROWS_EACH_END)
    if hidden:
        ranked = ranked[:EXPLORE_ROWS_EACH_END] + ranked[-EXPLORE_ROWS_EACH_END:]
    rows = [
        {
            "outcome": outcome,
            "pairs": [(name(a), name(d)) for a, d in outcome.pairs],
            "leftovers": [name(ref) for ref in outcome.leftovers],
            "permalink": permalink(outcome.notation),
        }
        for outcome in ranked
    ]
    wins = sum(1 for outcome in exploration.outcomes if outcome.winner.value == "attacker")
    context = {
        "exploration": exploration,
        # What was covered, from the exploration's fields: never "every order" when the budget ran out.
        "scope": explore_scope(exploration),
        "rows": rows,
        "rows_hidden": hidden,
        "rows_each_end": EXPLORE_ROWS_EACH_END,
        "wins": wins,
        "notation": notation,
        # Creatures by name: the exploration's fields hold slugs (``sand-lord``), which a visitor never typed.
        "fixed_order": [name(reference) for reference in exploration.fixed_order],
        "attacker_subset": [name(reference) for reference in exploration.attacker_guarantee.best_subset],
        "defender_subset": [name(reference) for reference in exploration.defender_guarantee.best_subset],
        "permalink": permalink(exploration.base_notation),
        "best_attacker": permalink(exploration.best_for_attacker.notation),
        "best_defender": permalink(exploration.best_for_defender.notation),
    }
    return render_to_string("combat/explore.html", context, request)
