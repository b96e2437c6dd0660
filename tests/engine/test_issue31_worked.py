"""Issue 31: one worked combat per class of card that acts in a combat (answers to the action just taken,
a taken-over shot, a Guardian's turn, plays between match-ups, gains, nothing landing elsewhere, writable then
refused) and per card automated for it. The table (issue31_worked.json) gives the set-up, the winner, the control
totals and each match-up's totals, the steps that must be logged, the rule followed, and the arithmetic in words.
For class 1 each answering card is tried right after the action it answers and after one made earlier."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.catalog import default_catalog
from engine.notation import format_setup, parse_setup
from engine.resolver import resolve
from tests.engine.test_rule_ids import rule_for_id

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "issue31_worked.json").read_text(encoding="utf-8"))
CATALOG = default_catalog()


def test_the_table_covers_each_class_and_each_answering_card_both_ways() -> None:
    assert {case["class"] for case in CASES} == {1, 2, 3, 4, 5, 6, 7}
    answering = {case["card"] for case in CASES if case["class"] == 1}
    assert answering == {"energy-eater", "magic-feedback", "longshot-louie", "heisenburgs-missiles", "shadow-bank-job"}
    for card in answering:
        missed = [
            any(step.startswith(("turn_answer.missed", "turn_answer.unpaired")) for step in case["steps"])
            for case in CASES
            if case["card"] == card and case["class"] == 1
        ]
        assert sorted(missed) == [False, True], card


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case['class']}-{case['card'] or 'rule'}-{case['case']}")
def test_worked_combat(case: dict[str, Any]) -> None:
    assert case["worked"]
    setup = parse_setup(case["notation"])
    assert format_setup(setup) == case["notation"]
    log = resolve(setup, CATALOG)
    result = log.result
    expect = case["expect"]
    assert (result.winner.value, result.attacker_total, result.defender_total) == (
        expect["winner"],
        expect["attacker_total"],
        expect["defender_total"],
    )
    assert [[m.round, m.attacker_total, m.defender_total] for m in result.matchups] == expect["matchups"]
    messages = [step.message for step in log.steps]
    for message in case["steps"]:
        assert message in messages, f"{message} not logged"
    assert case["rule"] in {step.rule for step in log.steps}
    assert case["rule"] in rule_for_id()


@pytest.mark.parametrize("slug", ["siin-stealer-of-the-power", "grahzue-lover-of-vice", "eye-of-missile-mayhem"])
def test_the_cards_automated_here_say_so(slug: str) -> None:
    card = CATALOG.get(slug)
    assert card.automation.value == "automated"
    assert card.abilities


def test_plays_after_a_match_up_never_fought_are_a_notice_not_a_silent_drop() -> None:
    setup = parse_setup("a=swordsman,archer a.hand=eye-of-missile-mayhem d=axeman b3=a:item:eye-of-missile-mayhem")
    result = resolve(setup, CATALOG).result
    [notice] = [notice for notice in result.notices if notice.code == "between.not_reached"]
    assert (notice.rule, notice.values["after"], notice.values["played"]) == ("ENG-23", 3, 1)


def test_an_item_between_match_ups_that_does_not_act_then_is_reported_and_not_spent() -> None:
    setup = parse_setup("a=swordsman,axeman,archer a.hand=hammer-of-doom d=axeman,swordsman b1=a:item:hammer-of-doom")
    log = resolve(setup, CATALOG)
    assert "between.not_applied" in [step.message for step in log.steps]
    assert "action.not_applied" in [notice.code for notice in log.result.notices]
    assert all(use.card != "hammer-of-doom" for use in log.result.cards if use.use.value == "cast")
