"""A sloppy card name typed into either search box, in a real Chromium at a phone's and a desktop's width: the
box suggests the card while typing, and Enter lists it; both pages stay free of serious axe findings."""

from __future__ import annotations

import os

import pytest

from tests.browser_fixtures import blocking_axe_violations, needs_chromium, watched_page

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser


pytestmark = [pytest.mark.browser, needs_chromium, pytest.mark.django_db]

WIDTHS = [390, 1366]
BOXES = {
    # page, box, its suggestions, what is typed, what a suggestion's value is, the page Enter opens
    "header": ("/rules/", "#site-search-q", "#site-search-suggestions option", "sandlord", "/search/"),
    "card list": ("/cards/", "#id_q", "#card-name-suggestions option", "sand lrod", "/cards/"),
}


@pytest.fixture(scope="module", autouse=True)
def _rules_index(search_index_dir, django_db_blocker):  # type: ignore[no-untyped-def]
    """The header's search also asks the rules index; built here, once, so that no page has to build it first."""
    from django.conf import settings
    from django.core.management import call_command

    previous, settings.SEARCH_INDEX_DIR = settings.SEARCH_INDEX_DIR, search_index_dir
    try:
        with django_db_blocker.unblock():
            call_command("rebuild_rules_index", stdout=open(os.devnull, "w"))
    finally:
        settings.SEARCH_INDEX_DIR = previous


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", BOXES)
def test_a_sloppy_name_is_suggested_and_found(server_url: str, browser: Browser, name: str, width: int) -> None:
    start, box, options, typed, results = BOXES[name]
    with watched_page(browser, width) as page:
        page.goto(server_url + start)
        if width < 700 and start == "/cards/":
            page.click("details.filter-panel summary")  # on a phone the filters are folded away
        page.locator(box).click()
        page.locator(box).press_sequentially(typed)
        page.wait_for_function(
            "selector => [...document.querySelectorAll(selector)].some(o => o.value.includes('Sand Lord'))",
            arg=options,
        )
        with page.expect_navigation(timeout=60_000):
            page.locator(box).press("Enter", timeout=60_000)
        assert page.url.split("?")[0].endswith(results)
        assert page.locator("a[href$='/cards/sand-lord/']").count() >= 1
        assert blocking_axe_violations(page) == []
