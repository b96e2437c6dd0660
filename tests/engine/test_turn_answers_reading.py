"""The ``turn-answers`` reading (engine.standard_readings) keeps every shared link's result: a set-up text of the
issue-31 corpus that names no reading resolves exactly as main did before rules 1.3 (recorded from main in
turn_answers_main_results.json by record_turn_answers_corpus.py), while the same text with
``reading.turn-answers=just-before`` (every set-up written now) takes the corrected behaviour."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.catalog import default_catalog
from engine.errors import EngineError, NotationError
from engine.jsonform import setup_from_dict, setup_to_dict
from engine.notation import format_setup, parse_setup
from engine.resolver import resolve
from engine.standard_readings import TODAY, AnswerReading, can_matter

HERE = Path(__file__).parent
RECORDED: dict[str, Any] = json.loads((HERE / "turn_answers_main_results.json").read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = RECORDED["cases"]
READABLE = [case for case in CASES if "error" not in case]
CATALOG = default_catalog()


def observed(notation: str) -> dict[str, Any]:
    data = resolve(parse_setup(notation), CATALOG).to_dict()
    return {"result": data["result"], "steps": [[step["rule"], step["text"]] for step in data["steps"]]}


def test_the_corpus_covers_each_changed_behaviour() -> None:
    """Answers in turns (channel, shot, bribe), a spell in the window, an aimed secondary bribe, a refused attack,
    a taken-over shot with a ranged rule in play and a taken-over shot at its moment: each is in the corpus and
    main's result differs from today's for at least one of them (else the test below could not fail)."""
    texts = " ".join(case["notation"] for case in READABLE)
    for needle in (
        "energy-eater",
        "magic-feedback",
        "longshot-louie",
        "heisenburgs-missiles",
        "shadow-bank-job",
        "s1:gold@",
        "a.secondary=archer>swordsman,archer>sand-lord",
        "standard-bearer",
        "d.spell=1:heis",
    ):
        assert needle in texts, needle
    changed = [
        case["notation"]
        for case in READABLE
        if observed(format_setup(replace(parse_setup(case["notation"]), readings=TODAY)))["result"] != case["result"]
    ]
    assert len(changed) >= 8, changed


@pytest.mark.parametrize("case", READABLE, ids=lambda case: case["notation"][:70])
def test_an_old_link_resolves_as_it_did_on_main(case: dict[str, Any]) -> None:
    setup = parse_setup(case["notation"])
    assert format_setup(setup) == case["notation"], "an old link must print as it was written"
    if can_matter(setup):
        assert setup.readings.turn_answers is AnswerReading.RULES_1_2 and not setup.readings.written
    got = observed(case["notation"])
    # The result keys main had are equal; any key added since is listed (adding only, never changing).
    added = set(got["result"]) - set(case["result"])
    assert added <= {"readings", "readings_written", "readings_applied"}, added
    assert {key: got["result"][key] for key in case["result"]} == case["result"]
    assert got["steps"] == case["steps"]


@pytest.mark.parametrize("case", [case for case in CASES if "error" in case], ids=lambda case: case["notation"][:70])
def test_a_text_main_could_not_read_was_never_shared(case: dict[str, Any]) -> None:
    """Guardian turns, b<N> and s<N> ranged entries are new notation: main refused them with a coded error."""
    assert case["error"].startswith("notation.")


@pytest.mark.parametrize("case", READABLE, ids=lambda case: case["notation"][:70])
def test_the_clause_round_trips_in_text_and_json(case: dict[str, Any]) -> None:
    setup = parse_setup(case["notation"])
    for chosen in AnswerReading:
        named = replace(setup, readings=replace(TODAY, turn_answers=chosen))
        text = format_setup(named)
        assert ("reading.turn-answers=" in text) == (can_matter(setup) or chosen is not AnswerReading.JUST_BEFORE)
        again = parse_setup(text)
        assert format_setup(again) == text
        assert again.readings.turn_answers is chosen
        assert format_setup(setup_from_dict(setup_to_dict(named))) == text
    assert format_setup(setup_from_dict(setup_to_dict(setup))) == case["notation"]


def test_an_unknown_reading_is_a_coded_error() -> None:
    with pytest.raises(NotationError) as bad:
        parse_setup("a=axeman d=swordsman m1=a:pass,d:pass reading.turn-answers=later")
    assert bad.value.code == "notation.bad_reading"
    assert bad.value.position == len("a=axeman d=swordsman m1=a:pass,d:pass ")
    with pytest.raises(EngineError) as unknown:
        parse_setup("a=axeman d=swordsman reading.nope=x")
    assert unknown.value.code == "notation.unknown_reading"


def _engine_table_texts() -> list[str]:
    """Every standard set-up text in the engine's tables (card families, worked cases, ...)."""
    found: set[str] = set()
    for path in HERE.glob("*.json"):
        for match in re.finditer(r'"((?:terrain=\S+ )?a=[^"\n{]+)"', path.read_text(encoding="utf-8")):
            found.add(match.group(1))
    return sorted(found)


def test_where_the_reading_cannot_matter_both_readings_resolve_alike() -> None:
    """The printer leaves the clause out where ``can_matter`` is false: that is honest only if the two readings
    never differ there. Every such set-up of the engine's tables resolves to the same result and steps."""
    compared = 0
    for text in _engine_table_texts():
        try:
            setup = parse_setup(text)
        except EngineError:
            continue
        if can_matter(setup):
            continue
        logs = []
        for chosen in AnswerReading:
            try:
                logs.append(resolve(replace(setup, readings=replace(TODAY, turn_answers=chosen)), CATALOG).to_dict())
            except EngineError:
                break
        if len(logs) < 2:
            continue
        compared += 1
        outcome = [
            {key: value for key, value in log["result"].items() if not key.startswith("readings")} for log in logs
        ]
        assert outcome[0] == outcome[1], text
        assert logs[0]["steps"] == logs[1]["steps"], text
    assert compared >= 100, compared
