"""Every rule id the engine can cite resolves through /rules/id/<id>/ to the rule that carries it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.rulings.corpus_facts import engine_ids, owners_of_ids

pytestmark = pytest.mark.django_db


def test_the_engine_cites_ids() -> None:
    assert {"CMD-2", "PRI-7", "A-05", "ENG-1"} <= engine_ids()


def test_every_engine_id_redirects_to_its_rule(client: Client) -> None:
    owners = owners_of_ids()
    wrong = {}
    for code in sorted(engine_ids()):
        response = client.get(f"/rules/id/{code}/")
        expected = f"/rules/{owners.get(code)}/"
        if response.status_code != 302 or response["Location"] != expected:
            wrong[code] = (response.status_code, response.get("Location"), expected)
    assert wrong == {}


def test_every_tagged_id_resolves_and_lands_on_a_page_that_shows_it(client: Client) -> None:
    for code, number in owners_of_ids().items():
        page = client.get(f"/rules/id/{code}/", follow=True)
        # The id is kept in an attribute for tools; readers see the rule number (issue #32).
        shown = re.search(rf'data-engine-ids="[^"]*\b{re.escape(code)}\b', page.content.decode())
        assert page.status_code == 200 and shown, code
        assert page.redirect_chain[-1][0] == f"/rules/{number}/"


def test_ids_are_case_insensitive_and_unknown_ids_are_a_friendly_404(client: Client) -> None:
    assert client.get("/rules/id/pri-7/")["Location"] == client.get("/rules/id/PRI-7/")["Location"]
    missing = client.get("/rules/id/XYZ-99/")
    assert missing.status_code == 404 and b"<h1" in missing.content


def test_the_api_finds_a_rule_by_engine_id(client: Client) -> None:
    number = owners_of_ids()["PRI-7"]
    body = client.get("/api/v1/rules/id/PRI-7/").json()
    assert body["number"] == number and "PRI-7" in body["engine_ids"]
    assert client.get("/api/v1/rules/id/NOPE-1/").json()["error"]["code"] == "not_found"
