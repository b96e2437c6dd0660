"""A card found by a sloppy name (issue #37): run together, split wrongly, hyphenated or with a slip, at every
entry point: the card list, the cards API, the header's search and both autocompletes."""

from __future__ import annotations

import pytest
from django.test import Client

from cards.search.spelling import LooseNames, NameSpeller, compact, deletions, edit_distance

pytestmark = pytest.mark.django_db

SLOPPY = ["sandlord", "sand lrod", "sand-lord", "SandLord", "sand lord"]


@pytest.mark.parametrize("typed", SLOPPY)
def test_the_cards_api_finds_the_card(client: Client, typed: str) -> None:
    body = client.get("/api/v1/cards/", {"q": typed}).json()
    assert "sand-lord" in [card["slug"] for card in body["results"]]


@pytest.mark.parametrize("typed", SLOPPY)
def test_the_card_list_finds_the_card(client: Client, typed: str) -> None:
    response = client.get("/cards/", {"q": typed})
    assert response.status_code == 200 and "/cards/sand-lord/" in response.content.decode()


def test_a_loose_reading_is_labelled_and_offers_the_exact_name(client: Client) -> None:
    for typed, edits in (("sandlord", 0), ("sand lrod", 1), ("sandlrod", 1)):
        search = client.get("/api/v1/cards/", {"q": typed}).json()["search"]
        assert search["loose_name"] == {"reading": "loose_name", "typed": typed, "names": ["sand lord"], "edits": edits}
        assert search["did_you_mean"] == "sand lord"
    page = client.get("/cards/", {"q": "sandlord"}).content.decode()
    assert "whose name is close to <q>sandlord</q>" in page and "Did you mean" in page
    # Words that match as typed are not read loosely.
    assert client.get("/api/v1/cards/", {"q": "sand-lord"}).json()["search"]["loose_name"] is None


def test_nothing_near_stays_no_match(client: Client) -> None:
    body = client.get("/api/v1/cards/", {"q": "zzqqxxvvww"}).json()
    assert body["count"] == 0 and body["search"]["loose_name"] is None
    # A keyword makes the query more than a name: it is never read loosely.
    assert client.get("/api/v1/cards/", {"q": "sandlord v>100"}).json()["count"] == 0


@pytest.mark.parametrize("typed", ["sandlord", "sand lrod", "sand-lord"])
def test_the_header_search_finds_the_card(client: Client, typed: str) -> None:
    response = client.get("/search/", {"q": typed})
    target = response["Location"] if response.status_code == 302 else response.content.decode()
    assert "/cards/sand-lord/" in target
    body = client.get("/api/v1/search/", {"q": typed}).json()
    found = [item["html_url"] for group in body["groups"] for item in group["results"]]
    jump = body["jump"]["html_url"] if body["jump"] else ""
    assert any(url.endswith("/cards/sand-lord/") for url in [*found, jump])


@pytest.mark.parametrize("typed", ["sandlord", "sandl", "sand lrod", "sand-lord"])
def test_both_autocompletes_offer_the_card(client: Client, typed: str) -> None:
    names = [item["name"] for item in client.get("/api/v1/cards/autocomplete/", {"q": typed}).json()["results"]]
    assert "Sand Lord" in names
    values = [item["value"] for item in client.get("/api/v1/search/suggest/", {"q": typed}).json()["results"]]
    assert "Sand Lord" in values


def test_loose_names_compare_letters_and_digits_only() -> None:
    names = LooseNames([("sand lord", 1), ("fire-walker", 2), ("ice age", 3)])
    assert compact("Sand-Lord!") == "sandlord"
    assert names.find("SAND   lord") is not None and names.find("sandlord").ranks == frozenset({1})  # type: ignore[union-attr]
    near = names.find("firewalkr")
    assert near is not None and near.ranks == frozenset({2}) and near.edits == 1
    assert names.find("firewlkr") is None  # two slips in a name: too far
    assert names.find("iceag") is None  # too short to guess from
    assert names.starting("sand l") == frozenset({1}) and names.starting("sa") == frozenset()


def test_the_speller_finds_the_nearest_name_word_by_deletions() -> None:
    speller = NameSpeller(["dragon", "lord", "wagon", "sand"])
    assert speller.closest("drgon") == "dragon" and speller.closest("lrod") == "lord"
    assert speller.closest("zq") is None and speller.closest("dragon") is None
    assert speller.closest("drgn") is None  # four letters: one slip allowed, this is two
    frequencies = {"dragon": 1, "wagon": 5}
    assert speller.closest("dagon", frequencies.__getitem__) == "wagon"  # a tie on edits: the more used word
    assert "drgn" in deletions("dragon", 2) and edit_distance("lrod", "lord") == 1
