"""The header's search box in a real Chromium: it completes while typing and, submitted, opens the page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser_fixtures import live_server, needs_chromium, watched_page

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser


pytestmark = [pytest.mark.browser, needs_chromium, pytest.mark.django_db]


@pytest.fixture(scope="module")
def server_url(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[str]:  # type: ignore[no-untyped-def]
    # The shared live server (tests/browser_fixtures.py): it stops only once every request thread has given the
    # test database's connection back, where pytest-django's LiveServer could race a browser's keep-alive thread.
    # The search index is built into a directory of its own, so the session's index is left as it was.
    from django.conf import settings

    previous = settings.SEARCH_INDEX_DIR
    settings.SEARCH_INDEX_DIR = tmp_path_factory.mktemp("browser-search-index")
    try:
        with django_db_blocker.unblock(), live_server() as url:
            yield url
    finally:
        settings.SEARCH_INDEX_DIR = previous


def test_the_header_box_completes_and_jumps(server_url: str, browser: Browser) -> None:
    # Playwright's own defaults, as when each page was opened by hand: a 30 s wait, 1280 x 720 when no size is named.
    with watched_page(browser, 390, height=800, timeout_ms=30_000, axe=False) as page:
        page.goto(f"{server_url}/rules/6/")
        page.type("#site-search-q", "6.5.", delay=30)
        # The completions for the whole text: on a slow machine the pause after "6." or "6.5" can ask first.
        page.wait_for_function(
            "() => { const options = [...document.querySelectorAll('#site-search-suggestions option')];"
            " return options.length > 0 && options.every(o => o.value.startsWith('6.5.')); }"
        )
        values = page.eval_on_selector_all("#site-search-suggestions option", "options => options.map(o => o.value)")
        assert values[0] == "6.5.1"
        page.fill("#site-search-q", "R-010")
        page.press("#site-search-q", "Enter")
        page.wait_for_url("**/rulings/R-010/")
    # Without JavaScript the box is a plain form.
    with watched_page(browser, 1280, height=720, timeout_ms=30_000, axe=False, javascript=False) as plain:
        plain.goto(f"{server_url}/cards/")
        plain.fill("#site-search-q", "sand lord")
        plain.press("#site-search-q", "Enter")
        plain.wait_for_url("**/cards/sand-lord/")


# The late-answer guard of both search boxes, at both widths: tests/cards/test_search_boxes_browser.py.
