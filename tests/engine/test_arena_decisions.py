"""Rolls, counts and choices in a duel set-up (Arena rule 6.8.2): the standard clauses, in both forms."""

from __future__ import annotations

import pytest

from engine import default_catalog
from engine.arena import duel_from_dict, duel_to_dict, format_duel, parse_duel, resolve_duel
from engine.errors import NotationError, SetupInvalid
from engine.setup import Choice, Count, Roll

DECIDED = (
    "ruleset=arena a=swordsman a.pen=mendu-sada-the-havoc a.rolls=mendu-sada-the-havoc:4 "
    "a.counts=woodland-troll:2 a.choices=female-titan:small d=sand-lord d.rolls=archer:5 "
    "p=a:pass,d:pass s=a:creature:mendu-sada-the-havoc,d:pass,a:pass"
)


def test_rolls_counts_and_choices_print_back_identically() -> None:
    setup = parse_duel(DECIDED)
    assert setup.attacker.rolls == (Roll("mendu-sada-the-havoc", 4),)
    assert setup.attacker.counts == (Count("woodland-troll", 2),)
    assert setup.attacker.choices == (Choice("female-titan", "small"),)
    assert format_duel(setup) == DECIDED
    data = duel_to_dict(setup)
    assert data["attacker"]["rolls"] == ["mendu-sada-the-havoc:4"]
    assert data["defender"]["rolls"] == ["archer:5"]
    assert duel_from_dict(data) == setup


@pytest.mark.parametrize(
    "text",
    ["ruleset=arena a=swordsman a.rolls=mendu-sada-the-havoc d=sand-lord", "ruleset=arena a=x a.counts=troll:-1 d=y"],
)
def test_a_malformed_decision_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_duel(text)
    assert caught.value.code == "notation.bad_value"
    with pytest.raises(NotationError):
        duel_from_dict({"attacker": {"duellists": ["swordsman"], "rolls": "mendu-sada-the-havoc:4"}})


def test_a_rolled_aoe_resolves_with_the_roll_and_is_refused_without_it() -> None:
    without = (
        DECIDED.replace(" a.rolls=mendu-sada-the-havoc:4", "")
        .replace(" a.counts=woodland-troll:2 a.choices=female-titan:small", "")
        .replace(" d.rolls=archer:5", "")
    )
    with pytest.raises(SetupInvalid) as caught:
        resolve_duel(parse_duel(without), default_catalog())
    assert [p.code for p in caught.value.problems] == ["setup.roll_missing"]
    text = without.replace("a.pen=mendu-sada-the-havoc", "a.pen=mendu-sada-the-havoc a.rolls=mendu-sada-the-havoc:2")
    text = text.replace("d=sand-lord", "d=sand-lord d.pen=gnobby-gnomes")
    log = resolve_duel(parse_duel(text), default_catalog())
    # A roll of 2 makes a 2-point AOE: the Gnomes (Vitality 4) stay in the hand; with 4 they are discarded.
    assert "gnobby-gnomes" not in {place.card for place in log.result.places if place.place.value == "discard"}
    burnt = resolve_duel(parse_duel(text.replace("havoc:2", "havoc:4")), default_catalog())
    assert "gnobby-gnomes" in {place.card for place in burnt.result.places if place.place.value == "discard"}


def test_a_made_up_duellist_prints_back_and_is_named_in_the_result() -> None:
    text = (
        'ruleset=arena made-up.test-giant={"border":"mortal","name":"Test%20Giant","type":"creature","vitality":9} '
        "a=test-giant d=swordsman p=a:pass,d:pass s=d:pass,a:pass"
    )
    setup = parse_duel(text)
    assert format_duel(setup) == text
    data = duel_to_dict(setup)
    assert data["made_up"][0]["slug"] == "test-giant"
    assert duel_from_dict(data) == setup
    log = resolve_duel(setup, default_catalog())
    assert log.result.made_up == ("test-giant",)
    assert log.result.primary is not None and log.result.primary.attacker_total == 9
    assert [c.made_up for c in log.result.creatures if c.card == "test-giant"] == [True]
    assert log.steps[0].rule == "ARN-42"


def test_a_made_up_card_that_takes_a_printed_name_is_a_set_up_problem() -> None:
    text = 'ruleset=arena made-up.swordsman={"name":"Sword","type":"creature","vitality":9} a=swordsman d=sand-lord'
    with pytest.raises(SetupInvalid) as caught:
        resolve_duel(parse_duel(text), default_catalog())
    assert [p.code for p in caught.value.problems] == ["setup.bad_made_up"]


def test_a_spell_with_a_choice_takes_it_from_the_duel_set_up() -> None:
    text = (
        "ruleset=arena a=swordsman a.stock=warwicks-conversion a.choices=warwicks-conversion:knight d=sand-lord "
        "p=a:spell:warwicks-conversion,d:pass,a:pass s=a:pass,d:pass"
    )
    log = resolve_duel(parse_duel(text), default_catalog())
    (step,) = [step for step in log.steps if step.card == "warwicks-conversion"]
    assert "Knight" in step.text and step.rule == "ARN-40"
    unchosen = resolve_duel(parse_duel(text.replace(" a.choices=warwicks-conversion:knight", "")), default_catalog())
    (step,) = [step for step in unchosen.steps if step.card == "warwicks-conversion"]
    assert "no class is named" in step.text


def test_a_card_with_a_rolled_or_counted_aoe_is_automated_in_duels_now() -> None:
    from engine.arena import ArenaStatus, arena_support

    for slug in ("mendu-sada-the-havoc", "iron-lord"):
        assert arena_support(default_catalog().get(slug)).status is ArenaStatus.AUTOMATED, slug


def test_a_roll_for_a_spell_the_duel_does_not_play_is_refused_with_the_reason() -> None:
    text = (
        "ruleset=arena a=swordsman a.stock=ice-storm a.rolls=ice-storm:5 d=sand-lord "
        "p=a:spell:ice-storm,d:pass,a:pass s=a:pass,d:pass"
    )
    with pytest.raises(SetupInvalid) as caught:
        resolve_duel(parse_duel(text), default_catalog())
    (found,) = caught.value.problems
    assert found.code == "arena.decision_not_used" and found.field == "a.rolls"
    assert "roll given for Ice Storm is not used" in found.message and "6.8.1" in found.message
