"""Every quiz question is resolved again by the engine: its stored answer and the facts explaining it must be
what the engine says now. A data-driven check over the files, kept to a few seconds (one resolution each)."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from engine import default_catalog
from learn.answers import compute_answer, is_correct
from learn.questions import Kind, Level, question_bank
from learn.rule_index import rule_index

QUESTIONS = question_bank().questions


def test_the_quiz_has_at_least_200_questions_in_three_levels_and_five_kinds() -> None:
    assert len(QUESTIONS) >= 200
    assert set(Counter(q.level for q in QUESTIONS)) == set(Level)
    assert set(Counter(q.kind for q in QUESTIONS)) == set(Kind)
    assert len({q.id for q in QUESTIONS}) == len(QUESTIONS)


def test_every_stored_answer_is_the_engines_answer_now() -> None:
    catalog = default_catalog()
    started = time.perf_counter()
    mismatches = []
    for question in QUESTIONS:
        fresh = compute_answer(question, catalog)
        if fresh != question.answer:
            mismatches.append((question.id, question.answer.value, fresh.value))
    assert mismatches == []
    # Not a timing assertion on behaviour: a guard that the check stays cheap enough to run on every commit.
    assert time.perf_counter() - started < 60


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.id for q in QUESTIONS])
def test_each_question_is_well_formed(question) -> None:  # type: ignore[no-untyped-def]
    index = rule_index()
    if question.choices:
        assert question.answer.value in question.choices
        assert len(set(question.choices)) == len(question.choices) >= 2
    else:
        assert question.kind in (Kind.TOTAL, Kind.CARD) and question.answer.value.lstrip("-").isdigit()
    assert question.answer.evidence, "every answer is explained by at least one engine fact"
    for item in question.answer.evidence:
        assert index.knows(item.rule), item.rule
    assert question.chapter in index.chapters
    assert question.chapter in {index.place(item.rule).chapter for item in question.answer.evidence}
    for term in question.terms:
        assert term.lower() in index.glossary, term
    assert is_correct(question, question.answer.value, question.answer)
    wrong = next((choice for choice in question.choices if choice != question.answer.value), None)
    if wrong is not None:
        assert not is_correct(question, wrong, question.answer)
    else:
        assert not is_correct(question, str(int(question.answer.value) + 1), question.answer)


def test_the_data_files_are_what_the_generator_writes_now() -> None:
    """A changed generator or engine shows here as a stale file: run ``manage.py generate_quiz`` and review the diff."""
    import json

    from learn.generate import generate
    from learn.questions import QUIZ_DIR

    for name, questions in generate(default_catalog()).items():
        stored = json.loads((QUIZ_DIR / f"{name}.json").read_text(encoding="utf-8"))
        assert [question.to_dict() for question in questions] == stored, name
