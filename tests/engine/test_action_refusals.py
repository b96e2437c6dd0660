"""An action of an ordered match-up that the order of play refuses (engine.core.refuse_action) is a step with the
reason's code and values and the action in words, the cards it names as values: no finished sentence for the
reason, and no notation (``a:ranged:archer``) in what a reader sees. The notice keeps the notation as a value."""

from __future__ import annotations

import pytest

from engine.arena import parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.notation import parse_setup
from engine.render import Said, action_reason_step
from engine.resolver import resolve

CATALOG = default_catalog()

# A set-up, its refused action's event (message and values), the reason's values, and the step's words.
REFUSED = {
    "pass out of turn": (
        "a=swordsman,archer d=sand-lord m1=a:ranged:archer,a:pass",
        "a:pass",
        ("action.pass", ()),
        ("action.out_of_turn", ("defender",)),
        "Match-up 1: the attacker's pass is refused (action.out_of_turn): it is the defender's turn.",
    ),
    "shot out of turn": (
        "terrain=mountains a=light-elemental d=kikijub,djinn m1=d:ranged:djinn,a:channel:guardian,d:pass,a:pass",
        "d:ranged:djinn",
        ("action.ranged", ("Djinn",)),
        ("action.out_of_turn", ("attacker",)),
        "Match-up 1: the defender's ranged attack by Djinn is refused (action.out_of_turn): it is the attacker's turn.",
    ),
    "spell in the bribery window": (
        "a=swordsman a.hand=gold d=archer d.hand=power-lunch m1=a:bribe:gold,d:spell:power-lunch,d:pass,a:pass",
        "d:spell:power-lunch",
        ("action.spell", ("Power Lunch",)),
        ("action.bribery_window_open", ()),
        "Match-up 1: the defender's Power Lunch is refused (action.bribery_window_open): the bribery window is still "
        "open, and nothing but a bribe or a pass may happen in it.",
    ),
    "bribe back with nothing to answer": (
        "a=swordsman a.hand=gold d=archer m1=a:bribe-back:gold",
        "a:bribe-back:gold",
        ("action.bribe-back", ("Gold",)),
        ("action.nothing_to_bribe_back", ()),
        "Match-up 1: the attacker's bribe back with Gold is refused (action.nothing_to_bribe_back): the opponent has "
        "not just bribed, so there is nothing to bribe back.",
    ),
    "channel before the spell that allows it": (
        "a=swordsman a.hand=power-lunch d=archer m1=a:channel:guardian,d:pass,a:spell:power-lunch,d:pass,a:pass",
        "a:channel:guardian",
        ("action.channel", ("the Guardian",)),
        ("action.needs_spell_first", ()),
        "Match-up 1: the attacker's channel from the Guardian is refused (action.needs_spell_first): the spell that "
        "lets this creature receive channelling comes later in the list.",
    ),
}


@pytest.mark.parametrize("case", REFUSED, ids=REFUSED.keys())
def test_a_refused_action_is_an_event_with_its_cards_and_reason_as_values(case: str) -> None:
    notation, written, (said, names), (code, values), sentence = REFUSED[case]
    log = resolve(parse_setup(notation), CATALOG)
    [step] = [step for step in log.steps if step.message == "action.refused"]
    _, side, action, step_code, why = step.args
    assert isinstance(action, Said) and (action.message, action.args) == (said, names)
    assert isinstance(why, Said) and (why.message, why.args) == (action_reason_step(code), values)
    assert step_code == code and step.text == sentence
    assert written not in step.text
    [notice] = [notice for notice in log.result.notices if notice.code == code]
    # The notation stays a value for programs; the words a reader sees, and the cards in them, are the step's.
    assert notice.values["action"] == written and written not in notice.message
    attempt = notice.values["attempt"]
    assert attempt == str(action) and attempt in notice.message
    assert attempt.names == tuple(name for name in names if name != "the Guardian")


def test_a_duel_refuses_a_channel_before_its_spell_in_its_own_words() -> None:
    log = resolve_duel(
        parse_duel(
            "ruleset=arena a=swordsman a.stock=power-lunch "
            "p=a:channel:guardian,d:pass,a:spell:power-lunch,d:pass,a:pass d=sand-lord"
        ),
        CATALOG,
    )
    [step] = [step for step in log.steps if step.message == "action.refused"]
    assert step.text == (
        "Primary round: the attacker's channel from the Guardian is refused (action.needs_spell_first): the spell "
        "that lets this creature receive channelling comes later in the list."
    )


# Other steps about an action that is not made write it the same way: in words, its cards as values.
NOT_MADE = {
    # Summon Entropy Storm rolled 6 decides the match-up in its turn: the channel after it is not made.
    "turn.decided": (
        "a=swordsman,archer a.hand=summon-entropy-storm a.rolls=summon-entropy-storm:6 d=sand-lord "
        "m1=a:ranged:archer,d:pass,a:spell:summon-entropy-storm,d:pass,a:channel:guardian",
        1,
        ("action.channel", ("the Guardian",)),
        "The attacker's channel from the Guardian is not made: a spell has already decided this match-up.",
    ),
    # The defender's Gold takes the Archer's target away: the duel's third action is not taken (fixtures/examples/
    # arena/arena-order-bribe-ends-round.json).
    "arena.not_taken": (
        "ruleset=arena a=swordsman a.under=archer d=sand-lord d.stock=gold "
        "p=a:ranged:archer,d:bribe:gold,a:channel:guardian,d:pass,a:pass",
        2,
        ("action.channel", ("the Guardian",)),
        "Action 3 (attacker: channel from the Guardian) is not taken: a duellist has already left the Duel Zone.",
    ),
}


@pytest.mark.parametrize("message", NOT_MADE, ids=NOT_MADE.keys())
def test_an_action_not_made_is_written_in_words_with_its_cards_as_values(message: str) -> None:
    from engine.rulesets import parse_any, resolve_any

    notation, place, (said, names), sentence = NOT_MADE[message]
    log = resolve_any(parse_any(notation), CATALOG)
    [step] = [step for step in log.steps if step.message == message]
    action = step.args[place]
    assert isinstance(action, Said) and (action.message, action.args) == (said, names)
    assert step.text == sentence


def test_a_secondary_play_not_taken_names_its_creature() -> None:
    # A secondary-round play not taken once a duellist has left: a creature as a secondary attacker, or a shield.
    from engine.arena.rounds import play_said
    from engine.arena.setup import ArenaPlay, PlayKind
    from engine.enums import Side
    from engine.setup import CardRef

    play = ArenaPlay(Side.ATTACKER, PlayKind.CREATURE, CardRef("axeman"), CardRef("sand-lord"))
    said = play_said(CATALOG, play)
    assert (said.message, said.args) == ("action.creature.at", ("Axeman", "Sand Lord"))
    assert str(said) == "Axeman as a secondary attacker against Sand Lord"
    shield = play_said(CATALOG, ArenaPlay(Side.DEFENDER, PlayKind.SHIELD, CardRef("shield-broms-goblin-04")))
    assert str(shield) == "Shield Brom's Goblin 04"


def test_an_item_not_applied_names_the_card_and_keeps_the_reason_as_values() -> None:
    from engine.render import refusal_step

    log = resolve(parse_setup("a=swordsman d=archer m1=a:item:hammer-of-doom"), CATALOG)
    [step] = [step for step in log.steps if step.message == "use_item.not_applied"]
    side, name, why = step.args
    assert (side, name) == ("attacker", "Hammer of Doom")
    assert isinstance(why, Said) and why.message == refusal_step("item.not_in_hand")
    assert why.args == ("Hammer of Doom", "attacker")
    assert step.text == (
        "The attacker's item action Hammer of Doom is not applied: Hammer of Doom is not in the attacker's combat hand."
    )
    [notice] = [notice for notice in log.result.notices if notice.code == "action.not_applied"]
    assert (notice.values["item"], notice.values["card"]) == ("hammer-of-doom", "Hammer of Doom")
    assert "hammer-of-doom" not in notice.message
