"""The issue-14 example built on the board in Chromium: the order of actions typed into match-up 1's row."""

from __future__ import annotations

import re

import pytest

from engine.catalog import default_catalog
from engine.notation import parse_setup
from engine.resolver import resolve
from tests.browser_fixtures import browser, server_url  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


def test_channel_then_djinn_then_passes_is_a_push(browser, server_url: str) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    page = browser.new_page()
    page.goto(f"{server_url}/combat/?blank=1")
    page.select_option("#id_terrain", "mountains")
    for side, names in (("a", ["Light Elemental"]), ("d", ["Kikijub", "Djinn"])):
        for name in names:
            page.fill(f"#add-{side}", name)
            page.press(f"#add-{side}", "Enter")
    page.wait_for_selector("#id_m1-actions", timeout=90_000)
    page.fill("#id_m1-actions", "a:channel:guardian*1,d:ranged:djinn,a:pass,d:pass")
    page.press("#id_m1-actions", "Tab")
    page.wait_for_function(
        "document.getElementById('notation-output').value.includes('m1=a:channel:guardian,d:ranged:djinn,a:pass,d:pass')",
        timeout=90_000,
    )
    page.click("#resolve-button")
    page.wait_for_url(re.compile(r"/combat/\?s="))
    page.goto(page.url + "&step=end")
    text = page.locator("main").inner_text()
    assert "push" in text.lower(), text[:2000]
    assert re.search(r"Light Elemental\s+24\s+Kikijub\s+24\s+equal totals: a push", text), text[:2000]
    # The page does not print the Guardian's stones: the notation the board wrote says how many are left.
    written = page.locator("code.notation").inner_text()
    assert resolve(parse_setup(written), default_catalog()).result.stones_left == (6, 7)
    page.close()
