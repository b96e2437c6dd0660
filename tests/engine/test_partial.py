"""Partial answers: the state after the command step or after match-up N (engine and command line)."""

from __future__ import annotations

import json

import pytest

from engine.catalog import default_catalog
from engine.cli import main
from engine.errors import EngineError
from engine.notation import parse_setup
from engine.partial import resolve_until
from engine.resolver import resolve

SETUP = "a=greedy-fiend,swordsman a.hand=gold d=sand-lord,archer m2=a:bribe:gold"


def test_after_the_command_step_everyone_is_still_in_hand() -> None:
    state = resolve_until(parse_setup(SETUP), default_catalog(), after=0)
    assert state.stopped_after == "the command step"
    assert state.in_hand == ("a1", "a2", "d1", "d2")
    assert state.matchups == () and state.stones_left == (7, 7)


def test_after_matchup_one_the_fates_so_far_and_the_lock_in_force() -> None:
    # Greedy Fiend 1 against Sand Lord 11: the Fiend is beaten, its Gold lock stays in force (6.5.5).
    state = resolve_until(parse_setup(SETUP), default_catalog(), after=1)
    assert {c.id: c.fate.value for c in state.creatures}["a1"] == "beaten"
    assert state.in_hand == ("a2", "d2")
    assert any("Greedy Fiend forbids Gold" in effect for effect in state.effects_in_force)
    # The steps so far are exactly the first steps of the whole combat.
    full = resolve(parse_setup(SETUP), default_catalog())
    assert [s.text for s in state.steps] == [s.text for s in full.steps[: len(state.steps)]]


def test_a_point_the_combat_never_reaches_is_an_error_with_a_code() -> None:
    with pytest.raises(EngineError) as caught:
        resolve_until(parse_setup(SETUP), default_catalog(), after=3)
    assert caught.value.code == "partial.not_reached"


def test_the_command_line_stops_where_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", SETUP, "--after", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["stopped_after"] == "match-up 1" and data["in_hand"] == ["a2", "d2"]
    assert main(["resolve", SETUP, "--after", "command"]) == 0
    assert "Stopped after the command step." in capsys.readouterr().out
