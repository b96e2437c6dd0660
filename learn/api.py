"""GET /api/v1/learn/lessons/ and /api/v1/learn/questions/ (filters: level, chapter): the lessons and the quiz
with the engine's answers, served from the same data and the same filter form as the pages."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from cards.engine_catalog import site_catalog
from combat.glossary import glossary_urls
from combat.links import permalink as step_through_url_of
from core.api.schema import path_examples
from learn.filters import QuestionFilter, chapter_choices
from learn.lesson_links import linked_paragraphs
from learn.lessons import Lesson, lesson_by_slug, lessons
from learn.puzzles import Puzzle, puzzle_by_id, puzzles
from learn.questions import Level, Question, question_bank
from learn.rule_index import rule_index
from learn.serializers import LessonSerializer, PuzzleSerializer, QuestionSerializer
from learn.site_answers import engine_answer, explain, step_text, step_through_url
from learn.wording import choice_label, prompt


def question_data(question: Question, request: Request, listed: bool = True) -> dict[str, Any]:
    answer = engine_answer(question)
    absolute = request.build_absolute_uri
    rows = explain(question, answer)
    evidence = []
    for item, row in zip(answer.evidence, rows, strict=True):
        evidence.append({
            "rule": item.rule, "rule_number": row.rule_number, "rule_url": absolute(row.rule_url), "kind": item.kind,
            "step": item.step, "step_url": absolute(row.step_url) if row.step_url else None, "card": item.card,
            "subject": item.subject, "delta": item.delta, "total": item.total, "code": item.code,
            "values": dict(item.values), "words": row.words,
        })  # fmt: skip
    in_quiz = listed and question.id in question_bank().by_id
    html = reverse("learn:quiz") + f"?question={question.id}" if in_quiz else reverse(
        "learn:lesson", kwargs={"slug": question.source.partition(":")[2]})  # fmt: skip
    return {
        "id": question.id, "kind": question.kind.value, "level": question.level.value, "chapter": question.chapter,
        "chapter_title": rule_index().chapters.get(question.chapter, ""), "setup": question.setup,
        "ask": {k: v for k, v in question.to_dict()["ask"].items()},
        "prompt": prompt(question, site_catalog(), step_text(question)),
        "choices": [{"value": c, "label": choice_label(question, c)} for c in question.choices],
        "answer": answer.value, "answer_label": choice_label(question, answer.value), "evidence": evidence,
        "terms": list(question.terms), "source": question.source,
        "step_through_url": absolute(step_through_url(question)), "html_url": absolute(html),
        "url": absolute(reverse("learn-api:question-detail", kwargs={"id": question.id})) if in_quiz else None,
    }  # fmt: skip


def lesson_data(lesson: Lesson, request: Request) -> dict[str, Any]:
    absolute = request.build_absolute_uri
    paragraphs = [[{"text": part.text, "url": absolute(part.url) if part.url else None, "rule": part.rule,
                    "term": part.term} for part in paragraph]
                  for paragraph in linked_paragraphs(lesson, glossary_urls())]  # fmt: skip
    return {
        "number": lesson.number, "slug": lesson.slug, "title": lesson.title, "level": lesson.level.value,
        "chapter": lesson.chapter, "paragraphs": paragraphs, "rules_cited": lesson.rules_cited,
        "terms": lesson.terms, "question": question_data(lesson.question, request, listed=False),
        "html_url": absolute(reverse("learn:lesson", kwargs={"slug": lesson.slug})),
        "url": absolute(reverse("learn-api:lesson-detail", kwargs={"slug": lesson.slug})),
    }  # fmt: skip


class _DataViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):  # type: ignore[type-arg]
    """A read-only list and detail over data files instead of a queryset; paged like every API list."""

    filter_backends: list[type] = []

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Any:
        page = self.paginate_queryset(self.get_queryset())  # type: ignore[arg-type]
        assert page is not None
        return self.get_paginated_response([self.data_of(item) for item in page])

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Any:
        from rest_framework.response import Response

        return Response(self.data_of(self.get_object()))

    def data_of(self, item: Any) -> dict[str, Any]:
        raise NotImplementedError


LEVEL_PARAMETER = OpenApiParameter("level", OpenApiTypes.STR, enum=[level.value for level in Level],
                                   description="Only questions of this level.")  # fmt: skip


def _chapter_parameter() -> OpenApiParameter:
    return OpenApiParameter("chapter", OpenApiTypes.STR, enum=[number for number, _ in chapter_choices()],
                            description="Only questions resting on this rules chapter (a subsection, 6.5).")  # fmt: skip


@extend_schema_view(
    list=extend_schema(parameters=[LEVEL_PARAMETER, _chapter_parameter()]),
    retrieve=extend_schema(parameters=[path_examples("id", "example-1-winner", "legal-1-a-bribe-gold")]),
)
class QuestionViewSet(_DataViewSet):
    """The quiz's questions, each with the engine's answer and the steps that explain it; filter by level and
    chapter as the quiz page does."""

    serializer_class = QuestionSerializer
    lookup_field = "id"
    lookup_value_regex = "[^/]+"
    extra_query_parameters = ("level", "chapter")

    def get_queryset(self) -> list[Question]:  # type: ignore[override]
        if self.action != "list":
            return list(question_bank().questions)
        filters = QuestionFilter(self.request.query_params)
        if not filters.is_valid():
            raise ValidationError({name: [str(error) for error in errors] for name, errors in filters.errors.items()})
        return filters.questions()

    def get_object(self) -> Question:  # type: ignore[override]
        found = question_bank().by_id.get(self.kwargs["id"])
        if found is None:
            raise Http404(f"No question {self.kwargs['id']!r}.")
        return found

    def data_of(self, item: Any) -> dict[str, Any]:
        return question_data(item, self.request)


@extend_schema_view(retrieve=extend_schema(parameters=[path_examples("slug", "what-is-a-shield", "a-full-combat")]))
class LessonViewSet(_DataViewSet):
    """The beginner path's lessons in order: the text with its rule and glossary links, and the lesson's question
    with the engine's answer."""

    serializer_class = LessonSerializer
    lookup_field = "slug"

    def get_queryset(self) -> list[Lesson]:  # type: ignore[override]
        return list(lessons())

    def get_object(self) -> Lesson:  # type: ignore[override]
        found = lesson_by_slug(self.kwargs["slug"])
        if found is None:
            raise Http404(f"No lesson {self.kwargs['slug']!r}.")
        return found

    def data_of(self, item: Any) -> dict[str, Any]:
        return lesson_data(item, self.request)


def puzzle_data(puzzle: Puzzle, request: Request) -> dict[str, Any]:
    from learn.puzzle_views import move_words

    absolute = request.build_absolute_uri
    catalog = site_catalog()
    return {
        "id": puzzle.id, "level": puzzle.level.value, "setup": puzzle.setup,
        "moves": [{"item": item, "words": move_words(item, catalog), "wins": item == puzzle.winning}
                  for item in puzzle.moves],
        "winning": puzzle.winning, "step_through_url": absolute(step_through_url_of(puzzle.setup)),
        "html_url": absolute(reverse("learn:puzzle", kwargs={"puzzle_id": puzzle.id})),
        "url": absolute(reverse("learn-api:puzzle-detail", kwargs={"id": puzzle.id})),
    }  # fmt: skip


@extend_schema_view(
    list=extend_schema(parameters=[LEVEL_PARAMETER]),
    retrieve=extend_schema(parameters=[path_examples("id", "puzzle-001", "puzzle-002")]),
)
class PuzzleViewSet(_DataViewSet):
    """Combats in which the attacker has exactly one winning first move, with that move."""

    serializer_class = PuzzleSerializer
    lookup_field = "id"
    lookup_value_regex = "[^/]+"
    extra_query_parameters = ("level",)

    def get_queryset(self) -> list[Puzzle]:  # type: ignore[override]
        level = self.request.query_params.get("level", "")
        if level and level not in {choice.value for choice in Level}:
            raise ValidationError({"level": [f"Unknown level {level!r}; choose newcomer, player or judge."]})
        return [puzzle for puzzle in puzzles() if not level or puzzle.level.value == level]

    def get_object(self) -> Puzzle:  # type: ignore[override]
        found = puzzle_by_id(self.kwargs["id"])
        if found is None:
            raise Http404(f"No puzzle {self.kwargs['id']!r}.")
        return found

    def data_of(self, item: Any) -> dict[str, Any]:
        return puzzle_data(item, self.request)
