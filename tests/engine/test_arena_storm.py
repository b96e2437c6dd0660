"""Summon Entropy Storm in a duel (engine.arena.stock.StockFate.DECIDES_PRIMARY).

Its roll comes from the set-up (Arena rule 6.8.2). A roll that destroys the caster's own duellist is
applied: a duellist destroyed by a card leaves the Duel Zone and the other wins (6.4.3, ARN-15). A winning
roll "wins the match-up", which the Arena rules do not define for a duel (the primary round's upper hand,
or the duel), so it is said and left out (6.8.1). The secondary round is no primary match-up."""

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


def test_a_winning_roll_is_said_and_left_out_of_the_totals() -> None:
    # The Gorgal Skag is Small: 4 + 1 = 5, a winning roll. It flies over the Sand Lord, so it wins the
    # primary round anyway and the defender acts first in the secondary round.
    after = "s=d:pass,a:pass"
    stormed = resolve_duel(parse_duel(duel("gorgal-skag", 4, f"p=a:spell:{STORM},d:pass,a:pass", after)), CATALOG)
    plain = resolve_duel(parse_duel(duel("gorgal-skag", None, "p=a:pass,d:pass", after)), CATALOG)
    [notice] = stormed.result.notices
    assert notice.code == "arena.winning_roll_not_automated" and notice.rule == "ARN-3"
    assert notice.values == {
        "side": "attacker",
        "card": "Summon Entropy Storm",
        "roll": "4 + 1 (Gorgal Skag is among Small creatures) = 5",
        "fighter": "Gorgal Skag",
        "wins_from": 5,
    }
    assert [slug for slug, _ in stormed.result.not_automated] == [STORM]
    assert "do not say whether that is the primary round or the whole duel" in stormed.result.not_automated[0][1]
    # Left out: the duel reads as if the spell had not been played.
    assert stormed.result.primary == plain.result.primary and stormed.result.winner is plain.result.winner


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
    assert support.status is ArenaStatus.NOT_AUTOMATED
    assert support.reason.startswith("Only partly automated in duels.")
    assert "6.4.3" in support.reason and "A winning roll is not automated" in support.reason
