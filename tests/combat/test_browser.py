"""The combat simulator in a real Chromium: build Example 2a in the form, step through it, open a
permalink, step with the keyboard. Screenshots go to test-artifacts/ for a person to look at."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from combat.examples import find_example
from tests.browser_fixtures import ARTIFACTS, needs_chromium, watched_page

EXAMPLE_2A = find_example("example-2a")

# The live server reads the session's test database, which pytest-django creates only for a session holding a
# django_db test: without the mark this module alone would read no tables.
pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    # No axe: tests/combat/test_axe_browser.py checks these pages, and here it would load with every navigation.
    with watched_page(browser, 1280, timeout_ms=10_000, axe=False) as page:
        yield page


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
    # The Rock Spirit is left over: the board offers its secondary attack once both shields are known.
    page.select_option("#id_d-sec-rock-spirit", "sun-spirit")
    page.wait_for_function(
        "() => document.getElementById('notation-output').value.includes('d.secondary=rock-spirit>sun-spirit')"
    )
    _shot(page, "1-setup-example-2a")
    page.click("#resolve-button")
    page.wait_for_url(re.compile(r"/combat/\?s="))
    # Built in the form today, the set-up names today's reading of answers (rules 1.3).
    assert page.locator("code.notation").inner_text() == f"{EXAMPLE_2A.notation} reading.turn-answers=just-before"
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
    # Waits are functions, not bare expressions: playwright evaluates an expression as a string, which the
    # site's Content-Security-Policy (no 'unsafe-eval') refuses.
    page.wait_for_function("() => document.getElementById('step-count').textContent.trim() === 'Step 13 of 44'")
    assert page.locator(".current-step .step-text").inner_text().startswith("Match-up 1: the attacker's Wild Nymph")
    for shown in range(14, 18):
        # One press at a time, each waited for: presses sent faster than the page loads a step
        # raced each other's history entries on a loaded machine.
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            f"() => document.getElementById('step-count').textContent.trim() === 'Step {shown} of 44'"
        )
    # Floyd's +2 and the Wild Nymph's off-colour bonus have both applied in match-up 1.
    totals = [tile.inner_text().split()[-1] for tile in page.locator(".combat-tile .vitality").all()]
    assert totals == ["5", "3"]
    assert "step=16" in page.url
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.getElementById('step-count').textContent.trim() === 'Step 16 of 44'")
    page.go_back()
    page.wait_for_function("() => document.getElementById('step-count').textContent.trim() === 'Step 17 of 44'")
    _shot(page, "4-keyboard-example-1")
    page.get_by_role("link", name="Command step").click()
    page.wait_for_function("() => document.getElementById('step-count').textContent.trim() === 'Step 4 of 44'")
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
    pages = {
        "step": f"/combat/?s={quote(EXAMPLE_2A.notation)}&step=15",
        "result": f"/combat/?s={quote(EXAMPLE_2A.notation)}&step=end",
        "form": f"/combat/?s={quote(EXAMPLE_2A.notation)}&edit=1",
        "notation": "/combat/notation/",
        "explore": f"/combat/explore/?s={quote(EXAMPLE_2A.notation)}",
    }
    with watched_page(browser, 390, height=844, axe=False) as page:
        for name, path in pages.items():
            page.goto(server_url + path)
            if name == "form":
                page.wait_for_selector(".matchup-row")
            # Nothing sticks out sideways on a phone.
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
            _shot(page, f"6-phone-{name}")


JOURNEY_NOTATION = (
    "a=sorcerer,wraith,swordsman,archer a.hand=babes a.ranged=3:archer a.bribe=1:babes a.channel=2:guardian "
    "d=ice-ogre,wood-nymph,sun-spirit"
)


def _notation_has(page: Page, text: str) -> None:
    page.wait_for_function("t => document.getElementById('notation-output').value.includes(t)", arg=text)


def test_journey_three_against_three_with_ranged_support_a_bribe_and_a_channel(page: Page, server_url: str) -> None:
    """A new player's way through: pick creatures by name, then choose everything else on the board."""
    page.goto(f"{server_url}/combat/?blank=1")
    for side, names in (
        ("a", ["Sorcerer", "Wraith", "Swordsman", "Archer"]),
        ("d", ["Ice Ogre", "Wood Nymph", "Sun Spirit"]),
    ):
        for name in names:
            page.fill(f"#add-{side}", name)
            page.press(f"#add-{side}", "Enter")
    page.locator('fieldset[data-side="a"] summary', has_text="storage hand").click()
    page.fill("#add-hand-a", "babes")
    page.press("#add-hand-a", "Enter")
    assert page.locator("#id_a-hand").input_value() == "Babes"
    # Four against three: the Archer is left over until it is set aside to shoot in match-up 3.
    page.wait_for_selector("#id_a-m3-ranged")
    assert page.locator(".matchup-row").count() == 3 and page.locator(".secondary-plan").count() == 1
    page.select_option("#id_a-m3-ranged", "archer")
    _notation_has(page, "a.ranged=3:archer")
    assert page.locator(".secondary-plan").count() == 0
    assert page.locator("#id_a-m1-bribe option").all_inner_texts() == ["No bribe", "Babes on Ice Ogre"]
    page.select_option("#id_a-m1-bribe", "babes")
    _notation_has(page, "a.bribe=1:babes")
    page.select_option("#id_a-m2-channel", "guardian")
    _notation_has(page, "a.channel=2:guardian")
    assert page.locator("#notation-output").input_value() == JOURNEY_NOTATION
    _shot(page, "7-journey-board")
    page.click("#resolve-button")
    page.wait_for_url(re.compile(r"/combat/\?s="))
    assert page.locator("code.notation").inner_text() == JOURNEY_NOTATION
    count = int(_step_count(page).split()[-1])
    seen: set[str] = set()
    for number in range(2, count + 1):
        page.click('.step-nav a[rel="next"]')
        page.wait_for_function(
            "n => document.getElementById('step-count').textContent.trim().startsWith('Step ' + n + ' ')", arg=number
        )
        picture = page.locator(".combat-picture").inner_text()
        if "bonus +" in picture:
            seen.add("bonus")  # the Guardian's channelling into the Wraith, marked in words beside its bar
            _shot(page, "7b-journey-channel")
        if "bribed away" in picture:
            seen.add("bribed")
    assert seen == {"bonus", "bribed"}
    page.click('.step-nav a[rel="next"]')
    page.wait_for_selector("#verdict")
    assert page.locator("#verdict").inner_text() == "The attacker holds the space: 28 against 12."
    _shot(page, "8-journey-result")


@pytest.fixture
def page_without_javascript(browser: Browser) -> Iterator[Page]:
    with watched_page(browser, 1280, timeout_ms=10_000, axe=False, javascript=False) as page:
        yield page


def test_the_form_and_the_step_through_work_without_javascript(page_without_javascript: Page, server_url: str) -> None:
    page = page_without_javascript
    page.goto(f"{server_url}/combat/?blank=1")
    page.fill("#id_a-creatures", "Archer\nSorcerer\nWraith\nSwordsman")
    page.fill("#id_d-creatures", "Ice Ogre\nWood Nymph\nSun Spirit")
    page.locator('fieldset[data-side="a"] summary', has_text="storage hand").click()
    page.fill("#id_a-hand", "Babes")
    page.click("#refresh-button")
    page.wait_for_selector(".matchup-row")
    # The Archer was typed first; moving it down three times makes the Sorcerer lead, as in the journey.
    for _ in range(3):
        page.locator("button.move[id^='move-a-archer-down']").click()
        page.wait_for_load_state()
    assert page.locator("#matchup-1 .side-attacker .matchup-fighter a").inner_text() == "Sorcerer"
    page.select_option("#id_a-m3-ranged", "archer")
    page.click("#refresh-button")
    page.select_option("#id_a-m1-bribe", "babes")
    page.select_option("#id_a-m2-channel", "guardian")
    page.click("#resolve-button")
    page.wait_for_url(re.compile(r"/combat/\?s="))
    # The same combat as the journey; the order typed differs, so the notation keeps the order chosen.
    assert page.locator("code.notation").inner_text() == (
        "a=archer,sorcerer,wraith,swordsman a.hand=babes a.order=sorcerer,wraith,swordsman,archer a.ranged=3:archer "
        "a.bribe=1:babes a.channel=2:guardian d=ice-ogre,wood-nymph,sun-spirit"
    )
    page.click('.step-nav a[rel="next"]')
    page.wait_for_load_state()
    assert _step_count(page).startswith("Step 2 of")
    page.get_by_role("link", name="Result", exact=True).first.click()
    page.wait_for_selector("#verdict")
    assert page.locator("#verdict").inner_text() == "The attacker holds the space: 28 against 12."
    _shot(page, "9-no-javascript-result")


def test_walk_a_combat_with_the_keyboard_alone(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/combat/?s={quote(JOURNEY_NOTATION)}")
    total = int(_step_count(page).split()[-1])
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('rel')") == "next":
            break
    assert page.evaluate("document.activeElement.getAttribute('rel')") == "next"
    for number in range(2, total + 1):
        page.keyboard.press("Enter")
        page.wait_for_function(
            "n => document.getElementById('step-count').textContent.trim().startsWith('Step ' + n + ' ')", arg=number
        )
        # Focus stays on "Next", so Enter steps again without any Tab.
        assert page.evaluate("document.activeElement.getAttribute('rel')") == "next", number
    page.keyboard.press("Enter")
    page.wait_for_selector("#verdict")
    assert page.evaluate("document.activeElement.getAttribute('rel')") == "prev"
    # A step's rule opens from the keyboard too: Previous, then Tab to the rule and Enter.
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('step-count').textContent.trim().startsWith('Step ')")
    page.focus(".current-step .rule-peek summary")
    page.keyboard.press("Enter")
    assert page.locator(".current-step .rule-peek").get_attribute("open") is not None
    assert page.locator(".current-step .rule-peek summary").inner_text().startswith("Rule ")


def test_reorder_by_dragging_and_by_the_arrow_buttons(page: Page, server_url: str) -> None:
    notation = "a=sand-lord,swordsman,axeman d=archer,gnomish-gnomes,amber-well"
    page.goto(f"{server_url}/combat/?s={quote(notation)}&edit=1")
    page.wait_for_selector(".matchup-row")
    fighter = "#matchup-{} .side-attacker .matchup-fighter"
    # Dragged as a person does, with both rows on screen. (Playwright's drag_to first centres the source,
    # which leaves row 1 above the window once rows are taller than half of it, and Chromium drops
    # nothing outside the window: no drag event fires at all.)
    page.locator("#matchup-1").evaluate("row => row.scrollIntoView({block: 'start'})")
    source, target = (page.locator(fighter.format(n)).bounding_box() for n in (3, 1))
    assert source is not None and target is not None and source["y"] + source["height"] < 900
    page.mouse.move(source["x"] + 20, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + 20, target["y"] + target["height"] / 2, steps=8)
    page.mouse.up()
    _notation_has(page, "a.order=axeman,sand-lord,swordsman")
    assert page.locator(fighter.format(1) + " a").inner_text() == "Axeman"
    # The arrow keeps the focus on the creature it moved, wherever the creature lands.
    page.focus("#move-a-axeman-down")
    page.keyboard.press("Enter")
    _notation_has(page, "a.order=sand-lord,axeman,swordsman")
    assert page.evaluate("document.activeElement.id") == "move-a-axeman-down"
