"""Rulings you can run (issue #32, item 2): every ruling has an entry in fixtures/rulings/scenarios.json, a
scenario or the reason none exists, and CI resolves every scenario and checks the result its ruling states.
The expected values are written from each ruling's words (a winner, a total, a fate, a refusal), not copied
from the engine's output."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from engine.catalog import default_catalog
from engine.rulesets import RULESETS
from rulings import scenarios
from rulings.scenarios import NoScenario, Scenario, Without

CATALOG = default_catalog()
RULINGS = json.loads((Path(scenarios.SCENARIOS).parent / "rulings.json").read_text(encoding="utf-8"))
SCENARIOS = [entry for entry in scenarios.entries() if isinstance(entry, Scenario)]


def test_every_ruling_has_one_entry_a_scenario_or_a_reason() -> None:
    subjects = [entry.subject for entry in scenarios.entries()]
    assert len(subjects) == len(set(subjects)), "a subject listed twice"
    codes = {ruling["id"] for ruling in RULINGS}
    missing = codes - set(subjects)
    assert not missing, f"rulings with neither a scenario nor a reason: {sorted(missing)}"



@pytest.mark.django_db
def test_every_site_reading_has_an_entry_or_carries_a_ruling_that_has_one() -> None:
    """A rule that is the site's own reading has its own entry (``standard:11.4.1``), or states a ruling (its
    ids or its text name A-04, E-05 ...) whose entry serves it; every other subject names such a rule."""
    from rulings.models import RuleEntry

    found = scenarios.by_subject()
    site = {f"{entry.ruleset.slug}:{entry.number}": entry
            for entry in RuleEntry.objects.filter(authority="site").select_related("ruleset")}  # fmt: skip
    codes = {ruling["id"] for ruling in RULINGS}
    open_rules = {f"{ruleset.name}:{rule.number}" for ruleset in RULESETS for rule in ruleset.readings}
    assert set(found) - codes <= set(site) | open_rules, "an entry for a rule that is no site reading or open rule"
    uncovered = [key for key, entry in site.items()
                 if key not in found and not set(scenarios.rulings_carried(entry.text, entry.engine_ids.values_list(
                     "code", flat=True))) & set(found)]  # fmt: skip
    assert uncovered == []
    assert open_rules <= set(found)


def test_each_reason_is_said_in_words() -> None:
    for entry in scenarios.entries():
        if isinstance(entry, Without):
            assert entry.why.endswith(".") and len(entry.why.split()) >= 8, entry.subject
            assert entry.headline


def test_the_counts_with_and_without_a_scenario_add_up() -> None:
    reasons = Counter(entry.reason for entry in scenarios.entries() if isinstance(entry, Without) and ":" not in
                      entry.subject)  # fmt: skip
    with_scenario = {entry.subject for entry in SCENARIOS}
    codes = {ruling["id"] for ruling in RULINGS}
    assert len(with_scenario & codes) + sum(reasons.values()) == len(codes)
    counts = scenarios.ruling_counts()
    assert counts.with_scenario == len(with_scenario & codes) and counts.pending == reasons[NoScenario.PENDING]
    assert counts.with_scenario + counts.cannot_show + counts.pending == len(codes)
    # A superseded ruling is the only kind marked superseded.
    superseded = {ruling["id"] for ruling in RULINGS if ruling["status"] == "superseded"}
    assert {e.subject for e in scenarios.entries() if isinstance(e, Without) and e.reason is NoScenario.SUPERSEDED} \
        == superseded  # fmt: skip


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda scenario: scenario.subject)
def test_the_scenario_gives_the_result_its_ruling_states(scenario: Scenario) -> None:
    outcome = scenarios.run(scenario, CATALOG)
    assert outcome.mismatches == ()
    assert outcome.step is not None and outcome.log.steps[outcome.step].rule == scenario.step_rule
    for case, read in scenarios.run_readings(scenario, CATALOG):
        assert read.mismatches == (), case.choice


def test_every_open_rule_has_its_readings_side_by_side() -> None:
    """Each open rule of each rule set has a scenario stating the result under every one of its readings,
    and the readings give different results there (else the scenario shows nothing about the choice)."""
    for ruleset in RULESETS:
        for rule in ruleset.readings:
            found = scenarios.by_subject().get(f"{ruleset.name}:{rule.number}")
            assert isinstance(found, Scenario) and found.reading == rule.key
            assert {case.choice for case in found.cases} == {choice.name for choice in rule.choices}
            winners = {case.expected.winner for case in found.cases}
            assert len(winners) == len(found.cases)


def test_a_result_other_than_the_ruling_states_is_caught() -> None:
    push = next(entry for entry in SCENARIOS if entry.subject == "A-29")
    wrong = replace(push, expected=replace(push.expected, winner="attacker", fates={"a1": "beaten"}))
    mismatches = scenarios.run(wrong, CATALOG).mismatches
    assert len(mismatches) == 2 and mismatches[0].startswith("winner: the ruling says 'attacker'")
    elsewhere = replace(push, step_rule="A-24")
    assert "no step cites A-24" in scenarios.run(elsewhere, CATALOG).mismatches[-1]


def test_an_unknown_expected_field_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown expected field"):
        scenarios.Expected.from_dict({"winer": "attacker"})
