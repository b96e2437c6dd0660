"""The system check names a missing or stale search index (``make serve`` builds it first)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cards.models import Card
from cards.search import storage
from cards.search.checks import search_index_is_current
from core import revision
from tests.search.test_index import _all_cards

pytestmark = pytest.mark.django_db


def _codes() -> list[str]:
    return [warning.id for warning in search_index_is_current()]


def test_the_check_warns_of_a_missing_then_a_stale_index(tmp_path: Path, settings, django_capture_on_commit_callbacks: Any) -> None:  # type: ignore[no-untyped-def]
    settings.SEARCH_INDEX_DIR = tmp_path / "index"
    assert _codes() == ["cards.W001"]
    storage.build(_all_cards())
    assert _codes() == []
    # A save through the site updates the index with the revision it made.
    card = Card.objects.get(slug="sand-lord")
    with django_capture_on_commit_callbacks(execute=True):
        card.vitality = 12
        card.save()
    assert _codes() == []
    revision.bump()  # A change the index did not see.
    assert _codes() == ["cards.W002"]
