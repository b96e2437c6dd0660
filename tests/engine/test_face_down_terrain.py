"""A terrain card laid face down (rule 8.2.2b), and the cards that read it or move the combat (ENG-13)."""

from __future__ import annotations

import pytest

from engine.catalog import default_catalog
from engine.errors import SetupInvalid
from engine.jsonform import setup_from_dict, setup_to_dict
from engine.notation import format_setup, parse_setup
from engine.resolver import resolve

CATALOG = default_catalog()


@pytest.mark.parametrize(
    "text", ["terrain=face-down a=tiger-baloo d=thackle", "terrain=face-down:thackle a=archer d=axeman"]
)
def test_face_down_terrain_round_trips_through_the_notation_and_json(text: str) -> None:
    setup = parse_setup(text)
    assert format_setup(setup) == text
    assert setup_from_dict(setup_to_dict(setup)) == setup


def test_a_face_down_card_gives_no_terrain_bonus_and_is_not_open_land() -> None:
    # Silver Server's +3 needs a space with no terrain card at all; a face-down card is a terrain card.
    result = resolve(parse_setup("terrain=face-down a=silver-server d=thackle"), CATALOG).result
    # Thackle's Dry Heaps +4 is not given either.
    assert (result.matchups[0].attacker_total, result.matchups[0].defender_total) == (7, 12)


def test_a_face_down_card_must_name_a_known_card() -> None:
    with pytest.raises(SetupInvalid) as raised:
        resolve(parse_setup("terrain=face-down:no-such-card a=archer d=axeman"), CATALOG)
    assert [p.code for p in raised.value.problems] == ["setup.unknown_card"]


def test_only_the_defender_may_play_the_agent_of_shadow_as_its_command() -> None:
    with pytest.raises(SetupInvalid) as raised:
        resolve(parse_setup("a=agent-of-shadow,axeman a.command=agent-of-shadow d=thackle"), CATALOG)
    assert [p.code for p in raised.value.problems] == ["setup.command_defender_only"]


def test_the_agent_of_shadow_leaves_the_stronghold_bonus_behind() -> None:
    # In Freebooter's Stronghold (Left) the Axeman would get +4 and beat the Sand Lord 15 to 11; moved onto
    # open land (no choice given), it is 7 + 4 OCB = 11 against 11: a push.
    text = "a=sand-lord d=agent-of-shadow,axeman d.stronghold=freebooters-stronghold-left d.command=agent-of-shadow"
    log = resolve(parse_setup(text), CATALOG)
    assert log.result.matchups[0].attacker_total == 11 and log.result.matchups[0].defender_total == 11
    assert any(step.rule == "ENG-13" for step in log.steps)


def test_the_agent_of_shadow_takes_only_a_terrain_as_its_choice() -> None:
    with pytest.raises(SetupInvalid) as raised:
        resolve(
            parse_setup(
                "a=sand-lord d=agent-of-shadow,axeman d.command=agent-of-shadow d.choices=agent-of-shadow:archer"
            ),
            CATALOG,
        )
    assert [p.code for p in raised.value.problems] == ["setup.bad_choice"]


def test_the_creature_from_the_face_down_terrain_may_be_named_in_its_owners_order() -> None:
    text = (
        "terrain=face-down:thackle a=reverend-smilin-jack,archer a.command=reverend-smilin-jack "
        "a.order=thackle,archer a.choices=reverend-smilin-jack:use d=sand-lord,axeman"
    )
    result = resolve(parse_setup(text), CATALOG).result
    assert [m.attacker for m in result.matchups] == ["a3", "a2"]


def test_jack_left_unused_keeps_the_card_as_terrain() -> None:
    # Without the choice the face-down card stays, so Tiger Baloo keeps its +3.
    text = "terrain=face-down:thackle a=reverend-smilin-jack,tiger-baloo a.command=reverend-smilin-jack d=thackle"
    result = resolve(parse_setup(text), CATALOG).result
    assert result.matchups[0].attacker_total == 12
