"""A searched page fetched by primary key without ORDER BY and put in order in Python is the database's page."""

from __future__ import annotations

from typing import Any

import pytest

from cards.models import Card
from cards.search import following
from cards.search.results import SearchResults
from cards.search.service import found_cards, prepare, read_query, search

pytestmark = pytest.mark.django_db

QUERY = "v>=3"


def _known(order: str = "name", rows: Any = None) -> SearchResults:
    found = found_cards(Card.objects.all() if rows is None else rows, prepare(read_query(QUERY)), order)
    assert found is not None
    return found


def _database(order: str = "name") -> Any:
    cards, _ = search(Card.objects.all(), read_query(QUERY))
    return cards.sorted_by(order)


@pytest.mark.parametrize("order", ["name", "-name"])
def test_every_page_is_in_the_list_order(order: str) -> None:
    for start, stop in ((0, 25), (7, 40)):
        assert [card.slug for card in _known(order)[start:stop]] == list(
            _database(order).values_list("slug", flat=True)[start:stop])


def test_a_page_is_one_query_without_order_by(django_assert_num_queries: Any, monkeypatch: pytest.MonkeyPatch,
                                              django_assert_max_num_queries: Any) -> None:  # fmt: skip
    # Every search may compare the index with the database's data revision (one query), at most every
    # CHECK_INTERVAL seconds: the index is caught up first and the check is then never due, so the count
    # below is only the page, every run.
    following.follow(force=True)
    monkeypatch.setattr(following, "CHECK_INTERVAL", float("inf"))
    expected = list(_database().values_list("slug", flat=True)[:30])
    known = _known()
    with django_assert_num_queries(1) as captured:
        page = known[:30]
    assert [card.slug for card in page] == expected
    assert "ORDER BY" not in captured.captured_queries[0]["sql"]


def test_rows_keep_what_the_given_queryset_fetches(django_assert_num_queries: Any) -> None:
    known = _known(rows=Card.objects.for_listing())
    expected = list(_database().values_list("slug", "card_set__code")[:10])
    page = known[:10]
    with django_assert_num_queries(0):  # The set came with the row (select_related), the classes prefetched.
        assert [(card.slug, card.card_set.code) for card in page] == expected
        assert all(isinstance(list(card.classes.all()), list) for card in page)


def test_a_card_deleted_since_the_bitmaps_were_built_is_only_left_out() -> None:
    expected = list(_database().values_list("pk", flat=True)[:20])
    # The index is updated after a commit, which a test's transaction never makes: the bitmaps still list it.
    Card.objects.get(pk=expected[3]).delete()
    left = expected[:3] + expected[4:]
    assert [card.pk for card in _known()[:20]] == left
