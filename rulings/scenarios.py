"""Rulings you can run (issue #32, item 2): each ruling, erratum and site reading a combat can show has a
scenario, a set-up in the notation whose result the ruling states, and each one no combat can show says why.

The data is ``fixtures/rulings/scenarios.json``: one entry per ruling (and per open rule of a rule set, for its
readings), either a scenario or a reason. A scenario names the engine rule id of the step that applies the ruling
(``step_rule``: "See it happen" opens the step-through there) and the result the ruling states (``expected``),
written from the ruling's words, not copied from the engine's output; ``check`` compares the two, so CI
resolves every scenario (tests/rulings/test_ruling_scenarios.py).

This module reads the engine only (no Django): the pages and the test share it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from engine.catalog import CardCatalog
from engine.rulesets import AnyLog, find_ruleset, parse_any, resolve_any, ruleset_of

SCENARIOS = Path(__file__).resolve().parents[1] / "fixtures" / "rulings" / "scenarios.json"


class NoScenario(str, Enum):
    """Why a ruling has no scenario: a closed list, each said in words on the ruling's page."""

    OUTSIDE_COMBAT = "outside-combat"  # its rules govern a part of the game no combat includes
    NOT_A_RESULT = "not-a-result"  # it settles how something is printed, spelled or attributed, not what happens
    SUPERSEDED = "superseded"  # withdrawn or replaced: a combat follows its successor, not it
    PENDING = "pending"  # a combat could show it; the scenario is not written yet (counted apart, never hidden)


NO_SCENARIO_WORDS = {
    NoScenario.OUTSIDE_COMBAT: "No combat can show this ruling",
    NoScenario.NOT_A_RESULT: "No combat can show this ruling",
    NoScenario.SUPERSEDED: "No combat follows this ruling any more",
    NoScenario.PENDING: "A combat could show this ruling; its scenario is not written yet",
}


@dataclass(frozen=True)
class Expected:
    """What the ruling says the result is; every field left out is not checked.

    ``fates``: creature id (a1, d2) to fate; ``matchup_totals``: each primary match-up's two totals, or None
    for one with no comparison; ``needs``: what a leftover needs against each card it can attack;
    ``notices``: codes the result must carry (a refusal at a step, say); ``result``: dotted paths into the
    result's JSON form (``secondary.won_by``) for what the other fields do not cover, a duel's rounds above all."""

    winner: str | None = None
    totals: tuple[int, int] | None = None
    matchup_totals: tuple[tuple[int, int] | None, ...] | None = None
    fates: Mapping[str, str] = field(default_factory=dict)
    needs: Mapping[str, int] = field(default_factory=dict)
    notices: tuple[str, ...] = ()
    result: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Expected:
        unknown = set(data) - {"winner", "totals", "matchup_totals", "fates", "needs", "notices", "result"}
        if unknown:
            raise ValueError(f"unknown expected field(s): {', '.join(sorted(unknown))}")
        totals = data.get("totals")
        matchups = data.get("matchup_totals")
        return cls(
            winner=data.get("winner"),
            totals=(int(totals[0]), int(totals[1])) if totals is not None else None,
            matchup_totals=tuple(None if pair is None else (int(pair[0]), int(pair[1])) for pair in matchups)
            if matchups is not None
            else None,
            fates=dict(data.get("fates", {})),
            needs={str(card): int(value) for card, value in data.get("needs", {}).items()},
            notices=tuple(data.get("notices", ())),
            result=dict(data.get("result", {})),
        )


@dataclass(frozen=True)
class ReadingCase:
    """The scenario's expected result under one reading of an open rule."""

    choice: str
    expected: Expected


@dataclass(frozen=True)
class Scenario:
    """A set-up whose result a ruling states. ``subject``: the ruling's code (R-013, E-05, A-04), or
    ``<ruleset>:<number>`` for a site reading that is a numbered rule (arena:6.7.5). ``reading``: for an open
    rule, its key, and ``cases`` the result under each of its readings."""

    subject: str
    shows: str
    notation: str
    step_rule: str
    expected: Expected
    reading: str = ""
    cases: tuple[ReadingCase, ...] = ()


@dataclass(frozen=True)
class Without:
    """A ruling with no scenario, and why, in words (``reason`` says which kind of why)."""

    subject: str
    reason: NoScenario
    why: str

    @property
    def headline(self) -> str:
        return NO_SCENARIO_WORDS[self.reason]


@dataclass(frozen=True)
class Outcome:
    """A scenario resolved: its log, the step that applies the ruling (None: the log never cites it) and every
    way the result differs from what the ruling states (empty: as stated)."""

    scenario: Scenario
    log: AnyLog
    step: int | None
    mismatches: tuple[str, ...]


def _entry(data: Mapping[str, Any]) -> Scenario | Without:
    subject = str(data["subject"])
    if "why" in data:
        return Without(subject, NoScenario(data["reason"]), str(data["why"]))
    cases = tuple(
        ReadingCase(str(choice), Expected.from_dict(expected)) for choice, expected in data.get("cases", {}).items()
    )
    return Scenario(
        subject=subject,
        shows=str(data["shows"]),
        notation=str(data["notation"]),
        step_rule=str(data["step_rule"]),
        expected=Expected.from_dict(data.get("expected", {})),
        reading=str(data.get("reading", "")),
        cases=cases,
    )


@cache
def entries() -> tuple[Scenario | Without, ...]:
    """Every entry of the data file, in its order (read once: the file is part of the code)."""
    return tuple(_entry(item) for item in json.loads(SCENARIOS.read_text(encoding="utf-8")))


def by_subject() -> dict[str, Scenario | Without]:
    return {entry.subject: entry for entry in entries()}


@dataclass(frozen=True)
class Counts:
    """How many rulings (not open rules) have a scenario, how many no combat can show, and how many wait for one."""

    with_scenario: int
    cannot_show: int
    pending: int


def ruling_counts() -> Counts:
    rulings = [entry for entry in entries() if ":" not in entry.subject]
    pending = sum(isinstance(entry, Without) and entry.reason is NoScenario.PENDING for entry in rulings)
    shown = sum(isinstance(entry, Scenario) for entry in rulings)
    return Counts(shown, len(rulings) - shown - pending, pending)


RULING_CODE = re.compile(r"(?<![\w-])([AER]-\d{2,3})(?![\w-])")


def rulings_carried(text: str, ids: Iterable[str]) -> list[str]:
    """The ruling codes a rule states: those among its engine ids (A-04) and those its text names (E-05)."""
    found = [code for code in ids if RULING_CODE.fullmatch(code)]
    return found + [code for code in RULING_CODE.findall(text) if code not in found]


def scenarios_naming(subjects: set[str]) -> list[Scenario]:
    return [entry for entry in entries() if isinstance(entry, Scenario) and entry.subject in subjects]


def _path(result: Mapping[str, Any], dotted: str) -> Any:
    value: Any = result
    for part in dotted.split("."):
        value = value[int(part)] if isinstance(value, list) else value.get(part) if isinstance(value, dict) else None
    return value


def differences(expected: Expected, log: AnyLog) -> list[str]:
    """Every way the log's result differs from what was expected, in words (empty: as expected)."""
    result = log.to_dict()["result"]
    found: list[str] = []

    def compare(what: str, wanted: Any, got: Any) -> None:
        if wanted != got:
            found.append(f"{what}: the ruling says {wanted!r}, the engine gives {got!r}")

    if expected.winner is not None:
        compare("winner", expected.winner, result.get("winner"))
    if expected.totals is not None:
        compare("totals", expected.totals, (result.get("attacker_total"), result.get("defender_total")))
    if expected.matchup_totals is not None:
        got = tuple(
            None if m.get("attacker_total") is None else (m["attacker_total"], m["defender_total"])
            for m in result.get("matchups", ())
        )
        compare("match-up totals", expected.matchup_totals, got)
    creatures = {creature["id"]: creature for creature in result.get("creatures", ())}
    for creature, fate in expected.fates.items():
        compare(f"fate of {creature}", fate, creatures.get(creature, {}).get("fate"))
    if expected.needs:
        names = {creature["id"]: creature["card"] for creature in result.get("creatures", ())}
        needs = {names.get(target, target): needed for target, needed in result.get("needs", ())}
        for card, needed in expected.needs.items():
            compare(f"what is needed against {card}", needed, needs.get(card))
    codes = {notice["code"] for notice in result.get("notices", ())}
    for code in expected.notices:
        if code not in codes:
            found.append(f"notice {code}: the ruling says it is given, the engine gives none")
    for dotted, wanted in expected.result.items():
        compare(dotted, wanted, _path(result, dotted))
    return found


def first_step(log: AnyLog, rule: str) -> int | None:
    """The index of the first step citing ``rule``: where "See it happen" opens the step-through."""
    return next((step.index for step in log.steps if step.rule == rule), None)


def run(scenario: Scenario, catalog: CardCatalog, notation: str | None = None, expected: Expected | None = None) -> Outcome:
    """Resolve the scenario (or one of its readings' notations) and compare it with what the ruling states."""
    log = resolve_any(parse_any(notation or scenario.notation), catalog)
    step = first_step(log, scenario.step_rule)
    mismatches = differences(expected or scenario.expected, log)
    if step is None:
        mismatches.append(f"no step cites {scenario.step_rule}: the scenario does not reach the ruling")
    return Outcome(scenario, log, step, tuple(mismatches))


def reading_notation(scenario: Scenario, choice: str) -> str:
    """The scenario's set-up read under one reading of its open rule (``Ruleset.with_reading``)."""
    setup = parse_any(scenario.notation)
    ruleset = ruleset_of(setup)
    return ruleset.format(ruleset.with_reading(setup, scenario.reading, choice))


def run_readings(scenario: Scenario, catalog: CardCatalog) -> list[tuple[ReadingCase, Outcome]]:
    """The scenario under each reading its entry states a result for, in the entry's order."""
    return [
        (case, run(scenario, catalog, reading_notation(scenario, case.choice), case.expected))
        for case in scenario.cases
    ]


def open_rule_of(scenario: Scenario) -> Any:
    """The open rule (``engine.readings.OpenRule``) a readings scenario is about."""
    ruleset = find_ruleset(scenario.subject.partition(":")[0])
    return next(rule for rule in ruleset.readings if rule.key == scenario.reading)
