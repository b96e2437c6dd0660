"""The header's search box in a real Chromium: it completes while typing and, submitted, opens the page."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_django.live_server_helper import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Chromium is missing: `make test` installs it when run as root"),
]


@pytest.fixture(scope="module")
def server_url(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[str]:  # type: ignore[no-untyped-def]
    # The server reads the cards and rules the session loaded; pytest-django's live_server would make the
    # tests transactional and its flush would empty those tables for the rest of the session.
    from django.conf import settings

    previous = settings.SEARCH_INDEX_DIR
    settings.SEARCH_INDEX_DIR = tmp_path_factory.mktemp("browser-search-index")
    with django_db_blocker.unblock():
        server = LiveServer("127.0.0.1")
        yield server.url
        server.stop()
    settings.SEARCH_INDEX_DIR = previous


def test_the_header_box_completes_and_jumps(server_url: str) -> None:
    from playwright.sync_api import sync_playwright

    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 390, "height": 800})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{server_url}/rules/6/")
            page.type("#site-search-q", "6.5.", delay=30)
            page.wait_for_function("document.querySelectorAll('#site-search-suggestions option').length > 0")
            values = page.eval_on_selector_all("#site-search-suggestions option", "options => options.map(o => o.value)")
            assert values[0] == "6.5.1"
            page.fill("#site-search-q", "R-010")
            page.press("#site-search-q", "Enter")
            page.wait_for_url("**/rulings/R-010/")
            # Without JavaScript the box is a plain form.
            plain = browser.new_context(java_script_enabled=False).new_page()
            plain.goto(f"{server_url}/cards/")
            plain.fill("#site-search-q", "sand lord")
            plain.press("#site-search-q", "Enter")
            plain.wait_for_url("**/cards/sand-lord/")
            browser.close()
            assert errors == []
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous
