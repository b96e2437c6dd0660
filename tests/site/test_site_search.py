"""The header's search box: one search over cards, rules, rulings and glossary, with jumps and completions."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.rulings.corpus_facts import owners_of_ids

pytestmark = pytest.mark.django_db

JUMPS = {
    "Sand Lord": "/cards/sand-lord/",
    "  sand   lord ": "/cards/sand-lord/",
    "6.5.1": "/rules/6.5.1/",
    "arena 6.3.2": "/rules/arena/6.3.2/",
    "R-010": "/rulings/R-010/",
    "e-3": "/rulings/E-03/",
    "PRI-7": f"/rules/{owners_of_ids()['PRI-7']}/",
}


@pytest.fixture(autouse=True)
def _index_dirs(settings, tmp_path_factory):  # type: ignore[no-untyped-def]
    settings.SEARCH_INDEX_DIR = tmp_path_factory.getbasetemp() / "site-search-index"


@pytest.mark.parametrize(("typed", "target"), JUMPS.items())
def test_an_exact_name_or_address_opens_its_page(client: Client, typed: str, target: str) -> None:
    response = client.get("/search/", {"q": typed})
    assert response.status_code == 302 and response["Location"] == target


def test_words_are_answered_by_kind_with_the_best_of_each_first(client: Client) -> None:
    html = client.get("/search/", {"q": "bribery"}).content.decode()
    groups = re.findall(r'<h2 id="group-(\w+)">', html)
    assert set(groups) == {"cards", "rules", "rulings", "glossary"}
    assert groups[0] == "rules" and groups[-1] == "cards"  # the rules' own "6.5 Bribery" leads; cards only mention it
    first_rule = re.search(r'id="group-rules">.*?<a class="number" href="([^"]+)"', html, re.S)
    assert first_rule and first_rule[1] == "/rules/6.5/"
    assert 'href="/rules/search/?q=bribery&amp;in=rulings%2Cerrata"' in html
    dragon = client.get("/search/", {"q": "dragon"}).content.decode()
    assert re.findall(r'<h2 id="group-(\w+)">', dragon)[0] == "cards"  # names holding the word lead


def test_the_api_answers_the_same_search(client: Client) -> None:
    body = client.get("/api/v1/search/", {"q": "bribery", "per_group": 2}).json()
    assert [group["kind"] for group in body["groups"]][0] == "rules"
    rules = body["groups"][0]
    assert rules["results"][0]["label"] == "6.5" and len(rules["results"]) == 2 and rules["total"] > 2
    assert body["jump"] is None and body["total"] == sum(group["total"] for group in body["groups"])
    jump = client.get("/api/v1/search/", {"q": "Sand Lord"}).json()["jump"]
    assert jump["kind"] == "card" and jump["html_url"].endswith("/cards/sand-lord/")
    assert client.get("/api/v1/search/", {"q": "x", "per_group": "0"}).status_code == 400
    misspelt = client.get("/api/v1/search/", {"q": "bribary"}).json()
    assert misspelt["corrected_from"] == "bribary" and misspelt["searched"] == "bribery"


def test_the_rules_api_searches_like_the_rules_page(client: Client) -> None:
    body = client.get("/api/v1/rules/", {"q": "capture", "in": "arena"}).json()
    assert body["results"][0]["ref"] == "arena 2.3.3" and {hit["kind"] for hit in body["results"]} == {"arena"}
    assert body["results"][0]["breadcrumb"][0]["label"] == "Guardians Arena"
    jump = client.get("/api/v1/rules/", {"q": "6.5.1"}).json()
    assert jump["jump"]["html_url"].endswith("/rules/6.5.1/") and [hit["ref"] for hit in jump["results"]] == ["6.5.1"]
    assert client.get("/api/v1/rules/", {"q": "x", "in": "cards"}).status_code == 400
    assert isinstance(client.get("/api/v1/rules/").json(), list)  # without q: the trees, as before


def test_completions_cover_numbers_ids_cards_and_terms(client: Client) -> None:
    def values(text: str) -> list[str]:
        return [item["value"] for item in client.get("/api/v1/search/suggest/", {"q": text}).json()["results"]]

    assert values("6.5.")[:2] == ["6.5.1", "6.5.1a"]
    assert values("R-01")[0] == "R-010"
    assert "Sand Lord" in values("sand l")
    assert "Bribery" in values("brib")
    assert values("") == []


def test_every_page_has_the_site_search_box_with_completions(client: Client) -> None:
    for url in ("/", "/cards/", "/rules/", "/rulings/R-010/", "/cards/sand-lord/"):
        html = client.get(url).content.decode()
        form = re.search(r'<form class="site-search"[^>]*action="/search/".*?</form>', html, re.S)
        assert form, url
        assert 'list="site-search-suggestions"' in form[0] and '<datalist id="site-search-suggestions">' in form[0]
        assert "search-suggestions.js" in form[0]


def test_the_searches_are_in_the_openapi_schema(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    paths = schema["paths"]
    assert {"/api/v1/search/", "/api/v1/search/suggest/"} <= set(paths)
    rules = paths["/api/v1/rules/"]["get"]
    assert {"q", "in", "page", "page_size", "ruleset"} <= {parameter["name"] for parameter in rules["parameters"]}
    answer = rules["responses"]["200"]["content"]["application/json"]["schema"]
    # A union answer is not wrapped in allOf (a generated client drops that); its object member states the
    # optional warnings every object answer may carry (core/api/schema.py).
    components = schema["components"]["schemas"]
    response = components[answer["$ref"].rsplit("/", 1)[1]]
    assert len(response["oneOf"]) == 2  # the trees without q, the search with it
    objects = [components[member["$ref"].rsplit("/", 1)[1]] for member in response["oneOf"] if "$ref" in member]
    assert [member["properties"]["warnings"]["type"] for member in objects] == ["array"]
    for code in ("R-010", "bribery"):
        assert client.get("/api/v1/search/", {"q": code}).status_code == 200


def test_odd_input_never_fails(client: Client) -> None:
    odd = ["<script>", "((((", '"', "-", '-"a b"', "x" * 5000, "v>=10", "arena", "standard 99.9", "R-999", "PRI-999", "\x00"]
    for url in ("/search/", "/rules/search/", "/api/v1/search/", "/api/v1/rules/", "/api/v1/search/suggest/"):
        for text in odd:
            # A NUL is refused site-wide before any view runs (core.middleware): a 400, not a failure.
            expected = (400,) if "\x00" in text else (200, 302)
            assert client.get(url, {"q": text}).status_code in expected, (url, text)
