"""A search in the API sorted by ``ordering`` or ``sort`` gives the database's order, from the bitmap or not."""

from __future__ import annotations

import pytest
from django.test import Client

from cards.models import Card
from cards.querysets import SORTS
from cards.search.service import read_query, search

pytestmark = pytest.mark.django_db

QUERY = "v>=3"


def _expected(order: str) -> list[str]:
    cards, _ = search(Card.objects.all(), read_query(QUERY), printed_only=True)
    return list(cards.order_by(*SORTS[order]).values_list("slug", flat=True)[:20])


@pytest.mark.parametrize("order", ["name", "-name", "vitality", "-set"])
@pytest.mark.parametrize("parameter", ["ordering", "sort"])
def test_a_sorted_search_is_in_the_database_order(client: Client, order: str, parameter: str) -> None:
    response = client.get("/api/v1/cards/", {"q": QUERY, parameter: order, "page_size": 20})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == search(Card.objects.printed(), read_query(QUERY))[0].count()
    assert [card["slug"] for card in body["results"]] == _expected(order)


def test_a_later_page_of_a_search_is_the_database_page(client: Client) -> None:
    cards, _ = search(Card.objects.all(), read_query(QUERY), printed_only=True)
    expected = list(cards.order_by(*SORTS["-name"]).values_list("slug", flat=True)[20:40])
    response = client.get("/api/v1/cards/", {"q": QUERY, "ordering": "-name", "page_size": 20, "page": 2})
    assert [card["slug"] for card in response.json()["results"]] == expected
