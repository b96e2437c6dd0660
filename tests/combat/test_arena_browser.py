"""The Arena duel pages in a real Chromium at a phone's width (390 px): nothing scrolls sideways and
axe-core finds no serious or critical violation (the same checks as tests/site/test_browser.py)."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tests.browser_fixtures import blocking_axe_violations, needs_chromium, watched_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser

DUEL = "ruleset=arena terrain=woods a=swordsman d=sand-lord d.pen=devil-dog s=d:creature:devil-dog,a:pass,d:pass"
PAGES = {
    "duel form": "/combat/?ruleset=arena",
    "duel step": "/combat/?s=" + quote(DUEL),
    "duel result": "/combat/?s=" + quote(DUEL) + "&step=end",
    "arena rule with duels": "/rules/arena/2.1.1/",
}


@pytest.mark.parametrize("path", PAGES.values(), ids=PAGES.keys())
def test_duel_pages_fit_a_phone_and_pass_axe(browser: Browser, server_url: str, path: str) -> None:
    with watched_page(browser, 390, height=844) as page:
        response = page.goto(server_url + path)
        assert response is not None and response.status == 200
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert blocking_axe_violations(page) == []
