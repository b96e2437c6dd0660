"""Both search boxes that suggest while typing, in a real Chromium at a phone's and a desktop's width: the header's
box (rule numbers, ruling ids, card names, terms) and the card list's name box share one script
(core/static/js/search-suggestions.js). Each is a combobox by its datalist, is submitted with Enter,
never shows names for text that is no longer in the box, and asks nothing for text it does not complete.

The suggestion APIs are answered by the test (page.route), so an answer can be held back as a slow one would be.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from urllib.parse import parse_qs, urlparse

import pytest

from tests.browser_fixtures import live_server, needs_chromium, watched_page

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page, Route


pytestmark = [pytest.mark.browser, needs_chromium, pytest.mark.django_db]

WIDTHS = [390, 1366]


@dataclass(frozen=True)
class Box:
    page: str
    box: str
    options: str
    api: str
    label: str
    answer: Callable[[str], dict[str, object]]  # the API's answer, in its own shape, naming the text asked
    unasked: str  # text this box does not ask about
    submitted: str  # the path of the page Enter asks for


BOXES = {
    "header": Box(
        page="/rules/", box="#site-search-q", options="#site-search-suggestions option", api="**/api/v1/search/suggest/**",
        label="Search cards, rules, rulings and the glossary",
        answer=lambda text: {"query": text, "results": [
            {"kind": "card", "value": f"Answer to {text}", "label": f"Card: {text}", "html_url": "/cards/"}]},
        unasked="", submitted="/search/",
    ),
    "card names": Box(
        page="/cards/", box="#id_q", options="#card-name-suggestions option", api="**/api/v1/cards/autocomplete/**",
        label="Search", answer=lambda text: {"query": text, "results": [{"name": f"Answer to {text}"}]},
        unasked="t:rock", submitted="/cards/",
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def server_url(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[str]:  # type: ignore[no-untyped-def]
    # Any search the pages make builds its index in a directory of its own, leaving the session's as it was.
    from django.conf import settings

    previous = settings.SEARCH_INDEX_DIR
    settings.SEARCH_INDEX_DIR = tmp_path_factory.mktemp("search-boxes-index")
    try:
        with django_db_blocker.unblock(), live_server() as url:
            yield url
    finally:
        settings.SEARCH_INDEX_DIR = previous


class HeldAnswers:
    """Answers the box's questions at once, except the one for ``hold``, kept until the test releases it."""

    def __init__(self, box: Box, hold: str) -> None:
        self.box, self.hold = box, hold
        self.held: list[Route] = []
        self.asked: list[str] = []

    def __call__(self, route: Route) -> None:
        text = parse_qs(urlparse(route.request.url).query)["q"][0]
        self.asked.append(text)
        if text == self.hold and not self.held:
            self.held.append(route)
            return
        route.fulfill(json=self.box.answer(text))

    def wait_until_held(self, page: Page) -> None:
        for _ in range(200):  # The box asks after its pause; however slow the machine, within 10 s.
            if self.held:
                return
            page.wait_for_timeout(50)
        raise AssertionError(f"the box never asked for {self.hold!r}; it asked {self.asked}")

    def release(self, page: Page) -> None:
        """Answers the held question; the box may have cancelled it, and then nothing arrives."""
        try:
            self.held[0].fulfill(json=self.box.answer(self.hold))
        except Exception:  # noqa: BLE001 - playwright refuses to answer a request the page has aborted
            pass
        page.wait_for_timeout(300)  # Time for the late answer's handler, had it anything to write.


def _open(page: Page, server_url: str, box: Box, width: int) -> None:
    page.goto(server_url + box.page)
    if width < 700 and box.page == "/cards/":
        page.click("details.filter-panel summary")  # on a phone the filters are folded away
    page.locator(box.box).click()


def _shown(page: Page, box: Box) -> list[str]:
    return page.eval_on_selector_all(box.options, "options => options.map(o => o.value)")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", BOXES)
def test_a_late_answer_for_earlier_text_does_not_replace_the_newer_texts(
    server_url: str, browser: Browser, name: str, width: int
) -> None:
    box = BOXES[name]
    answers = HeldAnswers(box, hold="ro")
    with watched_page(browser, width, axe=False) as page:
        page.route(box.api, answers)
        _open(page, server_url, box, width)
        page.locator(box.box).press_sequentially("ro")
        answers.wait_until_held(page)
        page.locator(box.box).press_sequentially("ck")
        page.wait_for_function(
            "([selector, wanted]) => [...document.querySelectorAll(selector)].some(o => o.value === wanted)",
            arg=[box.options, "Answer to rock"],
        )
        answers.release(page)
        assert _shown(page, box) == ["Answer to rock"]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", BOXES)
def test_text_the_box_does_not_complete_shows_no_names_not_even_a_late_answer(
    server_url: str, browser: Browser, name: str, width: int
) -> None:
    # The header's box emptied, or a card query with a keyword: the names for the older text went on showing, and
    # its answer, arriving after, filled the list for text no longer in the box.
    box = BOXES[name]
    answers = HeldAnswers(box, hold="rocks")
    with watched_page(browser, width, axe=False) as page:
        page.route(box.api, answers)
        _open(page, server_url, box, width)
        page.locator(box.box).press_sequentially("rock")
        page.wait_for_function("selector => document.querySelectorAll(selector).length > 0", arg=box.options)
        page.locator(box.box).press_sequentially("s")
        answers.wait_until_held(page)
        page.locator(box.box).fill(box.unasked)
        page.wait_for_function("selector => document.querySelectorAll(selector).length === 0", arg=box.options)
        answers.release(page)
        assert _shown(page, box) == []
        assert box.unasked not in answers.asked


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", BOXES)
def test_each_box_is_a_named_combobox_that_enter_submits(server_url: str, browser: Browser, name: str, width: int) -> None:
    box = BOXES[name]
    with watched_page(browser, width, axe=False) as page:
        page.route(box.api, lambda route: route.fulfill(json=box.answer("rock")))
        _open(page, server_url, box, width)
        combobox = page.get_by_role("combobox", name=box.label, exact=True)
        assert combobox.count() == 1 and combobox.evaluate("element => element === document.activeElement")
        page.keyboard.type("rock")
        page.wait_for_function("selector => document.querySelectorAll(selector).length > 0", arg=box.options)
        assert _shown(page, box) == ["Answer to rock"]
        with page.expect_request(lambda request: request.is_navigation_request()) as submitted:
            page.keyboard.press("Enter")
        assert urlparse(submitted.value.url).path == box.submitted
        assert parse_qs(urlparse(submitted.value.url).query)["q"] == ["rock"]
