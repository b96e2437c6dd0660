"""Spells and items taken at their place in an ordered match-up, and refusals logged where they were
attempted (rules 6.4.4, 6.4.5; rulings A-04, A-24; issue 14). Each case is worked by hand from the
printed numbers, the arithmetic beside it; each "contrast" case is the same hand with the spell given
first, cast at PRI-2 as the shorthand casts it, to show that the place changes the result."""

from __future__ import annotations

import pytest

from engine.actions import Refusal
from engine.log import CombatLog
from tests.engine.ordered_cases import Case, check_case, run

WOODS = "terrain=woods a=sand-lord a.hand=hammer-of-doom d=swordsman,archer"
JUICE = "a=light-elemental a.stones=0 a.hand=make-juice d=kikijub"
LUNCH = "a=swordsman,archer a.hand=power-lunch d=sand-lord"

IN_PLACE = [
    # The Seraphim is cast after the Archer's shot, so it answers that shot: Swordsman 6 + 3 OCB
    # (against the elemental Sand Lord) + 3 Archer - 3 Seraphim = 9 against 11: the Swordsman is beaten.
    Case(
        "spell after the opponent's ranged attack answers it",
        "a=swordsman,archer d=sand-lord d.hand=seraphim m1=a:ranged:archer,d:spell:seraphim",
        (9, 11),
        (7, 7),
        {"a1": "beaten", "a2": "standing", "d1": "standing"},
    ),
    # Woods: Sand Lord 11 - 6 = 5, Swordsman 6 + 3 OCB = 9. The Archer's shot comes before the
    # Hammer, in the Woods, and is not allowed. Then the Hammer takes the Woods and its -6 away:
    # Sand Lord 5 + 6 = 11 against 9, the Swordsman is beaten. The Archer, still in the hand, makes
    # the secondary attack: 6 partner (the Swordsman) + 6 = 12 against 11, the Sand Lord is beaten.
    Case(
        "Hammer of Doom after a shot refused in the Woods",
        f"{WOODS} m1=a:pass,d:pass,a:pass,d:ranged:archer,a:spell:hammer-of-doom",
        (11, 9),
        (7, 7),
        {"a1": "beaten", "d1": "beaten", "d2": "standing"},
        ("ranged.woods",),
    ),
    # Contrast (the worked example's order): the Hammer first, at PRI-2, so the Woods are gone at
    # PRI-8 and the Archer may fire: 11 against 6 + 3 + 3 = 12, the Sand Lord is beaten.
    Case(
        "contrast: Hammer of Doom given first",
        f"{WOODS} m1=a:spell:hammer-of-doom,d:ranged:archer",
        (11, 12),
        (7, 7),
        {"a1": "beaten", "d1": "standing", "d2": "standing"},
    ),
    # The attacker has no stone: its channel does nothing. Make Juice then gives it one, kept.
    # Light Elemental 13 + 2 OCB (against the external Kikijub) = 15 against 14; stones 0 + 1 = 1.
    Case(
        "Make Juice after a channel with no stone",
        f"{JUICE} m1=a:channel:guardian,d:pass,a:spell:make-juice",
        (15, 14),
        (1, 7),
        {"a1": "standing", "d1": "beaten"},
    ),
    # Contrast: the Juice first (PRI-2) gives the stone the channel then spends:
    # 15 + 9 CMP = 24 (under the cap of 13 channelled) against 14; stones 0 + 1 - 1 = 0.
    Case(
        "contrast: Make Juice given first",
        f"{JUICE} m1=a:spell:make-juice,d:pass,a:channel:guardian",
        (24, 14),
        (0, 7),
        {"a1": "standing", "d1": "beaten"},
    ),
    # Power Lunch cast in its turn lets the red-bar Swordsman receive from then on:
    # 6 + 3 OCB + 3 Archer = 12, then one stone, 9 capped at its printed 6: 18 against 11.
    Case(
        "Power Lunch in its turn enables the channel after it",
        f"{LUNCH} m1=a:ranged:archer,d:pass,a:spell:power-lunch,d:pass,a:channel:guardian",
        (18, 11),
        (6, 7),
        {"a1": "standing", "a2": "standing", "d1": "beaten"},
    ),
    # The defender's Dispel Magic answers the Lunch given just before it: the Swordsman still
    # cannot receive, no stone is spent. 12 against 11.
    Case(
        "Dispel Magic answers the spell just before it",
        f"{LUNCH} d.hand=dispel-magic m1=a:ranged:archer,d:pass,a:spell:power-lunch,d:spell:dispel-magic,"
        "a:channel:guardian",
        (12, 11),
        (7, 7),
        {"a1": "standing", "a2": "standing", "d1": "beaten"},
        ("channel.cannot_receive",),
    ),
    # The same with an attacker's channel out of turn between them: refused, it takes no turn, so
    # the Dispel Magic is still the answer to the Lunch. 12 against 11, no stone spent.
    Case(
        "Dispel Magic answers across a refused action",
        f"{LUNCH} d.hand=dispel-magic m1=a:ranged:archer,d:pass,a:spell:power-lunch,a:channel:guardian,"
        "d:spell:dispel-magic,a:channel:guardian",
        (12, 11),
        (7, 7),
        {"a1": "standing", "a2": "standing", "d1": "beaten"},
        (Refusal.OUT_OF_TURN.value, "channel.cannot_receive"),
    ),
    # Summon Entropy Storm in its turn, rolled 6 (5 or more wins): the Sand Lord is beaten with no
    # comparison, and the channel given after it is not made (stones stay 7).
    Case(
        "a spell that decides the match-up ends the turns",
        "a=swordsman,archer a.hand=summon-entropy-storm a.rolls=summon-entropy-storm:6 d=sand-lord "
        "m1=a:ranged:archer,d:pass,a:spell:summon-entropy-storm,d:pass,a:channel:guardian",
        (None, None),
        (7, 7),
        {"a1": "standing", "a2": "standing", "d1": "beaten"},
    ),
    # Hammer of Doom used as an item, first: applied in its turn after PRI-8. Sand Lord 11 - 6
    # Woods + 6 back = 11; the Archer then may fire: 6 + 3 + 3 = 12. The worked example's result.
    Case(
        "item: Hammer of Doom applied at its place",
        f"{WOODS} m1=a:item:hammer-of-doom,d:ranged:archer",
        (11, 12),
        (7, 7),
        {"a1": "beaten", "d1": "standing", "d2": "standing"},
    ),
    # Items the engine does not apply as a turn are reported with the reason: 6 against 6, a push. The Rooster
    # is out of scope (it acts on the turn order), so it is a note of the set-up (ENG-1), not a not-automated warning.
    Case(
        "item with no effect in a combat",
        "a=swordsman a.hand=rooster d=archer m1=a:item:rooster",
        (6, 6),
        (7, 7),
        {"a1": "standing", "d1": "standing"},
        ("action.not_applied",),
    ),
    Case(
        "item not in the hand",
        "a=swordsman d=archer m1=a:item:hammer-of-doom",
        (6, 6),
        (7, 7),
        {"a1": "standing", "d1": "standing"},
        ("action.not_applied",),
    ),
]


@pytest.mark.parametrize("case", IN_PLACE, ids=lambda case: case.name)
def test_spells_and_items_take_effect_at_their_place(case: Case) -> None:
    check_case(case)


def test_the_hammer_takes_back_the_terrain_term_in_the_running_total() -> None:
    log = run(f"{WOODS} m1=a:pass,d:pass,a:pass,d:ranged:archer,a:spell:hammer-of-doom")
    back = next(step for step in log.steps if step.kind.value == "spell" and step.delta is not None)
    # -6 for the Woods at PRI-8, then +6 when the Hammer takes them away: 5 + 6 = 11.
    assert (back.rule, back.delta, back.total, back.card) == ("A-24", 6, 11, "hammer-of-doom")


def test_the_reason_an_item_is_not_applied_names_it() -> None:
    log = run("a=swordsman a.hand=gold d=archer m1=a:item:gold")
    assert "Gold is a bribery, not a hand item" in log.result.notices[0].message


def _messages(log: CombatLog) -> list[str]:
    return [step.message for step in log.steps]


REFUSED_AT_PLACE = [
    # (set-up, the event just before the refusal, the event just after it)
    # A second channel in a row: refused after the first channel is made, before the comparison.
    ("a=light-elemental d=kikijub m1=a:channel:guardian,a:channel:guardian,d:pass", "channel_into.9", "compare.2"),
    # A spell while the window is open: refused after the Gold bribe that opened it.
    (
        "a=swordsman a.hand=gold d=archer d.hand=power-lunch m1=a:bribe:gold,d:spell:power-lunch",
        "bribe_creature.7",
        "matchup.3",
    ),
    # A bribe back with nothing to answer: refused in the window, before it closes unused.
    ("a=swordsman a.hand=gold d=archer m1=a:bribe-back:gold", "matchup", "bribery_window"),
    # The defender acting first: refused in the turns after the terrain step (after the OCB).
    ("a=light-elemental d=kikijub m1=d:channel:guardian", "add", "compare.2"),
    # An action after both passed: logged once the match-up is over, after its comparison.
    ("a=light-elemental d=kikijub m1=a:pass,d:pass,a:pass,d:pass,a:channel:guardian", "compare.2", "primaries"),
]


@pytest.mark.parametrize(("setup", "before", "after"), REFUSED_AT_PLACE, ids=[s for s, _, _ in REFUSED_AT_PLACE])
def test_a_refused_action_is_logged_where_it_was_attempted(setup: str, before: str, after: str) -> None:
    messages = _messages(run(setup))
    at = messages.index("action.refused")
    assert messages.count("action.refused") == 1
    assert (messages[at - 1], messages[at + 1]) == (before, after)


def test_refusals_between_turns_keep_the_list_order() -> None:
    # a:ranged:archer (index 0), a:ranged:archer again (1, out of turn), d:pass (2),
    # a:channel (3), a:channel again (4, out of turn): each refusal follows the turn before it.
    log = run(
        "a=swordsman,archer a.hand=power-lunch d=sand-lord m1=a:ranged:archer,a:ranged:archer,d:pass,"
        "a:spell:power-lunch,a:spell:power-lunch"
    )
    events = [(s.message, s.rule) for s in log.steps if s.message in ("ranged.places", "cast.4", "action.refused")]
    assert events == [
        ("ranged.places", "PRI-9"),
        ("action.refused", Refusal.OUT_OF_TURN.rule),
        ("cast.4", "PRI-2"),
        ("action.refused", Refusal.OUT_OF_TURN.rule),
    ]


def test_an_item_turn_naming_no_card_is_a_setup_error() -> None:
    from engine.errors import SetupInvalid

    with pytest.raises(SetupInvalid) as raised:
        run("a=swordsman d=archer m1=a:item:hammer-of-dom")
    problem = raised.value.problems[0]
    assert (problem.code, problem.field, problem.card) == ("setup.unknown_card", "m1", "hammer-of-dom")
    assert "did you mean hammer-of-doom" in problem.message


def test_a_class_change_in_a_turn_says_the_text_box_totals_stand() -> None:
    # Warwick's Conversion cast after the Archer's shot: Swordsman 6 + 3 OCB + 3 = 12 is unchanged
    # (the text-box step is over), the new class is taken from then on and said so.
    log = run(
        "a=swordsman,archer a.hand=warwicks-conversion a.choices=warwicks-conversion:wizard d=sand-lord "
        "m1=a:ranged:archer,d:pass,a:spell:warwicks-conversion"
    )
    messages = _messages(log)
    at = messages.index("reclass")
    assert messages[at + 1 : at + 3] == ["cast_in_turn.class_late", "compare.2"]
    assert log.steps[messages.index("cast_in_turn.class_late")].rule == "ENG-17"
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == (12, 11)
    assert [(notice.code, notice.rule) for notice in log.result.notices] == [("class_change.totals_stand", "ENG-17")]


def test_a_class_change_before_the_text_box_step_carries_no_notice() -> None:
    # Cast first, at the any-time spell step, the change comes before every class bonus is counted.
    log = run(
        "a=swordsman,archer a.hand=warwicks-conversion a.choices=warwicks-conversion:wizard d=sand-lord "
        "m1=a:spell:warwicks-conversion,d:pass,a:ranged:archer"
    )
    assert "reclass" in _messages(log)
    assert "cast_in_turn.class_late" not in _messages(log)
    assert log.result.notices == ()


def test_a_refused_ranged_attack_does_not_count_towards_the_sides_attacks() -> None:
    # In the Woods the Archer's first try is refused; after Hammer of Doom it fires. That shot is the
    # defender's first ranged attack made, so it follows PRI-9, not A-23 (an extra ranged attack).
    # Sand Lord 11 - 6 Woods = 5, + 6 back when the Woods go = 11; Swordsman 6 + 3 OCB + 3 Archer = 12.
    log = run(f"{WOODS},archer m1=a:pass,d:pass,a:pass,d:ranged:archer,a:spell:hammer-of-doom,d:ranged:archer")
    ranged = [(step.rule, step.message) for step in log.steps if step.message.startswith("ranged.")]
    assert ranged == [("PRI-9", "ranged.3"), ("PRI-9", "ranged.places")]
    assert (log.result.matchups[0].attacker_total, log.result.matchups[0].defender_total) == (11, 12)
