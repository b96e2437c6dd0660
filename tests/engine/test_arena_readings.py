"""Readings of open rules (engine.readings, engine.arena.readings): the Arena's end of a secondary round of
passes follows the published step 6 by default, the site's former ruling when the set-up asks for it, and a
duel link written before readings existed keeps the result it had, naming the reading it was read under."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import ARENA, default_catalog
from engine.arena import ArenaSetup, duel_from_dict, duel_to_dict, format_duel, parse_duel, resolve_duel
from engine.arena.readings import BEFORE_READINGS, SECONDARY_PASSES, TODAY, SecondaryPasses
from engine.errors import NotationError

CATALOG = default_catalog()
# The Archer's shot and the off-colour bonus give the attacker the primary round (12 against 9); both players
# then pass. Step 6 drops those primary-round modifiers: Swordsman 6 against Magma Elemental 9.
BODY = "a=swordsman a.under=archer d=magma-elemental p=a:ranged:archer,d:pass,a:pass s=d:pass,a:pass"
OLD_LINK = f"ruleset=arena {BODY}"
STEP_6 = f"ruleset=arena reading.secondary-passes=step-6 {BODY}"
PRIMARY_STANDS = f"ruleset=arena reading.secondary-passes=primary-stands {BODY}"
ROWS: list[dict[str, Any]] = json.loads((Path(__file__).parent / "arena_permalinks_before.json").read_text())["duels"]


def _steps(notation: str) -> list[tuple[str, str, tuple[object, ...]]]:
    return [(step.rule, step.message, step.args) for step in resolve_duel(parse_duel(notation), CATALOG).steps]


def test_the_default_reading_is_the_published_step_6() -> None:
    assert SECONDARY_PASSES.default == "step-6" and ArenaSetup().readings == TODAY
    assert TODAY.secondary_passes is SecondaryPasses.STEP_6 and TODAY.written
    assert format_duel(ArenaSetup()).startswith("ruleset=arena reading.secondary-passes=step-6")


def test_a_round_of_passes_is_compared_again_under_step_6() -> None:
    log = resolve_duel(parse_duel(STEP_6), CATALOG)
    result = log.result
    assert result.primary is not None and (result.primary.attacker_total, result.primary.defender_total) == (12, 9)
    assert result.upper_hand is not None and result.upper_hand.value == "attacker"
    assert result.secondary is not None and (result.secondary.attacker_total, result.secondary.defender_total) == (6, 9)
    assert result.winner is not None and result.winner.value == "defender"
    assert result.readings == {"secondary-passes": "step-6"} and result.readings_applied == ("secondary-passes",)
    # The step that applies the reading names it, and the comparison follows it.
    steps = _steps(STEP_6)
    at = steps.index(("ARN-14", "arena.passes_compared", ("step-6",)))
    assert steps[at + 1][:2] == ("ARN-11", "arena.secondary_won")
    assert "step-6" in log.steps[at].text and "step 6" in log.steps[at].text


def test_the_alternative_reading_keeps_the_primary_result() -> None:
    result = resolve_duel(parse_duel(PRIMARY_STANDS), CATALOG).result
    assert result.secondary is None and result.winner is not None and result.winner.value == "attacker"
    assert result.decided_by_code == "arena.decided.no_secondary"
    assert result.readings == {"secondary-passes": "primary-stands"} and result.readings_written
    assert ("ARN-14", "arena.no_secondary", ("primary-stands",)) in _steps(PRIMARY_STANDS)


def test_a_link_without_a_reading_resolves_as_before_and_prints_as_written() -> None:
    setup = parse_duel(OLD_LINK)
    assert setup.readings == BEFORE_READINGS and not setup.readings.written
    log = resolve_duel(setup, CATALOG)
    assert log.notation == OLD_LINK  # its permalink is unchanged
    assert log.result.winner is not None and log.result.winner.value == "attacker"
    assert log.result.readings == {"secondary-passes": "primary-stands"} and not log.result.readings_written
    # The same duel under today's reading is one added clause away.
    today = ARENA.with_reading(setup, "secondary-passes", SECONDARY_PASSES.default)
    assert ARENA.format(today) == STEP_6
    assert resolve_duel(today, CATALOG).result.winner.value == "defender"  # type: ignore[union-attr]


def test_a_secondary_round_with_a_play_applies_no_reading() -> None:
    notation = "ruleset=arena a=swordsman d=sand-lord d.pen=devil-dog p=a:pass,d:pass s=a:pass,d:creature:devil-dog,a:pass,d:pass"
    for text in (notation, notation.replace("ruleset=arena", "ruleset=arena reading.secondary-passes=step-6")):
        result = resolve_duel(parse_duel(text), CATALOG).result
        assert result.readings_applied == () and result.decided_by_code == "arena.decided.secondary_round"


@pytest.mark.parametrize("row", [r for r in ROWS if "asserts" in r][:3], ids=lambda row: row["source"])
def test_a_round_written_for_the_other_opener_is_compared_again_under_step_6(row: dict[str, Any]) -> None:
    """Its actions are not taken (arena.action_not_possible), which leaves a round in which nobody played."""
    setup = ARENA.with_reading(parse_duel(row["notation"]), "secondary-passes", "step-6")
    log = resolve_duel(setup, CATALOG)
    assert any(notice.code == "arena.action_not_possible" for notice in log.result.notices)
    assert log.result.secondary is not None and log.result.readings_applied == ("secondary-passes",)
    assert [s.message for s in log.steps].count("arena.passes_compared") == 1


def test_readings_in_json_round_trip_and_absent_means_before() -> None:
    setup = parse_duel(PRIMARY_STANDS)
    data = duel_to_dict(setup)
    assert data["readings"] == {"secondary-passes": "primary-stands"}
    assert duel_from_dict(json.loads(json.dumps(data))) == setup
    old = duel_to_dict(parse_duel(OLD_LINK))
    assert "readings" not in old and duel_from_dict(old).readings == BEFORE_READINGS


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (f"ruleset=arena reading.secondary-passes=sometimes {BODY}", "notation.bad_reading"),
        (f"ruleset=arena reading.flying=never {BODY}", "notation.unknown_reading"),
    ],
)
def test_a_bad_reading_is_a_coded_notation_error(text: str, code: str) -> None:
    with pytest.raises(NotationError) as refused:
        parse_duel(text)
    assert refused.value.code == code and refused.value.position == text.index("reading.")
    with pytest.raises(NotationError) as in_json:
        duel_from_dict({**duel_to_dict(parse_duel(OLD_LINK)), "readings": {"secondary-passes": 3}})
    assert in_json.value.code == "json.bad_value"
