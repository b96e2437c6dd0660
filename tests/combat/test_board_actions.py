"""The board's order of actions: a row's list written as the m<N>= clause, read back, edited by its buttons,
offered only what the row allows, and its refusals shown beside the action refused."""

from __future__ import annotations

import pytest
from django.test import Client

from combat.board import build_board, row_picks_as_actions, values_from_setup
from combat.board_actions import board_action_clauses, edit_actions, turn_state
from combat.setup_form import acted, bound_forms, build_notation, filled_forms
from engine.catalog import default_catalog
from engine.notation import format_setup, parse_setup

CATALOG = default_catalog()
EXAMPLE = "terrain=mountains a=light-elemental d=kikijub,djinn m1=a:channel:guardian,d:ranged:djinn,a:pass,d:pass"
FORM = {"terrain": "mountains", "a-creatures": "Light Elemental", "d-creatures": "Kikijub\nDjinn"}


def _options(pick) -> list[str]:  # type: ignore[no-untyped-def]
    return [option.value for option in pick.options]


def test_a_row_list_writes_its_m_clause_and_a_set_up_fills_it_back() -> None:
    forms = bound_forms({**FORM, "m1-actions": "a:channel:guardian*1, d:ranged:djinn,a:pass,d:pass"}, CATALOG)
    assert build_notation(forms, CATALOG) is not None, forms.problems
    assert forms.notation == EXAMPLE
    again = filled_forms(parse_setup(EXAMPLE), CATALOG)
    row = again.board().rows[0]
    assert row.actions is not None
    assert [item.label for item in row.actions.items] == [
        "Attacker: channels 1 Power Stone from the Guardian",
        "Defender: places Djinn as ranged support",
        "Attacker: passes",
        "Defender: passes",
    ]
    # A row played from its list draws no picks: the engine would ignore them.
    assert row.attacker.picks == [] and row.defender.picks == []
    # The Djinn the list places as ranged support is no longer left over for a secondary attack.
    assert again.board().secondary is None
    assert build_board(CATALOG, parse_setup(EXAMPLE.partition(" m1=")[0]), {}).secondary is not None
    rebuilt = bound_forms({**FORM, **again.board_values}, CATALOG)
    assert build_notation(rebuilt, CATALOG) is not None
    assert rebuilt.notation == format_setup(parse_setup(EXAMPLE))


def test_a_row_without_a_list_writes_no_m_clause() -> None:
    assert board_action_clauses({"m1-actions": "  ", "a-m1-channel": "guardian"}) == []
    forms = bound_forms({**FORM, "a-m1-channel": "guardian", "a-m1-stones": "1", "m1-actions": ""}, CATALOG)
    assert build_notation(forms, CATALOG) is not None, forms.problems
    assert " m1=" not in forms.notation and "a.channel=1:guardian" in forms.notation


def test_a_misread_action_is_shown_by_its_row_and_the_board_stays() -> None:
    forms = bound_forms({**FORM, "m1-actions": "a:shout"}, CATALOG)
    assert build_notation(forms, CATALOG) is None
    board = forms.board()
    assert board.ready
    row = board.rows[0]
    assert row.actions is not None and "shout" in row.actions.error
    assert "shout" in row.actions.items[0].problem


def test_an_action_out_of_turn_is_refused_beside_it() -> None:
    setup = parse_setup("terrain=mountains a=light-elemental d=kikijub,djinn m1=d:ranged:djinn,a:channel:guardian")
    values, _ = values_from_setup(CATALOG, setup)
    items = build_board(CATALOG, setup, values).rows[0].actions.items  # type: ignore[union-attr]
    assert "attacker's turn" in items[0].problem and "A-04" in items[0].problem
    assert items[1].problem == ""


def test_the_add_control_offers_only_what_the_row_allows() -> None:
    setup = parse_setup("terrain=mountains a=light-elemental d=kikijub,djinn")
    actions = build_board(CATALOG, setup, {}).rows[0].actions
    assert actions is not None
    side, kind, what = actions.adders
    # The attacker opens; it has no ranged supporter, bribe or spell, and Rak Nam's two stones reach the
    # Light Elemental's Vitality 13 (CMP 9 a stone).
    assert side.value == "a" and _options(kind) == ["channel", "pass"]
    assert _options(what) == ["guardian", "guardian*2"]
    # After the attacker's channel, the defender is next and may place the Djinn.
    values = {"m1-actions": "a:channel:guardian"}
    side, kind, what = build_board(CATALOG, setup, values).rows[0].actions.adders  # type: ignore[union-attr]
    assert side.value == "d" and _options(kind) == ["ranged", "pass"] and _options(what) == ["djinn"]
    # The Djinn, once listed, is not offered again.
    values = {"m1-actions": "a:channel:guardian,d:ranged:djinn", "m1-add-side": "d"}
    adders = build_board(CATALOG, setup, values).rows[0].actions.adders  # type: ignore[union-attr]
    assert _options(adders[1]) == ["pass"] and len(adders) == 2


def test_a_ranged_supporter_just_placed_may_be_bribed_by_name() -> None:
    setup = parse_setup("a=sand-lord a.hand=gold d=swordsman,archer")
    values = {"m1-actions": "a:pass,d:pass,a:pass,d:ranged:archer"}
    adders = build_board(CATALOG, setup, values).rows[0].actions.adders  # type: ignore[union-attr]
    assert adders[0].value == "a" and "bribe" in _options(adders[1])
    values["m1-add-kind"] = "bribe"
    adders = build_board(CATALOG, setup, values).rows[0].actions.adders  # type: ignore[union-attr]
    assert _options(adders[2]) == ["gold@archer"]


def test_the_buttons_add_move_and_remove_actions() -> None:
    data = {**FORM, "m1-actions": "a:channel:guardian,d:ranged:djinn", "m1-add-side": "a", "m1-add-kind": "pass"}
    added = acted(data, "m1-add", CATALOG)
    assert added is not None and added["m1-actions"] == "a:channel:guardian,d:ranged:djinn,a:pass"
    assert "m1-add-kind" not in added  # the next add starts from whose turn it is
    moved = acted(added, "m1-2-up", CATALOG)
    assert moved is not None and moved["m1-actions"] == "a:channel:guardian,a:pass,d:ranged:djinn"
    removed = acted(moved, "m1-0-remove", CATALOG)
    assert removed is not None and removed["m1-actions"] == "a:pass,d:ranged:djinn"
    assert acted(removed, "m1-clear", CATALOG)["m1-actions"] == ""  # type: ignore[index]
    assert acted(removed, "m1-9-up", CATALOG)["m1-actions"] == "a:pass,d:ranged:djinn"  # type: ignore[index]
    assert acted(removed, "bogus", CATALOG) is None
    # An action the row does not offer is not added (a what left over from another kind, a second Djinn).
    assert acted({**data, "m1-add-kind": "ranged", "m1-add-what": "guardian"}, "m1-add", CATALOG) is None
    assert (
        acted({**added, "m1-add-side": "d", "m1-add-kind": "ranged", "m1-add-what": "djinn"}, "m1-add", CATALOG) is None
    )


def test_the_first_action_keeps_the_picks_the_row_held_in_turn_order() -> None:
    picks = {"a-m1-channel": "guardian", "a-m1-stones": "2", "d-m1-ranged": "djinn", "d-m1-bribe": "gold"}
    listed, spent = row_picks_as_actions(picks, 1)
    assert listed == ["a:pass", "d:bribe:gold", "a:pass", "d:pass", "a:channel:guardian*2", "d:ranged:djinn"]
    assert set(picks) <= set(spent)
    data = {**FORM, **picks, "m1-add-side": "a", "m1-add-kind": "pass"}
    added = edit_actions(data, "m1-add", row_picks_as_actions)
    assert added is not None and added["m1-actions"].endswith("d:ranged:djinn,a:pass")
    assert not any(name in added for name in picks)


def test_bribes_past_the_facing_creature_and_spell_targets_are_picks_on_the_board() -> None:
    notation = "a=sand-lord a.hand=gold,power-lunch a.bribe=1:gold@archer a.spell=1:power-lunch@swordsman d=swordsman,archer d.ranged=1:archer"
    setup = parse_setup(notation)
    values, rest = values_from_setup(CATALOG, setup)
    assert values["a-m1-bribe"] == "gold@archer" and values["a-m1-spell"] == "power-lunch@swordsman"
    assert rest["a"].bribes == () and rest["a"].spells == ()
    attacker = {pick.label: pick for pick in build_board(CATALOG, setup, values).rows[0].attacker.picks}
    assert _options(attacker["Bribe"]) == ["", "gold", "gold@archer"]
    assert "gold@archer" not in _options(
        build_board(CATALOG, parse_setup("a=sand-lord a.hand=gold d=swordsman,archer"), {}).rows[0].attacker.picks[0]
    )
    forms = bound_forms(
        {"a-creatures": "Sand Lord", "a-hand": "Gold\nPower Lunch", "d-creatures": "Swordsman\nArcher", **values},
        CATALOG,
    )
    assert build_notation(forms, CATALOG) is not None, forms.problems
    assert forms.notation == format_setup(setup)


@pytest.mark.django_db
def test_the_board_endpoint_applies_a_list_button(client: Client) -> None:
    query = {**FORM, "m1-add-side": "a", "m1-add-kind": "channel", "m1-add-what": "guardian", "act": "m1-add"}
    response = client.get("/combat/board/", query)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Attacker: channels 1 Power Stone from the Guardian" in html
    assert 'value="a:channel:guardian"' in html


def test_power_lunch_picked_in_a_row_opens_channelling_there() -> None:
    setup = parse_setup("a=swordsman a.hand=power-lunch d=sand-lord")
    assert [pick.name for pick in build_board(CATALOG, setup, {}).rows[0].attacker.picks] == ["a-m1-spell"]
    row = build_board(CATALOG, setup, {"a-m1-spell": "power-lunch"}).rows[0]
    assert "a-m1-channel" in [pick.name for pick in row.attacker.picks]
    # Aimed at the opposing Sand Lord, it opens the defender's channelling instead.
    row = build_board(CATALOG, setup, {"a-m1-spell": "power-lunch@sand-lord"}).rows[0]
    assert "a-m1-channel" not in [pick.name for pick in row.attacker.picks]
    assert "d-m1-channel" in [pick.name for pick in row.defender.picks]
    notation = "a=swordsman a.hand=power-lunch a.spell=1:power-lunch a.channel=1:guardian d=sand-lord"
    forms = filled_forms(parse_setup(notation), CATALOG)
    assert forms.board_values["a-m1-channel"] == "guardian"
    again = bound_forms({"a-creatures": "Swordsman", "a-hand": "Power Lunch", "d-creatures": "Sand Lord",
                         **forms.board_values}, CATALOG)  # fmt: skip
    assert build_notation(again, CATALOG) is not None and again.notation == format_setup(parse_setup(notation))


def test_whose_turn_follows_the_bribery_window_and_the_turns() -> None:
    assert turn_state([]).turn == "a"
    # The attacker bribes, the defender passes, the attacker passes: the window closes, the attacker acts first.
    closed = turn_state(["a:bribe:gold", "d:pass", "a:pass"])
    assert (closed.turn, closed.window_open) == ("a", False)
    # A defender who passed may bribe again only to answer a bribe.
    assert not turn_state(["a:pass", "d:pass"]).window_open
    state = turn_state(["a:pass", "d:bribe:gold"])
    assert state.turn == "a" and state.answers("a") and state.may_bribe("a")
    state = turn_state(["a:channel:guardian", "d:ranged:archer", "a:bribe:gold@archer"])
    assert state.turn == "a" and not state.window_open  # the A-02 bribe takes no turn


def test_the_side_offered_next_is_never_refused_as_out_of_turn() -> None:
    """The board's reading of whose turn it is agrees with the engine's referee on many lists."""
    import random

    from engine.actions import Refusal
    from engine.turns import referee

    words = ["a:bribe:gold", "d:bribe:gold", "a:pass", "d:pass", "a:channel:guardian", "d:ranged:archer",
             "d:bribe-back:gold", "a:bribe:gold@archer"]  # fmt: skip
    chance = random.Random(16)
    base = "a=sand-lord a.hand=gold,gold,gold d=swordsman,archer d.hand=gold,gold,gold"
    for _ in range(1000):
        items = [chance.choice(words) for _ in range(chance.randint(0, 6))]
        state = turn_state(items)
        side = state.turn
        offered = [f"{side}:pass"]
        offered += [f"{side}:bribe:gold"] if state.may_bribe(side) else []
        offered += [f"{side}:bribe-back:gold"] if state.answers(side) else []
        for action in offered:
            setup = parse_setup(f"{base} m1=" + ",".join([*items, action]))
            refused = [r.refusal for r in referee(setup).refused[1] if r.index == len(items)]
            # Nothing the board offers is refused; once the match-up is over it offers nothing at all.
            assert refused == ([Refusal.MATCHUP_ENDED] if state.ended else []), (items, action, refused)


def test_an_item_turn_offers_the_hand_items_the_engine_applies() -> None:
    setup = parse_setup("terrain=woods a=sand-lord a.hand=hammer-of-doom,rooster d=swordsman,archer")
    values = {"m1-add-kind": "item"}
    adders = build_board(CATALOG, setup, values).rows[0].actions.adders  # type: ignore[union-attr]
    assert adders[1].value == "item" and _options(adders[2]) == ["hammer-of-doom"]  # the Rooster does nothing here
    values = {"m1-actions": "a:item:hammer-of-doom", "m1-add-side": "a"}
    adders = build_board(CATALOG, setup, values).rows[0].actions.adders  # type: ignore[union-attr]
    assert "item" not in _options(adders[1])  # the one Hammer is used


def test_a_listed_spell_says_when_it_acts() -> None:
    setup = parse_setup("a=swordsman a.hand=power-lunch,power-lunch d=sand-lord,archer")
    values = {"m1-actions": "a:spell:power-lunch,d:ranged:archer,a:spell:power-lunch"}
    labels = [item.label for item in build_board(CATALOG, setup, values).rows[0].actions.items]  # type: ignore[union-attr]
    assert labels[0] == "Attacker: casts Power Lunch (cast before the destruction step)"
    assert labels[2] == "Attacker: casts Power Lunch (takes effect in its turn)"
