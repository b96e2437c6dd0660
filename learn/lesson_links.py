"""A lesson's paragraphs with their links: each cited rule to its permalink, each marked term to its glossary entry
(read from the glossary of the current data revision, as the combat screens link their words)."""

from __future__ import annotations

from dataclasses import dataclass

from learn.lessons import Lesson
from rulings.models import STANDARD, rule_path


@dataclass(frozen=True)
class LinkedPart:
    text: str
    url: str = ""
    rule: str = ""
    term: str = ""


def linked_paragraphs(lesson: Lesson, term_urls: dict[str, str]) -> list[list[LinkedPart]]:
    linked = []
    for paragraph in lesson.parts():
        row = []
        for part in paragraph:
            if part.rule:
                row.append(LinkedPart(part.text, rule_path(STANDARD, part.rule), rule=part.rule))
            elif part.term:
                row.append(LinkedPart(part.text, term_urls.get(part.term.lower(), ""), term=part.term))
            else:
                row.append(LinkedPart(part.text))
        linked.append(row)
    return linked
