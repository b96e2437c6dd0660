"""The combat simulator in a real Chromium: build Example 2a in the form, step through it, open a
permalink, step with the keyboard. Screenshots go to test-artifacts/ for a person to look at."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from pytest_django.live_server_helper import LiveServer

from combat.examples import find_example

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
EXAMPLE_2A = find_example("example-2a")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Chromium is missing: `make test` installs it when run as root"),
]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page


@pytest.fixture(scope="module")
def server_url(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    # pytest-django's live_server fixture makes each test transactional, and the flush after it would
    # empty the card tables the rest of the session loaded once; so the same server class runs here on
    # its own, reading the cards loaded for the session (combats read their catalog from the database).
    with django_db_blocker.unblock():
        server = LiveServer("127.0.0.1")
        yield server.url
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; Django's async guard would refuse
    # the test's own database work otherwise.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], errors


def _shot(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"combat-{name}.png"), full_page=True)


def _step_count(page: Page) -> str:
    return page.locator("#step-count").inner_text().strip()


def test_build_example_2a_in_the_form_and_step_to_the_result(page: Page, server_url: str) -> None:
    assert EXAMPLE_2A is not None
    page.goto(f"{server_url}/combat/?blank=1")
    page.select_option("#id_terrain", "woods")
    for side, names in (("a", ["Wood Nymph", "Ice Ogre", "Sun Spirit"]),
                        ("d", ["Amber Well", "Gorgal Skag", "Black Lung", "Rock Spirit"])):  # fmt: skip
        for name in names:
            page.fill(f"#add-{side}", name)
            page.press(f"#add-{side}", "Enter")
    stats = page.locator('[data-stats-for="a"]')
    assert stats.locator("tbody tr").count() == 3
    assert stats.locator(".stacking-text").inner_text() == "29 of 30 points"
    assert page.locator('[data-stats-for="d"] .stacking-text').inner_text() == "27 of 30 points"
    page.locator('fieldset[data-side="d"] summary', has_text="Decisions").click()
    page.fill("#id_d-secondaries", "rock-spirit>sun-spirit")
    _shot(page, "1-setup-example-2a")
    page.click("#resolve-button")
    page.wait_for_url(re.compile(r"/combat/\?s="))
    assert page.locator("code.notation").inner_text() == EXAMPLE_2A.notation
    assert _step_count(page) == "Step 1 of 30"

    # Step to the end one step at a time, in place (the page is not reloaded).
    page.evaluate("window.notReloaded = true")
    for number in range(2, 31):
        page.click('.step-nav a[rel="next"]')
        page.wait_for_function(
            "n => document.getElementById('step-count').textContent.trim() === 'Step ' + n + ' of 30'", arg=number
        )
        if number == 16:
            _shot(page, "2-step-16-off-colour")
            tiles = page.locator(".combat-tile")
            assert tiles.count() == 2 and "18" in tiles.nth(0).locator(".vitality").inner_text()
    page.click('.step-nav a[rel="next"]')
    page.wait_for_selector("#verdict")
    assert page.evaluate("window.notReloaded") is True
    assert page.locator("#verdict").inner_text() == "The attacker holds the space: 17 against 5."
    assert page.locator("#attacker-total").inner_text() == "17" and page.locator("#defender-total").inner_text() == "5"
    assert "step=30" in page.url
    _shot(page, "3-result-example-2a")


def test_permalink_and_keyboard_stepping(page: Page, server_url: str) -> None:
    example = find_example("example-1")
    assert example is not None
    page.goto(f"{server_url}/combat/?s={quote(example.notation)}&step=11")
    assert _step_count(page) == "Step 12 of 44"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.getElementById('step-count').textContent.trim() === 'Step 13 of 44'")
    assert page.locator(".current-step .step-text").inner_text().startswith("Match-up 1: the attacker's Wild Nymph")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(50)
    page.wait_for_function("document.getElementById('step-count').textContent.trim() === 'Step 17 of 44'")
    # Floyd's +2 and the Wild Nymph's off-colour bonus have both applied in match-up 1.
    totals = [tile.inner_text().split()[-1] for tile in page.locator(".combat-tile .vitality").all()]
    assert totals == ["5", "3"]
    assert "step=16" in page.url
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.getElementById('step-count').textContent.trim() === 'Step 16 of 44'")
    page.go_back()
    page.wait_for_function("document.getElementById('step-count').textContent.trim() === 'Step 17 of 44'")
    _shot(page, "4-keyboard-example-1")
    page.get_by_role("link", name="Command step").click()
    page.wait_for_function("document.getElementById('step-count').textContent.trim() === 'Step 4 of 44'")
    page.get_by_role("link", name="Result", exact=True).first.click()
    page.wait_for_selector("#verdict")
    assert page.locator("#verdict").inner_text() == "The attacker holds the space: 27 against 9."


def test_bad_permalink_names_the_problem_and_keeps_the_notation(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/combat/?s={quote('a=sand-lrod d=swordsman')}")
    assert "did you mean sand-lord" in page.locator("#setup-problems").inner_text()
    assert page.locator("#notation-input").input_value() == "a=sand-lrod d=swordsman"
    page.fill("#notation-input", "a=sand-lord d=swordsman")
    page.click(".notation-form button")
    page.wait_for_selector("#step-count")
    _shot(page, "5-fixed-permalink")


def test_narrow_screen_layout(browser: Browser, server_url: str) -> None:
    assert EXAMPLE_2A is not None
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server_url}/combat/?s={quote(EXAMPLE_2A.notation)}&step=15")
    # Nothing sticks out sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    _shot(page, "6-phone-step")
    context.close()
