"""The combat pages pass axe-core with no violation at all, at 390 px and at 1366 px.

Every impact counts here, not only serious and critical: the defects these pages had were an empty
column header the form's script adds (minor) and a step-through whose picture jumped from h1 to h3
(moderate), and both cost a screen reader user the page's structure. The form is checked after its
script has drawn the creature tables; the error states are checked because their markup differs.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest

from combat.examples import arena_examples
from combat.links import permalink
from tests.browser_fixtures import axe_violations, needs_chromium, watched_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

EXAMPLE_2A = (
    "terrain=woods a=wood-nymph,ice-ogre,sun-spirit d=amber-well,gorgal-skag,black-lung,rock-spirit "
    "d.secondary=rock-spirit>sun-spirit"
)
PAGES = {
    "form": ("/combat/", 200),
    "form with problems": (
        "/combat/build/?terrain=nowhere&a-creatures=sand-lrod&a-stones=lots&d-creatures=archer",
        400,
    ),
    "step-through": (permalink(EXAMPLE_2A, step=0), 200),
    "step-through, result": (permalink(EXAMPLE_2A, step="end"), 200),
    "set-up the engine refuses": ("/combat/?s=" + quote("a=sand-lord d=swordsman d.bribe=1:gold"), 400),
    "duel": (permalink(arena_examples()[0].notation), 200),
    # Opened directly, the board's address is the whole simulator page (Chromium says Sec-Fetch-Mode: navigate).
    "board opened directly": ("/combat/board/?a-creatures=sun-spirit&d-creatures=archer", 200),
    "board opened directly, bad set-up": ("/combat/board/?a-creatures=sun-spirt&d-creatures=archer", 400),
}


@pytest.fixture(scope="module", params=(390, 1366), ids=lambda width: f"{width}px")
def page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    # One page per width for the module: each test only navigates, so none inherits another's state.
    with watched_page(browser, request.param, height=844, timeout_ms=10_000) as page:
        yield page


@pytest.mark.parametrize(("path", "status"), PAGES.values(), ids=PAGES.keys())
def test_combat_page_has_no_axe_violation(page: Page, server_url: str, path: str, status: int) -> None:
    response = page.goto(server_url + path)
    assert response is not None and response.status == status
    page.wait_for_load_state("load")  # the deferred script has drawn the creature tables
    assert axe_violations(page) == []  # every impact, minor included (see the module's docstring)


def test_a_step_names_its_phase_only_when_it_differs_from_its_part(page: Page, server_url: str) -> None:
    page.goto(server_url + permalink(EXAMPLE_2A, step=0))
    assert page.inner_text("#current-step-heading").strip() == "Set-up"
