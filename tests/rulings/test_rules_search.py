"""Rules search as a judge uses it: addresses jump, words find the rules and rulings themselves, best first."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rulings import text_index
from rulings.models import RuleEntry
from tests.rulings.corpus_facts import owners_of_ids

pytestmark = pytest.mark.django_db

FIRST_HIT = re.compile(r'<li class="search-hit[^"]*">.*?<a class="number" href="([^"]+)"', re.S)
HIT_URLS = re.compile(r'<li class="search-hit[^"]*">.*?<a class="number" href="([^"]+)"', re.S)

# Typed address -> the page it opens.
JUMPS = {
    "6.5.1": "/rules/6.5.1/",
    "6.5": "/rules/6.5/",
    "6.5.1a": "/rules/6.5.1a/",
    "  Rule 6.5.1 ": "/rules/6.5.1/",
    "arena 6.3.2": "/rules/arena/6.3.2/",
    "R-010": "/rulings/R-010/",
    "r10": "/rulings/R-010/",
    "A-04": "/rulings/A-04/",
    "E-03": "/rulings/E-03/",
    "PRI-7": f"/rules/{owners_of_ids()['PRI-7']}/",
    "pri-7": f"/rules/{owners_of_ids()['PRI-7']}/",
}

# (query, filters) -> the first hit a judge should see.
FIRST_HITS = [
    ("bribery", [], "/rules/6.5/"),  # the subsection named exactly so, before the glossary and the rulings
    ("bribary", [], "/rules/6.5/"),  # misspelt: did you mean "bribery"
    ('"secondary attack"', [], "/rules/glossary/#secondary-attack"),
    ("channelling cap", [], "/rules/glossary/#channelling-cap"),
    ("sand lord swordsman", [], "/rulings/R-010/"),
    ("bribery -gold", [], "/rules/6.5/"),
    ("capture", ["arena"], "/rules/arena/2.3.3/"),
    ("arena capture", [], "/rules/arena/2.3.3/"),  # a leading "arena" is the Arena filter
    ("standard bribery", [], "/rules/6.5/"),
    ("what happens on a tie", [], "/rules/glossary/#push"),  # question words need not occur
    ("king of mystfall", [], "/rulings/R-038/"),
    ("bribery", ["errata"], "/rulings/E-08/"),
    ("partner bonus", ["glossary"], "/rules/glossary/#partner-bonus"),
    ("ocb", ["standard"], "/rules/6.8.3/"),
]


@pytest.mark.parametrize(("typed", "target"), JUMPS.items())
def test_an_address_goes_straight_to_its_page(client: Client, typed: str, target: str) -> None:
    response = client.get("/rules/search/", {"q": typed})
    assert response.status_code == 302 and response["Location"] == target


@pytest.mark.parametrize(("query", "filters", "first"), FIRST_HITS)
def test_judge_queries_find_the_expected_first_hit(client: Client, query: str, filters: list[str], first: str) -> None:
    html = client.get("/rules/search/", {"q": query, "in": filters}).content.decode()
    match = FIRST_HIT.search(html)
    assert match and match[1] == first, (query, match and match[1])


def test_question_words_rank_but_are_not_required_or_marked(client: Client) -> None:
    from rulings.search import search_rules

    found = search_rules("what happens on a tie", size=200)
    assert found.total and all(re.search(r"\btie", f"{hit.title} {hit.text}".lower()) for hit in found.hits)
    assert "a" not in found.highlighted and "tie" in found.highlighted


def test_a_misspelling_says_what_was_searched_instead(client: Client) -> None:
    html = client.get("/rules/search/", {"q": "bribary"}).content.decode()
    assert "Showing results for <strong>bribery</strong>" in html


def test_one_word_page_shows_only_the_entries_that_contain_it(client: Client) -> None:
    html = client.get("/rules/search/", {"q": "Kabod"}).content.decode()
    shown = HIT_URLS.findall(html)
    with_word = [entry.get_absolute_url() for entry in RuleEntry.objects.filter(text__icontains="kabod")]
    assert set(with_word) <= set(shown)
    rule_urls = [url for url in shown if url.startswith("/rules/") and "#" not in url]
    assert sorted(rule_urls) == sorted(with_word)  # no sibling rule without the word
    assert "<mark>Kabod</mark>" in html
    assert len(html) < 30_000


def test_excluded_words_and_phrases_leave_hits_out(client: Client) -> None:
    from rulings.search import search_rules

    without = search_rules("bribery -gold", size=200)
    assert without.total and all("gold" not in f"{hit.title} {hit.text}".lower() for hit in without.hits)
    phrase = search_rules('"bonus is"', size=200)
    loose = search_rules("bonus is", size=200)
    assert 0 < phrase.total < loose.total
    # Words of a phrase match in any form, side by side ("bonuses is" matches "bonus is").
    assert all(re.search(r"\bbonus\w*\W+is\b", f"{hit.title} {hit.text}".lower()) for hit in phrase.hits)


def test_filters_keep_only_their_kind(client: Client) -> None:
    from rulings.search import search_rules

    arena = search_rules("combat", ["arena"], size=200)
    assert arena.total and {hit.kind for hit in arena.hits} == {"arena"}
    both = search_rules("combat", ["rulings", "glossary"], size=200)
    assert {hit.kind for hit in both.hits} == {"ruling", "glossary"}


def test_each_hit_shows_its_place_in_the_book(client: Client) -> None:
    html = client.get("/rules/search/", {"q": "bribery", "in": "standard"}).content.decode()
    assert re.search(r'<a href="/rules/">Guardians rules</a> › <a href="/rules/6/">6 Combat</a> › '
                     r'<a href="/rules/6.5/">6.5 Bribery</a>', html)  # fmt: skip


def test_nothing_to_search_and_unknown_numbers_explain_themselves(client: Client) -> None:
    assert "Type a word to look for" in client.get("/rules/search/", {"q": "<>"}).content.decode()
    assert "Type a word to look for" in client.get("/rules/search/", {"q": "-gold"}).content.decode()
    assert "Nothing is numbered “99.9”" in client.get("/rules/search/", {"q": "99.9"}).content.decode()
    assert client.get("/rules/search/", {"q": "x" * 5000, "page": "zz"}).status_code == 200


def test_the_management_command_writes_the_current_revisions_index() -> None:
    from io import StringIO

    from django.core.management import call_command

    from core import revision

    out = StringIO()
    call_command("rebuild_rules_index", stdout=out)
    assert (text_index.index_root() / text_index.index_name(revision.current())).is_dir()
    assert f"data revision {revision.current().number}" in out.getvalue()


def test_the_index_follows_the_data_revision(client: Client) -> None:
    from core import revision

    before = text_index.current()
    assert text_index.current() is before  # opened once per revision
    revision.bump()
    after = text_index.current()
    assert after is not before and after.name != before.name
    assert (text_index.index_root() / after.name).is_dir()
