"""Duel set-ups the check used to let through and the duel could not play as written: a Guardian's channel in
the secondary round (an AssertionError inside the round), a target naming a creature that is not there (the
action's usual target taken instead, without a word), a secondary attacker's AOE count never asked for (a
KeyError). Each is now refused by ``validate_duel`` with a coded problem that names the action and the target."""

from __future__ import annotations

import pytest

from engine.arena import DuelLog, parse_duel, resolve_duel, validate_duel
from engine.catalog import default_catalog
from engine.errors import EngineError, Problem, SetupInvalid

CATALOG = default_catalog()
BASE = (
    "ruleset=arena a=swordsman a.stock=power-lunch,gold a.under=archer,grim-skull a.guardian=rak-nam a.stones=3 "
    "d=sand-lord d.stock=gold d.pen=devil-dog,shield-broms-goblin-04"
)


def _problems(rounds: str) -> list[Problem]:
    return validate_duel(parse_duel(f"{BASE} {rounds}"), CATALOG)


@pytest.mark.parametrize(
    "rounds",
    [
        "p=a:pass,d:pass s=a:channel:guardian*2,d:pass,a:pass",
        "p=a:pass,d:pass s=a:channel:guardian,d:pass,a:pass",
        "p=a:pass,d:pass s=a:channel:grim-skull,d:pass,a:pass",
    ],
)
def test_a_channel_in_the_secondary_round_is_refused_naming_the_action(rounds: str) -> None:
    [problem] = _problems(rounds)
    written = rounds.split("s=")[1].split(",")[0]
    assert problem.code == "arena.not_in_secondary" and problem.field == "secondary"
    assert problem.values == {"action": written}
    assert written in problem.message and "(Arena rule 6.6.1)" in problem.message
    # The library user gets the engine's coded error, not an AssertionError from inside the round.
    with pytest.raises(SetupInvalid) as refused:
        resolve_duel(parse_duel(f"{BASE} {rounds}"), CATALOG)
    assert [p.code for p in refused.value.problems] == ["arena.not_in_secondary"]


# Each kind of action that takes a target, aimed at no one: the rule it breaks.
NO_ONE = {
    "spell": ("p=a:spell:power-lunch@nobody,d:pass,a:pass", "6.3.2b"),
    "bribe": ("p=a:bribe:gold@nobody,d:pass,a:pass", "6.3.2b"),
    "ranged": ("p=a:ranged:archer@nobody,d:pass,a:pass", "2.6.1"),
    "guardian channel": ("p=a:channel:guardian*2@nobody,d:pass,a:pass", "6.3.7"),
    "channeller": ("p=a:channel:grim-skull@nobody,d:pass,a:pass", "6.3.7"),
    "secondary bribe": ("p=a:pass,d:pass s=d:bribe:gold@nobody,a:pass,d:pass", "6.6.1c"),
    "secondary attacker": ("p=a:pass,d:pass s=d:creature:devil-dog@nobody,a:pass,d:pass", "6.6.1b"),
    "shield": ("p=a:pass,d:pass s=d:shield:shield-broms-goblin-04@nobody,a:pass,d:pass", "2.3.1"),
}


@pytest.mark.parametrize("kind", NO_ONE)
def test_a_target_naming_no_one_is_refused_naming_the_target(kind: str) -> None:
    rounds, rule = NO_ONE[kind]
    [problem] = _problems(rounds)
    assert problem.code == "arena.bad_target"
    assert problem.values["target"] == "nobody" and problem.values["action"] in rounds
    assert "nobody is not" in problem.message and f"(Arena rule {rule})" in problem.message
    with pytest.raises(EngineError):
        resolve_duel(parse_duel(f"{BASE} {rounds}"), CATALOG)


# Cards that are in the duel but cannot be aimed at by that action, at that moment.
WRONG_ONE = {
    # A ranged attack backs its own duellist and fires at the opposing one.
    "ranged at its own duellist": "p=a:ranged:archer@swordsman,d:pass,a:pass",
    # A bribe is aimed at an opposing creature, never at one's own.
    "bribe of its own duellist": "p=a:bribe:gold@swordsman,d:pass,a:pass",
    # The Archer is no opposing creature for the attacker, and not in the battle before it shoots.
    "bribe of a shooter before it shoots": "p=a:pass,d:bribe:gold@archer,a:ranged:archer,d:pass,a:pass",
    # Channelling feeds the side's own creature, not the opponent's.
    "channel into the opponent": "p=a:channel:guardian@sand-lord,d:pass,a:pass",
    # The Archer's shot takes no channelling (the Grim Skull's does).
    "channel into a shot that takes none": "p=a:ranged:archer,d:pass,a:channel:guardian@archer,d:pass,a:pass",
    # A shield cancels an opposing creature, and the Devil Dog is the defender's own.
    "shield on its own creature": "p=a:pass,d:pass s=d:creature:devil-dog,a:pass,d:shield:shield-broms-goblin-04@devil-dog,a:pass,d:pass",
}


@pytest.mark.parametrize("case", WRONG_ONE)
def test_a_target_the_action_cannot_reach_is_refused(case: str) -> None:
    problems = _problems(WRONG_ONE[case])
    assert [p.code for p in problems] == ["arena.bad_target"], problems


# The same actions aimed where they may be: each is accepted and resolves.
RIGHT_ONE = [
    "p=a:spell:power-lunch@swordsman,d:pass,a:pass s=d:pass,a:pass",
    "p=a:spell:power-lunch@sand-lord,d:pass,a:pass s=d:pass,a:pass",
    "p=a:ranged:archer@sand-lord,d:pass,a:pass s=d:pass,a:pass",
    "p=a:channel:guardian*2@swordsman,d:pass,a:pass s=d:pass,a:pass",
    "p=a:ranged:grim-skull,d:pass,a:channel:guardian@grim-skull,d:pass,a:pass s=d:pass,a:pass",
    "p=a:ranged:archer,d:bribe:gold@archer,a:pass,d:pass s=d:pass,a:pass",
    "p=a:pass,d:pass s=a:pass,d:creature:devil-dog@swordsman,a:bribe:gold@devil-dog,d:pass,a:pass",
    "p=a:pass,d:pass s=a:pass,d:shield:shield-broms-goblin-04@swordsman,a:pass,d:pass",
]


@pytest.mark.parametrize("rounds", RIGHT_ONE)
def test_a_target_the_action_may_reach_is_accepted(rounds: str) -> None:
    assert _problems(rounds) == []
    _resolve(f"{BASE} {rounds}")


def test_the_named_target_is_the_one_the_duel_aims_at() -> None:
    # Power Lunch cast on the opposing duellist lets the Sand Lord, not the Swordsman, take channelling.
    log = _resolve(f"{BASE} p=a:spell:power-lunch@sand-lord,d:pass,a:pass s=d:pass,a:pass")
    [lunch] = [step for step in log.steps if step.message == "cast.4"]
    assert lunch.args[2] == "Sand Lord"
    # A bribe aimed at the ranged attacker placed before it takes the Archer, and the duellist stays.
    log = _resolve(f"{BASE} p=a:ranged:archer,d:bribe:gold@archer,a:pass,d:pass s=d:pass,a:pass")
    assert {creature.card: creature.fate.value for creature in log.result.creatures}["archer"] == "bribed"


def _resolve(text: str) -> DuelLog:
    """The duel, its secondary round opened by whichever side the primary round makes first (6.6.1)."""
    try:
        return resolve_duel(parse_duel(text), CATALOG)
    except SetupInvalid as refused:
        assert {p.code for p in refused.problems} == {"arena.out_of_turn"}, refused.problems
        head, _, secondary = text.partition(" s=")
        swapped = ",".join(("d" if a[0] == "a" else "a") + a[1:] for a in secondary.split(","))
        return resolve_duel(parse_duel(f"{head} s={swapped}"), CATALOG)


def test_a_secondary_attackers_aoe_count_is_asked_for() -> None:
    # Mayor McEvil's AOE is a command's, which a duel does not apply, so its count was never asked for; sent in as a
    # secondary attacker the AOE fires (6.6.1b) and read the missing count: a KeyError.
    rounds = "p=a:pass,d:pass s=a:pass,d:creature:mayor-mcevil,a:pass,d:pass"
    text = f"ruleset=arena a=swordsman d=sand-lord d.pen=mayor-mcevil {rounds}"
    [problem] = validate_duel(parse_duel(text), CATALOG)
    assert (problem.code, problem.field, problem.card) == ("setup.count_missing", "d.counts", "mayor-mcevil")
    with pytest.raises(SetupInvalid):
        resolve_duel(parse_duel(text), CATALOG)
    log = resolve_duel(parse_duel(text.replace(" p=", " d.counts=mayor-mcevil:2 p=")), CATALOG)
    assert any(step.message == "fire_aoe" and step.args[2] == 2 for step in log.steps)
    # Left in the pen, it fires nothing and needs no count.
    assert validate_duel(parse_duel(text.replace(rounds, "p=a:pass,d:pass s=a:pass,d:pass")), CATALOG) == []
