"""Match-ups played as ordered actions (rules 6.4.4, 6.5.1c, 6.5.2, 6.5.5, 6.10.2c; rulings A-01,
A-02, A-04, A-12): one hand-worked case per action kind and per refusal, the arithmetic beside it."""

from __future__ import annotations

import pytest

from engine.actions import Refusal
from engine.catalog import default_catalog
from engine.notation import format_setup, parse_setup
from tests.engine.ordered_cases import Case, check_case, run

KINDS = [
    # The example (6.4.4c). Light Elemental 13 + 2 OCB (against the external Kikijub) = 15;
    # Kikijub 14 + 9 Mountains = 23. The attacker spends one stone first: 15 + 9 = 24 against 23.
    # Then the Djinn forces a push: Kikijub + 1 = 24. Push, both stand, Rak Nam keeps 7 - 1 = 6.
    Case(
        "channel",
        "terrain=mountains a=light-elemental d=kikijub,djinn m1=a:channel:guardian,d:ranged:djinn",
        (24, 24),
        (6, 7),
        {"a1": "standing", "d1": "standing", "d2": "standing"},
    ),
    # Swordsman 6 + 3 OCB (against the elemental Sand Lord) + 3 from the Archer's ranged attack
    # = 12 against Sand Lord 11: the Sand Lord is beaten.
    Case(
        "ranged",
        "a=swordsman,archer d=sand-lord m1=a:ranged:archer",
        (12, 11),
        (7, 7),
        {"a1": "standing", "a2": "standing", "d1": "beaten"},
    ),
    # Power Lunch lets the red-bar Swordsman receive; one stone gives 9, capped at its printed 6:
    # 6 + 6 = 12 against Archer 6 (mortal against mortal, no OCB). One stone spent: 6 left.
    Case(
        "spell",
        "a=swordsman a.hand=power-lunch d=archer m1=a:spell:power-lunch,d:pass,a:channel:guardian",
        (12, 6),
        (6, 7),
        {"a1": "standing", "d1": "beaten"},
    ),
    # The Archer carries the Gold icon: bribed in the window, no comparison.
    Case(
        "bribe",
        "a=swordsman a.hand=gold d=archer m1=a:bribe:gold",
        (None, None),
        (7, 7),
        {"a1": "standing", "d1": "bribed"},
    ),
    # The defender answers with its own Gold on the Swordsman: both leave the combat.
    Case(
        "bribe-back",
        "a=swordsman a.hand=gold d=archer d.hand=gold m1=a:bribe:gold,d:bribe-back:gold",
        (None, None),
        (7, 7),
        {"a1": "bribed", "d1": "bribed"},
    ),
    # Both pass the window, then both pass their turns: 6 against 6, a push.
    Case(
        "pass",
        "a=swordsman d=archer m1=a:pass,d:pass,a:pass,d:pass",
        (6, 6),
        (7, 7),
        {"a1": "standing", "d1": "standing"},
    ),
    # Gold is a bribery card, not an item: the item turn is reported (action.not_applied, with the
    # reason), not silently dropped; 6 against 6. Items applied at their place: test_turns_in_place.
    Case(
        "item",
        "a=swordsman d=archer m1=a:item:gold",
        (6, 6),
        (7, 7),
        {"a1": "standing", "d1": "standing"},
        ("action.not_applied",),
    ),
    # the Archer placed after the window is bribed by the defender in its own short window;
    # Swordsman 6 + 3 OCB = 9 against Sand Lord 11: the Swordsman is beaten.
    Case(
        "bribe of a ranged attacker",
        "a=swordsman,archer d=sand-lord d.hand=gold m1=a:ranged:archer,d:bribe:gold@archer",
        (9, 11),
        (7, 7),
        {"a1": "beaten", "a2": "bribed", "d1": "standing"},
    ),
]

REFUSALS = [
    # The defender may not act first (6.4.4a): its stone stays; 13 + 2 OCB = 15 against 14.
    Case(
        "out of turn",
        "a=light-elemental d=kikijub m1=d:channel:guardian",
        (15, 14),
        (7, 7),
        {"a1": "standing", "d1": "beaten"},
        (Refusal.OUT_OF_TURN.value,),
    ),
    # The attacker's Gold opens the window; the defender's Power Lunch in it is refused (6.5.1c)
    # and stays in the hand; the Archer is bribed.
    Case(
        "spell while the window is open",
        "a=swordsman a.hand=gold d=archer d.hand=power-lunch m1=a:bribe:gold,d:spell:power-lunch",
        (None, None),
        (7, 7),
        {"a1": "standing", "d1": "bribed"},
        (Refusal.WINDOW_OPEN.value,),
    ),
    # Both passed the window, so the Gold comes too late (6.5.2a): 6 against 6, a push.
    Case(
        "bribe after both passed",
        "a=swordsman a.hand=gold d=archer m1=a:pass,d:pass,a:bribe:gold",
        (6, 6),
        (7, 7),
        {"a1": "standing", "d1": "standing"},
        (Refusal.WINDOW_CLOSED.value,),
    ),
    # Nobody bribed, so there is nothing to answer (6.5.2b): 6 against 6.
    Case(
        "bribe back with nothing to answer",
        "a=swordsman a.hand=gold d=archer m1=a:bribe-back:gold",
        (6, 6),
        (7, 7),
        {"a1": "standing", "d1": "standing"},
        (Refusal.NOTHING_TO_BRIBE_BACK.value,),
    ),
    # The red-bar Swordsman's channel comes before its Power Lunch (6.10.2c): refused, no stone
    # spent; the Lunch is still cast. 6 against 6.
    Case(
        "channel before the Power Lunch",
        "a=swordsman a.hand=power-lunch d=archer m1=a:channel:guardian,d:pass,a:spell:power-lunch",
        (6, 6),
        (7, 7),
        {"a1": "standing", "d1": "standing"},
        (Refusal.NEEDS_SPELL_FIRST.value,),
    ),
    # Window passed, then both passed their turns: the match-up is over (6.4.4b); 15 against 14.
    Case(
        "action after the match-up ended",
        "a=light-elemental d=kikijub m1=a:pass,d:pass,a:pass,d:pass,a:channel:guardian",
        (15, 14),
        (7, 7),
        {"a1": "standing", "d1": "beaten"},
        (Refusal.MATCHUP_ENDED.value,),
    ),
]


@pytest.mark.parametrize("case", KINDS + REFUSALS, ids=lambda case: case.name)
def test_ordered_actions(case: Case) -> None:
    log = check_case(case)
    assert log.notation == case.setup


def test_the_shorthand_plays_the_djinn_before_the_channel_as_documented() -> None:
    # The per-kind clauses: every ranged attack, then every channel. The Djinn fixes the push at
    # 23 (Light Elemental 15 + 8) and the stone is never spent.
    log = run("terrain=mountains a=light-elemental a.channel=1:guardian d=kikijub,djinn d.ranged=1:djinn")
    first = log.result.matchups[0]
    assert (first.attacker_total, first.defender_total) == (23, 23)
    assert log.result.stones_left == (7, 7)


def test_refusals_are_logged_with_their_rule() -> None:
    log = run("a=light-elemental d=kikijub m1=d:channel:guardian")
    refused = [step for step in log.steps if step.message == "action.refused"]
    assert [step.rule for step in refused] == [Refusal.OUT_OF_TURN.rule]
    assert "action.out_of_turn" in refused[0].text
    assert log.result.notices[0].rule == "A-04"


def test_a_gold_lock_binds_its_owner() -> None:
    # The attacker's own Greedy Fiend (revealed in match-up 1, beaten 1 against 11) still forbids
    # the attacker's Gold on the Archer in match-up 2 (6.5.5, R-083, R-117): 6 against 6, a push.
    log = run("a=greedy-fiend,swordsman a.hand=gold d=sand-lord,archer m2=a:bribe:gold")
    assert log.result.fate_of("d2").value == "standing"
    assert [n.code for n in log.result.notices] == [Refusal.LOCKED.value]
    assert (log.result.matchups[1].attacker_total, log.result.matchups[1].defender_total) == (6, 6)


def test_shorthand_for_a_matchup_given_as_actions_is_reported_not_silently_dropped() -> None:
    log = run("a=swordsman a.hand=gold a.bribe=1:gold d=archer m1=a:pass,d:pass")
    assert log.result.fate_of("d1").value == "standing"
    assert [n.code for n in log.result.notices] == ["action.shorthand_ignored"]


def test_one_stone_may_be_written_out() -> None:
    written = "terrain=mountains a=light-elemental d=kikijub,djinn m1=a:channel:guardian*1,d:ranged:djinn"
    assert format_setup(parse_setup(written)) == written.replace("*1", "")


def test_decisions_for_a_matchup_that_never_happens_are_reported() -> None:
    # One match-up only (one creature each): the channel and the m2 list cannot be played.
    log = run("a=swordsman a.channel=3:guardian d=archer m2=a:pass")
    assert [n.code for n in log.result.notices] == ["decision.matchup_not_played"] * 2
    assert log.result.stones_left == (7, 7)


def test_secondary_attacks_planned_by_a_side_that_makes_none_are_reported() -> None:
    # Swordsman 6 + 3 OCB = 9 against Sand Lord 11: the defender is left holding the Archer and
    # makes the secondaries; the attacker's planned secondary attack cannot happen.
    log = run("a=swordsman a.secondary=swordsman>archer d=sand-lord,archer")
    assert log.result.secondary_side is not None and log.result.secondary_side.value == "defender"
    assert [n.code for n in log.result.notices] == ["decision.no_secondary_step"]


def test_explore_plays_each_matchups_given_actions() -> None:
    from engine.explore import explore

    setup = parse_setup("terrain=mountains a=light-elemental d=kikijub,djinn m1=a:channel:guardian,d:ranged:djinn")
    outcomes = explore(setup, default_catalog()).outcomes
    kikijub_first = next(o for o in outcomes if "d.order=kikijub,djinn" in o.notation)
    # The order explored is the example: 24 against 24 in match-up 1, then nothing else.
    assert kikijub_first.notation.endswith("m1=a:channel:guardian,d:ranged:djinn")
    assert run(kikijub_first.notation).result.stones_left == (6, 7)


def test_a_play_order_entry_set_aside_before_its_turn_is_reported() -> None:
    # The Cow's methane (match-up 1) sets the Super Model aside in the defender's hand; the order
    # names it for match-up 2, so the next creature is played and the skip is a coded warning.
    log = run(
        "terrain=swamp a=cow,sand-lord d=swordsman,wild-nymph,gnomish-gnomes,super-model d.order=swordsman,super-model"
    )
    assert [n.code for n in log.result.notices] == ["decision.order_entry_skipped"]
    assert log.result.warnings[0].endswith("(decision.order_entry_skipped)")
