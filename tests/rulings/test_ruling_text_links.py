"""A ruling's text links a card's name to the card's page exactly where the ruling lists the card.

Before 2026-11-27 the rendered text linked every printed card name it held, so "Woods" as the ground of R-028's
example led to the Woods card, "Beer-bribable" in R-084 to the Beer card and the class "Vampire" in R-085 to the
Vampire card, while "Tes Let", "Floyd" or "Clerics" (which name cards the rulings list) were no links at all. The
links now come from rulings/card_names.py, the matcher test_ruling_card_names.py checks the card lists with.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rulings import search
from rulings.card_names import NAMED_NOT_LISTED
from rulings.display import ruling_rows
from rulings.linking import TextLinker
from rulings.models import Ruling
from tests.rulings.corpus_facts import rulings

pytestmark = pytest.mark.django_db

CARD_HREF = re.compile(r'<a href="/cards/([^/"]+)/"')
CARD_LINK = re.compile(r'<a href="/cards/([^/"]+)/">([^<]*)</a>')  # in a text without <mark>s
# Examples of a word that is not the card there: (ruling, card slug, the word as the ruling writes it).
NOT_THE_CARD = [("R-028", "woods", "Woods"), ("R-084", "beer", "Beer-bribable"), ("R-085", "vampire", "Vampire")]
STRONGHOLD_PART = re.compile(r"-(?:left|center|right)$")


def linked_cards(*htmls: str) -> set[str]:
    return {slug for html in htmls for slug in CARD_HREF.findall(html)}


@pytest.fixture(scope="module")
def rows(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    # Read once for the module (rendering 162 rulings), from the test database the session loaded.
    with django_db_blocker.unblock():
        found = ruling_rows(Ruling.objects.prefetch_related("cards").order_by("code"), TextLinker.from_database())
        return {row.ruling.code: (row, {card.slug for card in row.ruling.cards.all()}) for row in found}


def test_every_ruling_links_the_cards_it_lists_and_no_other(rows) -> None:  # type: ignore[no-untyped-def]
    assert len(rows) == len(rulings()) == 162
    wrong, missing = [], []
    for code, (row, listed) in rows.items():
        linked = linked_cards(row.question, row.answer)
        wrong += [(code, slug) for slug in sorted(linked - listed)]
        # The three parts of a stronghold share its name ("the Necropolis Park stronghold"): one link for them.
        shared = {STRONGHOLD_PART.sub("", slug) for slug in linked if STRONGHOLD_PART.search(slug)}
        missing += [(code, slug) for slug in sorted(listed - linked) if STRONGHOLD_PART.sub("", slug) not in shared]
        wrong += [(code, slug) for slug in sorted(linked_cards(row.note) - listed)]
    assert wrong == [], "links to cards the ruling does not list"
    assert missing == [], "listed cards the ruling names without a link"


def test_a_card_named_by_a_short_form_or_plural_is_linked(rows) -> None:  # type: ignore[no-untyped-def]
    links = {(code, slug, word) for code, (row, _) in rows.items()
             for slug, word in CARD_LINK.findall(f"{row.question} {row.answer}")}  # fmt: skip
    assert ("R-025", "tes-let-leader-with-foresight", "Tes Let") in links
    assert ("R-078", "floyd-the-flying-pig", "Floyd") in links
    assert ("R-087", "cleric", "Clerics") in links


def test_no_excepted_name_is_a_link_to_its_card(rows) -> None:  # type: ignore[no-untyped-def]
    assert len(NAMED_NOT_LISTED) == 22
    linked = [(code, slug) for code, slug in NAMED_NOT_LISTED if slug in linked_cards(rows[code][0].question,
                                                                                         rows[code][0].answer)]  # fmt: skip
    assert linked == []


@pytest.mark.parametrize(("code", "slug", "word"), NOT_THE_CARD)
def test_the_ruling_pages_show_the_word_without_the_card_link(client: Client, code: str, slug: str, word: str) -> None:
    ruling = Ruling.objects.get(code=code)
    listing = client.get("/rulings/", {"card": ruling.cards.order_by("slug")[0].slug}).content.decode()
    # The list keeps the anchor and permalink the ruling always had.
    anchor = f'id="ruling-{code}"><a href="/rulings/{code}/">{code}</a>:'
    assert anchor in listing
    start = listing.rindex("<article", 0, listing.index(anchor))
    for article in (listing[start : listing.index("</article>", start)], _article(client, f"/rulings/{code}/")):
        assert word in re.sub(r"<[^>]+>", "", article)
        assert f'href="/cards/{slug}/"' not in article


def _article(client: Client, path: str) -> str:
    page = client.get(path).content.decode()
    return page[page.index('<article class="ruling') : page.index("</article>")]


def test_a_search_hit_links_the_rulings_cards_only() -> None:
    hits = {hit.ref: hit for hit in search.search_rules("Major Party Animal Beer-bribable", size=50).hits}
    html = f"{hits['R-084'].title_html} {hits['R-084'].html}"
    assert linked_cards(html) == {"major-party-animal"}


def test_every_ruling_keeps_its_permalink() -> None:
    assert sorted(Ruling.objects.values_list("code", flat=True)) == sorted(ruling["id"] for ruling in rulings())
    assert all(ruling.get_absolute_url() == f"/rulings/{ruling.code}/" for ruling in Ruling.objects.all())
