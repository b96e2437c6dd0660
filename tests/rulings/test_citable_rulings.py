"""Rulings a judge can cite: readable sources with links, real dates, rulings shown on their cards."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from core.sources import describe, display_date
from rulings.display import ruling_sources
from rulings.models import Ruling, WorkedExample
from tests.rulings.corpus_facts import rulings

pytestmark = pytest.mark.django_db

FILE_NAME = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")
# The day the rulings were first loaded: only the site's own rulings may carry it.
LOAD_DATE = "2026-11-21"


def test_every_ruling_has_a_readable_source_and_a_date_that_is_not_the_load_date() -> None:
    for ruling in Ruling.objects.for_listing():
        sources = ruling_sources(ruling)
        assert sources and all(source.name and not FILE_NAME.search(source.name) for source in sources), ruling.code
        assert all(source.url for source in sources if source.authority != "card-data"), ruling.code
        if ruling.authority == "site":
            assert sources[0].name == "This site's ruling" and ruling.date, ruling.code
        else:
            assert ruling.date != LOAD_DATE, ruling.code
            assert ruling.date or ruling.date_note.startswith("Date unknown"), ruling.code


def test_dates_come_from_the_sources_themselves() -> None:
    faq = [ruling for ruling in Ruling.objects.filter(authority="faq-1996")]
    assert faq and {ruling.date for ruling in faq} == {"1996"}
    post = describe("http://tannikersmith.blogspot.com/2008/07/guardians-rules-part-4.html")
    assert (post.date, post.date_display) == ("2008-07", "July 2008")
    comment = describe("http://guardiansccg.blogspot.com/2014/12/buster-scrimbos-card-profile-1-10.html?showComment=1427202479873")
    assert comment.date == "2015-03-24" and comment.name.startswith("A comment on")
    compiled = describe("000_0d6fc4f132d18c2f.txt")
    assert compiled.date == "" and "no date" in compiled.date_note
    assert display_date("2015-03-24") == "24 March 2015" and display_date("") == ""


def test_no_page_shows_a_seed_file_name(client: Client) -> None:
    pages = ["/rulings/R-010/", "/rulings/A-03/", "/rulings/?page_size=200", "/cards/sand-lord/",
             "/cards/king-of-mystfall/", "/api/v1/rulings/R-010/", "/api/v1/cards/sand-lord/", "/api/v1/sets/FAN/",
             "/api/v1/cards/necropolis-park-stronghold-left/"]  # fmt: skip
    pages += [example.get_absolute_url() for example in WorkedExample.objects.all()]
    for url in pages:
        body = client.get(url).content.decode()
        assert not FILE_NAME.search(body), url


def test_a_ruling_page_names_and_links_its_sources_with_dates_and_history(client: Client) -> None:
    html = client.get("/rulings/R-113/").content.decode()
    assert 'href="http://philbarfly.free.fr/ANGLAIS/faq.htm"' in html and "The 1996 Guardians FAQ" in html
    assert '<time datetime="1996">1996</time>' in html
    html = client.get("/rulings/A-03/").content.decode()
    assert "This site&#x27;s ruling" in html and "21 November 2026" in html
    html = client.get("/rulings/R-089/").content.decode()
    assert "Change history" in html and "2026-11-26" in html


def test_r089_covers_and_links_all_three_stronghold_cards(client: Client) -> None:
    raw = next(item for item in rulings() if item["id"] == "R-089")
    for position in ("left", "center", "right"):
        slug = f"necropolis-park-stronghold-{position}"
        assert slug in raw["cards"]
        assert f'href="/cards/{slug}/"' in client.get("/rulings/R-089/").content.decode()
        assert "card-ruling-R-089" in client.get(f"/cards/{slug}/").content.decode()
    assert "centre card of" not in raw["answer"]


def test_a_card_page_shows_the_text_of_its_rulings_newest_first(client: Client) -> None:
    card = "sand-lord"
    expected = [item for item in rulings() if card in item["cards"]]
    html = client.get(f"/cards/{card}/").content.decode()
    shown = re.findall(r'id="card-ruling-([A-Z]-\d+)"', html)
    assert sorted(shown) == sorted(item["id"] for item in expected)
    dates = [Ruling.objects.get(code=code).date for code in shown]
    dated = [date for date in dates if date]
    assert dated == sorted(dated, reverse=True) and dates[: len(dated)] == dated  # undated ones last
    mystfall = re.sub(r"<[^>]+>", "", client.get("/cards/king-of-mystfall/").content.decode())
    assert "one King of Mystfall per space per player" in mystfall  # the erratum's text, not just a link
    api = client.get(f"/api/v1/cards/{card}/").json()
    assert [item["id"] for item in api["rulings"]] == shown
    assert all(item["answer"] and item["sources"] for item in api["rulings"])


def test_statistic_abbreviations_link_to_the_glossary(client: Client) -> None:
    html = client.get("/cards/sand-lord/").content.decode()
    assert re.search(r'<a class="term" href="/rules/glossary/#off-colour-bonus">Off-colour bonus \(OCB\)</a>', html)
    assert 'href="/rules/glossary/#cmp"' in html
    guardian = client.get("/api/v1/cards/", {"type": "guardian"}).json()["results"][0]["slug"]
    html = client.get(f"/cards/{guardian}/").content.decode()
    for anchor in ("ldl", "mdl", "luc", "cmp"):
        assert f'href="/rules/glossary/#{anchor}"' in html, anchor
    html = client.get("/cards/snake-pit/").content.decode()
    assert 'href="/rules/glossary/#up-number">Up number</a>' in html
