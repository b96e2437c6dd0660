"""Every page type of the site in a real Chromium, at a phone's width (390 px) and a laptop's
(1366 px): nothing scrolls sideways, and axe-core finds no serious or critical accessibility
violation. The combat simulator's pages past its start page are checked in tests/combat/."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager

import pytest
from django.urls import NoReverseMatch, reverse

from tests.browser_fixtures import (
    axe_violations,
    blocking_axe_violations,
    failing_on_script_errors,
    needs_chromium,
    watched_page,
)

WIDTHS = (390, 1366)
PAGES = {
    "home": "/",
    "card list": "/cards/",
    "card list, tiles": "/cards/?view=tiles",
    "card list, filtered": "/cards/?type=creature&border=mortal&sort=vitality",
    "card list, filter error": "/cards/?vitality_min=lots",
    "card page": "/cards/archer/",
    "guardian card page": "/cards/tes-let-leader-with-foresight/",
    "query syntax": "/cards/syntax/",
    "advanced search": "/cards/advanced/",
    "sets": "/sets/",
    "set page": "/sets/promos/",
    "rules contents": "/rules/",
    "rule section": "/rules/3/",
    "rule": "/rules/6.4.2/",
    "rules search": "/rules/search/?q=beer",
    "rules changes": "/rules/changes/",
    "arena contents": "/rules/arena/",
    "arena section": "/rules/arena/1/",
    "glossary": "/rules/glossary/",
    "rulings": "/rulings/",
    "ruling": "/rulings/R-001/",
    # Issue #32: a ruling's "See it happen", an open rule's readings side by side, a rule's history, the diff page.
    "ruling with a scenario": "/rulings/A-24/",
    "arena rule with readings": "/rules/arena/6.7.5/",
    "rule with a history": "/rules/6.6.2c/",
    "rules diff": "/rules/diff/1.0...1.2/",
    "worked examples": "/rules/examples/",
    "worked example": "/rules/examples/example-1/",
    "page not found": "/no-such-page/",
    # The simulator's start page, as a visitor arrives on it (its other pages: tests/combat/).
    "combat start page": "/combat/",
    "learn": "/learn/",
    "lesson": "/learn/a-full-combat/",
    "quiz round": "/learn/quiz/?level=judge&round=3",
    "puzzles": "/learn/puzzles/",
    "puzzle": "/learn/puzzles/puzzle-001/",
}
# Site pages other issues are adding: checked once their address exists, skipped before.
ARRIVING = {"site search": ("site-search", "?q=bribe", True), "API guide": ("api:guide", "", True)}
# Checked for width only: axe-core takes ten seconds and more on a page of hundreds of rows, and
# the smaller pages above use the same templates; the API docs are drawn by Swagger UI, not the site.
WIDTH_ONLY = {
    "set page, 300 cards": "/sets/base-set/",
    "rule section, long": "/rules/6/",
    "rules search, many hits": "/rules/search/?q=bribe",
    "API docs (Swagger UI)": "/api/docs/",
}
EXPECTED_STATUS = {"/cards/?vitality_min=lots": 400, "/no-such-page/": 404}
# axe-core runs on every page at 390 px, except where an earlier page used the same template with
# other data; at 1366 px only where the wide layout differs in more than widths (the filters beside
# the results, the card picture beside its facts). axe takes 0.5-2 s a page; a page load 0.3 s.
SAME_TEMPLATE = {"/cards/?type=creature&border=mortal&sort=vitality", "/cards/tes-let-leader-with-foresight/"}
WIDE_AXE = {"/", "/cards/", "/cards/archer/"}

# django_db: the test database with the session's cards (see tests/browser_fixtures.py).
pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page


def _own_page(
    browser: Browser, width: int, *, javascript: bool = True, axe: bool = False
) -> AbstractContextManager[Page]:
    """A watched page of its own, as tall and patient as the module's shared tabs; axe-core is loaded only when
    the test runs it (it is sent with every page the context opens)."""
    return watched_page(browser, width, height=844, timeout_ms=10_000, axe=axe, javascript=javascript)


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda width: f"{width}px")
def tab(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """One tab per width, reused by every page of the module: axe-core is loaded into every page it opens,
    rather than sent again for each check."""
    with watched_page(browser, request.param, height=844, timeout_ms=10_000, script_errors=False) as tab:
        yield tab


@pytest.fixture
def page(tab: Page) -> Iterator[Page]:
    """The width's tab, failing the test if a script throws on the pages it opens."""
    with failing_on_script_errors(tab):
        yield tab


def _overflow(page: Page) -> str:
    """'' when the page fits its window, else its width and the elements that stick out."""
    return page.evaluate("""() => {
        const width = window.innerWidth, root = document.documentElement;
        if (root.scrollWidth <= width) return '';
        const wide = [...document.querySelectorAll('body *')]
            .filter(el => el.getBoundingClientRect().right > width + 1)
            .slice(0, 5).map(el => el.tagName.toLowerCase() + (el.className ? '.' + el.className : ''));
        return `page is ${root.scrollWidth} px wide in a ${width} px window: ${wide.join(', ')}`;
    }""")


@pytest.mark.parametrize("path", PAGES.values(), ids=PAGES.keys())
def test_page_fits_and_passes_axe(page: Page, server_url: str, path: str) -> None:
    _fits_and_passes_axe(page, server_url + path, path)


@pytest.mark.parametrize(("url_name", "query", "axe"), ARRIVING.values(), ids=ARRIVING.keys())
def test_arriving_page_fits_and_passes_axe(page: Page, server_url: str, url_name: str, query: str, axe: bool) -> None:
    try:
        path = reverse(url_name)
    except NoReverseMatch:
        pytest.skip(f"no page named {url_name} yet")
    _fits_and_passes_axe(page, server_url + path + query, path, axe=axe)


def _fits_and_passes_axe(page: Page, url: str, path: str, axe: bool = True) -> None:
    response = page.goto(url)
    assert response is not None and response.status == EXPECTED_STATUS.get(path, 200)
    assert _overflow(page) == ""
    wide = page.viewport_size is not None and page.viewport_size["width"] > 390
    if not axe or path in SAME_TEMPLATE or (wide and path not in WIDE_AXE):
        return
    assert blocking_axe_violations(page) == []


@pytest.mark.parametrize("path", WIDTH_ONLY.values(), ids=WIDTH_ONLY.keys())
def test_long_page_fits(page: Page, server_url: str, path: str) -> None:
    response = page.goto(server_url + path)
    assert response is not None and response.status == 200
    assert _overflow(page) == ""


def test_card_table_folds_on_a_phone(browser: Browser, server_url: str) -> None:
    # Issue #37: the minor columns fold under each card's name instead of scrolling inside the box
    # (tests/site/test_phone_browser.py checks what stays on the row's first lines).
    with _own_page(browser, 390) as page:
        page.goto(server_url + "/cards/")
        box = page.locator(".table-scroll")
        assert box.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), "the table should fit its box"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_filters_fold_behind_a_button_on_a_phone(browser: Browser, server_url: str, javascript: bool) -> None:
    with _own_page(browser, 390, javascript=javascript) as page:
        page.goto(server_url + "/cards/?border=mortal")
        toggle = page.locator(".filter-panel > summary")
        assert toggle.is_visible() and "1 in use" in toggle.inner_text()
        assert not page.locator("#id_border").is_visible()
        toggle.click()
        page.select_option("#id_type", "creature")
        page.get_by_role("button", name="Show cards").click()
        page.wait_for_url("**type=creature**")
        assert "2 in use" in page.locator(".filter-panel > summary").inner_text()  # the sort order is no filter


def test_filters_stay_open_beside_the_results_on_a_laptop(browser: Browser, server_url: str) -> None:
    with _own_page(browser, 1366) as page:
        page.goto(server_url + "/cards/")
        assert page.locator("#id_border").is_visible()
        assert not page.locator(".filter-panel > summary").is_visible()
        filters, results = page.locator(".filter-panel").bounding_box(), page.locator(".results").bounding_box()
        assert filters and results and filters["x"] + filters["width"] <= results["x"]


def test_favicon_is_served(browser: Browser, server_url: str) -> None:
    with _own_page(browser, 390) as page:
        page.goto(server_url + "/")
        href = page.locator('link[rel="icon"]').get_attribute("href")
        assert href and href.endswith(".svg")
        icon = page.request.get(server_url + href)
        assert icon.status == 200 and icon.headers["content-type"].startswith("image/svg+xml")
        assert b"<svg" in icon.body()


def test_api_docs_text_is_readable_once_swagger_ui_has_drawn_it(browser: Browser, server_url: str) -> None:
    """Swagger UI draws the page, so axe is run on its colours and the page's language only (its nested
    buttons are Swagger UI's own markup); its version badges and GET/POST labels were under 4.5:1."""
    with _own_page(browser, 390, axe=True) as page:
        page.goto(server_url + "/api/docs/")
        page.wait_for_selector(".opblock-summary-method")
        assert axe_violations(page, rules=("color-contrast", "html-has-lang")) == []


# Links whose words must not be cut across two lines at 390 px: a source's name was broken mid-word ("p|lugin",
# "Decem|ber") by word-break: break-all, and ruling ids at their hyphen ("R-|044").
UNBROKEN = {"/cards/barrow-wight/": ".sources li", "/rules/6.2/": ".rule-meta a"}
SPLIT_WORDS = """selector => {
    const split = [];
    for (const element of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of node.textContent.matchAll(/[^\\s\\/.]+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
                if (lines.size > 1) split.push(match[0]);
            }
        }
    }
    return split;
}"""


@pytest.mark.parametrize(("path", "selector"), UNBROKEN.items(), ids=UNBROKEN.keys())
def test_words_and_ruling_ids_are_not_cut_across_lines_on_a_phone(
    browser: Browser, server_url: str, path: str, selector: str
) -> None:
    with _own_page(browser, 390) as page:
        page.goto(server_url + path)
        assert page.locator(selector).count() > 0
        assert page.evaluate(SPLIT_WORDS, selector) == []


def test_the_site_menu_keeps_to_one_line_on_a_phone(browser: Browser, server_url: str) -> None:
    with _own_page(browser, 390) as page:
        page.goto(server_url + "/rulings/")
        tops = page.evaluate("[...document.querySelectorAll('.site-header nav li')].map(li => li.offsetTop)")
        assert len(tops) == 6 and len(set(tops)) == 1, tops
        assert page.locator('.site-header nav a[aria-current="page"]').inner_text() == "Rulings"
