"""Issue 16's follow-ups in Chromium: spell targets and secondary-attack spells on the board, made-up creatures
named without a card link, a row played from its list still saying who plays what; at 1366 and 390 px, with axe,
and without JavaScript."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import quote, unquote_plus

import pytest

from tests.browser_fixtures import blocking_axe_violations, needs_chromium, watched_page
from tests.combat.test_board_actions_browser import EXAMPLE

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]
MADE_UP = (
    'made-up.test-giant={"border":"mortal","name":"Test%20Giant","type":"creature","vitality":9} '
    "a=test-giant d=swordsman,archer"
)
SECONDARY = (
    "a=varmit-archer,willo-the-wisp a.channellers=shadow-of-ashes a.channel=s1:shadow-of-ashes "
    "a.secondary=willo-the-wisp>axeman d=axeman d.hand=magic-feedback d.spell=s1:magic-feedback"
)

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page


@pytest.fixture(params=[1366, 390], ids=["desktop", "phone"])
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    with watched_page(browser, request.param) as page:
        yield page


def _fits_and_passes_axe(page: Page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert blocking_axe_violations(page) == []


def test_a_spell_names_the_shot_it_answers_and_a_made_up_creature_has_no_card_link(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/combat/?s={quote(MADE_UP + ' a.hand=heisenburgs-missiles')}&edit=1")
    # The script redraws the stats table from its list of creatures, which holds the made-up one too.
    page.wait_for_function("() => document.querySelector('[data-stats-for=\"a\"] button.remove') !== null")
    stats = page.locator('[data-stats-for="a"] tbody th').first.inner_text()
    assert stats.strip() == "Test Giant (made-up)"
    assert page.locator('a[href="/cards/test-giant/"]').count() == 0
    fighter = page.locator("#matchup-1 .side-attacker .matchup-fighter").inner_text()
    assert "Test Giant (made-up)" in re.sub(r"\s+", " ", fighter)
    # Picking the defender's ranged supporter offers the attacker's answer aimed at that shot.
    page.select_option("#id_d-m1-ranged", "archer")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#id_a-m1-spell option')].some(o => o.value === 'heisenburgs-missiles@archer')"
    )
    page.select_option("#id_a-m1-spell", "heisenburgs-missiles@archer")
    page.wait_for_function(
        "() => document.getElementById('notation-output').value.includes('a.spell=1:heisenburgs-missiles@archer')"
    )
    _fits_and_passes_axe(page)
    page.click("#resolve-button")
    page.wait_for_url(re.compile(r"/combat/\?s="))
    written = unquote_plus(page.url.partition("?s=")[2])
    assert "made-up.test-giant=" in written and "a.spell=1:heisenburgs-missiles@archer" in written
    assert page.locator('a[href="/cards/test-giant/"]').count() == 0


def test_a_row_played_from_its_list_says_who_plays_what(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/combat/?s={quote(EXAMPLE)}&edit=1")
    attacker = page.locator("#matchup-1 .side-attacker .listed-picks")
    defender = page.locator("#matchup-1 .side-defender .listed-picks")
    assert attacker.inner_text().strip() == "Channels 1 Power Stone from the Guardian"
    assert defender.inner_text().strip() == "Places Djinn as ranged support"
    _fits_and_passes_axe(page)


@pytest.mark.xfail(
    strict=True,
    reason="engine.options offers no named channeller for a secondary answer spell and counts a chosen one as "
    "spent by itself; the board draws only what the engine offers, so this waits for the engine",
)
def test_a_secondary_spell_and_its_target_without_javascript(browser: Browser, server_url: str) -> None:
    with watched_page(browser, 390, height=844, axe=False, javascript=False) as page:
        page.goto(f"{server_url}/combat/?s={quote(SECONDARY)}&edit=1")
        spell = page.locator("#id_d-s1-spell")
        assert spell.input_value() == "magic-feedback"  # the permalink's secondary spell lands on the board
        assert "Magic Feedback on the channelling of Shadow of Ashes" in spell.inner_text()
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        spell.select_option("magic-feedback@shadow-of-ashes")
        page.click("#resolve-button")
        page.wait_for_url(re.compile(r"/combat/\?s="))
        assert "d.spell=s1:magic-feedback@shadow-of-ashes" in unquote_plus(page.url.partition("?s=")[2])
