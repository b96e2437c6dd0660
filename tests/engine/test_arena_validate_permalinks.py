"""Every duel permalink ever shared keeps resolving to the same result (the developers' guide).

``arena_permalinks_before.json`` holds duel set-ups that resolved before the duel check learnt of targets out of
reach and of the Guardian's channel in the secondary round: targets naming no one or the wrong creature, channels
into a shot that takes no channelling, a Guardian's channel written for a secondary round never played. Each row
is the result the engine of commit 6a75a44 gave (winner, each round's totals, where every card went, the steps),
recorded by running that engine, not this one. The engine now must give the same result, and say each target it
cannot reach as a coded warning instead of passing over it in silence.

Steps: every step the old engine wrote is still written, in the same order, with the same rule id. Later work on
duels added steps of its own to some of these duels (an action of a round never played said not to be taken, a
secondary attacker's bonus as its own step), so the old steps are checked as a subsequence of the new ones; the
only steps this change adds are the warnings, checked by the fuzz comparison and by test_arena_validate_targets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.arena import DuelLog, RoundTotals, parse_duel, resolve_duel
from engine.catalog import default_catalog
from tests.engine.test_arena_citations import arena_owners

CATALOG = default_catalog()
OWNERS = arena_owners()
TABLE: list[dict[str, Any]] = json.loads((Path(__file__).parent / "arena_permalinks_before.json").read_text())["duels"]


def _totals(totals: RoundTotals | None) -> list[object] | None:
    if totals is None:
        return None
    return [totals.attacker_total, totals.defender_total, totals.won_by.value if totals.won_by else None]


def _is_subsequence(old: list[str], new: list[str]) -> bool:
    remaining = iter(new)
    return all(step in remaining for step in old)


@pytest.mark.parametrize("row", TABLE, ids=[f"{row['category']}-{i}" for i, row in enumerate(TABLE)])
def test_a_duel_that_resolved_before_resolves_to_the_same_result(row: dict[str, Any]) -> None:
    log: DuelLog = resolve_duel(parse_duel(row["notation"]), CATALOG)
    result = log.result
    assert (result.winner.value if result.winner else None) == row["winner"]
    assert _totals(result.primary) == row["primary"]
    assert _totals(result.secondary) == row["secondary"]
    assert sorted([p.side.value, p.card, p.place.value, p.rule] for p in result.places) == row["places"]
    assert list(result.victorious) == row["victorious"]
    steps = [f"{step.rule} {step.message}" for step in log.steps if not step.message.startswith("said.arena.target_")]
    assert _is_subsequence(row["steps"], steps), (row["steps"], steps)


@pytest.mark.parametrize("row", TABLE, ids=[f"{row['category']}-{i}" for i, row in enumerate(TABLE)])
def test_each_target_out_of_reach_is_said_as_a_coded_warning(row: dict[str, Any]) -> None:
    log = resolve_duel(parse_duel(row["notation"]), CATALOG)
    warnings = [notice for notice in log.result.notices if notice.code.startswith("arena.target_")]
    said = [{"code": n.code, "action": n.values["action"], "target": n.values["target"]} for n in warnings]
    assert said == row["warnings"]
    steps = [step for step in log.steps if step.message.startswith("said.arena.target_")]
    assert [step.message.removeprefix("said.") for step in steps] == [n.code for n in warnings]
    for notice, step in zip(warnings, steps, strict=True):
        # The action as written and its target, in the values for programs and in the sentence for people.
        assert f"({notice.values['action']})" in notice.message and str(notice.values["target"]) in notice.message
        assert f"{notice.values['action']}" in row["notation"]
        # A rule id the rules reference resolves to a numbered Arena rule.
        assert OWNERS.get(step.rule) and notice.rule == step.rule


def test_the_table_covers_each_kind_of_target_the_check_once_refused() -> None:
    counts: dict[str, int] = {}
    for row in TABLE:
        counts[row["category"]] = counts.get(row["category"], 0) + 1
    wanted = ("unchannelled_shot", "target_ignored_nobody", "target_ignored_wrong_creature", "channel_wrong_creature")
    assert all(counts.get(category, 0) >= 4 for category in wanted), counts
    assert counts.get("secondary_guardian_channel_not_taken", 0) >= 3, counts
