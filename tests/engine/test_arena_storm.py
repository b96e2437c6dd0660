"""Summon Entropy Storm in a duel (engine.arena.stock.StockFate.DECIDES_PRIMARY).

Its roll comes from the set-up (Arena rule 6.8.2). A roll that destroys the caster's own duellist is
applied: a duellist destroyed by a card leaves the Duel Zone and the other wins (6.4.3, ARN-15). A winning
roll "wins the match-up": the primary round, the duel's one primary match-up, and not the duel (site ruling
6.8.5, ARN-43). The secondary round is no primary match-up."""

from __future__ import annotations

import pytest

from engine.arena import ArenaStatus, arena_support, parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.enums import Fate, Side
from engine.errors import SetupInvalid

CATALOG = default_catalog()
STORM = "summon-entropy-storm"


def duel(duellist: str, roll: int | None, primary: str, secondary: str = "s=a:pass,d:pass") -> str:
    rolls = f" a.rolls={STORM}:{roll}" if roll is not None else ""
    return f"ruleset=arena a={duellist} a.stock={STORM}{rolls} a.under=archer d=sand-lord {primary} {secondary}"


def test_a_destroying_roll_takes_its_own_duellist_out_of_the_zone() -> None:
    log = resolve_duel(
        parse_duel(duel("swordsman", 4, f"p=a:spell:{STORM},d:pass,a:ranged:archer,d:pass,a:pass")), CATALOG
    )
    result = log.result
    # 4 is below 5 (the Swordsman is Medium, so no +1): destroyed by its own side's spell.
    swordsman = next(c for c in result.creatures if c.card == "swordsman")
    assert swordsman.fate is Fate.DESTROYED and swordsman.reason_code == "fate.destroyed_by_own_spell"
    assert swordsman.reason == "destroyed by its own side's Summon Entropy Storm in the primary round"
    # Nothing to compare: the Sand Lord stands alone and wins; the Archer's turn is never taken.
    assert result.primary is None and result.winner is Side.DEFENDER
    assert result.decided_by_code == "arena.decided.left_zone" and result.decided_by_values["round"] == "primary"
    assert [step.rule for step in log.steps if step.message == "arena.not_taken"] == ["ARN-15"]
    assert result.not_automated == () and result.warnings == ()
    assert result.places_of(Side.ATTACKER) == {"swordsman": "discard", STORM: "discard", "archer": "kept"}
    cast = next(step for step in log.steps if step.message == "cast_rolled_outcome.3")
    assert cast.rule == "ARN-3" and cast.text.endswith("Nothing more may change this round.")


def test_a_winning_roll_wins_the_primary_round_against_the_totals() -> None:
    # The Gorgal Skag is Small: 4 + 1 = 5, a winning roll. Without the Storm it flies over the Sand Lord and wins
    # the primary round anyway, so a Swordsman (Medium, 6 against 11) shows the roll overturning the totals.
    after = "s=d:pass,a:pass"
    stormed = resolve_duel(parse_duel(duel("swordsman", 5, f"p=a:spell:{STORM},d:pass,a:pass", after)), CATALOG)
    plain = resolve_duel(parse_duel(duel("swordsman", None, "p=a:pass,d:pass")), CATALOG)
    assert plain.result.upper_hand is Side.DEFENDER and plain.result.winner is Side.DEFENDER
    result = stormed.result
    assert result.notices == () and result.not_automated == () and result.warnings == ()
    assert result.primary is not None and result.primary.won_by is Side.ATTACKER
    assert result.primary.decided_by_card == STORM
    # The totals are those the roll found: nothing counted at the round's end (no further modification).
    assert (result.primary.attacker_total, result.primary.defender_total) == (6, 11)
    assert result.upper_hand is Side.ATTACKER
    # Both pass in the secondary round: the upper hand stands (6.7.5), so the Swordsman wins the duel.
    assert result.winner is Side.ATTACKER and result.decided_by_code == "arena.decided.no_secondary"
    won = next(step for step in stormed.steps if step.message == "arena.roll_wins")
    assert won.rule == "ARN-43" and won.args == ("attacker", "Summon Entropy Storm", "Swordsman", "5", 5)
    assert [s.message for s in stormed.steps if s.rule == "ARN-43"] == ["arena.roll_wins", "arena.primary_by_roll"]
    assert result.places_of(Side.ATTACKER) == {"swordsman": "victorious", STORM: "discard", "archer": "kept"}


def test_a_small_duellist_adds_one_to_the_roll() -> None:
    log = resolve_duel(
        parse_duel(duel("gorgal-skag", 4, f"p=a:spell:{STORM},d:pass,a:pass", "s=d:pass,a:pass")), CATALOG
    )
    won = next(step for step in log.steps if step.message == "arena.roll_wins")
    assert won.args[3] == "4 + 1 (Gorgal Skag is among Small creatures) = 5"
    assert log.result.primary is not None and log.result.primary.decided_by_card == STORM


def test_after_a_winning_roll_nothing_more_is_taken_in_the_primary_round() -> None:
    # The defender's bribe and the Archer's shot come after the roll: neither is taken.
    log = resolve_duel(
        parse_duel(
            duel(
                "swordsman", 6, f"p=a:spell:{STORM},d:bribe:gold,a:ranged:archer,d:pass,a:pass", "s=d:pass,a:pass"
            ).replace(" d=sand-lord", " d=sand-lord d.stock=gold")
        ),
        CATALOG,
    )
    skipped = [step for step in log.steps if step.message == "arena.not_taken_decided"]
    assert [(step.rule, step.args[0]) for step in skipped] == [("ARN-43", 2), ("ARN-43", 3)]
    assert not any(step.message.startswith("ranged") for step in log.steps)
    assert log.result.primary is not None and log.result.primary.attacker_total == 6
    assert log.result.places_of(Side.ATTACKER)["archer"] == "kept"
    assert log.result.places_of(Side.DEFENDER)["gold"] == "kept"
    assert all(creature.fate is Fate.STANDING for creature in log.result.creatures if creature.card == "swordsman")


def test_in_the_secondary_round_it_does_nothing_and_needs_no_roll() -> None:
    log = resolve_duel(
        parse_duel(duel("swordsman", None, "p=a:pass,d:pass", f"s=a:spell:{STORM},d:pass,a:pass")), CATALOG
    )
    [notice] = log.result.notices
    assert notice.code == "arena.primary_matchup_only" and notice.rule == "ARN-31"
    assert log.result.not_automated == ()
    assert log.result.places_of(Side.ATTACKER)[STORM] == "discard"


def test_in_the_primary_round_its_roll_must_be_given() -> None:
    with pytest.raises(SetupInvalid) as caught:
        resolve_duel(parse_duel(duel("swordsman", None, f"p=a:spell:{STORM},d:pass,a:pass")), CATALOG)
    assert [problem.code for problem in caught.value.problems] == ["setup.roll_missing"]


def test_its_card_page_says_which_half_the_duel_applies() -> None:
    support = arena_support(CATALOG.get(STORM))
    assert support.status is ArenaStatus.AUTOMATED
    assert "6.4.3" in support.reason and "A winning roll wins the primary round" in support.reason
    assert "6.8.5" in support.reason
