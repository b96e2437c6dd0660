"""Rulings as pages show them: question and answer with their links and highlighted words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.safestring import SafeString

from rulings.linking import TextLinker, highlighter
from rulings.models import Ruling


@dataclass
class RulingRow:
    ruling: Ruling
    question: SafeString
    answer: SafeString
    note: SafeString


def ruling_rows(rulings: Iterable[Ruling], linker: TextLinker, words: list[str] | None = None) -> list[RulingRow]:
    pattern = highlighter(words or [])
    return [
        RulingRow(
            ruling,
            linker.render(ruling.question, highlight=pattern),
            linker.render(ruling.answer, highlight=pattern),
            linker.render(ruling.note),
        )  # fmt: skip
        for ruling in rulings
    ]
