"""Fixtures for tests that drive Debian's Chromium through playwright against a live server.

Import them into a test module (``from tests.browser_fixtures import browser, server_url``):
one browser and one server per module keeps a page check to the cost of loading the page. Mark
the module ``django_db`` when its pages read the database: pytest-django creates the test
database only for sessions that have such a test, and the server would read the development
database otherwise.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_django.live_server_helper import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Chromium is missing: `make test` installs it when run as root"
)

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def server_url(django_db_setup: None, django_db_blocker: object) -> Iterator[str]:
    # Not pytest-django's live_server: its per-test flush would empty the card tables the session
    # loaded once (django_db_setup, tests/conftest.py). The pages only read, so one server serves
    # the whole module.
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        server = LiveServer("127.0.0.1")
        yield server.url
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread, which Django's async guard refuses.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous
