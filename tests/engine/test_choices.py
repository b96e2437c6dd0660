"""The set-up's ``choices`` input: its notation, its validation, and the cards that read it."""

from __future__ import annotations

import pytest

from engine.catalog import default_catalog
from engine.enums import Fate, StepKind, Winner
from engine.errors import SetupInvalid
from engine.log import CombatLog
from engine.notation import format_setup, parse_setup
from engine.resolver import resolve
from engine.validate import validate


def run(text: str) -> CombatLog:
    return resolve(parse_setup(text), default_catalog())


def fates(text: str) -> dict[str, Fate]:
    return {creature.id: creature.fate for creature in run(text).result.creatures}


def test_choices_print_back_identically() -> None:
    text = "a=female-titan,mocodabi a.choices=female-titan:medium,mocodabi:archer#2 d=archer,archer"
    assert format_setup(parse_setup(text)) == text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("a=swordsman a.choices=swordsman:small d=archer", "setup.choice_not_needed"),
        ("a=female-titan a.choices=female-titan:tiny d=archer", "setup.bad_choice"),
        ("a=spirit-of-the-hunt a.choices=spirit-of-the-hunt:sand-lord d=archer", "setup.bad_choice"),
        ("a=female-titan a.choices=female-titan:small,female-titan:medium d=archer", "setup.choice_twice"),
    ],
)
def test_a_choice_the_card_cannot_take_is_named(text: str, code: str) -> None:
    problems = validate(parse_setup(text), default_catalog())
    assert [problem.code for problem in problems] == [code]


def test_an_invalid_choice_stops_the_resolution() -> None:
    with pytest.raises(SetupInvalid):
        run("a=female-titan a.choices=female-titan:tiny d=archer")


def test_a_side_that_stays_against_slimwit_and_loses_has_its_shield_destroyed() -> None:
    result = run("a=swordsman,archer d=slimwit-man,sand-lord,ice-ogre d.command=slimwit-man").result
    assert result.winner is Winner.DEFENDER
    assert [c.fate for c in result.creatures if c.side.value == "attacker"] == [Fate.DESTROYED, Fate.DESTROYED]
    assert [side.value for side in result.shields_destroyed] == ["attacker"]


def test_retreating_after_the_primaries_skips_the_secondary_attacks() -> None:
    text = "a=captain-hannibal-hawks,archer d=sand-lord,swordsman a.choices=captain-hannibal-hawks:retreat"
    log = run(text)
    assert log.result.winner is Winner.DEFENDER
    assert not [step for step in log.steps if step.kind is StepKind.SECONDARY_ATTACK]
    stays = run(text.replace(" a.choices=captain-hannibal-hawks:retreat", ""))
    assert stays.result.winner is Winner.ATTACKER


def test_a_beaten_captain_offers_no_retreat() -> None:
    log = run("a=captain-hannibal-hawks d=eternal-witch-lord a.choices=captain-hannibal-hawks:retreat")
    assert [c.fate for c in log.result.creatures][0] is Fate.BEATEN
    assert not [step for step in log.steps if step.kind is StepKind.RETREAT and step.rule == "ENG-6"]


def test_paying_a_stone_keeps_the_attacker_in_against_the_great_horned_troll() -> None:
    text = "a=swordsman,archer a.stones=3 d=great-horned-troll,sand-lord d.command=great-horned-troll"
    paid = run(text + " d.choices=great-horned-troll:pay")
    stone_steps = [step for step in paid.steps if step.kind is StepKind.STONES]
    assert [(step.delta, step.total) for step in stone_steps] == [(-1, 2)]
    retreated = run(text + " d.choices=great-horned-troll:retreat")
    assert retreated.result.winner is Winner.DEFENDER
    assert not retreated.result.matchups


def test_the_troll_offers_nothing_when_its_side_attacks() -> None:
    log = run(
        "a=great-horned-troll,sand-lord a.command=great-horned-troll a.choices=great-horned-troll:retreat d=swordsman"
    )
    assert log.result.matchups


def test_mocodabi_discards_the_named_medium_creature_or_else_the_weakest() -> None:
    named = fates("a=mocodabi,swordsman a.command=mocodabi a.choices=mocodabi:swordsman d=sand-lord,archer,swordsman")
    assert (named["d2"], named["d3"]) == (Fate.STANDING, Fate.DISCARDED)
    default = fates("a=mocodabi,swordsman a.command=mocodabi d=sand-lord,swordsman,archer")
    assert (default["d2"], default["d3"]) == (Fate.DISCARDED, Fate.STANDING)


def test_a_class_change_until_the_primaries_end_is_undone_before_the_secondaries() -> None:
    log = run(
        "a=chief-lector-priest-of-sethos,zombie,archer a.command=chief-lector-priest-of-sethos "
        "a.choices=chief-lector-priest-of-sethos:knight d=vampire-hunters"
    )
    restored = [step for step in log.steps if step.rule == "ENG-6" and "printed class" in step.text]
    assert {step.subject_name for step in restored} == {"Chief Lector Priest of Sethos", "Zombie"}
    assert restored[0].phase.value == "primary"
