"""Names sort case ignored, the same on every database, and a searched page (from the bitmaps or not) agrees."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models.functions import Collate
from django.test import Client

from cards.models import Card, name_sort_key
from cards.search.service import found_cards, prepare, read_query, search

pytestmark = pytest.mark.django_db

# Beside the printed Rock cards: names that differ from them only by case, and names with punctuation.
EXTRA_NAMES = ["rock rat", "ROCK SPIRIT", "Rock-Rat", "Rock, Rat", "Rock's Rat", "rock of far rolling", "Rock.Rat"]
QUERIES = ["name:rock*", "rock", "name:rock* or v>=3", "-v>=3"]


def _dictionary_order(cards: Any) -> list[str]:
    return [card.slug for card in sorted(cards, key=lambda card: (card.name.casefold(), card.slug))]


@pytest.fixture
def with_case_twins(tmp_path: Path, settings: Any) -> list[str]:
    model = Card.objects.get(slug="rock-rat")
    slugs = []
    for number, name in enumerate(EXTRA_NAMES):
        twin = Card(**{field.attname: getattr(model, field.attname) for field in Card._meta.concrete_fields
                       if field.attname != "id"})  # fmt: skip
        twin.slug, twin.name, twin.aliases = f"rock-twin-{number}", name, []
        twin.save()
        slugs.append(twin.slug)
    settings.SEARCH_INDEX_DIR = tmp_path
    call_command("rebuild_index", stdout=open("/dev/null", "w"))
    return slugs


def test_the_printed_rock_cards_are_in_dictionary_order() -> None:
    names = list(Card.objects.filter(slug__in=["rock-rat", "rock-spirit", "rock-of-far-rolling"]).values_list(
        "name", flat=True))  # fmt: skip
    assert names == ["Rock of Far Rolling", "Rock Rat", "Rock Spirit"]


def test_the_sort_key_is_kept_by_every_save() -> None:
    card = Card.objects.get(slug="rock-rat")
    card.name = "ROCK Rat"
    card.save(update_fields=["name"])
    assert Card.objects.get(slug="rock-rat").sort_key == name_sort_key("rock rat") == name_sort_key("Rock Rat")


def test_the_database_sorts_names_case_ignored(with_case_twins: list[str]) -> None:
    everything = list(Card.objects.all())
    assert [card.slug for card in everything] == _dictionary_order(everything)
    rocks = [card.name for card in Card.objects.filter(name__istartswith="rock")]
    assert rocks.index("Rock of Far Rolling") < rocks.index("Rock Rat") < rocks.index("Rock Spirit")


def test_a_searched_page_is_in_the_database_order_with_and_without_the_bitmaps(with_case_twins: list[str]) -> None:
    for query in QUERIES:
        for order in ("name", "-name"):
            cards, _ = search(Card.objects.all(), read_query(query))
            cards = cards.sorted_by(order)
            found = found_cards(Card.objects.all(), prepare(read_query(query)), order)
            assert found is not None  # the fast path: pages read off the bitmaps
            from_bitmaps = [card.slug for card in found[:400]]
            from_sql = list(cards.values_list("slug", flat=True)[:400])  # the database's answer
            assert from_bitmaps == from_sql, (query, order)
            expected = _dictionary_order(Card.objects.filter(slug__in=from_sql))
            assert from_sql == (expected if order == "name" else expected[::-1]), (query, order)
            if query.startswith("name:rock"):
                assert set(with_case_twins) <= set(from_sql)


def test_a_renamed_card_moves_to_its_case_ignored_place(
    with_case_twins: list[str], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        card = Card.objects.get(slug="rock-twin-0")
        card.name = "ROCK LORD"
        card.save()
    cards, _ = search(Card.objects.all(), read_query("name:rock*"))
    from_bitmaps = [card.slug for card in cards[:50]]
    assert from_bitmaps == list(cards.exclude(pk=-1).values_list("slug", flat=True)[:50])
    assert from_bitmaps == _dictionary_order(Card.objects.filter(slug__in=from_bitmaps))


@pytest.mark.parametrize("path, parameter", [("/api/v1/cards/", "ordering"), ("/cards/", "sort")])
def test_the_list_and_the_api_sort_names_case_ignored(with_case_twins: list[str], client: Client, path: str,
                                                      parameter: str) -> None:  # fmt: skip
    response = client.get(path, {"q": "name:rock*", parameter: "name"})
    assert response.status_code == 200
    if path.startswith("/api/"):
        slugs = [row["slug"] for row in response.json()["results"]]
        assert slugs == _dictionary_order(Card.objects.filter(slug__in=slugs))
    else:
        page = response.content.decode()
        assert page.index("Rock of Far Rolling") < page.index("Rock Rat") < page.index("Rock Spirit")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a locale collation is a PostgreSQL matter")
def test_a_locale_collation_keeps_the_same_order() -> None:
    # en_US (ICU here) skips punctuation and spaces where SQLite compares bytes; the hex key leaves it nothing to skip.
    with connection.cursor() as cursor:
        cursor.execute("SELECT collname FROM pg_collation WHERE collname = 'en-US-x-icu'")
        if cursor.fetchone() is None:
            pytest.skip("this PostgreSQL has no en-US ICU collation")
    localised = Card.objects.order_by(Collate("sort_key", "en-US-x-icu"), "slug")
    assert list(localised.values_list("slug", flat=True)) == list(Card.objects.values_list("slug", flat=True))
