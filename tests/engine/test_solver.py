"""The solver's answers: the order of preferences, honest bounds under a budget, "why did I lose?", duels, errors
and the command line (the value against a search over every line is test_solver_brute.py)."""

from __future__ import annotations

import doctest
import itertools
import json
import re
from pathlib import Path

import pytest

import engine
from engine import default_catalog
from engine.cli import main
from engine.enums import Side
from engine.errors import EngineError, SetupInvalid
from engine.rulesets import ARENA, STANDARD, parse_any
from engine.solver import BEST, WORST, SearchProgress, Value, brute_force, solve, why_lost

CATALOG = default_catalog()
# Sand Lord and a bribe against a Swordsman, an Archer that may shoot and a Cherub left over: the attacker's Gold
# takes the Swordsman, and a Power Lunch opens the Guardian's channel in match-up 2.
SMALL = "a=sand-lord,swordsman a.hand=gold,power-lunch d=swordsman,archer,cherub d.hand=gold"
# The same, every match-up played with passes only: the defender's Archer never shot.
PASSIVE = SMALL + " m1=a:pass,d:pass,a:pass,d:pass"
# A 3-against-3 with hands whose tree has some 8,000 positions (sample 15 of the seeded sequence).
MEDIUM = (
    "terrain=swamps a=swordsman,zombie,doomwing a.guardian=rak-nam-leader-of-the-mighty a.stones=2 "
    "a.hand=beer,gold d=archer,willo-the-wisp,archer d.stones=2 d.hand=hammer-of-doom"
)
# A duel with a Stock on both sides, a creature in the pen and channellers under the strongholds.
DUEL = (
    "ruleset=arena reading.secondary-passes=step-6 terrain=mountains a=doomwing a.stones=2 a.stock=gold "
    "a.pen=swordsman a.under=shadow-of-ashes d=vapor-elemental d.stock=beer,beer d.under=willo-the-wisp"
)


def test_the_order_of_preferences_is_holder_first_then_margin() -> None:
    ordered = [
        Value(Side.DEFENDER, 20),
        Value(Side.DEFENDER, 25),
        Value(None, -3),
        Value(None, 4),
        Value(Side.ATTACKER, -2),
        Value(Side.ATTACKER, 1),
    ]
    assert sorted(ordered, key=lambda value: value.score) == ordered
    assert WORST.score < ordered[0].score and BEST.score > ordered[-1].score
    for value in ordered:
        assert Value.of_score(value.score) == value


def test_an_exact_solution_says_what_it_proved_and_its_line_resolves_to_it() -> None:
    setup = parse_any(SMALL)
    solution = solve(setup, CATALOG)
    assert solution.exact and solution.value == brute_force(setup, CATALOG)[0]
    assert solution.value == Value(Side.ATTACKER, 8)
    line = solution.best_line
    log = STANDARD.resolve(STANDARD.parse(line.notation), CATALOG)
    assert (log.result.winner.value, log.result.attacker_total - log.result.defender_total) == ("attacker", 8)
    # Each decision names its rule; the bribe is the bribery window's, the channel PRI-10's.
    assert [(d.item, d.rule) for d in line.decisions if not d.item.endswith("pass")] == [
        ("a:bribe:gold", "PRI-1"),
        ("a:spell:power-lunch", "PRI-2"),
        ("a:channel:guardian", "PRI-10"),
    ]
    data = solution.to_dict()
    assert data["exact"] is True and data["value"] == {"holder": "attacker", "margin": 8}
    assert "given inputs" in str(data["treatment"]) and str(data["reading"]).startswith("solver.turns")


def test_a_budget_cut_search_never_claims_more_than_it_proved() -> None:
    setup = parse_any(MEDIUM)
    exact = solve(setup, CATALOG)
    assert exact.exact and exact.value is not None
    seen_inexact = False
    for cap in (3, 40, 150, 300):
        cut = solve(setup, CATALOG, max_nodes=cap)
        assert cut.bounds.low.score <= exact.value.score <= cut.bounds.high.score
        assert cut.nodes <= cap + 1
        if not cut.exact:
            seen_inexact = True
            assert cut.value is None and cut.proved_share < 1.0
        # Whatever the budget, the line given is a whole line that resolves to the value it states.
        line = cut.best_line
        log = STANDARD.resolve(STANDARD.parse(line.notation), CATALOG)
        assert log.result.attacker_total - log.result.defender_total == line.value.margin
    assert seen_inexact


def test_progress_is_reported_with_bounds_that_only_narrow() -> None:
    reports: list[SearchProgress] = []
    # A node budget (never reached here) makes the search deepen (one match-up deep, then to the end).
    solve(parse_any(MEDIUM), CATALOG, max_nodes=10**7, progress=reports.append)
    assert len(reports) >= 2 and reports[-1].bounds.exact
    assert [report.depth for report in reports] == sorted({report.depth for report in reports})
    for before, after in itertools.pairwise(reports):
        assert before.bounds.low.score <= after.bounds.low.score
        assert before.bounds.high.score >= after.bounds.high.score
        assert before.nodes <= after.nodes


def test_a_duel_is_solved_over_both_rounds() -> None:
    duel = parse_any(DUEL)
    solution = solve(duel, CATALOG)
    assert solution.ruleset == "arena" and solution.exact
    assert solution.value == brute_force(duel, CATALOG)[0]
    assert {d.where for d in solution.best_line.decisions} <= {"p", "s"}
    assert {d.rule for d in solution.best_line.decisions} <= {"ARN-3", "ARN-31"}
    resolved = ARENA.resolve(ARENA.parse(solution.best_line.notation), CATALOG)
    assert resolved.result.winner == solution.value.holder
    # The same answer per round: each round the line plays, who won it and by how much.
    rounds = dict(solution.best_line.rounds)
    assert "p" in rounds and resolved.result.primary is not None
    assert rounds["p"].holder == resolved.result.primary.won_by


def test_why_lost_finds_the_one_change_that_turns_the_combat() -> None:
    answer = why_lost(parse_any(PASSIVE), CATALOG)
    assert answer.loser is Side.DEFENDER and answer.played.value.holder is Side.ATTACKER
    assert answer.changes == 1 and answer.complete
    assert answer.better is not None and answer.better.value.holder is Side.DEFENDER
    assert answer.parting is not None and answer.parting.where == "m1"
    assert answer.parting.played is not None and answer.parting.played.item == "d:pass"
    assert answer.parting.instead is not None and answer.parting.instead.item == "d:ranged:archer"
    assert answer.parting.rule == "PRI-9"
    # Both lines open as ordinary set-ups, and the attacker's own decisions are the same in both.
    for line in (answer.played, answer.better):
        log = STANDARD.resolve(STANDARD.parse(line.notation), CATALOG)
        assert log.result.winner.value == line.value.holder.value  # type: ignore[union-attr]
    mine = [d.item for d in answer.better.decisions if d.side is Side.ATTACKER]
    assert all(item == "a:pass" for item in mine)


def test_why_lost_proves_when_no_change_of_the_losers_helps() -> None:
    answer = why_lost(parse_any("a=sand-lord d=swordsman"), CATALOG)
    assert answer.loser is not None and answer.better is None and answer.changes is None and answer.complete


def test_why_lost_asks_for_ordered_lists() -> None:
    with pytest.raises(EngineError) as refused:
        why_lost(parse_any("a=sand-lord a.hand=gold a.bribe=1:gold d=swordsman"), CATALOG)
    assert refused.value.code == "solver.per_kind_clauses"


def test_a_bad_set_up_is_refused_with_its_problems() -> None:
    with pytest.raises(SetupInvalid) as refused:
        solve(parse_any("a=sand-lord,power-lunch d=swordsman"), CATALOG)
    assert [problem.code for problem in refused.value.problems] == ["setup.not_a_creature"]


def test_the_command_line_solves_and_explains(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", SMALL, "--json", "--budget", "30"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == {"holder": "attacker", "margin": 8} and data["best_line"]["notation"].startswith(SMALL)
    assert main(["solve", SMALL]) == 0
    assert "exactly: the attacker holds the space" in capsys.readouterr().out
    assert main(["why-lost", PASSIVE]) == 0
    assert "ranged attack by Archer" in capsys.readouterr().out
    assert main(["solve", "a=sand-lord,power-lunch d=swordsman", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "setup.invalid"


def test_the_readme_examples_of_the_solver_run_as_doctests() -> None:
    text = (Path(engine.__file__).resolve().parent / "README.md").read_text(encoding="utf-8")
    section = text.split("## Solver (`engine/solver/`)", 1)[1].split("\n## ", 1)[0]
    examples = "\n".join(re.findall(r"```python\n(.*?)```", section, re.S))
    test = doctest.DocTestParser().get_doctest(examples, {}, "engine/README.md#solver", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 5
