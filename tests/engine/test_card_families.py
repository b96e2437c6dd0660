"""One real card per family of ability shapes, each in a combat worked out by hand.

The table lives in card_families*.json (one file per group of families): the card, the ability kind it stands for, the set-up, the
expected winner and control totals, and the working. A case also checks that the card really
carries that kind, so the table cannot drift away from the fixtures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.catalog import default_catalog
from engine.notation import parse_setup
from engine.resolver import resolve

CASES: list[dict[str, Any]] = [
    case
    for path in sorted(Path(__file__).parent.glob("card_families*.json"))
    for case in json.loads(path.read_text(encoding="utf-8"))
]


def test_the_table_covers_every_family_of_ability_shapes() -> None:
    kinds = {case["kind"] for case in CASES}
    assert {
        "terrain_modifier", "bonus", "immunity", "destroys", "aoe", "channels_only_to", "side_bonus",
        "command_bonus", "destroys_when_beating", "destroyed_when_beaten", "push_margin", "wins_pushes",
        "control_value", "ranged_limit", "forbids_channelling", "receives_channelling_only_from",
        "ranged_modifier", "channel_modifier", "ocb_modifier", "terrain_bonus_modifier", "unbribeable_side",
        "control_bonus", "cancels_aoe", "guardian_cmp_bonus",
    } <= kinds  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case['kind']}-{case['card']}")
def test_card_family(case: dict[str, Any]) -> None:
    catalog = default_catalog()
    card = catalog.get(case["card"])
    assert case["kind"] in {ability.kind for ability in card.abilities}
    assert case["worked"]
    result = resolve(parse_setup(case["notation"]), catalog).result
    expected = case["expect"]
    assert (result.winner.value, result.attacker_total, result.defender_total) == (
        expected["winner"],
        expected["attacker_total"],
        expected["defender_total"],
    )
