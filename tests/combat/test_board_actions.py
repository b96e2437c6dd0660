"""The board's order of actions: a row's m<N> list written into the notation and read back from it."""

from __future__ import annotations

from combat.board import board_action_clauses, build_board, values_from_setup
from combat.setup_form import bound_forms, build_notation, filled_forms
from engine.catalog import default_catalog
from engine.notation import format_setup, parse_setup

CATALOG = default_catalog()
EXAMPLE = "terrain=mountains a=light-elemental d=kikijub,djinn m1=a:channel:guardian,d:ranged:djinn"
FORM = {
    "terrain": "mountains",
    "a-creatures": "Light Elemental",
    "d-creatures": "Kikijub\nDjinn",
}


def test_an_edited_row_writes_its_m_clause_and_reads_back() -> None:
    forms = bound_forms({**FORM, "m1-actions": "a:channel:guardian*1, d:ranged:djinn"}, CATALOG)
    setup = build_notation(forms, CATALOG)
    assert setup is not None, forms.problems
    assert forms.notation == EXAMPLE
    values, _ = values_from_setup(CATALOG, parse_setup(forms.notation))
    assert values["m1-actions"] == "a:channel:guardian,d:ranged:djinn"
    again = filled_forms(parse_setup(forms.notation), CATALOG)
    assert again.board().rows[0].actions.value == "a:channel:guardian,d:ranged:djinn"
    rebuilt = bound_forms({**FORM, **again.board_values}, CATALOG)
    assert build_notation(rebuilt, CATALOG) is not None
    assert rebuilt.notation == format_setup(parse_setup(EXAMPLE))


def test_an_untouched_row_writes_no_m_clause() -> None:
    assert board_action_clauses({"m1-actions": "  ", "a-m1-channel": "guardian"}) == []
    forms = bound_forms({**FORM, "a-m1-channel": "guardian", "a-m1-stones": "1"}, CATALOG)
    assert build_notation(forms, CATALOG) is not None, forms.problems
    assert " m1=" not in forms.notation and "a.channel=1:guardian" in forms.notation


def test_a_malformed_action_is_shown_by_its_row() -> None:
    forms = bound_forms({**FORM, "m1-actions": "a:shout"}, CATALOG)
    assert build_notation(forms, CATALOG) is None
    row = forms.board().rows[0]
    assert "shout" in row.actions.error
    assert build_board(CATALOG, parse_setup("a=swordsman d=archer"), {}).rows[0].actions.value == ""
