"""A bare first visit to the simulator greets, explains and offers both rulesets, empty or from an example;
the duel form's own address answers a bare visit with that form, never a 400."""

from __future__ import annotations

import html as html_module
import re

import pytest
from django.test import Client

from combat.examples import arena_examples
from combat.links import permalink
from combat.setup_form import STARTER_NOTATION

pytestmark = pytest.mark.django_db


def _links(html: str) -> dict[str, str]:
    """Each link's words (tags stripped) to its address."""
    return {
        re.sub(r"<[^>]+>", "", words).strip(): html_module.unescape(href)
        for href, words in re.findall(r'<a href="([^"]+)"[^>]*>(.*?)</a>', html, re.S)
    }


def _welcome(html: str) -> str:
    start = html.index('<section class="welcome"')
    return html[start : html.index("</section>", start)]


def test_a_bare_visit_to_the_simulator_is_greeted_with_both_rulesets_and_both_ways_in(client: Client) -> None:
    response = client.get("/combat/")
    assert response.status_code == 200
    welcome = _welcome(response.content.decode())
    links = _links(welcome)
    assert links["Start from an empty set-up"] == "/combat/?blank=1"
    assert links["Resolve the example as it is"] == permalink(STARTER_NOTATION)
    assert links["Start from an empty duel"] == "/combat/?ruleset=arena"
    example = arena_examples()[0]
    assert links["Step through an example duel"] == example.permalink
    assert links["Start from that example"] == f"/combat/?example={example.id}"
    # The example the form holds is said in words, and the welcome comes before the form.
    assert "Sand Lord against Swordsman and Archer in the Swamps" in welcome
    html = response.content.decode()
    assert html.index('class="welcome"') < html.index('id="setup-form"' if 'id="setup-form"' in html else "<form")


@pytest.mark.parametrize("address", ["/combat/duel/", "/combat/?ruleset=arena"])
def test_a_bare_visit_to_the_duel_form_is_the_empty_form_with_the_welcome(client: Client, address: str) -> None:
    response = client.get(address)
    html = response.content.decode()
    assert response.status_code == 200
    assert "arena.no_duellist" not in html and 'role="alert"' not in html
    assert 'id="duel-form"' in html and "Start from an empty set-up" in _links(_welcome(html))


def test_the_welcome_is_for_a_first_visit_only(client: Client) -> None:
    for address in ("/combat/?blank=1", f"/combat/?example={arena_examples()[0].id}", "/combat/?ruleset=arena&x=1"):
        assert 'class="welcome"' not in client.get(address).content.decode(), address


def test_a_sent_duel_form_without_a_duellist_is_still_refused(client: Client) -> None:
    response = client.get("/combat/duel/", {"a_duellist": "", "d_duellist": ""})
    assert response.status_code == 400 and "arena.no_duellist" in response.content.decode()
