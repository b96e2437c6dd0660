"""Search pages around the card list: the query syntax, the advanced form and a random card."""

from __future__ import annotations

import random

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode

from cards.filters import CardFilterSet
from cards.models import Card
from cards.search.compose import compose
from cards.search.errors import NoUsableTerm
from cards.search.forms import AdvancedSearchForm
from cards.search.keywords import KEYWORDS
from cards.search.results import SearchResults, as_queryset
from cards.search.service import printed_only_for, read_query, search
from cards.search.slots import SearchBusy, search_slot


def _list_url(query: str) -> str:
    return f"{reverse('cards:card-list')}?{urlencode({'q': query})}"


def _count(query: str) -> int | None:
    try:
        understood = read_query(query)
        # Counted as the list counts them: cards known only from fan pages only when the query names them.
        cards, _ = search(Card.objects.all(), understood, printed_only=printed_only_for(understood))
    except NoUsableTerm:
        return None
    return int(cards.count())


def syntax(request: HttpRequest) -> HttpResponse:
    """Every keyword with its spellings, operators and live examples (the counts are real)."""
    general = ["sand lord", '"dry heaps"', "fire -dragon", "undead or demon", "(c:pirate or c:undead) v>=10",
               "grahzue lover"]  # fmt: skip
    keywords = [
        {
            "keyword": keyword,
            "examples": [{"query": q, "url": _list_url(q), "count": _count(q)} for q in keyword.examples],
        }
        for keyword in KEYWORDS
    ]
    examples = [{"query": q, "url": _list_url(q), "count": _count(q)} for q in general]
    return render(request, "cards/search_syntax.html", {"keywords": keywords, "general": examples})


def advanced(request: HttpRequest) -> HttpResponse:
    """A form for every keyword; submitting it shows the card list for the query it writes."""
    form = AdvancedSearchForm(request.GET or None)
    if form.is_bound and form.is_valid():
        query = compose(form.cleaned_data)
        if query:
            return HttpResponseRedirect(_list_url(query))
    return render(request, "cards/advanced_search.html", {"form": form}, status=400 if form.errors else 200)


def random_card(request: HttpRequest) -> HttpResponse:
    """A random card among those matching the query and filters given; the list page if none does."""
    from cards.views import search_busy_page

    try:
        with search_slot(request.GET.get("q", "")):
            return _random_card(request)
    except SearchBusy as exc:
        return search_busy_page(request, exc)


def _random_card(request: HttpRequest) -> HttpResponse:
    filterset = CardFilterSet(request.GET, queryset=Card.objects.all())
    if not filterset.is_valid():
        return HttpResponseRedirect(f"{reverse('cards:card-list')}?{request.GET.urlencode()}")
    cards = filterset.qs
    count = cards.count()
    if count == 0:
        return HttpResponseRedirect(f"{reverse('cards:card-list')}?{request.GET.urlencode()}")
    # A search's results fetch the one card at that place by its id; a queryset is given a fixed order first.
    if not isinstance(cards, SearchResults):
        cards = as_queryset(cards).order_by("pk")
    card = cards[random.randrange(count)]
    return HttpResponseRedirect(card.get_absolute_url())
