"""The learn pages without a browser: each answer posted is checked by the server against the engine's answer."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from engine import default_catalog
from learn.answers import compute_answer
from learn.filters import ROUND_SIZE
from learn.lessons import lessons
from learn.questions import question_bank

pytestmark = pytest.mark.django_db


def test_the_home_page_links_the_lessons_in_one_click(client: Client) -> None:
    assert 'href="/learn/"' in client.get("/").content.decode()
    page = client.get("/learn/").content.decode()
    for lesson in lessons():
        assert f'href="/learn/{lesson.slug}/"' in page


def test_a_lesson_links_its_rules_and_glossary_terms(client: Client) -> None:
    page = client.get("/learn/what-is-a-shield/").content.decode()
    assert '<a href="/rules/6.1.1/">rule 6.1.1</a>' in page
    assert re.search(r'<a href="/rules/glossary/#[a-z-]+" class="term">shield</a>', page)
    assert page.count('type="radio"') == 2


@pytest.mark.parametrize("lesson", lessons(), ids=[lesson.slug for lesson in lessons()])
def test_posting_the_engines_answer_is_right_and_another_is_wrong(client: Client, lesson) -> None:  # type: ignore[no-untyped-def]
    answer = compute_answer(lesson.question, default_catalog()).value
    field = f"answer-{lesson.question.id}"
    right = client.post(f"/learn/{lesson.slug}/", {field: answer}).content.decode()
    assert 'data-correct="1"' in right and "Step through the engine's answer" in right
    assert "/combat/?s=" in right
    assert "#step-nav" in right or lesson.question.kind.value == "legal"  # a legality question resolves nothing
    wrong_value = next(
        (c for c in lesson.question.choices if c != answer), str(int(answer) + 1) if answer.isdigit() else ""
    )
    wrong = client.post(f"/learn/{lesson.slug}/", {field: wrong_value}).content.decode()
    assert 'data-correct="0"' in wrong


def test_a_missing_or_foreign_answer_is_a_clear_error_not_a_verdict(client: Client) -> None:
    response = client.post("/learn/what-is-a-shield/", {})
    assert response.status_code == 400 and "Choose an answer first." in response.content.decode()
    response = client.post("/learn/what-is-a-shield/", {"answer-lesson-what-is-a-shield": "nobody"})
    assert response.status_code == 400 and "not one of the choices" in response.content.decode()
    response = client.post("/learn/the-colour-cycle/", {"answer-lesson-the-colour-cycle": "nine"})
    assert response.status_code == 400 and "Enter a whole number" in response.content.decode()
    assert client.get("/learn/no-such-lesson/").status_code == 404


def test_a_quiz_round_filters_by_level_and_chapter_and_checks_every_answer(client: Client) -> None:
    pool = question_bank().filtered("newcomer", "7.1")
    assert pool
    page = client.get("/learn/quiz/?level=newcomer&chapter=7.1").content.decode()
    shown = re.findall(r'id="q-([^"]+)"', page)
    assert shown == [q.id for q in pool[:ROUND_SIZE]]
    catalog = default_catalog()
    answers = {f"answer-{q.id}": compute_answer(q, catalog).value for q in pool[:ROUND_SIZE]}
    first = next(iter(answers))
    answers[first] = "defender" if answers[first] == "attacker" else "attacker"
    result = client.post("/learn/quiz/?level=newcomer&chapter=7.1", answers).content.decode()
    assert f'data-score="{len(answers) - 1}"' in result


def test_an_unknown_filter_value_is_refused_in_words(client: Client) -> None:
    response = client.get("/learn/quiz/?level=wizard")
    assert response.status_code == 400 and "wizard" in response.content.decode()


def test_hostile_path_parts_and_parameters_never_make_a_learn_route_fail(client: Client) -> None:
    """The site-wide crawl (tests/site/test_hostile_input.py) over the learn routes only, so it runs in seconds."""
    from urllib.parse import quote

    from tests.site.test_hostile_input import HOSTILE, PARAMETERS, concrete_paths

    paths = [path for path in concrete_paths() if "learn" in path]
    assert len(paths) > 10
    for path in paths:
        assert client.get(path).status_code < 500, path
    for path in ("/learn/", "/learn/quiz/", "/api/v1/learn/questions/", "/api/v1/learn/lessons/"):
        for value in HOSTILE:
            query = "&".join(
                f"{name}={quote(value, safe='')}" for name in [*PARAMETERS, "level", "chapter", "round", "question"]
            )
            assert client.get(f"{path}?{query}").status_code < 500, (path, value)
            assert client.post(f"/learn/quiz/?{query}", {"answer-example-1-winner": value}).status_code < 500


def test_an_answered_question_of_every_kind_and_chapter_shows_words_not_engine_codes(client: Client) -> None:
    """The verdicts only appear after a post, which the site-wide crawl (tests/site/test_no_codes_shown.py) never
    makes: one question of each kind and chapter is answered here and its page read as that test reads pages."""
    from tests.site.test_no_codes_shown import engine_codes, leaks

    codes = engine_codes()
    chosen = {}
    for question in question_bank().questions:
        chosen.setdefault((question.kind, question.chapter), question)
    catalog = default_catalog()
    for question in chosen.values():
        path = f"/learn/quiz/?question={question.id}"
        page = client.post(path, {f"answer-{question.id}": compute_answer(question, catalog).value}).content.decode()
        assert 'data-correct="1"' in page, question.id
        assert leaks(page, path, codes)[0] == [], question.id
