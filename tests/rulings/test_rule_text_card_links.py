"""A rule entry or glossary definition links a card's printed name only where it means the card.

Before 2026-11-27 every printed card name in rule text was a link and a card mention: "in the Mountains" in
6.4.4c, "-6 in Woods" in 6.8.4 or the icons "(Beer)", "(Gold)", "(Babes)" in 2.2.6 led a judge to the
Mountains, Woods or Beer card, and the Woods card's page listed 6.8.4 among the rules that mention it. Where
the name is an ordinary word is decided, entry by entry, in rulings.card_names.RULE_WORDS_NOT_CARDS; the links
and the card-mention lists (RuleEntry.cards) both follow it.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from rulings.card_names import RULE_WORDS_NOT_CARDS
from rulings.corpus import read_corpus
from rulings.linking import TextLinker, card_names_in
from rulings.models import GlossaryTerm, RuleEntry
from tests.rulings.corpus_facts import ROOT, RULES, RULINGS_FILE

CARD_LINK = re.compile(r'<a href="/cards/([^/"]+)/">([^<]*)</a>')
ANY_LINK = re.compile(r'<a href="([^"]+)"[^>]*>([^<]*)</a>')
BRIBERY_CARD_TERM = "/rules/glossary/#bribery-card"
# (permalink, the word as the rule writes it, the card it is not): the cases reported on 2026-11-26.
NOT_THE_CARD = [
    ("/rules/6.4.4c/", "Mountains", "mountains"),
    ("/rules/6.8.4/", "Woods", "woods"),
    ("/rules/6.8.4/", "The Dry Heaps", "the-dry-heaps"),
    ("/rules/2.7.1/", "Rivers and Lakes", "rivers-and-lakes"),
    ("/rules/2.2.6/", "Beer", "beer"),
    ("/rules/6.6.3/", "Babes", "babes"),
]


def card_slugs() -> dict[str, str]:
    cards = [card for path in sorted((ROOT / "fixtures" / "cards").glob("*.json")) for card in json.loads(path.read_text("utf-8"))]
    return {card["name"]: card["slug"] for card in cards}


def test_every_exception_names_its_card_in_that_entry() -> None:
    """An exception whose entry no longer names the card (or is gone) would hide nothing: it must be removed."""
    corpus = read_corpus(RULES, RULINGS_FILE)
    texts = {(ruleset, entry.number): f"{entry.title} {entry.text}"
             for ruleset, entries in corpus.rulesets.items() for entry in entries}  # fmt: skip
    texts |= {("glossary", term.term): term.definition for term in corpus.glossary}
    slugs = card_slugs()
    stale = [key for key in RULE_WORDS_NOT_CARDS
             if key[2] not in {slugs[name] for name in card_names_in(texts.get(key[:2], ""), slugs)}]  # fmt: skip
    assert stale == []
    assert len(RULE_WORDS_NOT_CARDS) == 24


@pytest.fixture(scope="module")
def rule_links(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    """(ruleset, number) -> the HTML of the entry's text, as the rule pages render it; and the mention lists."""
    with django_db_blocker.unblock():
        linker = TextLinker.from_database()
        entries = RuleEntry.objects.select_related("ruleset").prefetch_related("cards")
        html = {(entry.ruleset.slug, entry.number): str(linker.render(entry.text, entry.ruleset.slug,
                                                                      place=(entry.ruleset.slug, entry.number)))
                for entry in entries}  # fmt: skip
        mentions = {(entry.ruleset.slug, entry.number, card.slug) for entry in entries for card in entry.cards.all()}
        return html, mentions


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "word", "slug"), NOT_THE_CARD)
def test_a_word_that_is_not_the_card_is_no_link_to_it(client: Client, path: str, word: str, slug: str) -> None:
    page = client.get(path)
    assert page.status_code == 200  # the permalink still answers
    number = path.strip("/").rsplit("/", 1)[-1]
    block = page.content.decode().split(f'id="r{number}"', 1)[1].split("</div>", 1)[0]
    assert word in block
    assert f'href="/cards/{slug}/"' not in block


@pytest.mark.django_db
def test_a_bribery_icon_links_the_glossary_entry(client: Client) -> None:
    for number in ("2.2.6", "6.6.2", "6.6.3"):
        block = client.get(f"/rules/{number}/").content.decode().split(f'id="r{number}"', 1)[1].split("</div>", 1)[0]
        links = dict((text, url) for url, text in ANY_LINK.findall(block))
        icon = {"2.2.6": "Beer", "6.6.2": "Gold", "6.6.3": "Babes"}[number]
        assert links[icon] == BRIBERY_CARD_TERM, (number, links)


def test_the_cards_a_rule_links_are_the_cards_it_mentions(rule_links) -> None:  # type: ignore[no-untyped-def]
    """A card page's "rules that mention this card" and the links in the rules are one list."""
    html, mentions = rule_links
    linked = {(*place, slug) for place, text in html.items() for slug, _ in CARD_LINK.findall(text)}
    assert linked == mentions
    assert len(linked) > 150
    assert linked & RULE_WORDS_NOT_CARDS.keys() == set()


def test_a_name_kept_as_the_card_is_still_linked(rule_links) -> None:  # type: ignore[no-untyped-def]
    """The uses reviewed as the card itself: bribing with it, a Fiend's ban on it, the Woods ban on ranged attacks."""
    html, mentions = rule_links
    kept = [("standard", "2.1.5", "beer"), ("standard", "6.5.1", "gold"), ("standard", "6.5.5", "babes"),
            ("standard", "11.2.8", "gold"), ("standard", "6.8.5", "woods"), ("standard", "6.9.1", "woods")]  # fmt: skip
    assert [key for key in kept if key not in mentions] == []
    for ruleset, number, slug in kept:
        assert f'href="/cards/{slug}/"' in html[(ruleset, number)]


@pytest.mark.django_db
def test_the_glossary_links_no_terrain_type_to_a_card(client: Client) -> None:
    page = client.get("/rules/glossary/").content.decode()
    terms = {term.term: term.slug for term in GlossaryTerm.objects.filter(term__in=["Terrain", "Ranged attack"])}
    terrain = page.split(f'id="{terms["Terrain"]}"', 1)[1].split("</dd>", 1)[0]
    assert "Mountains" in terrain and CARD_LINK.findall(terrain) == []
    ranged = page.split(f'id="{terms["Ranged attack"]}"', 1)[1].split("</dd>", 1)[0]
    assert CARD_LINK.findall(ranged) == [("woods", "Woods")]  # the Woods card's ban, as R-016 lists it


@pytest.mark.django_db
def test_a_card_page_lists_only_the_rules_that_mean_the_card(client: Client) -> None:
    page = client.get("/cards/woods/").content.decode()
    mentions = page.split('id="mentions-heading"', 1)[1].split("</section>", 1)[0]
    assert "/rules/6.9.1/" in mentions
    assert "/rules/6.8.4/" not in mentions and "/rules/2.7.1/" not in mentions
