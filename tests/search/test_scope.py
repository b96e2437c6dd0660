"""Cards known only from fan pages, left out of a search answered from the index unless it names them."""

from __future__ import annotations

import pytest
from django.test import Client

from cards.models import Card
from cards.search.service import read_query, search

pytestmark = pytest.mark.django_db


def test_the_index_answers_a_printed_only_search_from_its_bitmaps() -> None:
    cards, outcome = search(Card.objects.all(), read_query("t:stronghold"), printed_only=True)
    assert outcome.plan.matches is not None  # answered in memory, not by SQL
    assert cards.count() == 18 and not any(card.is_unverified for card in cards)
    everything, _ = search(Card.objects.all(), read_query("t:stronghold"), printed_only=False)
    assert everything.count() == 21


def test_the_list_counts_what_it_left_out(client: Client) -> None:
    response = client.get("/cards/", {"q": "t:stronghold"})
    assert (response.context["total"], response.context["unverified_hidden"]) == (18, 3)
    asked = client.get("/cards/", {"q": "t:stronghold is:unverified"})
    assert (asked.context["total"], asked.context["unverified_hidden"]) == (3, 0)
    by_set = client.get("/cards/", {"q": "set:fan"})
    assert (by_set.context["total"], by_set.context["unverified_hidden"]) == (3, 0)
    words = client.get("/cards/", {"q": "mud castle"})
    assert (words.context["total"], words.context["unverified_hidden"]) == (0, 3)


def test_rarity_and_starter_from_the_bitmaps() -> None:
    starter, outcome = search(Card.objects.all(), read_query("is:starter t:stronghold"), printed_only=True)
    assert outcome.plan.matches is not None
    assert sorted(card.stronghold_group for card in starter) == sorted(
        ["Carreg Amroth", "Khnumian Stronghold", "Sabu Amantek"] * 3
    )
    uncommon, _ = search(Card.objects.all(), read_query("r:u s:np"), printed_only=True)
    assert uncommon.count() == 50


def test_a_corrected_rarity_is_found_after_the_save(tmp_path, settings, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    from cards.search import storage

    settings.SEARCH_INDEX_DIR = tmp_path
    storage.build(Card.objects.select_related("card_set").prefetch_related("classes", "printings__card_set"), tmp_path)
    river_giant = Card.objects.get(slug="river-giant")  # the one Drifter's Nexus printing without a rarity
    assert "river-giant" not in _slugs("r:rare s:dn")
    with django_capture_on_commit_callbacks(execute=True):
        printing = river_giant.printings.get()
        printing.rarity = "R2"
        printing.save()
    assert "river-giant" in _slugs("r:rare s:dn") and "river-giant" in _slugs("rarity:r2")


def _slugs(query: str) -> list[str]:
    cards, _ = search(Card.objects.all(), read_query(query), printed_only=True)
    return list(cards.values_list("slug", flat=True))


def test_the_site_wide_search_counts_cards_as_the_card_list_does(client: Client) -> None:
    from sitewide.site_search import CARDS, site_search

    for query, listed in (("t:stronghold", 18), ("is:unverified", 3), ("castle", None)):
        cards = next((group for group in site_search(query).groups if group.kind == CARDS), None)
        expected = client.get("/cards/", {"q": query}).context["total"]
        assert (cards.total if cards else 0) == expected
        if listed is not None:
            assert expected == listed
