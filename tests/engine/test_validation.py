from __future__ import annotations

import pytest

from engine.catalog import default_catalog
from engine.errors import SetupInvalid
from engine.notation import parse_setup
from engine.resolver import resolve
from engine.validate import validate


def codes(text: str) -> list[str]:
    return [problem.code for problem in validate(parse_setup(text), default_catalog())]


def test_a_legal_setup_has_no_problem() -> None:
    assert codes("a=sand-lord d=swordsman") == []


@pytest.mark.parametrize(
    "text, code",
    [
        ("a=black-lung,sand-lord,sun-spirit d=swordsman", "setup.stacking_over_limit"),
        ("a=sand-lord a.items=amulet-of-flying,amulet-of-flying d=swordsman", "setup.too_many_items"),
        (
            "a=sand-lord a.shield=standard-bearer-broms-angelic-13,standard-bearer-broms-demonic-04 d=swordsman",
            "setup.two_standard_bearers",
        ),
        ("a=power-lunch d=swordsman", "setup.not_a_creature"),
        ("a=sandlord d=swordsman", "setup.unknown_card"),
        ("a=sand-lord a.stones=12 d=swordsman", "setup.too_many_stones"),
        ("a=sand-lord a.secondary=sand-lord>archer d=swordsman", "setup.decision_names_absent_card"),
        ("a=sand-lord a.hand=sand-lord d=swordsman", "setup.not_a_hand_card"),
        ("a=sand-lord a.bribe=1:gold d=swordsman", "setup.missing_bribery_card"),
        ("a=sand-lord a.command=sand-lord d=swordsman", "setup.not_a_command"),
        ("terrain=lava a=sand-lord d=swordsman", "setup.unknown_terrain"),
        ("a=sand-lord a.channel=1:valkyrie-spirit d=swordsman", "setup.unknown_channel_source"),
        ("a=sand-lord a.stronghold=carreg-amroth-center d=swordsman", "setup.attacker_in_stronghold"),
        ("a=sand-lord d=swordsman d.ranged=1:swordsman", "setup.not_ranged"),
        ("a=woodland-troll d=swordsman", "setup.count_missing"),
        ("a=sand-lord a.counts=sand-lord:2 d=swordsman", "setup.count_not_needed"),
        ("a=woodland-troll a.counts=woodland-troll:1,woodland-troll:2 d=swordsman", "setup.count_twice"),
        ("a=sand-lord a.earlier=power-lunch d=swordsman", "setup.not_lasting_from_earlier"),
        ("a=sand-lord a.earlier=channelling-fluxx d=swordsman", "setup.unknown_card"),
        ("a=sand-lord a.hand=summon-entropy-storm a.spell=1:summon-entropy-storm d=swordsman", "setup.roll_missing"),
    ],
)
def test_each_impossible_setup_is_reported_with_a_stable_code(text: str, code: str) -> None:
    assert code in codes(text)


def test_every_problem_is_reported_at_once_and_names_the_card() -> None:
    text = "a=black-lung,sand-lord,sun-spirit,power-lunch a.stones=12 d=swordsmen"
    with pytest.raises(SetupInvalid) as caught:
        resolve(parse_setup(text), default_catalog())
    problems = caught.value.problems
    assert {p.code for p in problems} >= {
        "setup.stacking_over_limit",
        "setup.not_a_creature",
        "setup.too_many_stones",
        "setup.unknown_card",
    }
    unknown = next(p for p in problems if p.code == "setup.unknown_card")
    assert "swordsmen" in unknown.message and "swordsman" in unknown.message  # suggestion
    over = next(p for p in problems if p.code == "setup.stacking_over_limit")
    assert "14 Black Lung" in over.message and "37" in over.message
