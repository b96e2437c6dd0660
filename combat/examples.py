"""The worked examples of the rules, read from fixtures/examples/*.json for "Load example"."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings

from combat import running
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
    # The scenario this one changes (``example-2a`` for the Ice Ogre variant): it is linked from that
    # scenario's worked-example page.
    variant_of: str = ""

    @property
    def winner(self) -> str:
        """The side that wins, '' for a tie (the fixtures write a tied duel's winner as null)."""
        return str(self.expected.get("winner") or "")

    @property
    def permalink(self) -> str:
        return permalink(self.notation)

    @property
    def edit_url(self) -> str:
        """The simulator's form filled with this scenario, to change it."""
        return f"/combat/?example={self.id}"


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
                variant_of=str(data.get("variant_of", "")),
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


def variants_of(notation: str) -> tuple[WorkedExample, ...]:
    """The scenarios that vary the one written ``notation`` (a worked-example page's set-up)."""
    main = next((example for example in all_examples() if example.notation == notation), None) if notation else None
    return tuple(example for example in all_examples() if main is not None and example.variant_of == main.id)


def scenarios_without_page(page_notations: set[str]) -> tuple[WorkedExample, ...]:
    """Scenarios neither told on a worked-example page nor varying one: listed on their own."""
    shown = {example.id for example in all_examples() if example.notation in page_notations}
    return tuple(example for example in all_examples() if example.id not in shown and example.variant_of not in shown)


class ExamplesForRules:
    """What the rules pages show of the simulator (connected to ``rulings.simulator`` in ``combat.apps``)."""

    permalink = staticmethod(permalink)
    catalog = staticmethod(running.catalog)
    arena_examples = staticmethod(arena_examples)
    variants_of = staticmethod(variants_of)
    scenarios_without_page = staticmethod(scenarios_without_page)
