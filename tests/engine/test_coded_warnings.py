"""Every warning of a combat is a notice: a stable code, its values by name and the rule it follows,
with the sentence made from a template in engine/render.py. The site reads the codes, never the words."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path

import pytest

from engine.catalog import default_catalog
from engine.log import CombatLog
from engine.notation import parse_setup
from engine.render import NOTICES
from engine.resolver import resolve

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "fixtures" / "examples").glob("*.json"))

# Set-ups that raise warnings of several kinds (each noted with the warning it raises).
WARNED = [
    # The Archer may not fire in the Woods.
    ("terrain=woods a=sand-lord d=swordsman,archer m1=a:pass,d:pass,a:pass,d:ranged:archer", "ranged.woods"),
    # Five stones planned, seven held by default: fine; nine planned are cut to seven.
    ("a=light-elemental a.channel=1:guardian*9 d=kikijub", "channel.too_few_stones"),
    # The Rooster does nothing in a combat: not automated, and its item turn is not applied.
    ("a=swordsman a.hand=rooster d=archer m1=a:item:rooster", "action.not_applied"),
    # A turn out of order.
    ("a=swordsman,archer d=sand-lord m1=a:ranged:archer,a:pass", "action.out_of_turn"),
]


def run(text: str) -> CombatLog:
    return resolve(parse_setup(text), default_catalog())


def check(log: CombatLog) -> None:
    result = log.result
    assert len(result.notices) == len(result.warnings)
    for notice, warning in zip(result.notices, result.warnings, strict=True):
        assert warning == f"{notice.message} ({notice.code})"
        assert re.fullmatch(r"[a-z_]+\.[a-z_]+", notice.code), notice.code
        assert notice.rule, notice.code
        assert "{" not in notice.message
        if notice.values:
            # The values are plain data the API can send: names to strings and numbers.
            json.dumps(notice.values)


@pytest.mark.parametrize(("setup", "code"), WARNED, ids=[code for _, code in WARNED])
def test_each_warning_carries_its_code_and_values(setup: str, code: str) -> None:
    log = run(setup)
    check(log)
    assert code in [notice.code for notice in log.result.notices]


def test_a_warnings_values_fill_its_sentence() -> None:
    log = run("terrain=woods a=sand-lord d=swordsman,archer m1=a:pass,d:pass,a:pass,d:ranged:archer")
    (notice,) = log.result.notices
    assert (notice.code, notice.rule) == ("ranged.woods", "PRI-9")
    # The Woods card that makes the space Woods is a value too (added for readers that link cards).
    assert notice.values == {"side": "defender", "shooter": "Archer", "round": 1, "terrain_cards": ("Woods",)}
    assert notice.message == "defender: Archer's ranged attack in match-up 1 is not allowed in Woods"


def test_the_worked_examples_give_coded_warnings_only() -> None:
    for path in EXAMPLES:
        check(run(json.loads(path.read_text(encoding="utf-8"))["notation"]))


def test_every_code_the_engine_writes_has_a_sentence() -> None:
    written: set[str] = set()
    for path in (ROOT / "engine").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        written |= set(re.findall(r'(?:warn|Why|coded)\(\s*"([a-z_]+\.[a-z_.]+)"', text))
        written |= set(re.findall(r'template="([a-z_]+\.[a-z_.]+)"', text))
    assert len(written) > 40
    # One code may have several wordings (code.<variant>), each chosen with template=.
    missing = {code for code in written if code not in NOTICES and not any(k.startswith(f"{code}.") for k in NOTICES)}
    assert not missing


def test_every_creatures_reason_is_a_code_with_values() -> None:
    # The worked examples and the warned set-ups: each creature's reason is the sentence its code's
    # template makes from its values, and no standard combat falls back on a worded reason.
    from engine.render import render_values

    setups = [json.loads(path.read_text(encoding="utf-8"))["notation"] for path in EXAMPLES]
    for setup in setups + [setup for setup, _ in WARNED]:
        result = run(setup).result
        # The result and its card outcomes are built without __init__ too: every field is there.
        for made in (result, *result.cards):
            assert set(vars(made)) == {field.name for field in fields(made)}
        for creature in result.creatures:
            assert creature.reason_code in NOTICES, creature
            assert creature.reason == render_values(creature.reason_code, creature.reason_values)
            json.dumps(creature.reason_values)
            # Built without the dataclass's __init__ (CreatureOutcome.record): every field is there.
            assert set(vars(creature)) == {field.name for field in fields(creature)}


def test_a_reason_carries_the_numbers_behind_it() -> None:
    # Swordsman 6 + 3 OCB = 9 against the Sand Lord's 11: beaten in match-up 1, 11 against 9.
    creatures = {c.id: c for c in run("a=swordsman d=sand-lord").result.creatures}
    beaten, winner = creatures["a1"], creatures["d1"]
    assert beaten.reason_code == "fate.beaten"
    assert beaten.reason_values == {"winner": "Sand Lord", "round": 1, "total": 11, "against": 9}
    assert beaten.reason == "beaten by Sand Lord in match-up 1 (11 against 9)"
    assert (winner.reason_code, winner.reason_values) == ("fate.won", {"round": 1})
