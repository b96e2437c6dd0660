"""Every action an editor offers, added, is accepted: the match-up board's order-of-actions editor and its picks
offer only what the engine offers, so no list the editor builds has a refused turn (issue #30)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from combat.board_actions import listed
from combat.setup_form import acted, bound_forms, build_notation
from engine.catalog import default_catalog
from engine.notation import parse_setup
from engine.resolver import resolve

# The board names each rule by its number, read from the rules reference (the database).
pytestmark = pytest.mark.django_db

CATALOG = default_catalog()
ROOT = Path(__file__).resolve().parents[2]

# Set-ups whose rows offer bribes, ranged supporters, spells, channelling and items; the second and third are
# the issue's: a bribe then a pass, and a row whose picks are set before its list is started.
FORMS = [
    {"a-creatures": "Sand Lord\nArcher", "a-hand": "Gold\nPower Lunch", "d-creatures": "Swordsman\nDjinn",
     "d-hand": "Gold"},
    {"a-creatures": "Sand Lord\nArcher", "a-hand": "Gold", "d-creatures": "Swordsman\nKikijub",
     "m1-actions": "a:bribe:gold,d:pass"},
    {"a-creatures": "Sand Lord\nArcher", "a-hand": "Gold", "d-creatures": "Light Elemental\nKikijub",
     "a-m1-bribe": "gold", "a-m1-ranged": "archer"},
    {"terrain": "mountains", "a-creatures": "Light Elemental", "d-creatures": "Kikijub\nDjinn"},
]  # fmt: skip


def _menu(data: dict[str, str]) -> list[str]:
    forms = bound_forms(data, CATALOG)
    build_notation(forms, CATALOG)
    actions = forms.board().rows[0].actions
    assert actions is not None
    return [option.value for group in actions.menu for option in group.options]


def _refused(data: dict[str, str]) -> list[str]:
    forms = bound_forms(data, CATALOG)
    setup = build_notation(forms, CATALOG)
    assert setup is not None, forms.problems
    log = resolve(setup, CATALOG)
    return [notice.code for notice in log.result.notices if notice.code.startswith("action.")]


@pytest.mark.parametrize("form", FORMS, ids=["mixed", "bribe-then-pass", "picks-then-list", "channel"])
def test_every_offered_next_action_is_accepted_three_turns_deep(form: dict[str, str]) -> None:
    frontier = [dict(form)]
    walked = 0
    for _ in range(3):
        following = []
        for data in frontier:
            for item in _menu(data):
                added = acted({**data, "m1-add-action": item}, "m1-add-chosen", CATALOG)
                assert added is not None, item
                assert listed(added, 1)[-1] == item
                assert _refused(added) == [], listed(added, 1)
                walked += 1
                following.append({name: str(value) for name, value in added.items() if value is not None})
        frontier = following[:6]
    assert walked >= 3  # the walk reached past the first turn


def test_after_a_bribe_and_a_pass_only_the_window_is_offered() -> None:
    menu = _menu(FORMS[1])
    assert menu and all(item.split(":")[1] in ("bribe", "bribe-back", "pass") for item in menu)
    assert "a:ranged:archer" not in menu


def test_a_row_with_picks_offers_what_follows_the_list_they_seed() -> None:
    menu = _menu(FORMS[2])
    # The picks seed a:bribe:gold,d:pass,a:pass,a:ranged:archer: the defender is next, not the attacker.
    assert menu and all(item.startswith("d:") for item in menu)


_LEGALITY_MODULES = ("combat/board.py", "combat/board_actions.py", "combat/duel_builder.py")


@pytest.mark.parametrize("path", _LEGALITY_MODULES)
def test_the_editors_import_no_ability_classes(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text())
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    modules |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not [module for module in modules if module.startswith("engine.abilities")]


_SETUP_AND_LOG_TYPES = {
    "CombatSetup", "SideSetup", "ArenaSetup", "ArenaSide", "CombatLog", "DuelLog", "ArenaPlay", "Action",
    "RoundAction", "MatchupActions",
}  # fmt: skip


@pytest.mark.parametrize("path", _LEGALITY_MODULES)
def test_the_editors_test_no_set_up_or_log_type(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text())
    tested = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            kinds = node.args[1]
            names = {n.id for n in ast.walk(kinds) if isinstance(n, ast.Name)}
            names |= {n.attr for n in ast.walk(kinds) if isinstance(n, ast.Attribute)}
            tested += sorted(names & _SETUP_AND_LOG_TYPES)
    assert tested == []


def test_the_notation_the_check_reads_is_the_one_parsed() -> None:
    # A guard on the walk above: a refused turn is found where there is one.
    setup = parse_setup("a=sand-lord,archer d=swordsman,djinn m1=a:ranged:archer,a:pass,d:ranged:djinn")
    assert [n.code for n in resolve(setup, CATALOG).result.notices] == ["action.out_of_turn"]


# The duel: the Sand Lord takes only Babes, and the Swordsman has a red bar.
DUEL = {"a_duellist": "Swordsman", "a_stock": "Gold, Babes, Power Lunch", "a_under": "Energy Toad, Energy Well",
        "d_duellist": "Sand Lord", "d_stock": "Beer, Gold", "d_pen": "Devil Dog"}  # fmt: skip


def _duel_notices(values: dict[str, str]) -> list[str]:
    from combat.duel_builder import draft
    from engine.arena import resolve_duel

    log = resolve_duel(draft(values, CATALOG), CATALOG)
    # A spell that has nothing to act on in the secondary round is taken and said to do nothing: not a refusal.
    return [notice.code for notice in log.result.notices if notice.code != "arena.no_effect_in_secondary"]


def test_the_duel_builder_offers_no_gold_bribe_on_the_sand_lord_and_no_channel_into_the_swordsman() -> None:
    from combat.duel_builder import builders

    primary = [option.value for _, options in builders(DUEL, CATALOG)[0].menu for option in options]
    assert "a:bribe:babes" in primary and "a:bribe:gold" not in primary
    assert not any(item.startswith("a:channel:") and "@" not in item for item in primary)


@pytest.mark.parametrize("key", ["p", "s"])
def test_every_action_the_duel_builder_offers_is_taken_without_a_warning(key: str) -> None:
    from combat.duel_builder import builders, edited

    frontier = [{**DUEL, "p": "a:pass,d:pass"} if key == "s" else dict(DUEL)]
    walked = 0
    for _ in range(3):
        following = []
        for values in frontier:
            built = builders(values, CATALOG)[0 if key == "p" else 1]
            for item in [option.value for _, options in built.menu for option in options]:
                added = edited({**values, f"{key}-add-action": item}, f"{key}-add-chosen", CATALOG)
                assert str(added[key]).split(",")[-1] == item
                notices = _duel_notices({name: str(value) for name, value in added.items() if value is not None})
                assert notices == [], (added[key], notices)
                walked += 1
                following.append({name: str(value) for name, value in added.items() if value is not None})
        frontier = following[:5]
    assert walked >= 5
