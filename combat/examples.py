"""The worked examples of the rules, read from fixtures/examples/*.json for "Load example"."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings

from combat.links import permalink


@dataclass(frozen=True)
class WorkedExample:
    id: str
    title: str
    section: str
    notation: str
    expected: dict[str, Any]
    ruleset: str = "standard"
    # The Arena rules the example applies (``6.7.4``), for the links from the rules pages.
    rules: tuple[str, ...] = ()

    @property
    def winner(self) -> str:
        return str(self.expected.get("winner", ""))

    @property
    def permalink(self) -> str:
        return permalink(self.notation)


def _examples_dir() -> Path:
    return Path(settings.FIXTURES_DIR) / "examples"


@lru_cache(maxsize=1)
def all_examples() -> tuple[WorkedExample, ...]:
    """Every scenario of the standard rules, in the order a reader meets them: the numbered examples first."""
    return _read_examples(sorted(_examples_dir().glob("*.json")))


@lru_cache(maxsize=1)
def arena_examples() -> tuple[WorkedExample, ...]:
    """The worked Guardians Arena duels (fixtures/examples/arena/), apart from the standard ones."""
    return _read_examples(sorted((_examples_dir() / "arena").glob("*.json")))


def _read_examples(paths: list[Path]) -> tuple[WorkedExample, ...]:
    examples = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        source = data.get("source") or {}
        examples.append(
            WorkedExample(
                id=str(data["id"]),
                title=str(data["title"]),
                section=str(source.get("section", "")),
                notation=str(data["notation"]),
                expected=dict(data.get("expected") or {}),
                ruleset=str(data.get("ruleset", "standard")),
                rules=tuple(
                    str(rule).removeprefix("arena ") for rule in data.get("rules", []) if str(rule).startswith("arena ")
                ),
            )
        )
    return tuple(sorted(examples, key=lambda e: (e.ruleset == "arena", not e.id.startswith("example-"), e.id)))


def arena_examples_for(number: str) -> tuple[WorkedExample, ...]:
    """The Arena worked examples that apply one Arena rule (``6.7.4``), for that rule's page."""
    return tuple(example for example in arena_examples() if number in example.rules)


def find_example(example_id: str) -> WorkedExample | None:
    return next((example for example in (*all_examples(), *arena_examples()) if example.id == example_id), None)
