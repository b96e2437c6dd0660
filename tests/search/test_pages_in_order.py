"""A searched page fetched without ORDER BY and sorted in Python is, in every form, the database's page."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from cards.models import Card
from cards.search import following
from cards.search.pages import InGivenOrder
from cards.search.service import read_query, search

pytestmark = pytest.mark.django_db

QUERY = "v>=3"


def _known(order: str = "name") -> Any:
    cards, _ = search(Card.objects.all(), read_query(QUERY))
    return cards.sorted_by(order)


def _database(order: str = "name") -> Any:
    return _known(order).exclude(pk=-1)


FORMS: list[tuple[str, Any]] = [
    ("cards", lambda cards: [card.slug for card in cards]),
    ("for the list", lambda cards: [card.slug for card in cards.for_listing()]),
    ("values()", lambda cards: [row["slug"] for row in cards.values()]),
    ("values(pk)", lambda cards: [row["pk"] for row in cards.values("pk", "slug")]),
    ("values_list(id, slug)", lambda cards: list(cards.values_list("slug", "id"))),
    ("named values_list", lambda cards: [row.slug for row in cards.values_list("pk", "slug", named=True)]),
    ("flat pk", lambda cards: list(cards.values_list("pk", flat=True))),
    ("flat name: SQL order", lambda cards: list(cards.values_list("name", flat=True))),
]


@pytest.mark.parametrize("label, form", FORMS, ids=[label for label, _ in FORMS])
@pytest.mark.parametrize("order", ["name", "-name"])
def test_every_form_of_a_page_is_in_the_list_order(label: str, form: Any, order: str) -> None:
    for start, stop in ((0, 25), (7, 40)):
        assert form(_known(order))[start:stop] == form(_database(order))[start:stop]
        page = form(_known(order)[start:stop]) if label != "for the list" else None
        if page is not None:
            assert page == form(_database(order)[start:stop])


def test_a_page_keeps_its_order_however_it_is_read(django_assert_num_queries: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    # Every search may compare the index with the database's data revision (one query), at most every
    # CHECK_INTERVAL seconds: whether that check fell inside the counted block depended on how long the test
    # took, so under load it once counted 2. The index is caught up first and the check is then never due,
    # so the count below is only the search and its page, every run.
    following.follow(force=True)
    monkeypatch.setattr(following, "CHECK_INTERVAL", float("inf"))
    expected = list(_database().values_list("slug", flat=True)[:30])
    page = _known()[:30]
    assert page._iterable_class is InGivenOrder and "ORDER BY" not in str(page.query)
    assert [card.slug for card in page.iterator()] == expected
    assert page.first().slug == expected[0] and page.last().slug == expected[-1]
    assert [card.slug for card in page.reverse()] == expected[::-1]
    assert list(page.values_list("slug", flat=True)) == expected
    assert [card.slug for card in page.filter(vitality__gte=0)] == list(
        _database().filter(pk__in=page.values("pk")).filter(vitality__gte=0).values_list("slug", flat=True))
    assert [card.slug for card in copy.deepcopy(page)] == expected
    assert [card.slug for card in pickle.loads(pickle.dumps(page))] == expected
    assert page.count() == 30 and page.ordered
    with django_assert_num_queries(1):
        fetched = list(_known()[:30])
    assert [card.slug for card in fetched] == expected


def test_a_page_used_as_a_subquery_keeps_its_cards() -> None:
    page = _known()[:10]
    inside = Card.objects.filter(pk__in=page.values("pk"))
    assert set(inside.values_list("slug", flat=True)) == set(_database().values_list("slug", flat=True)[:10])


def test_a_card_deleted_since_the_bitmaps_were_built_is_only_left_out() -> None:
    expected = list(_database().values_list("pk", flat=True)[:20])
    # The index is updated after a commit, which a test's transaction never makes: the bitmaps still list it.
    Card.objects.get(pk=expected[3]).delete()
    left = expected[:3] + expected[4:]
    assert [card.pk for card in _known()[:20]] == left
    assert list(_known().values_list("pk", flat=True)[:20]) == left


def test_pages_keep_their_own_rows_whatever_their_columns() -> None:
    expected = list(_database().values_list("slug", flat=True)[:40])
    assert [card.slug for card in _known()[0:10]] == expected[0:10]
    assert [card.slug for card in _known()[10:20]] == expected[10:20]
    names = list(_database().values_list("name", flat=True)[5:15])
    assert [card.name for card in _known().only("name", "slug")[5:15]] == names
    assert [card.name for card in _known().defer("summary")[5:15]] == names
    # A page used inside another query keeps its cards there.
    page = _known()[20:30]
    inside = Card.objects.filter(pk__in=page.values("pk")).order_by("name").values_list("slug", flat=True)
    assert list(inside) == sorted(expected[20:30], key=lambda slug: expected.index(slug))
