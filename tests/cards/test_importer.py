"""The Lackey importer: quirks repaired and recorded, printings merged, fan sets left out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from cards.importers.lackey import build_cards, group_by_file, merge_reviewed, slugify

DATA_DIR = settings.BASE_DIR.parent / "shared" / "data"

pytestmark = pytest.mark.skipif(not (DATA_DIR / "raw").is_dir(), reason="shared card sources not present")


@pytest.fixture(scope="module")
def imported() -> dict[str, dict[str, Any]]:
    cards = build_cards(DATA_DIR / "raw" / "lackey_carddata.tsv", DATA_DIR / "cards_harvest.jsonl")
    return {card["slug"]: card for card in cards}


def test_every_printed_card_once_plus_mud_castle(imported: dict[str, dict[str, Any]]) -> None:
    assert len(imported) == 679
    sets = {card["set"] for card in imported.values()}
    assert sets == {"RE", "DI", "DN", "NP", "PR", "FAN"}


def test_fan_made_events_and_adventure_are_left_out(imported: dict[str, dict[str, Any]]) -> None:
    printed_in = {printing["set"] for card in imported.values() for printing in card["printings"]}
    assert "Events" not in printed_in and "Adventure" not in printed_in


def test_rock_giant_beer_flag_moved_out_of_the_gold_column(imported: dict[str, dict[str, Any]]) -> None:
    rock_giant = imported["rock-giant"]
    assert rock_giant["bribery"] == ["beer"]
    assert "Beer bribery flag found in the Gold column and moved to Beer." in rock_giant["provenance"]["import_fixes"]
    assert rock_giant["ranged_attack"] == 6


def test_padding_is_trimmed_and_recorded(imported: dict[str, dict[str, Any]]) -> None:
    amber_well = imported["amber-well"]
    assert amber_well["size"] == "large"
    assert "Size 'L ' normalised." in amber_well["provenance"]["import_fixes"]
    assert all(name == name.strip() for name in (card["name"] for card in imported.values()))


def test_class_typos_corrected_and_recorded(imported: dict[str, dict[str, Any]]) -> None:
    assert imported["dead-cats"]["classes"] == ["Undead", "Animal"]
    assert imported["super-model"]["classes"] == ["Misc. Human"]
    assert any("'Undeal'" in fix for fix in imported["dead-cats"]["provenance"]["import_fixes"])
    all_classes = {name for card in imported.values() for name in card["classes"]}
    assert not {"Undeal", "Misc Human", "Saurina"} & all_classes


def test_cards_printed_twice_have_two_printings(imported: dict[str, dict[str, Any]]) -> None:
    assert [p["set"] for p in imported["land-drake"]["printings"]] == ["DI", "PR"]
    assert [p["set"] for p in imported["druk"]["printings"]] == ["DI", "PR"]
    fangis = imported["fangis-the-hunter"]
    assert [p["classes"] for p in fangis["printings"]] == [["Animal"], ["Henchman"]]
    assert fangis["classes"] == ["Animal"]


def test_strongholds_named_with_their_position(imported: dict[str, dict[str, Any]]) -> None:
    center = imported["carreg-amroth-center"]
    assert center["name"] == "Carreg Amroth (Center)"
    assert center["stronghold"] == {"group": "Carreg Amroth", "position": "center", "defend_bonus": 5,
                                    "counts_as_terrain": None}  # fmt: skip


def test_mud_castle_is_marked_as_fan_page_content(imported: dict[str, dict[str, Any]]) -> None:
    left = imported["mud-castle-left"]
    assert left["set"] == "FAN"
    assert left["provenance"]["confidence"] == "partial"
    assert "fan page" in left["provenance"]["notes"][0]


def test_slugs_are_ascii_and_stable() -> None:
    assert slugify("McHooter's Distraction") == "mchooters-distraction"
    assert slugify("Grahzue: Lover of Vice") == "grahzue-lover-of-vice"


def test_committed_fixtures_match_a_fresh_import(imported: dict[str, dict[str, Any]]) -> None:
    cards_dir = Path(settings.FIXTURES_DIR) / "cards"
    reviewed = {c["slug"]: c for path in cards_dir.glob("*.json") for c in json.loads(path.read_text("utf-8"))}
    fresh = merge_reviewed([dict(card) for card in imported.values()], reviewed)
    for file_name, cards in group_by_file(fresh).items():
        assert json.loads((cards_dir / file_name).read_text("utf-8")) == cards, file_name
