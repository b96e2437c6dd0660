"""A search answered from the bitmap gives the same cards, counts and pages as the database would."""

from __future__ import annotations

from typing import Any

import pytest

from cards.models import Card
from cards.querysets import SORTS
from cards.search.execute import plan
from cards.search.results import SearchResults, SortedByDatabase, as_queryset
from cards.search.service import found_cards, prepare, read_query, search
from tests.search.test_keywords import _keyword_cases, _name_cases, _number_cases

pytestmark = pytest.mark.django_db

QUERIES = ["fire", "v>=10", "-is:flying", "b:e", "sand lord", "name:drag*", "immune:fire", '"dry heaps"',
           "t:spell or v>=30", "-fire", "v>=40 v<0", "c:undead -(fire or v<5)"]  # fmt: skip


def _searched(query: str) -> Any:
    """The search as the database answers it (a filtered queryset): the reference for the bitmap's answer."""
    cards, outcome = search(Card.objects.all(), read_query(query))
    assert outcome.plan.matches is not None
    return cards


def _results(query: str, order: str = "name") -> SearchResults:
    understood = read_query(query)
    found = found_cards(Card.objects.all(), prepare(understood), order)
    assert found is not None
    return found


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("order", ["name", "-name"])
def test_counts_and_pages_equal_the_database_answer(query: str, order: str, django_assert_num_queries: Any) -> None:
    known = _results(query, order)
    database = _searched(query).sorted_by(order)
    total = database.count()
    with django_assert_num_queries(0):
        assert known.count() == total == len(known)
        assert known.exists() == (total > 0)
    for start, stop in ((0, 7), (5, 12), (max(0, total - 3), total + 5), (total, total + 2)):
        with django_assert_num_queries(1 if start < total else 0):
            page = [card.slug for card in known[start:stop]]
        assert page == list(database.values_list("slug", flat=True)[start:stop]), (start, stop)
    if total:
        assert known[total - 1] == database[total - 1]
        assert known[-1] == database[total - 1]
        assert [card.pk for card in known[1:4]] == [card.pk for card in database[1:4]]
        assert [card.pk for card in known[0:6:2]] == [card.pk for card in database[0:6:2]]
    assert [card.pk for card in known] == list(database.values_list("pk", flat=True))
    with pytest.raises(IndexError):
        known[total]


@pytest.mark.parametrize("order", ["name", "-name"])
def test_both_paginators_take_the_results_as_they_are(order: str, rf: Any) -> None:
    from django.core.paginator import Paginator
    from rest_framework.pagination import PageNumberPagination
    from rest_framework.request import Request

    known, database = _results("b:e", order), _searched("b:e").sorted_by(order)
    expected = list(database.values_list("slug", flat=True))
    page = Paginator(known, 10).get_page(2)
    assert page.paginator.count == len(expected) and [card.slug for card in page] == expected[10:20]

    class Pages(PageNumberPagination):
        page_size = 7

    drf_page = Pages().paginate_queryset(known, Request(rf.get("/", {"page": 3})))
    assert [card.slug for card in drf_page] == expected[14:21]


def test_narrowing_or_sorting_further_asks_the_database() -> None:
    everything = set(_searched("b:e").values_list("pk", flat=True))
    flying = _results("b:e").queryset().filter(flying=True)
    assert flying.count() == len([pk for pk in everything if Card.objects.get(pk=pk).flying])
    by_vitality = _results("b:e").reordered("-vitality", list(SORTS["-vitality"]))
    assert isinstance(by_vitality, SortedByDatabase) and by_vitality.count() == len(everything) == len(by_vitality)
    assert [card.pk for card in by_vitality[:5]] == list(Card.objects.filter(pk__in=everything).sorted_by("-vitality")
                                                         .values_list("pk", flat=True)[:5])  # fmt: skip
    assert [card.pk for card in by_vitality.reordered("name", list(SORTS["name"]))[:5]] == list(
        _searched("b:e").sorted_by("name").values_list("pk", flat=True)[:5])
    reversed_list = _results("b:e").reordered("-name", list(SORTS["-name"]))
    assert isinstance(reversed_list, SearchResults)
    assert [card.pk for card in reversed_list[:5]] == list(_searched("b:e").sorted_by("-name").values_list("pk", flat=True)[:5])
    assert list(as_queryset(_results("b:e")).values_list("pk", flat=True)) == list(
        _searched("b:e").sorted_by("name").values_list("pk", flat=True))


def test_an_order_the_bitmap_does_not_hold_is_refused() -> None:
    with pytest.raises(ValueError, match="list order"):
        SearchResults(_results("b:e").matches, Card.objects.all(), "vitality")


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


def test_a_pickled_searched_queryset_carries_its_ids() -> None:
    import pickle

    searched = _searched("b:e").sorted_by("name")
    expected = list(searched.values_list("pk", flat=True)[:5])
    restored = pickle.loads(pickle.dumps(searched))
    assert [card.pk for card in restored][:5] == expected


def test_a_list_sorted_by_the_database_is_counted_from_the_bitmap(client: Any, django_assert_num_queries: Any) -> None:
    from django.core.paginator import Paginator

    from cards.filters import CardFilterSet

    filterset = CardFilterSet({"q": "b:e", "sort": "-vitality"}, queryset=Card.objects.all())
    assert filterset.is_valid()
    found = filterset.qs
    assert isinstance(found, SortedByDatabase)
    expected = list(_searched("b:e").sorted_by("-vitality").values_list("pk", flat=True))
    with django_assert_num_queries(1):  # The page; the count is the bitmap's.
        page = Paginator(found, 10).get_page(2)
        assert page.paginator.count == len(expected) and [card.pk for card in page] == expected[10:20]
