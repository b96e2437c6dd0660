"""A duel cites Arena rules only: every step and notice carries an ARN id that a rule of rules/arena holds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import default_catalog
from engine.arena import parse_duel, resolve_duel
from engine.arena.citations import STANDARD_TO_ARENA, arena_rule
from engine.enums import Phase

ROOT = Path(__file__).resolve().parents[2]
TAG = re.compile(r"^(?P<number>\d+\.\d+\.\d+[a-z]?)\.? .*\{ids: (?P<ids>[^}]+)\}\s*$")
# Ids a log step or a notice can carry (VAL- ids belong to set-up checks, which a duel words itself).
STEP_ID = re.compile(r'"((?:CMB|CMD|AOE|PRI|SEC|RES|HEAL|ENG|A)-\d+)"')
SCENARIOS = sorted((ROOT / "fixtures" / "examples" / "arena").glob("*.json"))


def arena_owners() -> dict[str, list[str]]:
    owners: dict[str, list[str]] = {}
    for path in sorted((ROOT / "rules" / "arena").glob("*.md")):
        # A rule's line ends with its ids; a "Differs from standard" line may follow it.
        for line in path.read_text(encoding="utf-8").splitlines():
            match = TAG.match(line.strip())
            if match:
                for rule_id in match["ids"].split(","):
                    owners.setdefault(rule_id.strip(), []).append(match["number"])
    return owners


def test_every_standard_id_the_engine_can_cite_has_an_arena_id() -> None:
    cited: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        cited |= set(STEP_ID.findall(path.read_text(encoding="utf-8")))
    assert {"PRI-2", "PRI-7", "PRI-10", "CMD-4", "AOE-4"} <= cited
    missing = sorted(cited - set(STANDARD_TO_ARENA))
    assert not missing, f"standard ids with no Arena id for duels: {missing}"


def test_every_arena_id_the_duel_cites_is_held_by_exactly_one_arena_rule() -> None:
    owners = arena_owners()
    given = {rule for pair in STANDARD_TO_ARENA.values() for rule in pair}
    for path in (ROOT / "engine" / "arena").glob("*.py"):
        given |= set(re.findall(r'"(ARN-\d+)"', path.read_text(encoding="utf-8")))
    for rule_id in sorted(given):
        assert len(owners.get(rule_id, [])) == 1, f"{rule_id}: held by {owners.get(rule_id)}"


def test_the_same_shared_step_cites_the_arena_action_of_its_round() -> None:
    assert arena_rule("PRI-2", Phase.PRIMARY) == "ARN-3"
    assert arena_rule("PRI-2", Phase.SECONDARY) == "ARN-31"
    assert arena_rule("ARN-9", Phase.PRIMARY) == "ARN-9"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_duel_scenario_cites_a_standard_rule(path: Path) -> None:
    owners = arena_owners()
    data = json.loads(path.read_text(encoding="utf-8"))
    log = resolve_duel(parse_duel(data["notation"]), default_catalog())
    rules = [step.rule for step in log.steps] + [notice.rule for notice in log.result.notices if notice.rule]
    assert rules
    for rule in rules:
        assert rule.startswith("ARN-") and len(owners.get(rule, [])) == 1, f"{path.stem} cites {rule}"


def test_a_duel_through_the_shared_machinery_cites_the_arena_rules_for_it() -> None:
    # Off-colour (ARN-37), a ranged attack (ARN-21), channelling (ARN-33) and a spell (ARN-3), where the
    # standard steps would cite PRI-7, PRI-9, PRI-10 and PRI-2.
    text = (
        "ruleset=arena a=swordsman a.stock=power-lunch a.under=archer d=magma-elemental "
        "p=a:ranged:archer,d:pass,a:spell:power-lunch,d:pass,a:channel:guardian,d:pass,a:pass s=d:pass,a:pass"
    )
    log = resolve_duel(parse_duel(text), default_catalog())
    cited = {step.rule for step in log.steps}
    assert {"ARN-37", "ARN-21", "ARN-33", "ARN-3"} <= cited
    assert all(rule.startswith("ARN-") for rule in cited)


def _side_rule_duels() -> list[str]:
    table = json.loads((ROOT / "tests" / "engine" / "arena_side_rules.json").read_text(encoding="utf-8"))
    return [row[key] for row in table["changes"] for key in ("with", "without")] + [
        row["duel"] for row in table["condition_unmet"]
    ]


def test_every_id_a_worked_duel_or_a_side_rule_duel_logs_resolves_to_one_numbered_rule() -> None:
    # Every step and notice of every worked duel and every duel of the side-rule table, both rounds: the id a judge
    # follows must land on exactly one numbered rule of the rules reference.
    owners = arena_owners()
    catalog = default_catalog()
    notations = [json.loads(path.read_text(encoding="utf-8"))["notation"] for path in SCENARIOS] + _side_rule_duels()
    logged: dict[str, set[str]] = {}
    for notation in notations:
        log = resolve_duel(parse_duel(notation), catalog)
        for rule in [step.rule for step in log.steps] + [n.rule for n in log.result.notices if n.rule]:
            logged.setdefault(rule, set()).add(notation)
    assert {"ARN-46", "ARN-3", "ARN-31", "ARN-21", "ARN-33"} <= set(logged)
    unresolved = {rule: owners.get(rule) for rule in logged if len(owners.get(rule, [])) != 1}
    assert not unresolved, unresolved
