"""Build the search index once per session, from the test database, in a temporary directory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command


@pytest.fixture(scope="session")
def search_index_dir(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[Path]:  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("search-index")
    previous = settings.SEARCH_INDEX_DIR
    settings.SEARCH_INDEX_DIR = path
    with django_db_blocker.unblock():
        call_command("rebuild_index", stdout=open("/dev/null", "w"))
    yield path
    settings.SEARCH_INDEX_DIR = previous


@pytest.fixture(autouse=True)
def _search_index(search_index_dir: Path, settings) -> Path:  # type: ignore[no-untyped-def]
    settings.SEARCH_INDEX_DIR = search_index_dir
    return search_index_dir


@pytest.fixture(autouse=True)
def _merge_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Saves leave their segments to be merged in a background thread; a test merges them at once, so what
    # it asserts after a save never races the merge (one test drives the background thread itself).
    from cards.search import storage

    monkeypatch.setattr(storage, "MERGE_IN_BACKGROUND", False)
