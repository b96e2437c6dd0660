"""Rulings you can run, on the pages (issue #32, items 2 and 3): a ruling with a scenario says what it shows and
links "See it happen" to the step-through at the step that applies it; a card page does the same beside each of
the card's rulings; a ruling without one says why; the open rule's page shows the duel under each reading."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from combat.links import notation_in
from engine.catalog import default_catalog
from engine.rulesets import parse_any, resolve_any

pytestmark = pytest.mark.django_db


def _see_it(html: str) -> list[str]:
    return [unescape(href) for href in re.findall(r'<a[^>]*href="([^"]+)"[^>]*>See it happen', html)]


def _step_of(link: str) -> tuple[str, int]:
    query = {key: values[0] for key, values in parse_qs(urlsplit(link).query).items()}
    notation = notation_in(query)
    assert notation is not None
    return notation, int(query["step"])


def test_a_ruling_page_opens_the_step_that_applies_it(client: Client) -> None:
    html = client.get("/rulings/A-24/").content.decode()
    assert "See it happen" in html and "Hammer of Doom destroys the Woods" in html
    [link] = _see_it(html)
    assert link.endswith("#step-nav")
    notation, step = _step_of(link)
    log = resolve_any(parse_any(notation), default_catalog())
    assert log.steps[step].rule == "A-24"
    # The link opens that step's page, and the page shows that step's text.
    page = client.get(link.split("#")[0]).content.decode()
    assert "Woods" in page and "step-nav" in page


def test_a_card_page_shows_its_rulings_scenarios(client: Client) -> None:
    html = client.get("/cards/hammer-of-doom/").content.decode()
    links = _see_it(html)
    assert links and all(_step_of(link)[1] > 0 for link in links)


def test_a_ruling_no_combat_can_show_says_why(client: Client) -> None:
    html = client.get("/rulings/A-25/").content.decode()
    assert "No combat can show this ruling" in html and "no result of the example depends on it" in html
    assert not _see_it(html)


def test_the_open_rule_shows_its_readings_side_by_side(client: Client) -> None:
    html = client.get("/rules/arena/6.7.5/").content.decode()
    section = html.split('id="readings-heading"', 1)[1].split("</section>", 1)[0]
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", section, re.S)
    assert len(rows) == 2
    assert "step-6" in rows[0] and "site default" in rows[0] and "The defender wins" in rows[0]
    assert "primary-stands" in rows[1] and "The attacker wins" in rows[1]
    assert "The site&#x27;s default:" in section or "The site's default:" in section
    links = _see_it(section)
    assert len(links) == 2 and all(link.endswith("#duel-step-nav") for link in links)
    assert {_step_of(link)[0].split()[1] for link in links} == {
        "reading.secondary-passes=step-6", "reading.secondary-passes=primary-stands"}


def test_the_rulings_list_counts_the_rulings_with_and_without_a_scenario(client: Client) -> None:
    from rulings.scenarios import ruling_counts

    counts = ruling_counts()
    html = client.get("/rulings/").content.decode()
    assert f"{counts.with_scenario} rulings have a scenario" in html and f"{counts.pending} could be shown" in html


def test_a_site_reading_shows_its_own_scenario_or_that_of_the_ruling_it_states(client: Client) -> None:
    own = client.get("/rules/11.4.1/").content.decode()
    [link] = _see_it(own)
    notation, step = _step_of(link)
    assert "the-great-balderoon" in notation
    assert resolve_any(parse_any(notation), default_catalog()).steps[step].rule == "ENG-1"
    stated = client.get("/rules/6.4.4/").content.decode()  # states site ruling A-04
    [link] = _see_it(stated)
    notation, step = _step_of(link)
    assert resolve_any(parse_any(notation), default_catalog()).steps[step].rule == "A-04"
    pending = client.get("/rules/11.4.5/").content.decode()
    assert "its scenario is not written yet" in pending and not _see_it(pending)
