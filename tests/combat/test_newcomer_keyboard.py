"""A new player on a phone, keyboard only: build a combat from an empty form by card names, resolve it, step
through it and read each step's words in the glossary. One page, one walk, a few seconds."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from tests.browser_fixtures import blocking_axe_violations, needs_chromium, watched_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page


def _tab_to(page: Page, selector: str, limit: int = 200) -> None:
    """Press Tab until the element has the focus: it must be reachable from the keyboard."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector):
            return
    raise AssertionError(f"{selector} is not reachable with Tab")


def test_a_newcomer_builds_and_steps_through_a_combat_with_the_keyboard_at_390px(
    browser: Browser, server_url: str
) -> None:
    from playwright.sync_api import expect

    with watched_page(browser, 390) as page:
        page.goto(server_url + "/combat/?blank=1")
        page.wait_for_selector("#add-a")
        _tab_to(page, "#add-a")
        # A misspelt name is answered with the creature meant, and the typed text stays to correct.
        page.keyboard.type("Sand Lrd")
        page.keyboard.press("Enter")
        message = page.locator('[data-side="a"] .add-creature-message').first
        expect(message).to_contain_text("Did you mean Sand Lord?")
        assert page.input_value("#add-a") == "Sand Lrd"
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
        for name in ("Sand Lord", "Swordsman"):
            page.keyboard.type(name)
            page.keyboard.press("Enter")
        # The stats row the script draws links "OCB" to the glossary, as the server's row does.
        ocb = page.locator('[data-stats-for="a"] tbody a.term', has_text="OCB")
        assert ocb.count() == 2 and ocb.first.get_attribute("href") == "/rules/glossary/#off-colour-bonus"
        # The shield's list and the disclosures below it show the site's focus ring, not the browser's thin one.
        for selector in ("#id_a-creatures", '[data-side="a"] details > summary'):
            _tab_to(page, selector)
            assert page.evaluate("getComputedStyle(document.activeElement).outlineWidth") == "3px", selector
        _tab_to(page, "#add-d")
        for name in ("Archer", "Ice Ogre"):
            page.keyboard.type(name)
            page.keyboard.press("Enter")
        page.select_option("#id_terrain", "swamps")
        expect(page.locator("#notation-output")).to_have_value(re.compile("terrain=swamps .*d=archer,ice-ogre"))
        # A reload keeps what was built (the address follows the form); browsers restore nothing of it.
        page.reload()
        page.wait_for_selector("#add-a")
        assert page.input_value("#id_d-creatures") == "Archer\nIce Ogre"
        assert page.input_value("#id_terrain") == "swamps"
        _tab_to(page, "#resolve-button")
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r"/combat/\?s=terrain%3Dswamps"))

        # Step to the first bribery window with the arrow keys: its words and its rule are one Tab away.
        for step in range(2, 8):
            page.keyboard.press("ArrowRight")
            expect(page.locator("#step-count")).to_have_text(f"Step {step} of 17")
        words = page.locator(".step-terms a.term")
        assert "bribery window" in words.all_inner_texts()
        assert page.locator(".current-step .rule-peek summary").inner_text().startswith("Rule 6.")

        # The permalink, to share, has its own Copy button, reached and pressed from the keyboard.
        _tab_to(page, '[data-copy="permalink"]')
        page.keyboard.press("Enter")
        expect(page.locator(".permalink-row .copy-status")).to_have_text(re.compile("Copied|Selected"))

        # A beaten creature's tile stays readable (it was faded below 4.5:1 contrast).
        page.goto(page.url.split("&step=")[0] + "&step=10")
        assert page.locator(".combat-tile.fate-beaten").count() == 1
        assert blocking_axe_violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

        # A duel steps with the arrow keys too (its steps are whole pages).
        page.goto(server_url + "/combat/?s=" + quote("ruleset=arena a=sand-lord d=archer p=a:pass,d:pass"))
        expect(page.locator("#step-count")).to_have_text(re.compile(r"^Step 1 of \d+$"))
        page.keyboard.press("ArrowRight")
        expect(page.locator("#step-count")).to_have_text(re.compile(r"^Step 2 of \d+$"))
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#step-count")).to_have_text(re.compile(r"^Step 1 of \d+$"))
