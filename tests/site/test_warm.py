"""A worker's warm start loads what a first request would wait for, and never stops the worker."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.handlers.wsgi import WSGIHandler

from guardians_site import warm

pytestmark = pytest.mark.django_db


def test_the_warm_start_sends_one_request_per_kind_of_page(monkeypatch: pytest.MonkeyPatch) -> None:
    # The test's own transaction must outlive the warm start (a worker's would close its connection).
    monkeypatch.setattr("django.db.connections.close_all", lambda: None)
    handler = WSGIHandler()
    answered: list[tuple[str, str]] = []

    def application(environ: dict[str, Any], start_response: Any) -> Any:
        return handler(environ, lambda status, headers, exc_info=None: answered.append((environ["PATH_INFO"], status)))

    warm.warm(application)
    paths = [path for path, _ in answered]
    assert len(paths) == 3 and paths[0] == "/" and paths[1].startswith("/cards/") and paths[2] == "/rules/1/"
    assert all(status.startswith("200") for _, status in answered), answered


def test_a_failing_request_does_not_stop_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("django.db.connections.close_all", lambda: None)

    def broken(environ: dict[str, Any], start_response: Any) -> Any:
        raise RuntimeError("a view that fails")

    warm.warm(broken)  # Logged, not raised.
    monkeypatch.setenv("GUARDIANS_WARM_START", "0")
    warm.warm(broken)
