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
    """Every scenario, in the order a reader meets them: the numbered examples first."""
    examples = []
    for path in sorted(_examples_dir().glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        source = data.get("source") or {}
        examples.append(
            WorkedExample(
                id=str(data["id"]),
                title=str(data["title"]),
                section=str(source.get("section", "")),
                notation=str(data["notation"]),
                expected=dict(data.get("expected") or {}),
            )
        )
    return tuple(sorted(examples, key=lambda example: (not example.id.startswith("example-"), example.id)))


def find_example(example_id: str) -> WorkedExample | None:
    return next((example for example in all_examples() if example.id == example_id), None)
