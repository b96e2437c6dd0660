"""An edit whose transaction (or savepoint) is rolled back never reaches the index, not even at a later commit.

The index is updated after a commit with the cards touched in that transaction (cards/search/signals.py). Edits
rolled back used to stay pending in the thread, and the next commit indexed them along with its own (a test's
rolled-back load of all 679 cards made a later single save journal 679 digests).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from cards.models import Card
from cards.search import storage

pytestmark = pytest.mark.django_db


class _Undone(Exception):
    """Raised inside an atomic block to roll it back."""


@pytest.fixture
def indexed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[set[str], set[str]]]:
    """Each index update as (slugs of the cards re-indexed, slugs removed); the index itself is not touched."""
    updates: list[tuple[set[str], set[str]]] = []

    def update(cards: Any, removed: set[str], *args: Any, **kwargs: Any) -> None:
        updates.append(({card.slug for card in cards}, set(removed)))

    monkeypatch.setattr(storage, "update", update)
    return updates


def _rename(slug: str, name: str) -> None:
    card = Card.objects.get(slug=slug)
    card.name = name
    card.save()


def _rolled_back(edit: Any) -> None:
    with pytest.raises(_Undone), transaction.atomic():
        edit()
        raise _Undone


def test_a_rolled_back_edit_is_left_out_of_the_next_commit(indexed: list[Any], django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    _rolled_back(lambda: _rename("archer", "Archer Undone"))
    _rolled_back(lambda: Card.objects.get(slug="barrow-wight").delete())
    with django_capture_on_commit_callbacks(execute=True):
        _rename("sand-lord", "Sand Lord Renamed")
    assert indexed == [({"sand-lord"}, set())]


def test_a_savepoint_rolled_back_inside_a_committed_transaction_is_left_out(indexed: list[Any], django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        _rename("sand-lord", "Sand Lord Renamed")
        _rolled_back(lambda: _rename("archer", "Archer Undone"))
        _rolled_back(lambda: Card.objects.get(slug="barrow-wight").delete())
        _rename("swordsman", "Swordsman Renamed")
    assert indexed == [({"sand-lord", "swordsman"}, set())]


def test_edits_of_one_transaction_are_one_index_update(indexed: list[Any], django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    slugs = list(Card.objects.order_by("slug").values_list("slug", flat=True)[:30])
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        for slug in slugs:
            _rename(slug, slug.upper())
        with transaction.atomic():  # a savepoint released into the transaction: its edit is kept
            Card.objects.get(slug="barrow-wight").delete()
    assert len(callbacks) > 30  # one registration per edit...
    assert indexed == [(set(slugs), set())] + [(set(), {"barrow-wight"})]  # ...one update per savepoint's batch
