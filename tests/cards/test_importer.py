"""The Lackey importer: quirks repaired and recorded, printings merged, fan sets left out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from cards.importers.lackey import build_cards, group_by_file, merge_reviewed, rarity_from_image, slugify

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


@pytest.mark.parametrize(
    ("image", "code", "starter", "token"),
    [
        ("CaveGiantMortalGiantUncommon2.png", "U2", False, "Uncommon2"),
        ("CreatureUncom3.png", "U3", False, "Uncom3"),
        ("RocksatRhuadanLocationTerrainUncom3-horizontal.png", "U3", False, "Uncom3"),
        ("UsurperSpellR4.png", "R4", False, "R4"),
        ("CragBrewMountainLocationTerrainC2-horizontal.png", "C2", False, "C2"),
        ("RiversandLakesTerrainCommonSp-horizontal.png", "C", False, "CommonSp"),
        ("ShieldBromsGoblin4ShieldCommon14.png", "C", False, "Common14"),
        ("CarregAmrothStrongholdCStrongholdStarter-horizontal.png", None, True, "Starter"),
        ("RakNamLeaderoftheMightyGuardianStarter.png", None, True, "Starter"),
        ("PromoDruk.png", None, False, ""),
        ("RiverGiantMortal.png", None, False, ""),
    ],
)
def test_every_rarity_form_of_the_image_names(image: str, code: str | None, starter: bool, token: str) -> None:
    reading = rarity_from_image(image)
    assert (reading.code, reading.starter_only, reading.token) == (code, starter, token)


def test_rarity_filled_on_every_printing_that_names_one(imported: dict[str, dict[str, Any]]) -> None:
    printings = [p for card in imported.values() for p in card["printings"]]
    missing = sorted(p["image"] for p in printings if p["rarity"] is None and not p["starter_only"])
    # Promos carry no rarity, River Giant's image name none either; the fan-page cards have no image.
    assert len(missing) == 7 + 1 + 3
    assert "RiverGiantMortal.png" in missing
    starter = [card["name"] for card in imported.values() if card["printings"][0]["starter_only"]]
    assert len(starter) == 66
    assert {name for name in starter if "(" in name} == {
        f"{group} ({position})"
        for group in ("Carreg Amroth", "Khnumian Stronghold", "Sabu Amantek")
        for position in ("Left", "Center", "Right")
    }


def test_command_spells_and_items_flagged_from_the_fan_pages(imported: dict[str, dict[str, Any]]) -> None:
    flagged = {card["name"]: card for card in imported.values() if card["command"] and card["type"] != "creature"}
    assert len(flagged) == 24
    assert {"Ice Storm", "Yap Attack", "Pulse Wave", "Flame Cannon", "Heels of Speed"} <= set(flagged)
    for card in flagged.values():
        assert any(fix.startswith("Command flag set from the fan pages") for fix in card["provenance"]["import_fixes"])


def test_rock_giant_notes_describe_the_value_in_use(imported: dict[str, dict[str, Any]]) -> None:
    card = imported["rock-giant"]
    assert card["ranged_attack"] == 6
    assert not any("Left null" in note for note in card["provenance"]["notes"])
