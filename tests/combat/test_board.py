"""The match-up board: rows that follow each side's order, only legal picks, the same notation as typed."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from combat.board import build_board, values_from_setup
from combat.setup_form import bound_forms, build_notation
from engine.catalog import default_catalog
from engine.notation import parse_setup

# The board cites the numbered rule (rule 6.10.2), read from the rules reference in the database.
pytestmark = pytest.mark.django_db

CATALOG = default_catalog()
THREE_A_THREE = {
    "a-creatures": "Sorcerer\nWraith\nSwordsman\nArcher",
    "a-hand": "babes",
    "d-creatures": "Ice Ogre\nWood Nymph\nSun Spirit",
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
    board = _board("a=paladin,archer a.hand=gold,power-lunch d=swordsman,wood-nymph d.hand=babes")
    attacker = {pick.label: pick for pick in board.rows[0].attacker.picks}
    defender = {pick.label: pick for pick in board.rows[0].defender.picks}
    # The Archer may be set aside to shoot; the Swordsman (Gold icon) faces the Paladin.
    assert [option.value for option in attacker["Ranged support"].options] == ["", "archer"]
    assert [option.label for option in attacker["Bribe"].options] == ["No bribe", "Gold on Swordsman"]
    # Power Lunch lets its own creature receive channelling, or may be aimed at the opposing one.
    assert [option.value for option in attacker["Spell"].options] == ["", "power-lunch", "power-lunch@swordsman"]
    # The Paladin has no Babes icon; the Swordsman has a red bar, so nothing can channel into it.
    assert "Bribe" not in defender and "Spell" not in defender and "Channel from" not in defender
    # Two stones of CMP 9 already pass the Paladin's Vitality 14, where channelling stops.
    assert attacker["Stones"].kind == "number" and attacker["Stones"].maximum == 2
    assert "Paladin's Vitality 14" in attacker["Stones"].help


def test_no_ranged_support_is_offered_in_woods() -> None:
    board = _board("terrain=woods a=paladin,archer d=swordsman")
    assert all(pick.label != "Ranged support" for pick in board.rows[0].attacker.picks)
    assert any("Woods" in note for note in board.notes)


def test_a_card_used_in_one_row_is_not_offered_in_another() -> None:
    # The board is drawn from the set-up the form reads, the row's picks included.
    notation = "a=sand-lord,archer,swordsman a.hand=gold a.bribe=1:gold d=swordsman,archer"
    board = _board(notation, {"a-m1-bribe": "gold"})
    second = {pick.label for pick in board.rows[1].attacker.picks}
    assert "Bribe" not in second
    # Stones spent in one match-up cap the next one.
    board = _board(
        "a=paladin,baal-a-gog a.stones=4 a.channel=1:guardian*3 d=archer,swordsman",
        {"a-m1-channel": "guardian", "a-m1-stones": "3"},
    )
    stones = next(pick for pick in board.rows[1].attacker.picks if pick.label == "Stones")
    assert stones.maximum == 1


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
        "a-m3-ranged": "archer",
        "a-m1-bribe": "babes",
        "a-m2-channel": "guardian",
        "a-m2-stones": "1",
    }
    forms = bound_forms(picks, CATALOG)
    assert build_notation(forms, CATALOG) is not None, forms.problems
    typed = {**THREE_A_THREE, "a-ranged": "3:archer", "a-bribes": "1:babes", "a-channels": "2:guardian"}
    typed_forms = bound_forms(typed, CATALOG)
    assert build_notation(typed_forms, CATALOG) is not None
    assert forms.notation == typed_forms.notation
    assert "a.ranged=3:archer a.bribe=1:babes a.channel=2:guardian" in forms.notation


def test_every_worked_example_comes_back_through_the_board() -> None:
    from combat.examples import all_examples

    for example in all_examples():
        setup = parse_setup(example.notation)
        values, rest = values_from_setup(CATALOG, setup)
        assert values or rest, example.id


def test_moving_a_creature_changes_who_meets_whom_without_javascript(client: Client) -> None:
    fields = {"a-creatures": "Sand Lord\nSwordsman", "d-creatures": "Archer\nAxeman", "move": "a-0-down"}
    html = client.get("/combat/build/", fields).content.decode()
    assert 'name="a-order" value="swordsman,sand-lord"' in html
    first = re.search(r'id="matchup-1".*?id="actions-1"', html, re.S)
    assert first and "Swordsman" in first.group(0) and "Archer" in first.group(0)
    assert "a.order=swordsman,sand-lord" in html


def test_the_board_fragment_and_the_notation_follow_the_form(client: Client) -> None:
    response = client.get("/combat/board/", {**THREE_A_THREE, "a-m3-ranged": "archer"})
    html = response.content.decode()
    assert response.status_code == 200 and 'id="matchup-board"' in html and 'id="notation-output"' in html
    assert "a.ranged=3:archer" in html
    # The Archer shoots instead of fighting, so three creatures meet three.
    assert html.count('class="matchup-row"') == 3 and "Left over" not in html
    empty = client.get("/combat/board/", {"a-creatures": "Sand Lord"}).content.decode()
    assert "Put at least one creature in each shield" in empty


def test_iron_lord_gets_a_number_box_that_says_what_is_missing(client: Client) -> None:
    fields = {"a-creatures": "Iron Lord", "d-creatures": "Swordsman"}
    html = client.get("/combat/build/", fields).content.decode()
    box = re.search(r'<div class="pick pick-number has-error">.*?</div>', html, re.S)
    assert box and 'name="a-count-iron-lord"' in box.group(0) and 'type="number"' in box.group(0)
    assert "Needed: the combat cannot be resolved without this number." in box.group(0)
    assert "Elemental Lords" in box.group(0)
    response = client.get("/combat/build/", {**fields, "a-count-iron-lord": "2"})
    assert response.status_code == 302 and "a.counts%3Diron-lord%3A2" in response["Location"]


def test_dragging_puts_a_creature_anywhere_in_the_order(client: Client) -> None:
    fields = {"a-creatures": "Sand Lord\nSwordsman\nAxeman", "d-creatures": "Archer\nGnomish Gnomes\nAmber Well"}
    html = client.get("/combat/board/", {**fields, "move": "a-2-to-0"}).content.decode()
    assert 'name="a-order" value="axeman,sand-lord,swordsman"' in html
    # Back to the shield's own order: nothing is written.
    back = client.get("/combat/board/", {**fields, "a-order": "axeman,sand-lord,swordsman", "move": "a-0-to-2"})
    assert 'name="a-order" value=""' in back.content.decode()
    assert client.get("/combat/board/", {**fields, "move": "a-9-to-x"}).status_code == 200


def test_the_command_card_is_picked_from_what_can_be_one() -> None:
    board = _board("a=sand-lord,floyd-the-flying-pig a.hand=vitales-dark-cloud,gold d=swordsman")
    attacker = board.commands[0]
    values = [option.value for option in attacker.options]
    assert attacker.name == "a-command" and values[0] == ""
    assert {"floyd-the-flying-pig", "vitales-dark-cloud"} <= set(values)
    assert "gold" not in values and "sand-lord" not in values
    assert [option.value for option in board.commands[1].options] == [""]


def test_what_a_row_does_not_offer_says_why_in_words() -> None:
    board = _board("terrain=woods a=sand-lord,archer d=swordsman")
    attacker = board.rows[0].attacker
    assert "No channelling: Sand Lord cannot receive channelling (rule 6.10.2)" in attacker.not_offered
    assert any(why.startswith("No ranged support: ") and "Woods" in why for why in attacker.not_offered)
    assert not any(re.search(r"\b[a-z]+\.[a-z_]+\b", why) for why in attacker.not_offered)  # no engine codes
