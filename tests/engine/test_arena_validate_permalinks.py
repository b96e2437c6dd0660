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

Rows with ``asserts`` resolved under 6a75a44 but a ruling since (6.8.5-6.8.8) changes their primary round, so their
secondary round is written for the other player acting first: their result differs by rule change (``before`` keeps
6a75a44's), and the test pins only that the link does not turn into a refusal and says why actions are not taken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.arena import DuelLog, RoundTotals, parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.errors import SetupInvalid
from tests.engine.test_arena_citations import arena_owners

CATALOG = default_catalog()
OWNERS = arena_owners()
ROWS: list[dict[str, Any]] = json.loads((Path(__file__).parent / "arena_permalinks_before.json").read_text())["duels"]
# Rows whose result follows the engine of 6a75a44 exactly, and rows whose result a later ruling changed (6.8.5-6.8.8):
# of those only that the link still resolves, with the warning the row names, is asserted.
TABLE = [row for row in ROWS if "asserts" not in row]
RULE_CHANGED = [row for row in ROWS if "asserts" in row]


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


@pytest.mark.parametrize("row", RULE_CHANGED, ids=[row["source"] for row in RULE_CHANGED])
def test_a_duel_whose_result_a_ruling_changed_still_resolves_and_says_what_it_did_not_take(row: dict[str, Any]) -> None:
    assert row["asserts"]["resolves"] is True
    log = resolve_duel(parse_duel(row["notation"]), CATALOG)  # a refusal (SetupInvalid) fails the test
    code = row["asserts"]["warning"]
    warnings = [notice for notice in log.result.notices if notice.code == code]
    secondary = row["notation"].partition(" s=")[2].split(",")
    # Every action of the secondary round but the passes is said not to be taken, by its place and as written.
    written = [(str(i), action) for i, action in enumerate(secondary, start=1) if not action.endswith(":pass")]
    assert [(n.values["number"], n.values["action"]) for n in warnings] == written
    [first_step] = [step for step in log.steps if step.message == "arena.secondary_first"]
    for notice in warnings:
        assert notice.values["first"] == first_step.args[0] != notice.values["written_first"]
        assert notice.values["action"] in notice.message and OWNERS.get(notice.rule)
    steps = [step for step in log.steps if step.message == f"said.{code}"]
    assert len(steps) == len(warnings)
    # The round is not played: the primary result stands, as with a secondary round of passes.
    assert log.result.secondary is None and log.result.primary is not None
    assert log.result.winner == log.result.primary.won_by


def test_a_secondary_round_out_of_turn_for_either_player_is_still_refused() -> None:
    # Wrong on its face: the attacker acts twice running, so no primary result could make the order right.
    row = RULE_CHANGED[0]
    head = row["notation"].partition(" s=")[0]
    with pytest.raises(SetupInvalid) as refused:
        resolve_duel(parse_duel(f"{head} s=a:spell:helm-of-the-brotherhood,a:pass,d:pass"), CATALOG)
    assert [p.code for p in refused.value.problems] == ["arena.out_of_turn"]
