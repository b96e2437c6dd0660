"""What decided a duel is a stable code with its values (``DuelResult.decided_by_code``/``_values``) beside
the sentence, which its template in render.NOTICES writes as the duel wrote it before it had a code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.arena import parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.render import NOTICES, render_values

ROOT = Path(__file__).resolve().parents[2]

CASES = [
    # Sand Lord's pen Devil Dog overturns the upper hand in the secondary round.
    (
        json.loads((ROOT / "fixtures/examples/arena/arena-upper-hand-overturned.json").read_text())["notation"],
        "arena.decided.secondary_round",
        {"rule": "ARN-11"},
        "the secondary round (ARN-11)",
    ),
    (
        "ruleset=arena a=swordsman a.pen=devil-dog d=swordsman d.pen=devil-dog p=a:pass,d:pass "
        "s=a:creature:devil-dog,d:creature:devil-dog,a:pass,d:pass",
        "arena.decided.secondary_tie",
        {"rule": "ARN-12"},
        "equal secondary totals: no winner (ARN-12)",
    ),
    (
        "ruleset=arena a=archer d=swordsman p=a:pass,d:pass s=a:pass,d:pass",
        "arena.decided.no_secondary",
        {"rule": "ARN-14"},
        "nobody played in the secondary round, so the primary result stands (ARN-14)",
    ),
    (
        "ruleset=arena reading.secondary-passes=primary-stands a=archer d=swordsman p=a:pass,d:pass s=a:pass,d:pass",
        "arena.decided.no_secondary",
        {"rule": "ARN-14"},
        "nobody played in the secondary round, so the primary result stands (ARN-14)",
    ),
    (
        "ruleset=arena reading.secondary-passes=step-6 a=archer d=swordsman p=a:pass,d:pass s=a:pass,d:pass",
        "arena.decided.secondary_tie",
        {"rule": "ARN-12"},
        "equal secondary totals: no winner (ARN-12)",
    ),
    (
        "ruleset=arena a=swordsman d=sand-lord d.stock=gold p=a:pass,d:pass s=a:pass,d:bribe:gold,a:pass",
        "arena.decided.left_zone",
        {"round": "secondary", "rule": "ARN-15"},
        "a duellist left the Duel Zone in the secondary round (ARN-15)",
    ),
    (
        json.loads((ROOT / "fixtures/examples/arena/arena-order-bribe-ends-round.json").read_text())["notation"],
        "arena.decided.left_zone",
        {"round": "primary", "rule": "ARN-15"},
        "a duellist left the Duel Zone in the primary round (ARN-15)",
    ),
]


@pytest.mark.parametrize(("notation", "code", "values", "sentence"), CASES, ids=[c[1] + "-" + str(c[2]) for c in CASES])
def test_what_decided_a_duel_is_a_code_with_values(
    notation: str, code: str, values: dict[str, object], sentence: str
) -> None:
    result = resolve_duel(parse_duel(notation), default_catalog()).result
    assert (result.decided_by_code, result.decided_by_values) == (code, values)
    assert result.decided_by == sentence == render_values(code, values)
    assert code in NOTICES


def test_every_duel_scenario_is_decided_by_a_code() -> None:
    codes = set()
    for path in sorted((ROOT / "fixtures" / "examples" / "arena").glob("*.json")):
        result = resolve_duel(parse_duel(json.loads(path.read_text())["notation"]), default_catalog()).result
        assert result.decided_by == render_values(result.decided_by_code, result.decided_by_values), path.stem
        codes.add(result.decided_by_code)
    # The worked duels print today's reading (step-6), so a round of passes is compared again: none is decided by
    # the alternative reading's code (arena.decided.no_secondary), which the older link in CASES still gets.
    assert codes == {"arena.decided.secondary_round", "arena.decided.secondary_tie", "arena.decided.left_zone"}
