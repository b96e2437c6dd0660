"""A learner's question as data: a set-up in the engine's notation, what is asked about it, and the answer with
the engine facts that explain it. The questions live in ``fixtures/learn/quiz/*.json`` (written by
``manage.py generate_quiz``); the answers there are the engine's, and a test resolves every one again."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

QUIZ_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "learn" / "quiz"


class Level(str, Enum):
    NEWCOMER = "newcomer"
    PLAYER = "player"
    JUDGE = "judge"


class Kind(str, Enum):
    WINNER = "winner"  # who holds the space after the combat
    TOTAL = "total"  # one side's total in one match-up
    LEGAL = "legal"  # is this action legal now, and if not, why not
    RULE = "rule"  # which numbered rule one step applies
    FATE = "fate"  # what becomes of one creature
    CARD = "card"  # what one card's effect adds to or takes from a total in this combat


@dataclass(frozen=True)
class Ask:
    """What the question points at; only the fields its kind needs are set."""

    matchup: int = 0
    side: str = ""  # attacker or defender
    action: str = ""  # an ordered action in the notation (d:ranged:archer), for LEGAL
    step: int = -1  # a step index of the combat's log, for RULE
    creature: str = ""  # a creature id of the combat (a1, d2), for FATE
    card: str = ""  # the card whose effect is asked about, for CARD
    effect: str = ""  # the kind of step its effect is (ranged, off_colour, channel, bonus, spell), for CARD


@dataclass(frozen=True)
class Evidence:
    """One engine fact behind an answer: a step of the log (its index and fields) or a refusal's reason."""

    rule: str  # the engine rule id; the rules reference resolves it to a numbered rule
    kind: str  # the step's kind, or "offered" / "refused" for a legality question, or the fate
    step: int | None = None
    card: str = ""
    subject: str = ""
    delta: int | None = None
    total: int | None = None
    code: str = ""  # a refusal's or a fate's stable code
    values: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["values"] = dict(self.values)
        return {key: value for key, value in data.items() if value not in ("", None, {})}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Evidence:
        values = tuple(sorted((str(k), str(v)) for k, v in dict(data.get("values", {})).items()))
        return cls(**{**data, "values": values})


@dataclass(frozen=True)
class Answer:
    value: str
    evidence: tuple[Evidence, ...]


@dataclass(frozen=True)
class Question:
    id: str
    kind: Kind
    level: Level
    chapter: str  # the rules subsection the answer rests on (6.5), from the key step's rule
    setup: str  # engine notation
    ask: Ask
    choices: tuple[str, ...]  # empty: the answer is a number to enter
    answer: Answer
    terms: tuple[str, ...] = ()  # glossary terms the question uses
    source: str = ""  # the worked example it comes from, or "generated"

    def to_dict(self) -> dict[str, Any]:
        ask = {key: value for key, value in asdict(self.ask).items() if value not in ("", 0, -1)}
        return {
            "id": self.id, "kind": self.kind.value, "level": self.level.value, "chapter": self.chapter,
            "setup": self.setup, "ask": ask, "choices": list(self.choices), "answer": self.answer.value,
            "evidence": [item.to_dict() for item in self.answer.evidence], "terms": list(self.terms),
            "source": self.source,
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Question:
        return cls(
            id=str(data["id"]), kind=Kind(data["kind"]), level=Level(data["level"]), chapter=str(data["chapter"]),
            setup=str(data["setup"]), ask=Ask(**data.get("ask", {})), choices=tuple(data.get("choices", ())),
            answer=Answer(str(data["answer"]), tuple(Evidence.from_dict(item) for item in data.get("evidence", ()))),
            terms=tuple(data.get("terms", ())), source=str(data.get("source", "")),
        )  # fmt: skip


@dataclass(frozen=True)
class QuestionBank:
    questions: tuple[Question, ...]
    by_id: dict[str, Question] = field(hash=False, compare=False)

    def filtered(self, level: str = "", chapter: str = "") -> list[Question]:
        return [
            question for question in self.questions
            if (not level or question.level.value == level)
            and (not chapter or question.chapter == chapter or question.chapter.startswith(chapter + "."))
        ]  # fmt: skip


def read_questions(directory: Path = QUIZ_DIR) -> tuple[Question, ...]:
    found: list[Question] = []
    for path in sorted(directory.glob("*.json")):
        found.extend(Question.from_dict(item) for item in json.loads(path.read_text(encoding="utf-8")))
    return tuple(found)


@cache
def question_bank() -> QuestionBank:
    questions = read_questions()
    return QuestionBank(questions, {question.id: question for question in questions})
