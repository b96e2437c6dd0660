"""What an open index remembers (readings, answers, pages) gives the answers of a fresh search, and a save
makes it start afresh."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cards.models import Card, CardClass
from cards.search import storage
from cards.search.memo import LARGEST_PAGE, PAGES_PER_ANSWER, Answer, LeastRecent
from cards.search.service import read_query, search
from cards.search.understand import understand
from tests.search.test_index import _all_cards

pytestmark = pytest.mark.django_db

QUERIES = ["v>=30", "ranged>=4", "class:knight ranged>0", "cmp>=4 is:receiver", "t:guardian v>=27", "fire v>=8",
           "sand lord", "name:drag*", '"dry heaps"', "(c:undead or c:demon) -is:flying", "-fire"]  # fmt: skip


def _page(query: str, start: int = 0, stop: int = 50) -> tuple[int, list[str]]:
    cards, _ = search(Card.objects.all(), read_query(query))
    ordered = cards.sorted_by("name")
    return ordered.count(), list(ordered.values_list("slug", flat=True)[start:stop])


def _database_page(query: str, start: int = 0, stop: int = 50) -> tuple[int, list[str]]:
    cards, _ = search(Card.objects.all(), read_query(query))
    ordered = cards.sorted_by("name").exclude(pk=-1)  # Another filter: answered by SQL alone.
    return ordered.count(), list(ordered.values_list("slug", flat=True)[start:stop])


@pytest.mark.parametrize("query", QUERIES)
def test_remembered_answers_equal_fresh_ones(query: str) -> None:
    first = _page(query)
    index = storage.open_index()
    assert index.readings.get(query) is not None
    assert index.answers.get(read_query(query).tree) is not None
    assert _page(query) == first == _database_page(query)
    assert _page(query, 3, 9) == _database_page(query, 3, 9)


def test_a_remembered_reading_is_the_same_reading() -> None:
    index = storage.open_index()
    from cards.search.service import DataVocabulary

    assert read_query("c:knight v>=3 -fire") is read_query("c:knight v>=3 -fire")
    assert read_query("c:knight v>=3 -fire") == understand("c:knight v>=3 -fire", DataVocabulary(index))


def _slugs(query: str) -> list[str]:
    return _page(query)[1]


def test_a_save_is_seen_by_a_query_answered_before(tmp_path: Path, settings, django_capture_on_commit_callbacks: Any) -> None:  # type: ignore[no-untyped-def]
    settings.SEARCH_INDEX_DIR = tmp_path
    storage.build(_all_cards(), tmp_path)
    queries = ("v>=39", "v>=39 c:knight", "quartzite", "name:aaaa*")
    before = {query: _slugs(query) for query in queries}
    assert before == {query: _slugs(query) for query in queries}  # Now remembered.
    assert "sand-lord" not in before["v>=39"]
    card = Card.objects.get(slug="sand-lord")
    with django_capture_on_commit_callbacks(execute=True):
        card.name, card.vitality, card.summary = "Aaaa Sand Lord", 39, "A dune of quartzite grit."
        card.save()
        card.classes.add(CardClass.objects.get(slug="knight"))
    assert _slugs("v>=39")[0] == "sand-lord" and _slugs("v>=39 c:knight") == ["sand-lord"]
    assert _slugs("quartzite") == ["sand-lord"] == _slugs("name:aaaa*")
    assert _page("v>=39") == _database_page("v>=39")
    with django_capture_on_commit_callbacks(execute=True):
        card.delete()
    assert "sand-lord" not in _slugs("v>=39") and _slugs("quartzite") == []


def test_the_tables_stay_small() -> None:
    table: LeastRecent[str, int] = LeastRecent(3)
    for number in range(5):
        table.put(str(number), number)
    table.get("2")
    table.put("5", 5)
    assert len(table) == 3 and table.get("2") == 2 and table.get("3") is None
    answer = Answer(bits=0)
    for offset in range(PAGES_PER_ANSWER + 2):
        answer.remember_page((offset, 50, False), (offset,))
    answer.remember_page((0, LARGEST_PAGE + 1, False), ())
    assert len(answer.pages) == PAGES_PER_ANSWER


def test_a_remembered_plan_keeps_no_long_id_list(monkeypatch: pytest.MonkeyPatch) -> None:
    from cards.search import evaluate

    monkeypatch.setattr(evaluate, "KEPT_IDS", 10)
    cards, outcome = search(Card.objects.all(), read_query("-fire"))
    searched = cards._search_matches[0]
    assert searched is not outcome.plan.matches and searched.count > 10
    # Another filter runs the whole query in SQL, which lists every matched id.
    expected = set(cards.exclude(pk=-1).values_list("pk", flat=True))
    assert searched._ids is not None and len(expected) == searched.count
    assert set(Card.objects.filter(outcome.plan.condition).values_list("pk", flat=True)) == expected
    assert outcome.plan.matches._ids is None
