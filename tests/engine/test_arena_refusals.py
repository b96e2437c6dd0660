"""A play a duel refuses (engine.core.refuse: a ranged attack or a channel that a card forbids) is logged as a
step with the reason's stable code and its values, like the duel's other steps, not as a finished sentence."""

from __future__ import annotations

import pytest

from engine.arena import parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.render import ARENA_PRIMARY_WORDS, MESSAGES, NOTICES, notice_step, refusal_step, render

CATALOG = default_catalog()

REFUSALS = {
    # The Scurvy Dog may back only a Pirate (fixtures/examples/arena/arena-refused-ranged.json).
    "ranged.wrong_partner": (
        "ruleset=arena a=swordsman a.under=scurvy-dog d=sand-lord p=a:ranged:scurvy-dog,d:pass,a:pass s=a:pass,d:pass",
        {"shooter": "Scurvy Dog", "kind": "Pirates", "fighter": "Swordsman"},
        "Scurvy Dog may support only Pirates; Swordsman is not one.",
    ),
    # Once in the battle, the Energy Leech forbids channelling to both players.
    "channel.forbidden": (
        "ruleset=arena a=swordsman a.guardian=rak-nam a.stones=3 d=energy-leech p=a:channel:guardian,d:pass,a:pass "
        "s=d:pass,a:pass",
        {"source": "Energy Leech", "player": "attacker"},
        "Energy Leech is in play: the attacker may not channel.",
    ),
}


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_a_refusal_step_carries_its_code_and_values(code: str) -> None:
    notation, values, sentence = REFUSALS[code]
    log = resolve_duel(parse_duel(notation), CATALOG)
    assert not [step for step in log.steps if step.message == "verbatim"]
    [step] = [step for step in log.steps if step.message == refusal_step(code)]
    # The values by name, in the order the reason's template names them: no sentence to read them out of.
    assert dict(zip(values, step.args, strict=True)) == values
    # The words are the ones the log always gave (permalinked duels read as before), in the Arena's words.
    assert step.text == sentence
    assert render(step.message, step.args, ARENA_PRIMARY_WORDS) == sentence
    [notice] = [notice for notice in log.result.notices if notice.code == code]
    assert notice.values == {"side": "attacker", **values} and notice.rule == step.rule


def test_every_reason_code_has_a_refusal_step() -> None:
    assert all(MESSAGES[refusal_step(code)] == template for code, template in NOTICES.items())


# Geldspar, Court Magician is no command card: its ban on the opponent's H items is text that works while it is in
# play (fixtures/cards/necropolis_park.json: command false, forbids_casting without command_only). In the Duel Zone,
# and as a secondary attacker, it is in play, so the duel refuses the item the way a shield combat does.
GELDSPAR_DUELS = {
    "duellist": "ruleset=arena a=swordsman a.stock=hammer-of-doom d=geldspar-court-magician "
    "p=a:item:hammer-of-doom,d:pass,a:pass",
    "secondary attacker": "ruleset=arena a=swordsman a.stock=hammer-of-doom a.pen=axeman d=archer "
    "d.pen=geldspar-court-magician p=a:pass,d:pass s=a:pass,d:creature:geldspar-court-magician,"
    "a:item:hammer-of-doom,d:pass,a:pass",
}
GELDSPAR_COMBAT = "a=swordsman a.hand=hammer-of-doom d=geldspar-court-magician m1=a:item:hammer-of-doom,d:pass,a:pass"


@pytest.mark.parametrize("notation", GELDSPAR_DUELS.values(), ids=GELDSPAR_DUELS.keys())
def test_a_text_ban_on_items_is_no_command_in_a_duel(notation: str) -> None:
    from engine.notation import parse_setup
    from engine.resolver import resolve

    log = resolve_duel(parse_duel(notation), CATALOG)
    assert [step.text for step in log.steps if "command" in step.text] == []
    [refused] = [step for step in log.steps if step.message.startswith("refused.")]
    standard = resolve(parse_setup(GELDSPAR_COMBAT), CATALOG)
    [same] = [step for step in standard.steps if step.message.startswith("refused.")]
    assert (refused.message, refused.args, refused.text) == (same.message, same.args, same.text)
    # The step names the banning card in its field, in a duel as in a standard combat.
    assert refused.card == same.card == "geldspar-court-magician"
    assert refused.text == "Geldspar, Court Magician is in play: the attacker may not play Hammer of Doom."
    assert [(n.code, n.values) for n in log.result.notices] == [(n.code, n.values) for n in standard.result.notices]
    assert [n.code for n in log.result.notices] == ["cast.forbidden"]


def test_a_command_that_forbids_casting_still_acts_on_being_revealed() -> None:
    log = resolve_duel(
        parse_duel(
            "ruleset=arena a=swordsman a.stock=power-lunch d=pharaoh-djoser "
            "p=a:spell:power-lunch,d:pass,a:channel:guardian,d:pass,a:pass"
        ),
        CATALOG,
    )
    messages = [step.message for step in log.steps]
    assert "arena.command_forbids" in messages and notice_step("arena.casting_forbidden") in messages
