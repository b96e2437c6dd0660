"""The lessons as data: each cites numbered rules that exist, links only glossary terms that exist, and asks a
question the engine can answer with one of the choices offered."""

from __future__ import annotations

import pytest

from engine import default_catalog
from learn.answers import compute_answer
from learn.lessons import Part, lessons, paragraph_parts
from learn.questions import Kind, Level
from learn.rule_index import rule_index

LESSONS = lessons()


def test_about_ten_lessons_from_newcomer_to_a_full_combat() -> None:
    assert 9 <= len(LESSONS) <= 12
    assert [lesson.number for lesson in LESSONS] == list(range(1, len(LESSONS) + 1))
    assert LESSONS[0].level is Level.NEWCOMER and LESSONS[0].slug == "what-is-a-shield"
    assert {lesson.question.kind for lesson in LESSONS} >= {Kind.WINNER, Kind.TOTAL, Kind.LEGAL}
    # The last lesson's combat has a bribe, a spell, channelling and a secondary attack in it.
    last = LESSONS[-1].question.setup
    assert all(clause in last for clause in ("bribe=", "spell=", "channel=", "secondary="))


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.slug for lesson in LESSONS])
def test_every_paragraph_cites_a_rule_and_every_marked_term_is_in_the_glossary(lesson) -> None:  # type: ignore[no-untyped-def]
    index = rule_index()
    for paragraph in lesson.parts():
        assert any(part.rule for part in paragraph), "each paragraph makes a rules claim and cites its rule"
    assert lesson.rules_cited and all(number in index.numbers for number in lesson.rules_cited)
    assert lesson.terms and all(term.lower() in index.glossary for term in lesson.terms), lesson.terms
    assert lesson.chapter in index.chapters


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.slug for lesson in LESSONS])
def test_the_engine_answers_each_lessons_question_with_an_offered_choice(lesson) -> None:  # type: ignore[no-untyped-def]
    answer = compute_answer(lesson.question, default_catalog())
    assert answer.evidence
    if lesson.question.choices:
        assert answer.value in lesson.question.choices
    else:
        assert answer.value.isdigit()


def test_a_paragraph_is_split_into_text_rule_and_term_parts() -> None:
    assert paragraph_parts("A [[push|Push]] keeps both {6.11.2}.") == [
        Part("A "),
        Part("push", term="Push"),
        Part(" keeps both "),
        Part("rule 6.11.2", rule="6.11.2"),
        Part("."),
    ]
