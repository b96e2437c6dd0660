"""HTML pages of the rules reference: contents, numbered rules, glossary, examples, changes, rulings."""

from __future__ import annotations

from typing import Any

import markdown
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import SafeString, mark_safe

from core.page_cache import data_page
from core.sources import describe
from rulings import scenario_display, scenarios, versions
from rulings.display import engine_ids_as_rules, ruling_rows
from rulings.filters import RulingFilterSet
from rulings.linking import TextLinker
from rulings.models import (
    ARENA,
    STANDARD,
    ChangeLogSection,
    EngineRuleId,
    GlossaryTerm,
    RuleEntry,
    Ruleset,
    Ruling,
    WorkedExample,
)
from rulings.navigation import ancestors, blocks_under, neighbours
from rulings.search import FILTER_LABELS, find_jump, search_rules, split_scope, surface_forms
from rulings.search_query import MAX_LENGTH as MAX_QUERY_LENGTH
from rulings.search_query import read_address
from rulings.simulator import simulator

RULINGS_PER_PAGE = 25


def _current_version() -> ChangeLogSection | None:
    return ChangeLogSection.objects.exclude(version="").order_by("position").first()


def _contents_of(ruleset_slug: str) -> list[dict[str, object]]:
    """Each section with its subsections, for a table of contents."""
    sections: list[dict[str, object]] = []
    for entry in RuleEntry.objects.in_ruleset(ruleset_slug).headings().select_related("ruleset"):
        if entry.kind == "section":
            sections.append({"entry": entry, "subsections": []})
        else:
            sections[-1]["subsections"].append(entry)  # type: ignore[attr-defined]
    return sections


@data_page
def contents(request: HttpRequest) -> HttpResponse:
    context = {
        "standard": _contents_of(STANDARD),
        "arena": _contents_of(ARENA),
        "version": _current_version(),
        "counts": {
            # Each ruleset apart: the lead names the standard rules, and Arena's would swell their count.
            "rules": RuleEntry.objects.filter(kind__in=("rule", "subrule"), ruleset__slug=STANDARD).count(),
            "arena_rules": RuleEntry.objects.filter(kind__in=("rule", "subrule"), ruleset__slug=ARENA).count(),
            "rulings": Ruling.objects.count(),
            "terms": GlossaryTerm.objects.count(),
            "examples": WorkedExample.objects.count(),
        },
    }
    return render(request, "rulings/contents.html", context)


@data_page
def arena_contents(request: HttpRequest) -> HttpResponse:
    departures = (
        RuleEntry.objects.in_ruleset(ARENA).filter(differs_from__isnull=False).distinct()
        .select_related("ruleset").prefetch_related("differs_from__ruleset")
    )  # fmt: skip
    linker = TextLinker.from_database()
    rows = [{"entry": entry, "html": linker.render(entry.text, ARENA, place=(ARENA, entry.number))} for entry in departures]
    ruleset = get_object_or_404(Ruleset, slug=ARENA)
    return render(
        request,
        "rulings/arena_contents.html",
        {"ruleset": ruleset, "sections": _contents_of(ARENA), "departures": rows},
    )


@data_page
def standard_rule(request: HttpRequest, number: str) -> HttpResponse:
    return _rule_page(request, STANDARD, number)


@data_page
def arena_rule(request: HttpRequest, number: str) -> HttpResponse:
    return _rule_page(request, ARENA, number)


def _rule_page(request: HttpRequest, ruleset: str, number: str) -> HttpResponse:
    entry = get_object_or_404(RuleEntry.objects.select_related("ruleset"), ruleset__slug=ruleset, number=number)
    linker = TextLinker.from_database()
    previous, following = neighbours(entry)
    above = ancestors(entry)
    context = {
        "entry": entry,
        "ruleset": entry.ruleset,
        "ancestors": above,
        # The nearest heading above a rule, named in the page title beside the bare number.
        "heading": next((ancestor for ancestor in reversed(above) if ancestor.title), None),
        "blocks": blocks_under(entry, linker),
        "previous": previous,
        "next": following,
        "all_rulings": list(Ruling.objects.citing(entry).order_by("position")),
        "examples": list(WorkedExample.objects.filter(rules__in=RuleEntry.objects.under(entry)).distinct()),
        "duel_examples": _duel_examples(entry) if ruleset == ARENA else [],
        **_scenario_context(f"{ruleset}:{number}", _carried(entry)),
        "history": _history(ruleset, number),
    }
    return render(request, "rulings/rule.html", context)


def _notes_html(notes: tuple[str, ...]) -> SafeString:
    """Change-log bullets as the changes page shows them: engine ids as the rules carrying them, markdown read
    (the bullets are the site's own file, rules/CHANGES.md)."""
    if not notes:
        return mark_safe("")
    said = " / ".join(engine_ids_as_rules(note) for note in notes)
    return mark_safe(markdown.markdown(said).removeprefix("<p>").removesuffix("</p>"))  # noqa: S308


def _history(ruleset: str, number: str) -> list[dict[str, object]]:
    """Each version in which the rule changed, newest first, with a link to that version's diff at the rule."""
    kept = [version.version for version in versions.stored()]
    rows = []
    for item in versions.history(ruleset, number):
        at = kept.index(item.version)
        link = f"/rules/diff/{kept[at - 1]}...{item.version}/#{item.change.anchor}" if at else ""
        rows.append({"item": item, "diff_url": link, "notes": _notes_html(item.change.notes)})
    return rows


def _carried(entry: RuleEntry) -> list[str]:
    """The rulings a rule states (its A-04 id, the E-05 its text names): their scenario serves the rule."""
    return scenarios.rulings_carried(entry.text, [row.code for row in entry.engine_ids.all()])


def _scenario_context(subject: str, carried: list[str] | None = None) -> dict[str, object]:
    """A ruling's or site reading's scenario (issue #32): "See it happen", or why no combat can show it, and
    for an open rule its result under each reading. A rule without an entry of its own shows the scenario of
    the first ruling it states that has one."""
    entry = scenario_display.scenario_of(subject)
    for code in carried or ():
        if entry is not None:
            break
        found = scenario_display.scenario_of(code)
        entry = found if isinstance(found, scenario_display.Scenario) else None
    if isinstance(entry, scenario_display.Scenario):
        return {"scenario": scenario_display.shown(entry), "readings": scenario_display.readings(entry)}
    return {"no_scenario": entry}


def _duel_examples(entry: RuleEntry) -> list[Any]:
    """The worked Arena duels (fixtures/examples/arena/) that apply this rule or one under it."""
    numbers = set(RuleEntry.objects.under(entry).values_list("number", flat=True)) | {entry.number}
    return [example for example in simulator().arena_examples() if numbers & set(example.rules)]


def engine_id_redirect(request: HttpRequest, code: str) -> HttpResponse:
    """The combat simulator links each step to /rules/id/<id>/; this finds the rule that carries the id."""
    found = EngineRuleId.objects.select_related("rule__ruleset").filter(code=code.strip().upper()).first()
    if found is None:
        raise Http404(f"No rule carries the id {code!r}.")
    return redirect(found.rule.get_absolute_url())


def search(request: HttpRequest) -> HttpResponse:
    """A rule number, ruling id or engine id goes straight to its page; words list the matches, best first."""
    query = request.GET.get("q", "")[:MAX_QUERY_LENGTH]
    filters = split_scope(query, request.GET.getlist("in"))[1]
    missing = ""
    if query.strip():
        jump = find_jump(query)
        if jump is not None:
            return redirect(jump.url)
        if read_address(query) is not None:
            missing = query.strip()
    try:
        page = int(request.GET.get("page", "1"))
    except ValueError:
        page = 1
    results = search_rules(query, filters, page) if query.strip() else None
    context = {
        "query": query,
        "results": results,
        "missing": missing,
        "filters": [(name, label, name in filters) for name, label in FILTER_LABELS.items()],
    }
    return render(request, "rulings/search.html", context)


@data_page
def glossary(request: HttpRequest) -> HttpResponse:
    linker = TextLinker.from_database()
    terms = [
        {"term": term,
         "html": linker.render(term.definition, term.rule.ruleset.slug, place=("glossary", term.term))}
        for term in GlossaryTerm.objects.select_related("rule__ruleset")
    ]
    letters = sorted({row["term"].term[0].upper() for row in terms})
    return render(request, "rulings/glossary.html", {"terms": terms, "letters": letters})


@data_page
def example_list(request: HttpRequest) -> HttpResponse:
    examples = list(WorkedExample.objects.all())
    context = {
        # Each page with the scenarios that vary it (the Ice Ogre variant under Example 2a).
        "examples": [(example, simulator().variants_of(example.notation)) for example in examples],
        "other_scenarios": simulator().scenarios_without_page(
            {example.notation for example in examples if example.notation}
        ),
        "duel_examples": simulator().arena_examples(),
    }
    return render(request, "rulings/example_list.html", context)


@data_page
def example_detail(request: HttpRequest, slug: str) -> HttpResponse:
    example = get_object_or_404(WorkedExample, slug=slug)
    body = TextLinker.from_database().render_html(markdown.markdown(example.body))
    simulator_url = simulator().permalink(example.notation) if example.notation else ""
    context = {
        "example": example,
        "body": body,
        "rules": example.rules.select_related("ruleset"),
        "simulator_url": simulator_url,
        "variants": simulator().variants_of(example.notation),
        "source": describe(example.source),
    }
    return render(request, "rulings/example_detail.html", context)


@data_page
def changes(request: HttpRequest) -> HttpResponse:
    # Each change links the rules and rulings it names, as rule text does (the change policy lists every
    # changed rule number here, so a judge follows them from this page).
    linker = TextLinker.from_database()
    sections = [
        {"section": section, "html": linker.render_list_items(markdown.markdown(engine_ids_as_rules(section.body)))}
        for section in ChangeLogSection.objects.all()
    ]
    kept = [version.version for version in versions.stored()]
    # Each version's changed rules, from the stored text of the version before it (rulings.versions).
    changed = {newer: versions.compare(older, newer) for older, newer in zip(kept, kept[1:], strict=False)}
    for row in sections:
        number = row["section"].version
        row["changed"] = changed.get(number, [])
        row["diff_url"] = f"/rules/diff/{kept[kept.index(number) - 1]}...{number}/" if number in kept[1:] else ""
    context = {"sections": sections, "version": _current_version(), "stored": kept,
               "by_date": sorted(versions.stored(), key=lambda version: version.released, reverse=True)}  # fmt: skip
    return render(request, "rulings/changes.html", context)


def diff(request: HttpRequest, older: str, newer: str) -> HttpResponse:
    """The changes between two stored versions of the rules: each rule added, withdrawn or changed, word by
    word, with the CHANGES.md notes that name it; each rule has an anchor (#standard-6.4.4) for a permalink."""
    if request.GET.get("older") and request.GET.get("newer"):  # the compare form of /rules/changes/
        older, newer = request.GET["older"], request.GET["newer"]
    kept = {version.version: version for version in versions.stored()}
    unknown = [name for name in (older, newer) if name not in kept]
    if unknown:
        raise Http404(f"No stored version of the rules is called {unknown[0]!r}; stored: {', '.join(kept)}.")
    order = list(kept)
    if order.index(older) > order.index(newer):
        return redirect("rulings:diff", older=newer, newer=older)
    if request.GET:
        return redirect("rulings:diff", older=older, newer=newer)
    changes = [{"change": change, "notes": _notes_html(change.notes)} for change in versions.compare(older, newer)]
    context = {"older": kept[older], "newer": kept[newer], "changes": changes, "stored": order}
    return render(request, "rulings/diff.html", context)


# A data page like a ruling's own: the list, its filters and its word search depend only on the data and the
# address, so each address is rendered once per data revision (it was the slowest page of the load test).
@data_page
def ruling_list(request: HttpRequest) -> HttpResponse:
    filterset = RulingFilterSet(request.GET, queryset=Ruling.objects.for_listing())
    valid = filterset.is_valid()
    rulings = filterset.qs if valid else Ruling.objects.none()
    page = Paginator(rulings, RULINGS_PER_PAGE).get_page(request.GET.get("page"))
    # The words as the search matched them ("bribe" marks "bribed" and "bribery"), as the rules search marks them.
    found = filterset.words_found if valid else None
    shown = [text for ruling in page.object_list for text in (ruling.question, ruling.answer)]
    marked = surface_forms(found.words, shown) if found is not None and found.words.usable else []
    context = {
        "filterset": filterset,
        "page": page,
        "total": page.paginator.count,
        "rows": ruling_rows(page.object_list, TextLinker.from_database(), marked),
        "filtered": any(request.GET.get(name) for name in filterset.filters),
        "words_found": found,
        "scenario_counts": scenarios.ruling_counts(),
    }
    return render(request, "rulings/ruling_list.html", context, status=200 if valid else 400)


@data_page
def ruling_detail(request: HttpRequest, code: str) -> HttpResponse:
    ruling = get_object_or_404(Ruling.objects.for_listing(), code=code.upper())
    if code != ruling.code:
        return redirect(ruling, permanent=True)
    row = ruling_rows([ruling], TextLinker.from_database())[0]
    context = {"row": row, "ruling": ruling, "supersedes": list(ruling.supersedes.all()),
               **_scenario_context(ruling.code)}  # fmt: skip
    return render(request, "rulings/ruling_detail.html", context)
