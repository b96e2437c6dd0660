from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main

EXAMPLE_1 = Path(__file__).resolve().parents[2] / "fixtures" / "examples" / "example-1.json"


def test_resolve_a_scenario_file_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", str(EXAMPLE_1), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"]["attacker_total"] == 27
    assert data["result"]["winner"] == "attacker"
    compare = [s for s in data["steps"] if s["kind"] == "compare"]
    assert len(compare) == 4
    assert any(s["chain_text"] == "8 Snogwart + 2 OCB = 10" for s in data["steps"])


def test_resolve_notation_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", "terrain=woods a=sand-lord d=swordsman"]) == 0
    out = capsys.readouterr().out
    assert "Sand Lord -6 from fighting in Woods: now 5." in out
    assert "the defender holds the space" in out


def test_an_impossible_setup_lists_every_problem_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", "a=sandlord,power-lunch d=swordsman", "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["code"] == "setup.invalid"
    assert [p["code"] for p in error["problems"]] == ["setup.unknown_card", "setup.not_a_creature"]


def test_malformed_notation_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", "a=Sand"]) == 2
    assert "notation.bad_reference" in capsys.readouterr().err


def test_every_json_answer_says_which_answer_it_is_and_its_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    """The exploration's JSON had neither: a reader of ``--json`` output could not tell it from the others."""
    runs = {
        "combat": ["resolve", "a=sand-lord d=swordsman", "--json"],
        "duel": ["resolve", "ruleset=arena a=swordsman d=sand-lord p=a:pass,d:pass s=a:pass,d:pass", "--json"],
        "partial": ["resolve", "a=sand-lord,archer d=swordsman,archer", "--after", "1", "--json"],
        "exploration": ["explore", "a=sand-lord,archer d=swordsman,archer", "--json", "--budget", "2"],
    }
    for kind, argv in runs.items():
        assert main(argv) == 0, kind
        data = json.loads(capsys.readouterr().out)
        assert data["kind"] == kind
        assert data["ruleset"] == ("arena" if kind == "duel" else "standard")
    # Additive only: the exploration keeps every key it had.
    assert {"base_notation", "fixed_side", "orders", "outcomes", "best_for_attacker"} <= set(data)
