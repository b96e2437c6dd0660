"""No step of a worked example, a card-family set-up or a duel scenario shows a Python repr in its sentence
or its values: a reason, a card or any other engine object reaches a step as words or plain data, never as
``Why('why.replaced_by', {...})`` or ``<... object at 0x...>``."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from engine.arena import parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.dice import Dice
from engine.log import Step, WordedWhy
from engine.notation import parse_setup
from engine.render import Chain, Chains, Said
from engine.resolver import resolve

ROOT = Path(__file__).resolve().parents[2]
# What a Python repr leaves in text: a dataclass or Why's call form, a default object repr, a dict or a list of str.
REPR_MARKS = ("Why(", "object at", "{'", "['", "<", ">")


def notations() -> Iterator[tuple[str, str, str]]:
    for path in sorted((ROOT / "fixtures" / "examples").glob("*.json")):
        yield "standard", path.stem, json.loads(path.read_text(encoding="utf-8"))["notation"]
    for path in sorted((ROOT / "tests" / "engine").glob("card_families*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            yield "standard", f"{path.stem}:{case['card']}", case["notation"]
    for path in sorted((ROOT / "fixtures" / "examples" / "arena").glob("*.json")):
        yield "arena", path.stem, json.loads(path.read_text(encoding="utf-8"))["notation"]


def steps_of(ruleset: str, notation: str) -> tuple[Step, ...]:
    catalog = default_catalog()
    if ruleset == "arena":
        return resolve_duel(parse_duel(notation), catalog).steps
    return resolve(parse_setup(notation), catalog).steps


def plain_parts(value: object) -> Iterator[str]:
    """The words of a step's value, and of every value inside it; any other kind of value fails."""
    if isinstance(value, WordedWhy):
        yield str(value)
        yield value.why.code
        for inner in value.why.values.values():
            yield from plain_parts(inner)
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            yield str(key)
            yield from plain_parts(inner)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            yield from plain_parts(inner)
    elif isinstance(value, Said):
        for inner in value.args:
            yield from plain_parts(inner)
    elif isinstance(value, (str, Chain, Chains, Dice)):
        yield str(value)
    elif isinstance(value, int):
        yield str(value)
    else:
        raise AssertionError(f"a step value of kind {type(value).__name__}: {value!r}")


CASES = list(notations())


def test_the_cases_cover_every_kind_of_set_up() -> None:
    assert len([case for case in CASES if case[0] == "arena"]) >= 20
    assert len([case for case in CASES if case[0] == "standard"]) >= 150


@pytest.mark.parametrize(("ruleset", "name", "notation"), CASES, ids=[f"{case[0]}-{case[1]}" for case in CASES])
def test_no_step_shows_a_python_repr(ruleset: str, name: str, notation: str) -> None:
    for step in steps_of(ruleset, notation):
        texts = [step.text, step.chain_text, *(part for value in step.args for part in plain_parts(value))]
        for text in texts:
            assert not any(mark in text for mark in REPR_MARKS), f"step {step.index} ({step.message}): {text}"


def test_a_creature_going_back_to_the_hand_keeps_its_reason_as_data() -> None:
    # Spirit of the Hunt turns Sand Lord down: the step says so in words and keeps the reason's code and values.
    case = next(c for c in CASES if c[1] == "card_families_choices:spirit-of-the-hunt")
    step = next(s for s in steps_of(*(case[0], case[2])) if s.message == "back_to_hand.next")
    reason = step.args[2]
    assert isinstance(reason, WordedWhy)
    assert str(reason) == "Spirit of the Hunt turned it down"
    assert (reason.why.code, dict(reason.why.values)) == ("why.turned_down_by", {"fighter": "Spirit of the Hunt"})
    assert step.text == (
        "Sand Lord goes back to the defender's combat hand (Spirit of the Hunt turned it down); "
        "it will be played again in the next match-up."
    )
