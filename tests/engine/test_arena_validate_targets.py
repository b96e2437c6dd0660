"""Duel set-ups the check used to let through and the duel could not play as written, or played differently
from what they say: a Guardian's channel in the secondary round (an AssertionError inside the round), a target
naming a creature the action cannot reach (the action's usual target taken instead, without a word), a secondary
attacker's AOE count never asked for (a KeyError).

Duel permalinks carry these set-ups, and every shared link keeps resolving to the same result: so a target out of
reach is played as it always was and said as a coded warning (``arena.target_*``) at the action's turn, and the
Guardian's channel is refused only when the secondary round reaches it. What never resolved stays refused.
"""

from __future__ import annotations

import re

import pytest

from engine.arena import DuelLog, parse_duel, resolve_duel, validate_duel
from engine.arena.validate import TargetUse, off_targets
from engine.catalog import default_catalog
from engine.errors import Problem, SetupInvalid
from engine.log import Notice

CATALOG = default_catalog()
BASE = (
    "ruleset=arena a=swordsman a.stock=power-lunch,gold a.under=archer,grim-skull,winterseeds-maiden a.guardian=rak-nam a.stones=3 "
    "d=sand-lord d.stock=gold d.pen=devil-dog,shield-broms-goblin-04"
)


def _problems(rounds: str) -> list[Problem]:
    return validate_duel(parse_duel(f"{BASE} {rounds}"), CATALOG)


@pytest.mark.parametrize(
    "rounds",
    ["p=a:pass,d:pass s=a:channel:guardian*2,d:pass,a:pass", "p=a:pass,d:pass s=a:channel:guardian,d:pass,a:pass"],
)
def test_a_guardians_channel_in_the_secondary_round_is_refused_when_the_round_reaches_it(rounds: str) -> None:
    written = rounds.split("s=")[1].split(",")[0]
    # The check before play lets it through: a round that never comes never reaches it (below).
    assert _problems(rounds) == []
    # The library user gets the engine's coded error, not an AssertionError from inside the round.
    with pytest.raises(SetupInvalid) as refused:
        resolve_duel(parse_duel(f"{BASE} {rounds}"), CATALOG)
    [problem] = refused.value.problems
    assert (problem.code, problem.field, problem.values) == ("arena.not_in_secondary", "secondary", {"action": written})
    assert written in problem.message and "(Arena rule 6.6.1)" in problem.message


def test_a_guardians_channel_in_a_secondary_round_never_played_is_said_not_taken() -> None:
    # The Swordsman is bribed in the primary round, so the duel ends there (6.4.3) and the channel, as always, is
    # said not to be taken: a permalink to this duel resolved before the check and still does.
    text = (
        "ruleset=arena a=swordsman a.guardian=rak-nam a.stones=3 d=sand-lord d.stock=gold "
        "p=a:pass,d:bribe:gold,a:pass,d:pass s=a:channel:guardian,d:pass,a:pass"
    )
    log = resolve_duel(parse_duel(text), CATALOG)
    assert log.result.winner is not None and log.result.winner.value == "defender"
    [not_taken] = [step for step in log.steps if step.message == "arena.not_taken"]
    assert not_taken.text.startswith("Action 1 (attacker: ")


def test_a_creatures_channel_in_the_secondary_round_is_still_refused_before_play() -> None:
    [problem] = _problems("p=a:pass,d:pass s=a:channel:grim-skull,d:pass,a:pass")
    assert problem.code == "arena.not_in_secondary" and problem.values == {"action": "a:channel:grim-skull"}


def _warnings(log: DuelLog) -> list[Notice]:
    return [notice for notice in log.result.notices if notice.code.startswith("arena.target_")]


def _without_target(text: str, action: str) -> str:
    """The set-up with the action's ``@target`` taken off."""
    assert text.count(action) == 1
    return text.replace(action, re.sub(r"@[^,]*$", "", action))


def _same_result(one: DuelLog, other: DuelLog) -> None:
    """The same duel: winner, each round's totals, where every card goes, and every step but the warnings."""
    a, b = one.result, other.result
    assert (a.winner, a.victorious, a.places) == (b.winner, b.victorious, b.places)
    for first, second in ((a.primary, b.primary), (a.secondary, b.secondary)):
        assert (first is None) == (second is None)
        if first is not None and second is not None:
            assert (first.attacker_total, first.defender_total, first.won_by) == (
                second.attacker_total,
                second.defender_total,
                second.won_by,
            )
    steps = [(s.rule, s.text) for s in one.steps if not s.message.startswith("said.arena.target_")]
    assert steps == [(s.rule, s.text) for s in other.steps]


# Each kind of action that takes a target, aimed at no one: the warning, and what the duel does instead.
NO_ONE = {
    "spell": ("p=a:spell:power-lunch@nobody,d:pass,a:pass", "arena.target_unknown", "6.3.2b"),
    "bribe": ("p=a:bribe:gold@nobody,d:pass,a:pass", "arena.target_ignored", "6.3.2b"),
    "ranged": ("p=a:ranged:archer@nobody,d:pass,a:pass", "arena.target_ignored", "2.6.1"),
    "guardian channel": ("p=a:channel:guardian*2@nobody,d:pass,a:pass", "arena.target_channel_lost", "6.3.7"),
    "channeller": ("p=a:channel:winterseeds-maiden@nobody,d:pass,a:pass", "arena.target_channel_lost", "6.3.7"),
    "secondary attacker": (
        "p=a:pass,d:pass s=a:pass,d:creature:devil-dog@nobody,a:pass,d:pass",
        "arena.target_ignored",
        "6.6.1b",
    ),
}


@pytest.mark.parametrize("kind", NO_ONE)
def test_a_target_naming_no_one_resolves_with_a_warning_naming_the_target(kind: str) -> None:
    rounds, code, rule = NO_ONE[kind]
    assert _problems(rounds) == []
    log = _resolve(f"{BASE} {rounds}")
    [warning] = _warnings(log)
    assert warning.code == code and warning.values["target"] == "nobody"
    assert str(warning.values["action"]) in rounds and warning.values["rule_number"] == rule
    assert f"(Arena rule {rule})" in warning.message and "nobody" in warning.message
    # It is a step of the log too, at the action's turn, citing an Arena id.
    [step] = [s for s in log.steps if s.message == f"said.{code}"]
    assert step.rule.startswith("ARN-") and step.text.rstrip(".") == warning.message[:1].upper() + warning.message[1:]


@pytest.mark.parametrize("kind", ["bribe", "ranged", "secondary attacker"])
def test_an_ignored_target_plays_the_duel_as_without_it(kind: str) -> None:
    rounds, _, _ = NO_ONE[kind]
    action = next(a for a in re.split(r"[ ,]|[ps]=", rounds) if a.endswith("@nobody"))
    text = f"{BASE} {rounds}"
    log = _resolve(text)
    _same_result(log, _resolve(_without_target(text, action)))
    [warning] = _warnings(log)
    assert warning.values["usual"] == ("Sand Lord" if action.startswith("a:") else "Swordsman")


# A bribe or a shield of the secondary round aimed elsewhere never resolved: the round refused it at its turn.
@pytest.mark.parametrize(
    "rounds",
    [
        "p=a:pass,d:pass s=a:pass,d:bribe:gold@nobody,a:pass,d:pass",
        "p=a:pass,d:pass s=a:pass,d:shield:shield-broms-goblin-04@nobody,a:pass,d:pass",
        "p=a:pass,d:pass s=a:pass,d:creature:devil-dog,a:pass,d:shield:shield-broms-goblin-04@devil-dog,a:pass,d:pass",
    ],
)
def test_a_secondary_bribe_or_shield_aimed_at_no_opposing_creature_is_refused(rounds: str) -> None:
    # Known before play (the page says so beside the action), refused only when the round reaches it.
    [off] = off_targets(parse_duel(f"{BASE} {rounds}"), CATALOG).values()
    assert off.use is TargetUse.REFUSED and not off.warned
    with pytest.raises(SetupInvalid) as refused:
        resolve_duel(parse_duel(f"{BASE} {rounds}"), CATALOG)
    [problem] = refused.value.problems
    assert (problem.code, problem.field) == ("arena.bad_target", "secondary")
    assert "is not an opposing creature in this battle (swordsman)" in problem.message


# Cards that are in the duel but cannot be aimed at by that action, at that moment, and the warning said.
WRONG_ONE = {
    # A ranged attack backs its own duellist and fires at the opposing one.
    "ranged at its own duellist": ("p=a:ranged:archer@swordsman,d:pass,a:pass", "arena.target_ignored"),
    # A bribe is aimed at an opposing creature, never at one's own.
    "bribe of its own duellist": ("p=a:bribe:gold@swordsman,d:pass,a:pass", "arena.target_ignored"),
    # The Archer is not in the battle before it shoots; the duel has always taken the bribe on it all the same.
    "bribe of a shooter before it shoots": (
        "p=a:pass,d:bribe:gold@archer,a:ranged:archer,d:pass,a:pass",
        "arena.target_out_of_battle",
    ),
    # Channelling feeds the side's own creature, not the opponent's.
    "channel into the opponent": ("p=a:channel:guardian@sand-lord,d:pass,a:pass", "arena.target_channel_lost"),
    # The Archer's shot takes no channelling (the Grim Skull's does).
    "channel into a shot that takes none": (
        "p=a:ranged:archer,d:pass,a:channel:guardian@archer,d:pass,a:pass",
        "arena.target_channel_lost",
    ),
}


@pytest.mark.parametrize("case", WRONG_ONE)
def test_a_target_the_action_cannot_reach_is_said_as_a_warning(case: str) -> None:
    rounds, code = WRONG_ONE[case]
    assert _problems(rounds) == []
    [warning] = _warnings(_resolve(f"{BASE} {rounds}"))
    assert warning.code == code
    assert f"{warning.values['action']}@" not in rounds or str(warning.values["target"]) in rounds


def test_a_channel_into_a_shot_that_takes_none_adds_nothing_as_before() -> None:
    log = _resolve(f"{BASE} {WRONG_ONE['channel into a shot that takes none'][0]}")
    [lost] = [i for i, s in enumerate(log.steps) if s.message == "said.arena.target_channel_lost"]
    # The step that always said it, right after the warning: the channel does not go in.
    assert log.steps[lost + 1].message == "channelling"
    assert not any(s.message.startswith("channel_into") for s in log.steps)


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
