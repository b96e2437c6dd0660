"""A duel's log reads as a duel: the standard steps a duel runs take the Arena's words (rounds, not
match-ups; a side's total, not the count for control), while their codes and values stay the
standard ones, and a standard combat still reads as before."""

from __future__ import annotations

import re
from string import Formatter

import pytest

from engine.arena import parse_duel, resolve_duel
from engine.arena.duel import DuelCombat, standard_setup
from engine.arena.wording import duel_words
from engine.catalog import default_catalog
from engine.combat_state import Combat
from engine.core import refuse
from engine.enums import Phase, Side, StepKind
from engine.hand_effects import leave_unchallenged
from engine.log import Why
from engine.notation import parse_setup
from engine.render import (
    ARENA_PRIMARY_WORDS,
    ARENA_SECONDARY_WORDS,
    MESSAGES,
    NOTICES,
    STANDARD_WORDS,
    Said,
    refusal_step,
    render,
    render_values,
)
from engine.resolver import resolve

EVERY_WORDS = (STANDARD_WORDS, ARENA_PRIMARY_WORDS, ARENA_SECONDARY_WORDS)
# Words of the standard procedure that a duel, one battle in two rounds with no count for control, has not.
NOT_A_DUEL = re.compile(r"match-?ups?|for control|can be attacked", re.IGNORECASE)

# Each duel runs a shared step whose standard sentence speaks of a match-up or of control.
DUELS = {
    "a channel refused before the spell that allows it": (
        "ruleset=arena a=swordsman a.stock=power-lunch d=sand-lord "
        "p=a:channel:guardian,d:pass,a:spell:power-lunch,d:pass,a:channel:guardian,d:pass,a:pass"
    ),
    "a bribe": (
        "ruleset=arena a=swordsman a.under=archer d=magma-elemental d.stock=gold "
        "p=a:ranged:archer,d:bribe:gold@archer,a:pass,d:pass"
    ),
    "immunity": "ruleset=arena a=pink-flamingos d=sand-lord p=a:pass,d:pass s=d:pass,a:pass",
    "a pen creature set aside": (
        "ruleset=arena a=stinking-spirit a.pen=devil-dog d=swordsman d.pen=gnobby-gnomes "
        "s=a:pass,d:creature:gnobby-gnomes,a:creature:devil-dog,d:pass,a:pass"
    ),
    "a ranged attack in Woods": (
        "ruleset=arena terrain=woods a=swordsman a.under=archer d=sand-lord p=a:ranged:archer,d:pass,a:pass s=d:pass,a:pass"
    ),
}


def test_every_set_of_words_fills_every_template() -> None:
    for words in EVERY_WORDS:
        assert set(words.entries) == set(STANDARD_WORDS.entries), words
        for message in MESSAGES:
            template, count = words.message(message)
            assert render(message, (7,) * count, words)
            assert "words." not in template, (words, message)
        for code in NOTICES:
            names = {name for _, name, _, _ in Formatter().parse(words.notice(code)) if name}
            assert render_values(code, dict.fromkeys(names, 7), words), (words, code)


def test_a_number_left_out_by_the_arena_keeps_the_values_in_their_places() -> None:
    args = (1, "attacker", "a:channel:guardian", "action.needs_spell_first", "it is too early")
    assert render("action.refused", args) == (
        "Match-up 1: the attacker's a:channel:guardian is refused (action.needs_spell_first): it is too early."
    )
    assert render("action.refused", args, ARENA_SECONDARY_WORDS) == (
        "Secondary round: the attacker's a:channel:guardian is refused (action.needs_spell_first): it is too early."
    )


@pytest.mark.parametrize("notation", DUELS.values(), ids=DUELS.keys())
def test_a_duel_says_rounds_and_totals(notation: str) -> None:
    log = resolve_duel(parse_duel(notation), default_catalog())
    result = log.result
    sentences = [step.text for step in log.steps]
    sentences += [notice.message for notice in result.notices] + list(result.warnings)
    sentences += [creature.reason for creature in result.creatures]
    assert [s for s in sentences if NOT_A_DUEL.search(s)] == []
    assert [step["text"] for step in log.to_dict()["steps"]] == [step.text for step in log.steps]


def test_the_words_change_but_the_codes_and_values_do_not() -> None:
    log = resolve_duel(parse_duel(DUELS["a channel refused before the spell that allows it"]), default_catalog())
    (notice,) = log.result.notices
    assert (notice.code, notice.rule, notice.values) == (
        "action.needs_spell_first",
        "ARN-33",
        {
            "round": 1,
            "side": "attacker",
            "action": "a:channel:guardian",
            "attempt": "channel from the Guardian",
            "turn": "",
        },
    )
    assert notice.message.startswith("primary round: attacker's channel from the Guardian is refused")
    (refused,) = [step for step in log.steps if step.message == "action.refused"]
    assert refused.args[0] == 1
    assert refused.text.startswith("Primary round: the attacker's channel from the Guardian is refused")


def test_a_standard_combat_still_speaks_of_match_ups() -> None:
    log = resolve(parse_setup("a=sand-lord d=swordsman a.hand=power-lunch a.spell=1:power-lunch"), default_catalog())
    assert any("may receive channelling in this match-up." in step.text for step in log.steps)


def _duel_combat(notation: str, phase: Phase) -> DuelCombat:
    """A duel's Combat stopped in ``phase``, to word refusals on it as the shared steps do."""
    catalog = default_catalog()
    combat = DuelCombat(standard_setup(parse_duel(notation), catalog), catalog, checked=True)
    combat.phase = phase
    return combat


def test_a_refusal_is_worded_in_the_rule_sets_words_when_it_happens() -> None:
    combat = _duel_combat("ruleset=arena a=swordsman d=sand-lord", Phase.SECONDARY)
    standard = Combat(parse_setup("a=swordsman d=sand-lord"), default_catalog())
    over = Why("shots.matchup_over")
    assert (combat.say(over), standard.say(over)) == ("the round is over", "the match-up is over")
    # A refusal logged and warned (core.refuse): the step and the notice say it in the round's words,
    # under the same code and values.
    push = Why("shots.push_forced")
    refuse(combat, StepKind.RANGED, "PRI-9", push, side=Side.ATTACKER)
    notice = combat.notices[-1]
    assert (notice.code, notice.values) == ("shots.push_forced", {"side": "attacker"})
    assert notice.message == "attacker: the round is a push that nobody may change"
    # The step keeps the reason's code and values (none here) and reads in the words of the round it is in.
    step = combat.steps[-1]
    assert (step.message, step.args) == (refusal_step("shots.push_forced"), ())
    assert render(step.message, step.args, duel_words(step.phase)) == "the round is a push that nobody may change"


def test_a_reason_nested_in_a_creatures_reason_takes_the_duels_words() -> None:
    combat = _duel_combat("ruleset=arena a=swordsman d=sand-lord", Phase.PRIMARY)
    fighter = combat.sides[Side.ATTACKER].fighters[0]
    leave_unchallenged(combat, fighter, Why("why.matchup_ended_by", {"card": "Dispel Magic"}))
    assert fighter.fate_why.code == "fate.unchallenged"
    assert dict(fighter.fate_why.values) == {
        "why": "Dispel Magic ended its round",
        "why_code": "why.matchup_ended_by",
        "card": "Dispel Magic",
    }


def test_a_message_inside_a_step_is_written_in_the_steps_words() -> None:
    reversed_ = Said("compare.reversed", ("Sand Lord", 5, "Gnome", 4, "Swordsman"))
    args = (6, 11, "6 = 6; 11 = 11", Said("compare.withdrawn", (reversed_, "Swordsman")))
    standard = render("compare.2", args)
    assert "win a match-up lost by more than 4" in standard
    for words in (ARENA_PRIMARY_WORDS, ARENA_SECONDARY_WORDS):
        duel = render("compare.2", args, words)
        # Nested twice, the innermost message still takes the outer words.
        assert duel == standard.replace("win a match-up lost", "win a round lost")
    # str() outside any sentence keeps the standard words, and equality ignores the words.
    assert str(reversed_) == str(reversed_.worded(ARENA_PRIMARY_WORDS).worded(STANDARD_WORDS))
    assert reversed_ == reversed_.worded(ARENA_PRIMARY_WORDS)
