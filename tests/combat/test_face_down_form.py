"""The set-up form writes a face-down terrain card, and reads one back from a set-up."""

from __future__ import annotations

from django.http import QueryDict

from combat.setup_form import bound_forms, build_notation, filled_forms
from engine.catalog import default_catalog
from engine.notation import parse_setup

CATALOG = default_catalog()


def _data(**fields: str) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data[name.replace("__", "-")] = value
    return data


def test_the_face_down_card_is_written_into_the_terrain_clause() -> None:
    forms = bound_forms(
        _data(terrain="face-down", face_down_card="Thackle", a__creatures="Tiger Baloo", d__creatures="axeman"),
        CATALOG,
    )
    assert build_notation(forms, CATALOG) is not None
    assert forms.notation == "terrain=face-down:thackle a=tiger-baloo d=axeman"


def test_a_face_down_card_needs_a_face_down_terrain() -> None:
    forms = bound_forms(
        _data(terrain="woods", face_down_card="thackle", a__creatures="archer", d__creatures="axeman"), CATALOG
    )
    assert build_notation(forms, CATALOG) is None
    assert "face_down_card" in forms.terrain.errors


def test_a_face_down_set_up_fills_both_terrain_fields() -> None:
    filled = filled_forms(parse_setup("terrain=face-down:thackle a=archer d=axeman"), CATALOG)
    assert filled.terrain.initial == {"terrain": "face-down", "face_down_card": "thackle"}
