"""The site for players on phones (issue #37, points 1, 6, 7, 8 and the dark theme and print of 10), checked in
Chromium at a phone's 390 px and a laptop's 1366 px, with and without JavaScript.

- Stepping: a step link lands on the controls, with the step's explanation and its picture on the same screen;
  the controls stay in view as the page scrolls; a swipe steps.
- A duel's step explains its total ("Why 9") as a combat's does, and lands the same way.
- The action editor's buttons are 44 px targets, apart; without JavaScript a press returns to its list.
- Wide tables fold on a phone instead of scrolling inside their box.
- The dark theme follows the system, the switch overrides it and is remembered; axe passes in both themes.
- Print shows no navigation and light colours; a combat's result prints on one page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from combat.links import permalink
from tests.browser_fixtures import ARTIFACTS, axe_violations, blocking_axe_violations, needs_chromium, watched_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

WIDTHS = (390, 1366)
EXAMPLE_2A = (
    "terrain=woods a=wood-nymph,ice-ogre,sun-spirit d=amber-well,gorgal-skag,black-lung,rock-spirit "
    "d.secondary=rock-spirit>sun-spirit"
)
# A duel whose third step adds the Archer's ranged attack: "Why 9" is 6 Swordsman + 3 Archer ranged.
RANGED_DUEL = (
    "ruleset=arena a=swordsman a.under=archer d=sand-lord d.stock=gold "
    "p=a:ranged:archer,d:bribe:gold,a:channel:guardian,d:pass,a:pass"
)
ACTIONS = "terrain=mountains a=light-elemental d=kikijub,djinn m1=a:channel:guardian,d:ranged:djinn,a:pass,d:pass"
HEIGHT = 844


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def _on_screen(page: Page, selector: str, *, whole: bool = True) -> bool:
    """Whether the element (whole, or at least its top line) lies inside the viewport."""
    box = _box(page, selector)
    height = page.viewport_size["height"] if page.viewport_size else HEIGHT
    bottom = box["y"] + (box["height"] if whole else 20)
    return box["y"] >= -1 and bottom <= height + 1


# ---- 1. Stepping ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_without_javascript_next_lands_on_the_controls_with_the_step_and_its_picture(
    browser: Browser, server_url: str, width: int
) -> None:
    with watched_page(browser, width, height=HEIGHT, axe=False, javascript=False) as page:
        page.goto(server_url + permalink(EXAMPLE_2A, step=14))
        assert page.evaluate("window.scrollY") == 0  # arriving by a shared link: the page's top
        page.click('.step-nav a[rel="next"]')
        page.wait_for_load_state()
        assert "step=15" in page.url and page.url.endswith("#step-nav")
        assert page.inner_text("#step-count") == "Step 16 of 30"
        assert page.evaluate("window.scrollY") > 0  # not back at the top of the page
        assert _on_screen(page, "#step-nav")
        assert _on_screen(page, ".current-step .step-text")
        assert _on_screen(page, ".current-step .why")
        # The whole picture: both shields' bars, the subject of the step among them.
        assert _on_screen(page, ".step-layout .combat-picture")
        assert page.locator(".combat-picture .bar-row").count() == 7
        page.screenshot(path=str(ARTIFACTS / f"phone37-step-no-js-{width}.png"))


@pytest.mark.parametrize("width", WIDTHS)
def test_the_controls_stay_in_view_as_the_page_scrolls(browser: Browser, server_url: str, width: int) -> None:
    with watched_page(browser, width, height=HEIGHT) as page:
        page.goto(server_url + permalink(EXAMPLE_2A, step=15))
        page.locator(".chapter-log").scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, 200)")
        assert page.evaluate("window.scrollY") > 300
        nav = _box(page, "#step-nav")
        assert -1 <= nav["y"] <= 1  # stuck to the top of the screen
        page.click('.step-nav a[rel="next"]')
        page.wait_for_function("() => document.getElementById('step-count').textContent === 'Step 17 of 30'")
        assert _on_screen(page, "#step-nav")


def _swipe(page: Page, selector: str, dx: int) -> None:
    page.evaluate(
        """([selector, dx]) => {
            const target = document.querySelector(selector);
            const box = target.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + 20;
            const touch = (cx) => new Touch({identifier: 1, target, clientX: cx, clientY: y});
            target.dispatchEvent(new TouchEvent("touchstart", {bubbles: true, touches: [touch(x)], changedTouches: [touch(x)]}));
            target.dispatchEvent(new TouchEvent("touchend", {bubbles: true, touches: [], changedTouches: [touch(x + dx)]}));
        }""",
        [selector, dx],
    )


def test_a_swipe_across_the_step_steps(browser: Browser, server_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": HEIGHT}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(server_url + permalink(EXAMPLE_2A, step=15))
        _swipe(page, ".current-step", -120)  # leftwards: the next step
        page.wait_for_function("() => document.getElementById('step-count').textContent === 'Step 17 of 30'")
        _swipe(page, ".combat-picture", 120)  # rightwards: back
        page.wait_for_function("() => document.getElementById('step-count').textContent === 'Step 16 of 30'")
        _swipe(page, ".current-step", -30)  # too short to be a swipe: a tap or a wobble
        page.wait_for_timeout(300)  # a fetch would have been started and finished meanwhile
        assert page.inner_text("#step-count") == "Step 16 of 30"
    finally:
        context.close()


# ---- 6. Duel steps explain their totals -----------------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_a_duel_step_says_why_its_total_and_lands_on_its_links(browser: Browser, server_url: str, width: int) -> None:
    with watched_page(browser, width, height=HEIGHT, axe=False, javascript=False) as page:
        page.goto(server_url + permalink(RANGED_DUEL, step=1))
        page.click('.stepper-nav a[rel="next"]')
        page.wait_for_load_state()
        assert page.url.endswith("#duel-step-nav") and page.inner_text("#step-count").startswith("Step 3 of")
        why = page.locator(".duel-current-step .why")
        assert why.locator("h3").inner_text() == "Why 9"
        terms = [re.sub(r"\s+", " ", text).strip() for text in why.locator(".chain li").all_inner_texts()]
        assert terms == ["6 Swordsman", "+3 Archer ranged"]
        assert _on_screen(page, "#duel-step-nav") and _on_screen(page, ".duel-current-step")
        assert _on_screen(page, ".duel-picture img", whole=False)


# ---- 7. Tap targets, no-JS return, wide tables ----------------------------------------------------------------


def test_the_action_buttons_are_44_px_targets_apart(browser: Browser, server_url: str) -> None:
    with watched_page(browser, 390, height=HEIGHT, axe=False) as page:
        page.goto(f"{server_url}/combat/?s={quote(ACTIONS)}&edit=1")
        page.wait_for_selector("#actions-1 .action-item")
        up, down, remove = (_box(page, f"#act-m1-1-{name}") for name in ("up", "down", "remove"))
        for box in (up, down, remove):
            assert box["width"] >= 44 and box["height"] >= 44, box
        # Side by side (or wrapped): never touching, at least 8 px of gap between neighbours on a line.
        assert down["x"] - (up["x"] + up["width"]) >= 8 or down["y"] >= up["y"] + up["height"]
        assert remove["x"] - (down["x"] + down["width"]) >= 8 or remove["y"] >= down["y"] + down["height"]


@pytest.mark.parametrize("width", WIDTHS)
def test_without_javascript_an_editor_button_returns_to_its_list(browser: Browser, server_url: str, width: int) -> None:
    with watched_page(browser, width, height=HEIGHT, axe=False, javascript=False) as page:
        page.goto(f"{server_url}/combat/?s={quote(ACTIONS)}&edit=1")
        assert page.locator("#actions-1 .action-item").count() == 4
        page.click("#act-m1-3-remove")
        page.wait_for_load_state()
        assert page.url.endswith("#actions-1")
        assert page.locator("#actions-1 .action-item").count() == 3
        assert page.evaluate("window.scrollY") > 0
        assert _on_screen(page, "#actions-1-title", whole=False)


def test_without_javascript_moving_a_creature_returns_to_the_board(browser: Browser, server_url: str) -> None:
    with watched_page(browser, 390, height=HEIGHT, axe=False, javascript=False) as page:
        page.goto(f"{server_url}/combat/?s={quote(EXAMPLE_2A)}&edit=1")
        first = page.locator("#matchup-1 .matchup-fighter").first.inner_text()
        move = page.locator("#matchup-1 button.move").first
        box = move.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        move.click()
        page.wait_for_load_state()
        assert page.url.endswith("#matchup-board") and page.evaluate("window.scrollY") > 0
        assert page.locator("#matchup-1 .matchup-fighter").first.inner_text() != first  # it did move


def _scrolling_inside(page: Page, selector: str) -> int:
    """How many of the boxes matched scroll sideways inside themselves."""
    return int(
        page.evaluate(
            "s => [...document.querySelectorAll(s)].filter(e => e.scrollWidth > e.clientWidth + 1).length", selector
        )
    )


def test_wide_tables_fold_on_a_phone_instead_of_scrolling(browser: Browser, server_url: str) -> None:
    with watched_page(browser, 390, height=HEIGHT, axe=False, timeout_ms=45_000) as page:
        page.goto(server_url + "/cards/")
        assert _scrolling_inside(page, ".table-scroll") == 0
        # What matters stays on the row's first lines: the name with the type, then Vitality.
        row = page.locator("table.spoiler tbody tr").first
        name, kind, vitality = (_box(page, f"table.spoiler tbody tr:first-child {cell}") for cell in
                                ("th", "td:nth-of-type(2)", "td:nth-of-type(4)"))  # fmt: skip
        assert abs(name["y"] - kind["y"]) < 12 and vitality["y"] > name["y"]
        # Each folded value carries its column's name, generated and silent (the header is what is read).
        label = page.evaluate(
            "() => getComputedStyle(document.querySelector('table.spoiler tbody td:nth-of-type(4)'), '::before').content"
        )
        assert label.startswith('"Vit "') and "Vit" not in row.inner_text()
        page.goto(f"{server_url}/combat/?s={quote(EXAMPLE_2A)}&edit=1")
        page.wait_for_selector(".stats-table tbody th")
        assert _scrolling_inside(page, ".creature-stats .table-scroll") == 0
        page.goto(server_url + "/api/", wait_until="domcontentloaded", timeout=90_000)
        assert page.locator(".api-guide pre").count() > 0
        assert _scrolling_inside(page, ".api-guide pre") == 0
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


# ---- 10. Dark theme and print ---------------------------------------------------------------------------------

BACKGROUND_LIGHTNESS = """() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}"""


@pytest.mark.parametrize("javascript", [True, False], ids=["with-js", "no-js"])
def test_the_theme_follows_the_system(browser: Browser, server_url: str, javascript: bool) -> None:
    for scheme, dark in (("dark", True), ("light", False)):
        context = browser.new_context(viewport={"width": 390, "height": HEIGHT}, color_scheme=scheme,
                                      java_script_enabled=javascript)  # fmt: skip
        try:
            page = context.new_page()
            page.goto(server_url + "/cards/archer/")
            lightness = page.evaluate(BACKGROUND_LIGHTNESS)
            assert (lightness < 0.2) if dark else (lightness > 0.9), (scheme, lightness)
            assert page.locator("#theme-switch").is_visible() == javascript  # no switch that cannot work
        finally:
            context.close()


def test_the_switch_overrides_the_system_and_is_remembered(browser: Browser, server_url: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 900}, color_scheme="light")
    try:
        page = context.new_page()
        page.goto(server_url + "/rules/")
        switch = page.locator("#theme-switch")
        assert switch.inner_text() == "Theme: auto" and page.evaluate(BACKGROUND_LIGHTNESS) > 0.9
        switch.click()
        assert switch.inner_text() == "Theme: dark" and page.evaluate(BACKGROUND_LIGHTNESS) < 0.2
        page.goto(server_url + "/cards/")  # another page: the choice holds
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        assert page.evaluate(BACKGROUND_LIGHTNESS) < 0.2
        page.locator("#theme-switch").click()
        assert page.locator("#theme-switch").inner_text() == "Theme: light"
        page.emulate_media(color_scheme="dark")  # the system turns dark: the chosen light theme stays
        assert page.evaluate(BACKGROUND_LIGHTNESS) > 0.9
        page.locator("#theme-switch").click()  # back to following the system, which is dark now
        assert page.locator("#theme-switch").inner_text() == "Theme: auto"
        assert page.evaluate("localStorage.getItem('guardians-theme')") is None
        assert page.evaluate(BACKGROUND_LIGHTNESS) < 0.2
    finally:
        context.close()


DARK_PAGES = {
    "home": "/",
    "card list": "/cards/",
    "card page": "/cards/sand-lord/",
    "rule": "/rules/6.4.2/",
    "ruling": "/rulings/E-03/",
    "rules search": "/rules/search/?q=beer",
    "API guide": "/api/",
    "combat form": "/combat/",
    "step-through": permalink(EXAMPLE_2A, step=15),
    "step-through, result": permalink(EXAMPLE_2A, step="end"),
    "duel": permalink(RANGED_DUEL, step=2),
    "action editor": f"/combat/?s={quote(ACTIONS)}&edit=1",
}
COMBAT_PREFIX = "/combat/"


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda width: f"{width}px")
def dark_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    with watched_page(browser, request.param, height=HEIGHT, timeout_ms=20_000) as page:
        page.emulate_media(color_scheme="dark")
        yield page


@pytest.mark.parametrize("path", DARK_PAGES.values(), ids=DARK_PAGES.keys())
def test_the_dark_theme_passes_axe(dark_page: Page, server_url: str, path: str) -> None:
    # The API guide's first visit writes the bulk files it describes (about 20 s on the shared test machine).
    dark_page.goto(server_url + path, timeout=90_000)
    dark_page.wait_for_load_state("load")
    assert dark_page.evaluate(BACKGROUND_LIGHTNESS) < 0.2
    # The combat pages are held to every impact (as in tests/combat/test_axe_browser.py), the others to the
    # serious and critical ones (as in tests/site/test_browser.py).
    found = axe_violations(dark_page) if path.startswith(COMBAT_PREFIX) else blocking_axe_violations(dark_page)
    assert found == []


def test_the_dark_theme_forced_by_the_switch_passes_axe_on_a_light_system(browser: Browser, server_url: str) -> None:
    with watched_page(browser, 390, height=HEIGHT, timeout_ms=20_000) as page:
        page.goto(server_url + permalink(EXAMPLE_2A, step=15))
        page.click("#theme-switch")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        assert axe_violations(page) == []
        page.screenshot(path=str(ARTIFACTS / "phone37-step-dark-390.png"))


def test_print_drops_the_controls_and_prints_light(browser: Browser, server_url: str) -> None:
    with watched_page(browser, 1366, axe=False) as page:
        page.emulate_media(media="print", color_scheme="dark")
        page.goto(server_url + permalink(EXAMPLE_2A, step=15))
        assert page.evaluate(BACKGROUND_LIGHTNESS) > 0.9
        for hidden in (".site-header nav", ".site-search", "#theme-switch", "#step-nav", ".chapters", ".share-row"):
            assert page.locator(hidden).is_hidden(), hidden
        assert page.locator(".current-step .step-text").is_visible()
        assert page.locator(".current-step .rule-peek-text").is_visible()  # a step's rule, printed open
        page.goto(server_url + "/cards/sand-lord/")
        assert page.locator("h1").is_visible() and page.locator(".site-search").is_hidden()


def test_a_combat_result_prints_on_one_page(browser: Browser, server_url: str) -> None:
    with watched_page(browser, 1366, axe=False) as page:
        page.goto(server_url + permalink(EXAMPLE_2A, step="end"))
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == 1
        page.emulate_media(media="print")
        for shown in ("#verdict", ".combat-picture", ".fates", ".matchups", ".setup-summary"):
            assert page.locator(shown).is_visible(), shown
