"""The Arena duel pages in a real Chromium at a phone's width (390 px): nothing scrolls sideways and
axe-core finds no serious or critical violation (the same checks as tests/site/test_browser.py)."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tests.browser_fixtures import browser, needs_chromium, server_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]
__all__ = ["browser", "server_url"]

DUEL = "ruleset=arena terrain=woods a=swordsman d=sand-lord d.pen=devil-dog s=d:creature:devil-dog,a:pass,d:pass"
PAGES = {
    "duel form": "/combat/?ruleset=arena",
    "duel step": "/combat/?s=" + quote(DUEL),
    "duel result": "/combat/?s=" + quote(DUEL) + "&step=end",
    "arena rule with duels": "/rules/arena/2.1.1/",
}


@pytest.mark.parametrize("path", PAGES.values(), ids=PAGES.keys())
def test_duel_pages_fit_a_phone_and_pass_axe(browser, server_url: str, path: str) -> None:  # type: ignore[no-untyped-def]
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(str(Axe().axe_script))
    page = context.new_page()
    try:
        response = page.goto(server_url + path)
        assert response is not None and response.status == 200
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        violations = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
        blocking = [
            f"{v['id']}: {v['help']} at {v['nodes'][0]['target']}"
            for v in violations
            if v["impact"] in ("serious", "critical")
        ]
        assert blocking == []
    finally:
        context.close()
