"""The first lesson and a quiz round, end to end in Chromium, keyboard only: at 390 px (a phone) and 1366 px, with
the site's scripts and without them (then every answer is a posted form the server checks); axe-clean pages."""

from __future__ import annotations

import pytest

from engine import default_catalog
from learn.answers import compute_answer
from learn.filters import ROUND_SIZE
from learn.lessons import lessons
from learn.questions import Question, question_bank
from tests.browser_fixtures import blocking_axe_violations, needs_chromium, watched_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db, needs_chromium]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

WIDTHS = [390, 1366]


def _tab_to(page: Page, selector: str, limit: int = 250) -> None:
    """Press Tab until the element has the focus: it must be reachable from the keyboard."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector):
            return
    raise AssertionError(f"{selector} is not reachable with Tab")


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


def _answer_with_keys(page: Page, question: Question, answer: str) -> None:
    """Reach the question's first control with Tab and give ``answer``: arrows move within a radio group."""
    field = f"answer-{question.id}"
    _tab_to(page, f'[name="{field}"]')
    if question.choices:
        index = question.choices.index(answer)
        if index == 0:
            page.keyboard.press("Space")
        for _ in range(index):
            page.keyboard.press("ArrowDown")
        assert page.evaluate("(n) => document.querySelector(`[name='${n}']:checked`).value", field) == answer
    else:
        page.keyboard.type(answer)


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
@pytest.mark.parametrize("width", WIDTHS)
def test_the_first_lesson_from_the_home_page_with_the_keyboard(
    browser: Browser, server_url: str, width: int, javascript: bool
) -> None:
    first = lessons()[0]
    answer = compute_answer(first.question, default_catalog()).value
    with watched_page(browser, width, axe=javascript, javascript=javascript) as page:
        page.goto(server_url + "/")
        _tab_to(page, 'main a[href="/learn/"]')
        page.keyboard.press("Enter")
        page.wait_for_url(server_url + "/learn/")
        _tab_to(page, f'a[href="/learn/{first.slug}/"]')
        page.keyboard.press("Enter")
        page.wait_for_url(f"{server_url}/learn/{first.slug}/")
        _fits(page)
        if javascript:
            assert blocking_axe_violations(page) == []
        _answer_with_keys(page, first.question, answer)
        _tab_to(page, "[data-lesson-form] button[type=submit]")
        page.keyboard.press("Enter")
        page.wait_for_selector(".learn-verdict")
        assert page.get_attribute(".learn-verdict", "data-correct") == "1"
        assert page.locator(".learn-why li").count() >= 1
        _fits(page)
        if javascript:
            assert blocking_axe_violations(page) == []
        # The step-through of the engine's answer is one Tab and Enter away.
        _tab_to(page, ".learn-verdict a.try-simulator")
        page.keyboard.press("Enter")
        page.wait_for_url("**/combat/?s=*")
        if javascript:
            # Progress is kept in this browser: the lesson list marks the lesson done.
            page.goto(server_url + "/learn/")
            assert page.locator(f'[data-lesson="{first.slug}"] .learn-done').is_visible()
            assert page.inner_text("[data-progress-count]") == "1"


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
@pytest.mark.parametrize("width", WIDTHS)
def test_a_quiz_round_with_the_keyboard(browser: Browser, server_url: str, width: int, javascript: bool) -> None:
    round_ = question_bank().filtered("newcomer")[:ROUND_SIZE]
    catalog = default_catalog()
    answers = [compute_answer(question, catalog).value for question in round_]
    # One wrong answer on purpose, so the score is counted, not assumed.
    wrong = next(i for i, q in enumerate(round_) if q.choices)
    given = list(answers)
    given[wrong] = next(choice for choice in round_[wrong].choices if choice != answers[wrong])
    with watched_page(browser, width, axe=javascript, javascript=javascript) as page:
        page.goto(server_url + "/learn/quiz/")
        _tab_to(page, "#id_level")
        page.keyboard.press("ArrowDown")  # "Newcomer", the first level after "Every level"
        assert page.input_value("#id_level") == "newcomer"
        _tab_to(page, ".learn-filters button[type=submit]")
        page.keyboard.press("Enter")
        page.wait_for_url("**/learn/quiz/?level=newcomer*")
        _fits(page)
        if javascript:
            assert blocking_axe_violations(page) == []
        for question, answer in zip(round_, given, strict=True):
            _answer_with_keys(page, question, answer)
        _tab_to(page, "[data-quiz-form] button[type=submit]")
        page.keyboard.press("Enter")
        page.wait_for_selector(".learn-score")
        assert page.get_attribute(".learn-score", "data-score") == str(ROUND_SIZE - 1)
        verdicts = page.locator(".learn-verdict")
        assert [verdicts.nth(i).get_attribute("data-correct") for i in range(ROUND_SIZE)] == [
            "0" if i == wrong else "1" for i in range(ROUND_SIZE)
        ]
        _fits(page)
        if javascript:
            assert blocking_axe_violations(page) == []
