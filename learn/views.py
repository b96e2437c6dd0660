"""The learn pages: the lessons, each with its question, and the quiz in rounds. Without JavaScript every answer is
a form posted to the same page and checked by the server against the engine's answer; the script only keeps the
learner's progress in the browser (localStorage), since the site has no accounts."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from cards.engine_catalog import site_catalog
from combat.glossary import glossary_urls
from learn.answers import is_correct
from learn.filters import ROUND_SIZE, QuizPageForm
from learn.lesson_links import linked_paragraphs
from learn.lessons import lesson_by_slug, lessons
from learn.questions import Question, question_bank
from learn.site_answers import engine_answer, explain, step_text, step_through_url
from learn.wording import choice_label, prompt

MAX_ANSWER = 40


def question_view(question: Question, given: str | None) -> dict[str, Any]:
    """What a page shows of one question: its words and choices, and once answered, the verdict and why."""
    view: dict[str, Any] = {
        "question": question,
        "prompt": prompt(question, site_catalog(), step_text(question)),
        "choices": [(choice, choice_label(question, choice)) for choice in question.choices],
        "field": f"answer-{question.id}",
        "given": given,
        "step_through": step_through_url(question),
    }
    if given is not None:
        answer = engine_answer(question)
        view.update(
            correct=is_correct(question, given, answer),
            answer_label=choice_label(question, answer.value),
            explain=explain(question, answer),
            given_label=choice_label(question, given) if question.choices else given,
        )
    return view


def _given(request: HttpRequest, question: Question) -> tuple[str | None, str]:
    """The answer posted for ``question`` and an error to show (empty when there is none)."""
    raw = request.POST.get(f"answer-{question.id}")
    if raw is None or not raw.strip():
        return None, "Choose an answer first." if question.choices else "Enter a number first."
    raw = raw.strip()[:MAX_ANSWER]
    if question.choices and raw not in question.choices:
        return None, "That is not one of the choices; pick one of them."
    if not question.choices and not raw.lstrip("-").isdigit():
        return None, f"Enter a whole number, such as 7 (not {raw!r})."
    return raw, ""


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/index.html", {"lessons": lessons(), "question_count": len(question_bank().questions)})


@require_http_methods(["GET", "HEAD", "POST"])
def lesson(request: HttpRequest, slug: str) -> HttpResponse:
    found = lesson_by_slug(slug)
    if found is None:
        raise Http404(f"No lesson is called {slug!r}.")
    given, error = _given(request, found.question) if request.method == "POST" else (None, "")
    all_lessons = lessons()
    position = all_lessons.index(found)
    context = {
        "lesson": found,
        "paragraphs": linked_paragraphs(found, glossary_urls()),
        "item": {**question_view(found.question, given), "error": error},
        "previous": all_lessons[position - 1] if position > 0 else None,
        "next": all_lessons[position + 1] if position + 1 < len(all_lessons) else None,
        "count": len(all_lessons),
    }
    return render(request, "learn/lesson.html", context, status=400 if error else 200)


@require_http_methods(["GET", "HEAD", "POST"])
def quiz(request: HttpRequest) -> HttpResponse:
    filters = QuizPageForm(request.GET)
    if not filters.is_valid():
        return render(request, "learn/quiz.html", {"filters": filters, "items": []}, status=400)
    pool = filters.questions()
    rounds = max(1, -(-len(pool) // ROUND_SIZE))
    number = min(filters.cleaned_data.get("round") or 1, rounds)
    chosen = pool[(number - 1) * ROUND_SIZE : number * ROUND_SIZE]
    items, errors = [], 0
    for question in chosen:
        given, error = _given(request, question) if request.method == "POST" else (None, "")
        errors += bool(error)
        items.append({**question_view(question, given), "error": error})
    answered = request.method == "POST"
    score = sum(1 for item in items if item.get("correct"))
    query = request.GET.copy()
    query["round"] = str(number % rounds + 1)
    context = {"filters": filters, "items": items, "round": number, "rounds": rounds, "pool": len(pool),
               "answered": answered, "score": score, "next_query": query.urlencode()}  # fmt: skip
    return render(request, "learn/quiz.html", context)
