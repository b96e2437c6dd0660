"""Made-up cards defined inside a set-up (notation clause and JSON form), shown as made-up."""

from __future__ import annotations

import pytest

from engine.catalog import default_catalog
from engine.errors import NotationError, SetupInvalid
from engine.jsonform import setup_from_dict, setup_to_dict
from engine.notation import format_setup, parse_setup
from engine.resolver import resolve
from engine.validate import validate

SALAMANDER = {
    "slug": "test-salamander",
    "name": "Test Salamander",
    "type": "creature",
    "border": "elemental",
    "vitality": 3,
    "bribery": ["gold"],
    "abilities": [{"kind": "bonus", "amount": 4}],
}
TEXT = (
    'made-up.test-salamander={"abilities":[{"amount":4,"kind":"bonus"}],"border":"elemental","bribery":["gold"],'
    '"name":"Test%20Salamander","type":"creature","vitality":3} a=test-salamander d=swordsman'
)


def test_the_json_form_and_the_notation_define_the_same_card_and_print_back() -> None:
    setup = setup_from_dict(
        {
            "attacker": {"creatures": ["test-salamander"]},
            "defender": {"creatures": ["swordsman"]},
            "made_up": [SALAMANDER],
        }
    )
    assert format_setup(setup) == TEXT
    assert parse_setup(TEXT) == setup
    assert setup_from_dict(setup_to_dict(setup)) == setup


def test_a_made_up_creature_fights_by_its_stats_and_is_shown_as_made_up() -> None:
    # Test Salamander 3 + 4 from its own bonus = 7; Swordsman 6 + 3 OCB against an elemental = 9.
    log = resolve(parse_setup(TEXT), default_catalog())
    first = log.result.matchups[0]
    assert (first.attacker_total, first.defender_total) == (7, 9)
    assert log.result.made_up == ("test-salamander",)
    assert [c.made_up for c in log.result.creatures] == [True, False]
    assert any(step.message == "made_up" and "made-up" in step.text for step in log.steps)
    # The shared catalog is left alone.
    assert default_catalog().find("test-salamander") is None


def test_a_made_up_card_may_not_take_a_printed_cards_slug() -> None:
    setup = setup_from_dict(
        {
            "attacker": {"creatures": ["archer"]},
            "defender": {"creatures": ["swordsman"]},
            "made_up": [{**SALAMANDER, "slug": "archer"}],
        }
    )
    assert [p.code for p in validate(setup, default_catalog())] == ["setup.bad_made_up"]
    with pytest.raises(SetupInvalid):
        resolve(setup, default_catalog())


def test_a_broken_clause_names_the_problem() -> None:
    with pytest.raises(NotationError) as caught:
        parse_setup("made-up.x={vitality a=x d=swordsman")
    assert caught.value.code == "notation.bad_made_up"


def test_explore_plays_made_up_cards_in_every_order() -> None:
    from engine.explore import explore

    # Two attackers against two defenders: 2 orders of the permuted side, each resolving the giant.
    text = TEXT.replace("a=test-salamander d=swordsman", "a=test-salamander,archer d=swordsman,sand-lord")
    outcomes = explore(parse_setup(text), default_catalog()).outcomes
    assert len(outcomes) == 2
    assert all(o.notation.startswith("made-up.test-salamander=") for o in outcomes)
