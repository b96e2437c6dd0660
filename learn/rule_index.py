"""Where an engine rule id sits in the numbered rules: its rule number and its chapter (the subsection, 6.5
Bribery), read from the rules files themselves, so a lesson, a question and the rules reference agree."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rulings.corpus import read_corpus

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class RulePlace:
    number: str  # 6.8.3, or 6.8.3a for a subrule
    chapter: str  # 6.8: the subsection, which the quiz calls a chapter

    @property
    def url(self) -> str:
        return f"/rules/{self.number}/"


@dataclass(frozen=True)
class RuleIndex:
    by_engine_id: dict[str, RulePlace]
    numbers: frozenset[str]
    chapters: dict[str, str]  # "6.5" -> "Bribery", in reading order
    glossary: dict[str, str]  # lower-case term or alias -> the term's own name

    def place(self, rule: str) -> RulePlace:
        """The rule an engine id (PRI-9) names, or a rule number itself (6.9.1: some refusals cite the number);
        a KeyError names a rule the rules do not carry."""
        if rule in self.numbers:
            return RulePlace(rule, chapter_of(rule))
        return self.by_engine_id[rule]

    def knows(self, rule: str) -> bool:
        return rule in self.numbers or rule in self.by_engine_id


def chapter_of(number: str) -> str:
    return ".".join(number.split(".")[:2]).rstrip("abcdefghijkmnpqrstuvwxyz")


@cache
def rule_index() -> RuleIndex:
    corpus = read_corpus(ROOT / "rules", ROOT / "fixtures" / "rulings" / "rulings.json")
    places: dict[str, RulePlace] = {}
    chapters: dict[str, str] = {}
    for entry in corpus.rulesets["standard"]:
        if entry.kind == "subsection":
            chapters[entry.number] = entry.title
        for engine_id in entry.engine_ids:
            places[engine_id] = RulePlace(entry.number, chapter_of(entry.number))
    glossary: dict[str, str] = {}
    for term in corpus.glossary:
        for name in (term.term, *term.aliases):
            glossary.setdefault(name.lower(), term.term)
    numbers = frozenset(entry.number for entry in corpus.rulesets["standard"])
    return RuleIndex(places, numbers, chapters, glossary)
