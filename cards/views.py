"""HTML pages of the card database: the spoiler list, card pages and set pages."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from cards.choices import CardType
from cards.engine_catalog import site_catalog
from cards.filters import CardFilterSet
from cards.models import Card, CardSet, Printing
from cards.page_parts import card_page_context
from cards.search.service import SearchOutcome
from cards.search.slots import RETRY_AFTER, SearchBusy, search_slot
from cards.search.suggest import did_you_mean
from core.page_cache import data_page
from engine.arena import ArenaStatus, arena_support

CARDS_PER_PAGE = 60
VIEW_MODES = ("table", "tiles")
RELATED_LIMIT = 12


def card_list(request: HttpRequest) -> HttpResponse:
    try:
        with search_slot(request.GET.get("q", "")):
            return _card_list(request)
    except SearchBusy as exc:
        return search_busy_page(request, exc)


def search_busy_page(request: HttpRequest, exc: SearchBusy) -> HttpResponse:
    """A 503 naming the wait, with Retry-After, for a long search that found every slot taken."""
    response = render(request, "cards/search_busy.html", {"message": exc.message}, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def _card_list(request: HttpRequest) -> HttpResponse:
    filterset = CardFilterSet(request.GET, queryset=Card.objects.for_listing())
    valid = filterset.is_valid()
    cards = filterset.qs if valid else Card.objects.none()
    page = Paginator(cards, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    view_mode = request.GET.get("view") if request.GET.get("view") in VIEW_MODES else "table"
    context = {"filterset": filterset, "page": page, "view_mode": view_mode, "total": page.paginator.count,
               "unverified_hidden": filterset.unverified_hidden() if valid else 0}  # fmt: skip
    context.update(search_context(filterset.search_outcome if valid else None, page.paginator.count))
    return render(request, "cards/card_list.html", context, status=200 if valid else 400)


def search_context(outcome: SearchOutcome | None, total: int) -> dict[str, Any]:
    """What the list shows about a search: its warnings and, when nothing matched, a corrected query."""
    if outcome is None:
        return {"search": None}
    # A query read as a loosely typed name found cards, but its exact spelling is offered as for words.
    wanted = total == 0 or outcome.loose_name is not None
    corrected = did_you_mean(outcome.understood, outcome.budget, outcome.loose_name) if wanted else None
    return {"search": outcome, "did_you_mean": corrected}


@data_page
def card_detail(request: HttpRequest, slug: str) -> HttpResponse:
    if slug != slug.lower():  # slugs are lower case: /cards/Sand-Lord/ is the Sand Lord's page
        return redirect("cards:card-detail", slug=slug.lower(), permanent=True)
    card = get_object_or_404(Card.objects.for_listing(), slug=slug)
    context = {
        "card": card,
        "same_class": Card.objects.sharing_a_class_with(card).as_links()[:RELATED_LIMIT],
        "same_set": Card.objects.from_same_set_as(card).as_links()[:RELATED_LIMIT],
        "arena": _arena_support(card.slug),
        # The simulator link (combat), the card's rulings and the rules that mention it (rulings).
        **card_page_context(card),
    }
    return render(request, "cards/card_detail.html", context)


def _arena_support(slug: str) -> dict[str, str] | None:
    """Whether the engine plays this card in a Guardians Arena duel too, derived from its abilities (engine/arena)."""
    found = site_catalog().find(slug)
    if found is None:
        return None
    support = arena_support(found)
    return {"status": support.status.value, "label": ARENA_LABELS[support.status], "reason": support.reason}


ARENA_LABELS = {
    ArenaStatus.AUTOMATED: "automated in duels too",
    ArenaStatus.SHIELD_ONLY: "partly: some text cannot work in a duel",
    ArenaStatus.NOT_AUTOMATED: "not automated in duels",
    ArenaStatus.NO_COMBAT_EFFECT: "printed numbers only",
    ArenaStatus.NOT_IN_DUELS: "cannot be played in a duel",
}


@data_page
def set_list(request: HttpRequest) -> HttpResponse:
    sets = CardSet.objects.with_card_counts()
    return render(request, "cards/set_list.html", {"sets": sets, "rarities": Printing.objects.rarity_counts_by_set()})


@data_page
def set_detail(request: HttpRequest, slug: str) -> HttpResponse:
    card_set = CardSet.objects.filter(slug=slug).first()
    if card_set is None:
        # A set's code (/sets/DN/, as the API and the card list's set filter take it) or its slug in capitals.
        found = CardSet.objects.filter(Q(code__iexact=slug) | Q(slug=slug.lower())).first()
        if found is None:
            raise Http404(f"No set with slug or code {slug!r}.")
        return redirect(found, permanent=True)
    cards = Card.objects.printed_in(card_set).for_listing().sorted_by("name")
    counts = [{**row, "label": CardType(row["card_type"]).label} for row in cards.count_by_type()]
    context = {"card_set": card_set, "cards": cards, "counts": counts}
    return render(request, "cards/set_detail.html", context)
