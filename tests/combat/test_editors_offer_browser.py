"""The three editors in Chromium, at a phone's width (390 px) and a desktop's (1366 px): the match-up board's picks,
its order-of-actions editor and the Arena duel's round builder. Every action an editor offers, submitted by
keyboard with JavaScript and by the plain form without it, is accepted: the list it builds shows no refused
turn, and the result of a pasted list with one says so at the top, in words. axe-core finds nothing blocking."""

from __future__ import annotations

from urllib.parse import quote, urlencode

import pytest
from playwright.sync_api import expect

from tests.browser_fixtures import blocking_axe_violations, needs_chromium, watched_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

# The board: after the attacker's bribe and the defender's pass, only the bribery window is offered.
BRIBE_THEN_PASS = "a=sand-lord,archer a.hand=gold d=swordsman,kikijub m1=a:bribe:gold,d:pass"
# A row with its picks set and no list yet: the first Add starts from what the picks stand for.
PICKS_THEN_LIST = "a=sand-lord,archer a.hand=gold a.bribe=1:gold a.ranged=1:archer d=light-elemental,kikijub"
# The duel: the Sand Lord takes only Babes, the Swordsman has a red bar.
DUEL = {"a_duellist": "Swordsman", "a_stock": "Gold, Babes, Power Lunch", "a_under": "Energy Toad, Energy Well",
        "d_duellist": "Sand Lord", "d_stock": "Beer"}  # fmt: skip
WIDTHS = [390, 1366]


def _menu(page: Page, select: str) -> list[str]:
    return page.eval_on_selector(select, "s => [...s.options].map(o => o.value)")


def _open_the_list(page: Page) -> None:
    """Open the row's order of actions (a disclosure, closed while the list is empty) by keyboard."""
    if not page.eval_on_selector("#actions-1", "d => d.open"):
        page.focus("#actions-1 > summary")
        page.keyboard.press("Enter")


def _no_refused_turn(page: Page) -> None:
    assert page.locator("#actions-1 .action-problem").count() == 0, page.inner_text("#actions-1")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("form", [BRIBE_THEN_PASS, PICKS_THEN_LIST], ids=["bribe-then-pass", "picks-then-list"])
def test_without_javascript_every_next_action_the_board_offers_is_accepted(
    browser: Browser, server_url: str, width: int, form: str
) -> None:
    address = f"{server_url}/combat/?s={quote(form)}&edit=1"
    with watched_page(browser, width, javascript=False, axe=False) as page:
        page.goto(address)
        offered = _menu(page, "#id_m1-add-action")
        assert offered
        for item in offered:
            page.goto(address)
            _open_the_list(page)
            page.select_option("#id_m1-add-action", item)
            page.focus("#act-m1-add-chosen")
            with page.expect_navigation():
                page.keyboard.press("Enter")
            assert page.input_value("#id_m1-actions").split(",")[-1] == item
            _no_refused_turn(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", WIDTHS)
def test_by_keyboard_every_kind_the_board_offers_next_is_accepted(
    browser: Browser, server_url: str, width: int
) -> None:
    address = f"{server_url}/combat/?s={quote(BRIBE_THEN_PASS)}&edit=1"
    with watched_page(browser, width) as page:
        page.goto(address)
        page.locator("#actions-1 summary").first.focus()
        kinds = _menu(page, "#id_m1-add-kind")
        # The window is still open: a bribe or a pass, never a ranged supporter (refused there).
        assert "ranged" not in kinds and "pass" in kinds
        for kind in kinds:
            page.goto(address)
            _open_the_list(page)
            page.focus("#id_m1-add-kind")
            page.eval_on_selector("#id_m1-add-kind", "s => { s.dataset.drawn = 'before'; }")
            label = page.eval_on_selector("#id_m1-add-kind", f"s => [...s.options].find(o => o.value === {kind!r}).label")
            page.keyboard.type(label[:6])
            if page.eval_on_selector("#id_m1-add-kind", "s => s.options.length") > 1:
                expect(page.locator("#id_m1-add-kind:not([data-drawn])")).to_have_value(kind)
            count = page.locator("#actions-1 .action-item").count()
            page.focus("#act-m1-add")
            page.keyboard.press("Enter")
            expect(page.locator("#actions-1 .action-item")).to_have_count(count + 1)
            _no_refused_turn(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert blocking_axe_violations(page) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_the_board_says_why_channelling_is_not_offered(browser: Browser, server_url: str, width: int) -> None:
    with watched_page(browser, width) as page:
        page.goto(f"{server_url}/combat/?s={quote('terrain=woods a=sand-lord,archer d=swordsman')}&edit=1")
        attacker = page.inner_text("#matchup-1 .side-attacker")
        assert "No channelling: Sand Lord cannot receive channelling" in attacker
        assert "Woods" in page.inner_text(".board-note")
        assert "channel.cannot_receive" not in page.content()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert blocking_axe_violations(page) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_every_action_the_duel_builder_offers_is_taken_without_javascript(
    browser: Browser, server_url: str, width: int
) -> None:
    address = f"{server_url}/combat/duel/?{urlencode(DUEL)}&refresh=1"
    with watched_page(browser, width, javascript=False, axe=False) as page:
        page.goto(address)
        offered = _menu(page, "#id_p-add-action")
        assert "a:bribe:babes" in offered and "a:bribe:gold" not in offered
        assert not any(item.startswith("a:channel:") for item in offered)  # the Swordsman has a red bar
        for item in offered:
            page.goto(address)
            page.select_option("#id_p-add-action", item)
            page.focus("#act-p-add-chosen")
            with page.expect_navigation():
                page.keyboard.press("Enter")
            assert page.input_value("#id_p") == item
            # The duel resolves with it and no warning that the action was not taken.
            closed = item + (",d:pass" if item == "a:pass" else ",d:pass,a:pass")  # then both pass in succession
            page.goto(f"{server_url}/combat/duel/?{urlencode({**DUEL, 'p': closed})}")
            assert "/combat/?s=" in page.url, page.url
            assert "not allowed" not in page.content() and "cannot receive" not in page.content()
        assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", WIDTHS)
def test_a_pasted_list_with_a_refused_turn_says_so_at_the_top(browser: Browser, server_url: str, width: int) -> None:
    notation = "a=sand-lord,archer d=swordsman,djinn m1=a:ranged:archer,a:pass,d:ranged:djinn"
    with watched_page(browser, width) as page:
        page.goto(f"{server_url}/combat/?s={quote(notation)}")
        top = page.locator("#refused-turns")
        expect(top).to_be_visible()
        assert top.bounding_box()["y"] < page.locator("#stepper").bounding_box()["y"]  # type: ignore[index]
        text = top.inner_text()
        assert "Match-up 1" in text and "the attacker's pass" in text and "out_of_turn" not in text
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert blocking_axe_violations(page) == []
