"""The search pages and helpers: syntax page, advanced form, random card, autocomplete, did-you-mean
and highlighting."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from cards.search.compose import compose
from cards.search.keywords import KEYWORDS
from tests.search import reference as ref
from tests.search.helpers import found

pytestmark = pytest.mark.django_db


def test_syntax_page_documents_every_keyword_with_live_examples(client: Client) -> None:
    response = client.get("/cards/syntax/")
    assert response.status_code == 200
    rows = response.context["keywords"]
    assert [row["keyword"].name for row in rows] == [keyword.name for keyword in KEYWORDS]
    for row in rows:
        assert row["examples"], row["keyword"].name
        for example in row["examples"]:
            listed = client.get(example["url"])
            assert listed.status_code == 200
            # The count is the one the list shows (cards known only from fan pages only when asked for).
            assert example["count"] == listed.context["total"]
            assert example["count"] + listed.context["unverified_hidden"] == len(found(example["query"]))


def test_advanced_form_writes_the_query_text(client: Client) -> None:
    response = client.get("/cards/advanced/", {"words": "fire", "border": "elemental", "vitality_min": "5",
                                               "is_flying": "no", "card_class": "Elemental Lord", "order": "vitality"})  # fmt: skip
    assert response.status_code == 302
    query = parse_qs(urlsplit(response["Location"]).query)["q"][0]
    assert query == 'fire b:elemental class:"Elemental Lord" v>=5 -is:flying order:vitality'
    assert client.get(response["Location"]).status_code == 200


def test_compose_writes_equal_bounds_as_one_term() -> None:
    assert compose({"vitality_min": 7, "vitality_max": 7, "cmp_max": 2, "is_command": "yes"}) == "v=7 cmp<=2 is:command"
    assert compose({}) == ""


def test_advanced_form_writes_rarity_and_the_new_flags(client: Client) -> None:
    response = client.get("/cards/advanced/", {"rarity": "u2", "is_starter": "no", "is_unverified": "no"})
    assert response.status_code == 302
    assert parse_qs(urlsplit(response["Location"]).query)["q"][0] == "r:u2 -is:starter -is:unverified"


def test_advanced_form_without_input_shows_the_form(client: Client) -> None:
    assert client.get("/cards/advanced/").status_code == 200
    assert client.get("/cards/advanced/", {"vitality_min": "lots"}).status_code == 400


def test_random_card_is_one_of_the_matches(client: Client) -> None:
    expected = ref.slugs(ref.number("vitality", ">=", 20))
    for _ in range(5):
        response = client.get("/cards/random/", {"q": "v>=20"})
        assert response.status_code == 302
        assert response["Location"].strip("/").split("/")[-1] in expected


def test_random_card_without_match_goes_back_to_the_list(client: Client) -> None:
    response = client.get("/cards/random/", {"q": "v>=40 v<0"})
    assert response.status_code == 302 and response["Location"].startswith("/cards/?")


def test_autocomplete_puts_name_prefixes_first_and_caps_at_twenty(client: Client) -> None:
    body = client.get("/api/v1/cards/autocomplete/", {"q": "ice"}).json()
    names = [item["name"] for item in body["results"]]
    starting = sorted(r["name"] for r in ref.records() if any(n.startswith("ice") for n in ref.names_of(r)))
    assert names[: len(starting)] == starting
    assert all("ice" in name.lower() for name in names)
    assert len(client.get("/api/v1/cards/autocomplete/", {"q": "s"}).json()["results"]) == 20
    assert client.get("/api/v1/cards/autocomplete/", {"q": "   "}).json()["results"] == []


def test_autocomplete_completes_the_last_word_of_several(client: Client) -> None:
    names = [item["name"] for item in client.get("/api/v1/cards/autocomplete/", {"q": "lord sa"}).json()["results"]]
    assert "Sand Lord" in names


def test_did_you_mean_corrects_a_misspelt_name(client: Client) -> None:
    # Plain words matching no card are read as a card name typed loosely (issue #37): the card is listed,
    # labelled as such, and its exact spelling offered.
    response = client.get("/cards/", {"q": "sand lrod"})
    assert response.context["total"] == 1 and response.context["did_you_mean"] == "sand lord"
    assert response.context["search"].loose_name.names == ("sand lord",)
    assert client.get("/cards/", {"q": "drgon"}).context["did_you_mean"] == "dragon"
    assert client.get("/api/v1/cards/", {"q": "baelzebob v>3"}).json()["search"]["did_you_mean"] == "baelzebub v>3"


def test_results_highlight_the_matched_words(client: Client) -> None:
    page = client.get("/cards/", {"q": "immune fire"}).content.decode()
    assert "<mark>Immune</mark>" in page and "<mark>fire</mark>" in page
    tiles = client.get("/cards/", {"q": "sand lord", "view": "tiles"}).content.decode()
    assert "<mark>Sand</mark> <mark>Lord</mark>" in tiles
    body = client.get("/api/v1/cards/", {"q": "sand lord"}).json()
    sand_lord = next(card for card in body["results"] if card["slug"] == "sand-lord")
    assert sand_lord["matched"]["name"] == "<mark>Sand</mark> <mark>Lord</mark>"
    assert sand_lord["matched"]["words"][:2] == ["Sand", "Lord"]


def test_highlighting_escapes_card_text(client: Client) -> None:
    from cards.search.highlight import highlight

    assert (
        str(highlight("<b>Fire</b> & fires", {"fire"}))
        == "&lt;b&gt;<mark>Fire</mark>&lt;/b&gt; &amp; <mark>fires</mark>"
    )


def test_lists_without_a_search_are_unchanged(client: Client) -> None:
    body = client.get("/api/v1/cards/").json()
    assert set(body) == {"count", "next", "previous", "results", "warnings", "unverified_hidden"}
    assert "<mark>" not in client.get("/cards/").content.decode()
