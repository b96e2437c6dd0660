"""Run a query the way the site does and return what it found."""

from __future__ import annotations

from cards.models import Card
from cards.search.service import read_query, search


def found(query: str) -> set[str]:
    cards, _ = search(Card.objects.all(), read_query(query))
    return set(cards.values_list("slug", flat=True))


def found_in_order(query: str) -> list[str]:
    cards, _ = search(Card.objects.all(), read_query(query))
    return list(cards.values_list("slug", flat=True))
