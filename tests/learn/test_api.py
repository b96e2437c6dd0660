"""The learn API: lessons and questions with the engine's answers, filtered by the quiz's own filter form."""

from __future__ import annotations

import pytest
from django.test import Client

from engine import default_catalog
from learn.answers import compute_answer
from learn.questions import question_bank

pytestmark = pytest.mark.django_db


def test_questions_filter_by_level_and_chapter_with_the_engines_answers(client: Client) -> None:
    expected = question_bank().filtered("player", "6.5")
    body = client.get("/api/v1/learn/questions/", {"level": "player", "chapter": "6.5", "page_size": 200}).json()
    assert body["count"] == len(expected) > 0
    assert [row["id"] for row in body["results"]] == [q.id for q in expected]
    catalog = default_catalog()
    for row, question in zip(body["results"], expected, strict=True):
        assert row["answer"] == compute_answer(question, catalog).value
        assert row["evidence"] and all(item["rule_number"] for item in row["evidence"])
        assert row["level"] == "player" and row["chapter"] == "6.5"


def test_a_question_and_a_lesson_have_their_own_addresses(client: Client) -> None:
    row = client.get("/api/v1/learn/questions/example-1-winner/").json()
    assert row["answer"] == "attacker" and row["kind"] == "winner"
    assert row["evidence"][-1]["rule"] == "RES-3" and row["evidence"][-1]["rule_number"] == "7.1.4"
    assert row["evidence"][-1]["step_url"].endswith("#step-nav")
    page = client.get(row["html_url"]).content.decode()
    assert 'id="q-example-1-winner"' in page
    lesson = client.get("/api/v1/learn/lessons/a-full-combat/").json()
    assert lesson["question"]["answer"] == "attacker" and "6.12.5" in lesson["rules_cited"]
    listed = client.get("/api/v1/learn/lessons/").json()
    assert [item["slug"] for item in listed["results"]][0] == "what-is-a-shield"


def test_bad_filters_and_unknown_ids_are_json_errors_naming_them(client: Client) -> None:
    answer = client.get("/api/v1/learn/questions/", {"level": "wizard"})
    assert answer.status_code == 400 and "level" in answer.json()["error"]["details"]
    assert client.get("/api/v1/learn/questions/", {"chapter": "99.9"}).status_code == 400
    missing = client.get("/api/v1/learn/questions/no-such-question/")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    assert client.get("/api/v1/learn/lessons/no-such-lesson/").status_code == 404
    warned = client.get("/api/v1/learn/questions/", {"colour": "red"}).json()
    assert any("colour" in warning for warning in warned["warnings"])
