"""A row's order of actions in Chromium: the issue-14 example built with the list alone (no notation typed),
the list edited with its buttons, then the same page at a phone's width and without JavaScript."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from engine.catalog import default_catalog
from engine.notation import parse_setup
from engine.resolver import resolve
from tests.browser_fixtures import ARTIFACTS, blocking_axe_violations, needs_chromium, watched_page

# What the board prints on a set-up it writes today (engine.readings: the turn-answers reading of rules 1.3).
TODAYS_READING = "reading.turn-answers=just-before"

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]
WRITTEN = "m1=a:channel:guardian,d:ranged:djinn,a:pass,d:pass"
EXAMPLE = f"terrain=mountains a=light-elemental d=kikijub,djinn {WRITTEN}"

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with watched_page(browser, 1366) as page:
        yield page


def _labels(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#actions-1 .action-label").all_inner_texts()]


def _add(page: Page, side: str, kind: str, what: str | None = None) -> None:
    """One action through the row's three selects and its Add button, waiting for each redraw."""
    count = page.locator("#actions-1 .action-item").count()
    page.select_option("#id_m1-add-side", side)
    page.wait_for_function("v => document.getElementById('id_m1-add-side').value === v", arg=side)
    page.wait_for_function(
        "k => [...document.querySelectorAll('#id_m1-add-kind option')].some(o => o.value === k)", arg=kind
    )
    page.select_option("#id_m1-add-kind", kind)
    if what is not None:
        page.wait_for_function(
            "w => [...document.querySelectorAll('#id_m1-add-what option')].some(o => o.value === w)", arg=what
        )
        page.select_option("#id_m1-add-what", what)
    else:
        page.wait_for_function("() => !document.getElementById('id_m1-add-what')")
    page.click("#act-m1-add")
    page.wait_for_function("n => document.querySelectorAll('#actions-1 .action-item').length === n", arg=count + 1)


def _notation(page: Page) -> str:
    return page.locator("#notation-output").input_value()


def test_the_issue_14_example_built_with_the_list_is_a_push(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/combat/?blank=1")
    page.select_option("#id_terrain", "mountains")
    for side, names in (("a", ["Light Elemental"]), ("d", ["Kikijub", "Djinn"])):
        for name in names:
            page.fill(f"#add-{side}", name)
            page.press(f"#add-{side}", "Enter")
    page.wait_for_selector("#actions-1-title")
    page.click("#actions-1-title")  # the order of actions is folded away until it is wanted
    # The Light Elemental may receive channelling: the Guardian's stones are offered, capped where they stop adding.
    page.wait_for_function("() => document.querySelectorAll('#id_m1-add-what option').length === 2")
    _add(page, "a", "channel", "guardian")
    # With the script the three selects are the add control; the one select of the page without it is hidden.
    assert page.locator("#id_m1-add-action").is_hidden() and page.locator("#act-m1-add-chosen").is_hidden()
    # The defender is offered next, and the Djinn it holds as a ranged supporter.
    assert page.locator("#id_m1-add-side").input_value() == "d"
    _add(page, "d", "ranged", "djinn")
    _add(page, "a", "pass")
    assert page.evaluate("document.activeElement.id") == "act-m1-add"  # ready for the next one
    _add(page, "d", "pass")
    # Both have passed: the match-up is over, the add control gives way and the focus stays in the list.
    assert page.locator("#act-m1-add").count() == 0
    assert page.evaluate("document.activeElement.id") == "act-m1-clear"
    assert _labels(page) == [
        "Attacker: channels 1 Power Stone from the Guardian",
        "Defender: places Djinn as ranged support",
        "Attacker: passes",
        "Defender: passes",
    ]
    page.wait_for_function("w => document.getElementById('notation-output').value.includes(w)", arg=WRITTEN)
    assert _notation(page) == f"{EXAMPLE} {TODAYS_READING}"  # a set-up made now names today's reading
    assert page.locator("#actions-1 .action-problem").count() == 0

    # The list's own buttons: move a turn, see the refusal beside it, move it back; remove and add again.
    page.click("#act-m1-1-up")
    page.wait_for_function("() => document.querySelectorAll('#actions-1 .action-problem').length > 0")
    assert _labels(page)[0] == "Defender: places Djinn as ranged support"
    assert "attacker's turn" in page.locator("#actions-1 .action-item").first.inner_text()
    assert page.evaluate("document.activeElement.id") == "act-m1-0-down"  # the focus follows the moved turn
    page.keyboard.press("Enter")
    page.wait_for_function("w => document.getElementById('notation-output').value.includes(w)", arg=WRITTEN)
    page.click("#act-m1-3-remove")
    page.wait_for_function("() => document.querySelectorAll('#actions-1 .action-item').length === 3")
    _add(page, "d", "pass")
    page.wait_for_function("w => document.getElementById('notation-output').value.includes(w)", arg=WRITTEN)

    assert blocking_axe_violations(page) == []
    page.locator("#matchup-1").screenshot(path=str(ARTIFACTS / "combat-9-order-of-actions.png"))
    page.click("#resolve-button")
    page.wait_for_url(re.compile(r"/combat/\?s="))
    written = page.locator("code.notation").inner_text()
    assert written == f"{EXAMPLE} {TODAYS_READING}"
    page.goto(page.url + "&step=end")
    text = page.locator("main").inner_text()
    assert re.search(r"Light Elemental\s+24\s+Kikijub\s+24\s+equal totals: a push", text), text[:2000]
    # Rak Nam's numbers: 7 stones, one spent on the channel.
    assert resolve(parse_setup(written), default_catalog()).result.stones_left == (6, 7)


def test_a_row_with_a_list_fits_a_phone_and_passes_axe(browser: Browser, server_url: str) -> None:
    with watched_page(browser, 390, height=844) as page:
        page.goto(f"{server_url}/combat/?s={quote(EXAMPLE)}&edit=1")
        page.wait_for_selector("#actions-1 .action-item")
        assert len(_labels(page)) == 4
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert blocking_axe_violations(page) == []
        page.locator("#matchup-1").screenshot(path=str(ARTIFACTS / "combat-9b-order-of-actions-phone.png"))


def test_the_list_works_without_javascript(browser: Browser, server_url: str) -> None:
    with watched_page(browser, 1366, axe=False, javascript=False) as page:
        page.goto(f"{server_url}/combat/?s={quote(EXAMPLE)}&edit=1")
        assert len(_labels(page)) == 4
        page.click("#act-m1-3-remove")  # a submit button: the server edits the list and draws the form again
        page.wait_for_load_state()
        assert len(_labels(page)) == 3
        # The defender's turn comes next: the one select offers its actions only, and Add takes the pass.
        assert page.locator("#id_m1-add-side").is_hidden()  # three selects would need the script's redraw
        assert page.locator("#id_m1-add-action optgroup").first.get_attribute("label") == "Defender's turn"
        page.select_option("#id_m1-add-action", "d:pass")
        page.click("#act-m1-add-chosen")
        page.wait_for_load_state()
        assert _labels(page)[-1] == "Defender: passes"
        # The plain field holds the same list and can be typed into.
        field = page.locator("#id_m1-actions")
        assert field.input_value() == "a:channel:guardian,d:ranged:djinn,a:pass,d:pass"
        page.locator("#actions-1-text summary").click()
        field.fill("a:channel:guardian,d:ranged:djinn,a:pass")
        page.click("#resolve-button")
        page.wait_for_url(re.compile(r"/combat/\?s="))
        # EXAMPLE names no reading, as links shared before rules 1.3 did: edited, it keeps the reading it was read under.
        assert page.locator("code.notation").inner_text() == EXAMPLE.removesuffix(",d:pass") + " reading.turn-answers=rules-1.2"


STARTED = EXAMPLE.partition(",d:ranged")[0]  # the attacker has channelled; the rest is to be added


@pytest.mark.parametrize("width", [1366, 390])
def test_without_javascript_the_next_action_is_added_in_one_press(
    browser: Browser, server_url: str, width: int
) -> None:
    """Without the script nothing redraws as a select changes, so the page offers every next action of both
    sides in one select: whatever the visitor picks is added by the first press of Add."""
    with watched_page(browser, width, axe=False, javascript=False) as page:
        page.goto(f"{server_url}/combat/?s={quote(STARTED)}&edit=1")
        assert _labels(page) == ["Attacker: channels 1 Power Stone from the Guardian"]
        menu = page.locator("#id_m1-add-action")
        assert menu.is_visible() and page.locator("#id_m1-add-kind").is_hidden()
        assert menu.input_value() == "d:ranged:djinn"  # whose turn it is, its first action
        for chosen, label in (("d:ranged:djinn", "Defender: places Djinn as ranged support"),
                              ("a:pass", "Attacker: passes"), ("d:pass", "Defender: passes")):  # fmt: skip
            page.select_option("#id_m1-add-action", chosen)
            page.click("#act-m1-add-chosen")
            page.wait_for_load_state()
            assert _labels(page)[-1] == label
        assert page.locator("#id_m1-add-action").count() == 0  # both passed: the match-up is over
        assert page.locator("#id_m1-actions").input_value() == WRITTEN.removeprefix("m1=")

    # The same control, measured and checked by axe: scripts run (for axe) but the page's own is refused,
    # so the page is drawn as it is without JavaScript.
    with watched_page(browser, width) as page:
        page.route(re.compile(r".*/combat/combat(\.[0-9a-f]+)?\.js$"), lambda route: route.abort())
        page.goto(f"{server_url}/combat/?s={quote(STARTED)}&edit=1")
        assert page.evaluate("!document.documentElement.classList.contains('has-js')")
        assert page.locator("#id_m1-add-action").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert blocking_axe_violations(page) == []
        page.locator("#matchup-1").screenshot(path=str(ARTIFACTS / f"combat-9c-next-action-no-js-{width}.png"))

    # With the page's script: the three selects as before, the one select hidden, at the same width.
    with watched_page(browser, width) as page:
        page.goto(f"{server_url}/combat/?s={quote(STARTED)}&edit=1")
        page.wait_for_function("() => document.documentElement.classList.contains('has-js')")
        assert page.locator("#id_m1-add-what").is_visible() and page.locator("#id_m1-add-action").is_hidden()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert blocking_axe_violations(page) == []
        page.locator("#matchup-1").screenshot(path=str(ARTIFACTS / f"combat-9d-next-action-js-{width}.png"))
