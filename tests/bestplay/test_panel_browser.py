"""The "Best play" panel in a real browser, at 390 px (a phone) and 1366 px: axe-core finds nothing, nothing
scrolls sideways, the button leads to the analysis and its best line opens in the step-through; and the same
without JavaScript."""

from __future__ import annotations

import pytest

from combat.links import permalink
from tests.browser_fixtures import axe_violations, needs_chromium, watched_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

# Written as ordered actions, so the analysis answers "why did I lose?" too: every part of the panel shows.
PLAYED = "a=sand-lord,swordsman d=archer,devil-dog a.hand=gold m1=a:pass,d:pass"
SIDEWAYS = "document.documentElement.scrollWidth > document.documentElement.clientWidth"


def _check(page: Page, javascript: bool) -> None:
    if not javascript:
        return  # axe and the measurements run as scripts in the page, which this context turns off
    assert not page.evaluate(SIDEWAYS), "the page scrolls sideways"
    assert axe_violations(page) == []  # every impact, as the combat pages (tests/combat/test_axe_browser.py)


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
@pytest.mark.parametrize("width", [390, 1366], ids=lambda width: f"{width}px")
def test_the_panel_leads_to_best_play_at_both_widths(
    browser: Browser, server_url: str, width: int, javascript: bool
) -> None:
    with watched_page(browser, width, height=844, javascript=javascript, axe=javascript) as page:
        response = page.goto(server_url + permalink(PLAYED, step="end"))
        assert response is not None and response.status == 200
        panel = page.locator("#best-play")
        panel.scroll_into_view_if_needed()
        _check(page, javascript)
        button = panel.get_by_role("button", name="Find the best play")
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44  # a tap target
        button.click()
        page.wait_for_url("**/combat/best-play/*/")
        assert page.get_by_role("heading", name="What each side should have done").is_visible()
        assert page.get_by_text("With best play by both sides").is_visible()
        assert page.get_by_role("heading", name="The attacker's best line").is_visible()
        assert page.get_by_role("heading", name="The defender's best line").is_visible()
        _check(page, javascript)
        page.get_by_role("link", name="Step through the best line").click()
        page.wait_for_load_state("load")
        assert "/combat/?" in page.url and page.get_by_role("heading", name="Combat step by step").is_visible()
