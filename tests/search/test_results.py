"""A search answered in memory gives the same cards, counts and pages as the database would."""

from __future__ import annotations

from typing import Any

import pytest

from cards.models import Card
from cards.search.execute import plan
from cards.search.service import read_query, search
from tests.search.test_keywords import _keyword_cases, _name_cases, _number_cases

pytestmark = pytest.mark.django_db

QUERIES = ["fire", "v>=10", "-is:flying", "b:e", "sand lord", "name:drag*", "immune:fire", '"dry heaps"',
           "t:spell or v>=30", "-fire", "v>=40 v<0", "c:undead -(fire or v<5)"]  # fmt: skip
ORDERS: list[tuple[str, Any]] = [
    ("list order", lambda cards: cards.sorted_by("name")),
    ("reversed list order", lambda cards: cards.sorted_by("-name")),
    ("model default", lambda cards: cards),
    ("by id", lambda cards: cards.order_by("pk")),
    ("by id, descending", lambda cards: cards.order_by("-id")),
    ("reverse()", lambda cards: cards.sorted_by("name").reverse()),
]


def _searched(query: str) -> Any:
    cards, outcome = search(Card.objects.all(), read_query(query))
    assert outcome.plan.matches is not None
    return cards


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("label, order", ORDERS, ids=[label for label, _ in ORDERS])
def test_counts_and_pages_equal_the_database_answer(query: str, label: str, order: Any,
                                                     django_assert_num_queries: Any) -> None:  # fmt: skip
    known = order(_searched(query))
    # Any further filter makes the queryset run as plain SQL: the reference answer.
    database = order(_searched(query).exclude(pk=-1))
    total = database.count()
    with django_assert_num_queries(0):
        assert known.count() == total
        assert known.exists() == (total > 0)
    for start, stop in ((0, 7), (5, 12), (max(0, total - 3), total + 5), (total, total + 2)):
        with django_assert_num_queries(1 if start < total else 0):
            page = list(known.values_list("slug", flat=True)[start:stop])
        assert page == list(database.values_list("slug", flat=True)[start:stop]), (start, stop)
    if total:
        assert known[total - 1] == database[total - 1]
        assert [card.pk for card in known[1:4]] == [card.pk for card in database[1:4]]
    with pytest.raises(IndexError):
        known[total]


def test_an_unordered_search_counts_and_pages_the_same_cards() -> None:
    known, database = _searched("b:e").order_by(), _searched("b:e").exclude(pk=-1)
    assert known.count() == database.count()
    pages = [*known[:10], *known[10:]]
    assert len(pages) == database.count() and {card.pk for card in pages} == set(database.values_list("pk", flat=True))


def test_other_filters_and_sorts_still_apply() -> None:
    everything = set(_searched("b:e").values_list("pk", flat=True))
    flying = _searched("b:e").filter(flying=True)
    assert flying.count() == len([pk for pk in everything if Card.objects.get(pk=pk).flying])
    by_vitality = list(_searched("b:e").order_by("-vitality", "name").values_list("vitality", flat=True)[:5])
    assert by_vitality == list(Card.objects.filter(pk__in=everything).order_by("-vitality", "name")
                               .values_list("vitality", flat=True)[:5])  # fmt: skip


def _database_only(query: str) -> set[str]:
    """The same query answered by database filters alone, as when the index is missing."""
    searched = plan(read_query(query), None)
    cards = Card.objects.all() if searched.condition is None else Card.objects.filter(searched.condition)
    return set(cards.values_list("slug", flat=True))


# Without the index, name: looks at names only, not aliases (the n: cases of test_keywords are aliases).
DATABASE_QUERIES = [case.values[0] for case in (*_number_cases(), *_keyword_cases(), *_name_cases())
                    if not case.values[0].startswith("n:")]  # fmt: skip


@pytest.mark.parametrize("query", [*DATABASE_QUERIES, "(c:undead or c:demon) -is:flying", "v>=10 b:e bribe:babes",
                                   "-(t:spell or sv>0)"])  # fmt: skip
def test_in_memory_answers_equal_the_database_filters(query: str) -> None:
    assert set(_searched(query).values_list("slug", flat=True)) == _database_only(query)


def test_copies_and_pickles_of_a_searched_queryset_stay_correct() -> None:
    import copy
    import pickle

    searched = _searched("b:e").sorted_by("name")
    expected = list(searched.values_list("pk", flat=True)[:5])
    copied = copy.deepcopy(searched)
    assert copied._search_matches is searched._search_matches
    assert list(copied.values_list("pk", flat=True)[:5]) == expected
    restored = pickle.loads(pickle.dumps(searched))
    assert [card.pk for card in restored][:5] == expected and restored._search_matches is None
