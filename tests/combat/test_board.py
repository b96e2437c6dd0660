"""The match-up board: rows that follow each side's order, only legal picks, the same notation as typed."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from combat.board import build_board, values_from_setup
from combat.setup_form import bound_forms, build_notation
from engine.catalog import default_catalog
from engine.notation import parse_setup

CATALOG = default_catalog()
THREE_A_THREE = {
    "terrain": "woods",
    "a-creatures": "Sand Lord\nArcher\nSwordsman\nAxeman",
    "a-hand": "gold",
    "d-creatures": "Wood Nymph\nIce Ogre\nSun Spirit",
    "d-hand": "babes",
}


def _board(notation: str, values: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return build_board(CATALOG, parse_setup(notation), values or {})


def test_rows_pair_the_two_orders_and_leftovers_make_secondary_attacks() -> None:
    board = _board("a=sand-lord,swordsman,axeman d=wood-nymph,ice-ogre d.order=ice-ogre,wood-nymph")
    assert [(row.attacker.fighter.name, row.defender.fighter.name) for row in board.rows] == [
        ("Sand Lord", "Ice Ogre"), ("Swordsman", "Wood Nymph")]  # fmt: skip
    assert board.secondary is not None and board.secondary.side_name == "attacker"
    assert [leftover.fighter.name for leftover in board.secondary.leftovers] == ["Axeman"]
    assert not board.rows[0].attacker.can_move_up and board.rows[0].attacker.can_move_down


def test_each_row_offers_only_what_that_side_holds() -> None:
    board = _board("a=sand-lord,archer a.hand=gold,power-lunch d=swordsman,wood-nymph d.hand=babes")
    attacker = {pick.label: pick for pick in board.rows[0].attacker.picks}
    defender = {pick.label: pick for pick in board.rows[0].defender.picks}
    # The Archer may be set aside to shoot; the Swordsman (Gold icon) faces the Sand Lord.
    assert [option.value for option in attacker["Ranged support"].options] == ["", "archer"]
    assert [option.label for option in attacker["Bribe"].options] == ["No bribe", "Gold on Swordsman"]
    assert [option.value for option in attacker["Spell"].options] == ["", "power-lunch"]
    # The defender's Babes can bribe the Sand Lord (Babes icon); it has no spell and no ranged creature.
    assert [option.label for option in defender["Bribe"].options] == ["No bribe", "Babes on Sand Lord"]
    assert "Spell" not in defender and "Ranged support" not in defender
    assert attacker["Stones"].maximum == 7 and attacker["Stones"].kind == "number"


def test_a_card_used_in_one_row_is_not_offered_in_another() -> None:
    notation = "a=sand-lord,archer,swordsman a.hand=gold d=swordsman,archer"
    board = _board(notation, {"a-m1-bribe": "gold"})
    second = {pick.label for pick in board.rows[1].attacker.picks}
    assert "Bribe" not in second
    # Stones spent in one match-up cap the next one.
    board = _board(
        "a=sand-lord,swordsman a.stones=5 d=archer,swordsman", {"a-m1-channel": "guardian", "a-m1-stones": "3"}
    )
    stones = next(pick for pick in board.rows[1].attacker.picks if pick.label == "Stones")
    assert stones.maximum == 2


def test_cards_that_need_a_number_or_a_choice_get_their_own_input() -> None:
    board = _board("a=iron-lord,female-titan d=mendu-sada-the-havoc,mocodabi")
    attacker = {pick.name: pick for pick in board.inputs[0].picks}
    defender = {pick.name: pick for pick in board.inputs[1].picks}
    assert attacker["a-count-iron-lord"].kind == "number" and "Elemental Lords" in attacker["a-count-iron-lord"].help
    assert [option.value for option in attacker["a-choice-female-titan"].options] == ["", "large", "medium", "small"]
    assert (defender["d-roll-mendu-sada-the-havoc"].minimum, defender["d-roll-mendu-sada-the-havoc"].maximum) == (1, 6)
    assert [option.value for option in defender["d-choice-mocodabi"].options] == ["", "iron-lord", "female-titan"]
    assert not _board("a=sand-lord d=swordsman").has_inputs


def test_the_board_writes_the_same_notation_as_the_text_fields() -> None:
    picks = {
        **THREE_A_THREE,
        "a-m1-ranged": "archer",
        "a-m2-bribe": "gold",
        "a-m3-channel": "guardian",
        "a-m3-stones": "2",
        "d-s1-bribe": "babes",
    }
    forms = bound_forms(picks, CATALOG)
    assert build_notation(forms, CATALOG) is not None, forms.problems
    typed = {
        **THREE_A_THREE,
        "a-ranged": "1:archer",
        "a-bribes": "2:gold",
        "a-channels": "3:guardian*2",
        "d-bribes": "s1:babes",
    }
    typed_forms = bound_forms(typed, CATALOG)
    assert build_notation(typed_forms, CATALOG) is not None
    assert forms.notation == typed_forms.notation
    assert "a.ranged=1:archer a.bribe=2:gold a.channel=3:guardian*2" in forms.notation


def test_every_worked_example_comes_back_through_the_board() -> None:
    from combat.examples import all_examples

    for example in all_examples():
        setup = parse_setup(example.notation)
        values, rest = values_from_setup(CATALOG, setup)
        assert values or rest, example.id


@pytest.mark.django_db
def test_moving_a_creature_changes_who_meets_whom_without_javascript(client: Client) -> None:
    fields = {"a-creatures": "Sand Lord\nSwordsman", "d-creatures": "Archer\nAxeman", "move": "a-0-down"}
    html = client.get("/combat/build/", fields).content.decode()
    assert 'name="a-order" value="swordsman,sand-lord"' in html
    first = re.search(r'id="matchup-1".*?</li>', html, re.S)
    assert first and "Swordsman" in first.group(0) and "Archer" in first.group(0)
    assert "a.order=swordsman,sand-lord" in html


@pytest.mark.django_db
def test_the_board_fragment_and_the_notation_follow_the_form(client: Client) -> None:
    response = client.get("/combat/board/", {**THREE_A_THREE, "a-m1-ranged": "archer"})
    html = response.content.decode()
    assert response.status_code == 200 and 'id="matchup-board"' in html and 'id="notation-output"' in html
    assert "a.ranged=1:archer" in html
    # The Archer shoots instead of fighting, so three creatures meet three.
    assert html.count('class="matchup-row"') == 3 and "Left over" not in html
    empty = client.get("/combat/board/", {"a-creatures": "Sand Lord"}).content.decode()
    assert "Put at least one creature in each shield" in empty
