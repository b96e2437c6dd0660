"""The duel form's round-action builder and the duel step-through's set-up in words, in a real Chromium: built
by keyboard alone with JavaScript and by the plain form without it, at a phone's width (390 px) and a desktop's
(1366 px); nothing scrolls sideways and axe-core finds no violation at all on either page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser_fixtures import axe_violations, needs_chromium, watched_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

# Grim Skull shoots from under a stronghold; Dragon Wing Lord (no red bar) takes channelling; the Sand Lord carries
# the Babes icon.
CARDS = (
    "a_duellist=Dragon+Wing+Lord&a_stock=Power+Lunch,Babes&a_under=Grim+Skull,Energy+Toad&d_duellist=Sand+Lord"
    "&d_pen=Devil+Dog"
)
SHOT = "The attacker's Grim Skull makes a ranged attack from under a stronghold"
CHANNEL = "The attacker's Guardian channels 1 Power Stone"


def _fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []


def _choose(page: Page, select: str, value: str) -> None:
    """Pick an option by keyboard: focus the select and type the option's first letters, as a person would."""
    page.focus(select)
    label = page.eval_on_selector(select, f"s => [...s.options].find(o => o.value === {value!r}).label")
    page.eval_on_selector(select, "s => { s.dataset.drawn = 'before'; }")
    page.keyboard.type(label[:6])
    # The server redraws the builder for the new choice: the select is drawn anew, with the value kept.
    expect(page.locator(f"{select}:not([data-drawn])")).to_have_value(value)


@pytest.mark.parametrize("width", [390, 1366])
def test_a_newcomer_builds_the_rounds_by_keyboard_and_reads_them_back_in_words(
    browser: Browser, server_url: str, width: int
) -> None:
    with watched_page(browser, width) as page:
        page.goto(f"{server_url}/combat/duel/?{CARDS}&refresh=1")
        _fits(page, width)
        # The attacker's turn: a ranged attack by Grim Skull, added with the keyboard only; who it fires at is said.
        _choose(page, "#id_p-add-kind", "ranged")
        assert page.eval_on_selector("#id_p-add-what", "s => s.value") == "grim-skull"
        assert page.eval_on_selector("#id_p-add-target", "s => [...s.options].map(o => o.label)") == [
            "Sand Lord, the opposing duellist (the only creature a ranged attack fires at)"
        ]
        page.focus("#act-p-add")
        page.keyboard.press("Enter")
        expect(page.locator("#id_p")).to_have_value("a:ranged:grim-skull")
        assert page.inner_text("#round-p-list .action-label") == SHOT
        expect(page.locator("#rounds-status")).to_have_text(f"Added: {SHOT}.")
        # The focus stays on the builder, and the defender's turn is next: he passes.
        assert page.evaluate("document.activeElement.id") == "act-p-add"
        assert page.eval_on_selector("#id_p-add-side", "s => [...s.options].map(o => o.value)") == ["d"]
        # The defender holds nothing he may play here (the Sand Lord has a red bar): a pass is all he is offered.
        assert page.eval_on_selector("#id_p-add-kind", "s => [...s.options].map(o => o.value)") == ["pass"]
        page.focus("#id_p-add-kind")
        assert page.query_selector("#id_p-add-what") is None
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "act-p-add"
        page.keyboard.press("Enter")
        expect(page.locator("#id_p")).to_have_value("a:ranged:grim-skull,d:pass")
        # The attacker channels a stone from his Guardian into his duellist, the one target the list offers.
        _choose(page, "#id_p-add-kind", "channel")
        assert page.eval_on_selector("#id_p-add-target", "s => [...s.options].map(o => o.value)") == [""]
        _fits(page, width)
        page.focus("#act-p-add")
        page.keyboard.press("Enter")
        expect(page.locator("#id_p")).to_have_value("a:ranged:grim-skull,d:pass,a:channel:guardian")
        # The address kept the duel: a reload fills the builder back.
        page.reload()
        assert page.input_value("#id_p") == "a:ranged:grim-skull,d:pass,a:channel:guardian"
        assert CHANNEL in page.inner_text("#round-p-list")
        page.click("#resolve-duel")
        page.wait_for_url("**/combat/?s=ruleset*")
        summary = page.inner_text(".duel-summary")
        assert SHOT in summary and CHANNEL in summary
        assert "ruleset=arena" not in summary  # the notation waits in its disclosure
        page.click(".summary-notation summary")
        assert "p=a:ranged:grim-skull,d:pass,a:channel:guardian" in page.inner_text(".summary-notation")
        _fits(page, width)


def test_without_javascript_the_next_action_select_and_add_button_build_the_rounds(
    browser: Browser, server_url: str
) -> None:
    with watched_page(browser, 390, javascript=False, axe=False) as page:
        page.goto(f"{server_url}/combat/duel/?{CARDS}&refresh=1")
        assert not page.is_visible("#id_p-add-kind")
        page.select_option("#id_p-add-action", "a:ranged:grim-skull")
        page.click("#act-p-add-chosen")
        assert page.input_value("#id_p") == "a:ranged:grim-skull"
        assert page.inner_text("#round-p-list").startswith(SHOT)
        # The defender's turn now: the select offers his actions only.
        offered = page.eval_on_selector("#id_p-add-action", "s => [...s.options].map(o => o.value)")
        assert "d:pass" in offered and all(action.startswith("d:") for action in offered)
        # After the shot, a channel into the duellist is one of the attacker's next actions.
        for action in ("d:pass", "a:channel:guardian"):
            page.select_option("#id_p-add-action", action)
            page.click("#act-p-add-chosen")
        assert page.input_value("#id_p") == "a:ranged:grim-skull,d:pass,a:channel:guardian"
        assert CHANNEL in page.inner_text("#round-p-list")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
