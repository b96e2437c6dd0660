"""A worker's warm start loads what a first request would wait for, and never stops the worker."""

from __future__ import annotations

import gc
from typing import Any

import pytest
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections

from sitewide import warm

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _index_in_a_temporary_folder(settings: Any, tmp_path: Any) -> None:
    """The warm start opens (and if need be builds) the search indexes: never in the developer's var/."""
    settings.SEARCH_INDEX_DIR = tmp_path / "search-index"


@pytest.fixture(autouse=True)
def _keep_the_test_connection(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A worker's warm start ends by closing its connections, and each request it sends closes them
    when it finishes; a test's connection holds the test's transaction, so neither may happen here
    (as Django's own test client does for its requests)."""
    monkeypatch.setattr("django.db.connections.close_all", lambda: None)
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)
    gc.unfreeze()  # The start freezes what it loaded for a worker's lifetime; this process goes on testing.


def test_the_warm_start_sends_one_request_per_kind_of_page() -> None:
    handler = WSGIHandler()
    answered: list[tuple[str, str]] = []

    def application(environ: dict[str, Any], start_response: Any) -> Any:
        return handler(environ, lambda status, headers, exc_info=None: answered.append((environ["PATH_INFO"], status)))

    warm.warm(application)
    paths = [path for path, _ in answered]
    assert len(paths) == 4 and paths[0] == "/" and paths[1].startswith("/cards/") and paths[2:] == ["/rules/1/", "/rulings/"]
    assert all(status.startswith("200") for _, status in answered), answered
    assert gc.get_freeze_count() > 10_000  # what the start loaded is left out of the collector's full scans


def test_the_warm_start_opens_the_rules_search(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulings import text_index

    opened: list[str] = []
    original = text_index.current
    monkeypatch.setattr(text_index, "current", lambda: opened.append("rules") or original())
    warm.warm()
    assert opened == ["rules"]
    assert text_index.current().searcher.doc_count() > 500  # rules, rulings and glossary terms, ready to search


def test_the_warm_start_builds_the_rulings_card_matcher(monkeypatch: pytest.MonkeyPatch) -> None:
    # A worker's first ruling page (or rules search showing rulings) built it otherwise: 0.1 s of that request.
    from rulings.linking import TextLinker

    linker = TextLinker.from_database()
    monkeypatch.setattr(TextLinker, "from_database", classmethod(lambda cls: linker))
    assert "card_names" not in vars(linker)
    warm.warm()
    assert "longer_names" in vars(linker.card_names)
    assert linker.card_names.named_cards("Tes Let adds 7.") == {"tes-let-leader-with-foresight"}


def test_a_failing_request_does_not_stop_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(environ: dict[str, Any], start_response: Any) -> Any:
        raise RuntimeError("a view that fails")

    warm.warm(broken)  # Logged, not raised.
    monkeypatch.setenv("GUARDIANS_WARM_START", "0")
    warm.warm(broken)
