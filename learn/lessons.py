"""The beginner path's lessons, read from ``fixtures/learn/lessons/*.json``: a few short paragraphs in the site's
own words, then one question about a combat whose answer the engine computes when asked (never stored).

A paragraph marks a cited rule as ``{6.5.1}`` and a glossary term as ``[[term]]`` or ``[[shown words|term]]``;
``paragraph_parts`` splits it into plain text, rule links and term links for the template and the API."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from learn.questions import Answer, Ask, Kind, Level, Question

LESSON_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "learn" / "lessons"
MARK = re.compile(r"\{(?P<rule>\d+(?:\.\d+)*[a-z]?)\}|\[\[(?P<term>[^\]|]+)(?:\|(?P<target>[^\]]+))?\]\]")


@dataclass(frozen=True)
class Part:
    """A piece of a paragraph: plain text, a cited rule (``rule`` is its number) or a glossary term."""

    text: str
    rule: str = ""
    term: str = ""  # the glossary term it links to (lower case is how the glossary is looked up)


@dataclass(frozen=True)
class Lesson:
    number: int
    slug: str
    title: str
    level: Level
    chapter: str
    paragraphs: tuple[str, ...]
    question: Question  # its answer is left empty: learn.answers computes it

    def parts(self) -> list[list[Part]]:
        return [paragraph_parts(text) for text in self.paragraphs]

    @property
    def rules_cited(self) -> list[str]:
        return list(dict.fromkeys(part.rule for paragraph in self.parts() for part in paragraph if part.rule))

    @property
    def terms(self) -> list[str]:
        return list(dict.fromkeys(part.term for paragraph in self.parts() for part in paragraph if part.term))


def paragraph_parts(text: str) -> list[Part]:
    parts: list[Part] = []
    last = 0
    for match in MARK.finditer(text):
        if match.start() > last:
            parts.append(Part(text[last : match.start()]))
        if match["rule"]:
            parts.append(Part(f"rule {match['rule']}", rule=match["rule"]))
        else:
            parts.append(Part(match["term"], term=(match["target"] or match["term"]).strip()))
        last = match.end()
    if last < len(text):
        parts.append(Part(text[last:]))
    return parts


def lesson_from_dict(data: dict[str, Any]) -> Lesson:
    asked = data["question"]
    question = Question(
        id=f"lesson-{data['slug']}", kind=Kind(asked["kind"]), level=Level(data["level"]), chapter=data["chapter"],
        setup=asked["setup"], ask=Ask(**asked.get("ask", {})), choices=tuple(asked.get("choices", ())),
        answer=Answer("", ()), source=f"lesson:{data['slug']}",
    )  # fmt: skip
    return Lesson(int(data["number"]), str(data["slug"]), str(data["title"]), Level(data["level"]),
                  str(data["chapter"]), tuple(data["paragraphs"]), question)  # fmt: skip


@cache
def lessons() -> tuple[Lesson, ...]:
    found = [lesson_from_dict(json.loads(path.read_text(encoding="utf-8"))) for path in LESSON_DIR.glob("*.json")]
    return tuple(sorted(found, key=lambda lesson: lesson.number))


def lesson_by_slug(slug: str) -> Lesson | None:
    return next((lesson for lesson in lessons() if lesson.slug == slug), None)
