"""The engine's shape, as issue 13 set it: a public surface, one state and procedure modules that do
not stack on each other, no import cycle, and a README that maps every step of the procedure."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import engine
from engine import CatalogError, default_catalog, format_setup, parse_setup, resolve
from engine.abilities import CommandFight, SizeChoice
from engine.effects import registered, steps_of

ENGINE = Path(engine.__file__).resolve().parent
PROCEDURE_MODULES = (
    "core", "combat_state", "command_step", "command_fights", "bribery_effects", "hand_effects",
    "matchup_effects", "channelling", "primary_step", "secondary_step", "leaving", "resolver",
)  # fmt: skip
# The step ids of section A of the design document (combat_procedure_and_rulings.md).
STEP_IDS = (
    [f"CMB-{n}" for n in range(1, 3)] + [f"CMD-{n}" for n in range(1, 7)] + [f"AOE-{n}" for n in range(1, 5)]
    + [f"PRI-{n}" for n in range(0, 13)] + [f"SEC-{n}" for n in range(1, 11)] + [f"RES-{n}" for n in range(1, 7)]
    + [f"HEAL-{n}" for n in range(1, 4)] + [f"VAL-{n}" for n in range(1, 18)]
)  # fmt: skip


def test_every_public_name_is_importable_and_the_package_is_typed() -> None:
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
    assert (ENGINE / "py.typed").is_file()


def test_the_readme_maps_every_step_id_to_a_function_that_exists() -> None:
    readme = (ENGINE / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| ((?:CMB|CMD|AOE|PRI|SEC|RES|HEAL|VAL)-\d+) \| (.+) \|$", readme, re.M))
    not_performed = readme.split("Not performed by the engine", 1)[1]
    for step in STEP_IDS:
        assert step in rows or re.search(rf"\b{step}\b", not_performed), f"{step} is not in engine/README.md"
    for step, cell in rows.items():
        names = re.findall(r"`([a-z_]+)\.([A-Za-z_.]+)`", cell)
        assert names, f"{step}: no function named"
        for module, attribute in names:
            found: object = importlib.import_module(f"engine.{module}")
            for part in attribute.split("."):
                found = getattr(found, part)
            assert callable(found) or step == "VAL-17", f"{step}: engine.{module}.{attribute}"


def _runtime_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test) for node in ast.walk(block)}  # fmt: skip
    package = "engine" if path.parent == ENGINE else f"engine.{path.parent.name}"
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level and id(node) not in typing_only:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            if node.module:
                found.add(".".join([*base, node.module]))
            else:  # ``from . import a, b`` imports the modules a and b
                found.update(".".join([*base, alias.name]) for alias in node.names)
    return found


def test_the_engine_modules_import_each_other_without_a_cycle() -> None:
    graph = {}
    for path in ENGINE.rglob("*.py"):
        name = "engine." + ".".join(path.relative_to(ENGINE).with_suffix("").parts)
        graph[name.removesuffix(".__init__")] = _runtime_imports(path)
    done: set[str] = set()

    def visit(node: str, trail: tuple[str, ...]) -> None:
        assert node not in trail, " -> ".join((*trail, node))
        if node in done or node not in graph:
            return
        for target in graph[node]:
            visit(target, (*trail, node))
        done.add(node)

    for node in graph:
        visit(node, ())


def test_no_step_of_the_procedure_is_stacked_on_another_by_inheritance() -> None:
    for module in PROCEDURE_MODULES:
        tree = ast.parse((ENGINE / f"{module}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                assert not node.bases, (
                    f"engine/{module}.py: class {node.name} inherits from {ast.unparse(node.bases[0])}"
                )
            if isinstance(node, ast.Attribute) and node.attr == "kinds_present":
                assert module in ("combat_state", "core"), f"engine/{module}.py looks for a kind itself"


def test_ability_kinds_declare_the_steps_they_act_in() -> None:
    from engine.abilities import KINDS, Aoe, OutOfCombat

    assert "CMD-3" in steps_of(CommandFight)
    assert "CMB-2" in steps_of(SizeChoice)
    assert steps_of(Aoe) == ("CMD-4", "PRI-4")
    assert [kind for kind in KINDS.values() if not kind.steps] == [OutOfCombat]
    for point, entries in registered().items():
        for entry in entries:
            assert entry.kinds and all(point.split(" ")[0] in kind.steps for kind in entry.kinds), point


def test_made_up_cards_resolve_in_a_new_catalog_and_leave_the_default_alone() -> None:
    record = {"slug": "test-giant", "name": "Test Giant", "type": "creature", "border": "mortal", "vitality": 9}
    catalog = default_catalog().with_made_up([{**record, "abilities": [{"kind": "bonus", "amount": 2}]}])
    result = resolve(parse_setup("a=test-giant d=swordsman"), catalog).result
    assert (result.winner.value, result.attacker_total, result.defender_total) == ("attacker", 9, 0)
    assert default_catalog().find("test-giant") is None
    with pytest.raises(CatalogError):
        default_catalog().with_made_up([{**record, "slug": "archer-2", "name": "Archer"}])


def test_every_message_a_step_names_is_in_the_renderer() -> None:
    from engine.render import MESSAGES

    position = {"log": 3, "record_fate": 3, "set_aside": 4}
    named: set[str] = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in position:
                if len(node.args) <= position[node.func.id]:
                    continue
                message = node.args[position[node.func.id]]
                options = [message.body, message.orelse] if isinstance(message, ast.IfExp) else [message]
                named.update(o.value for o in options if isinstance(o, ast.Constant) and isinstance(o.value, str))
    assert len(named) > 200
    assert sorted(named - set(MESSAGES)) == []


def test_every_message_renders_with_as_many_values_as_it_names() -> None:
    from engine.render import _COMPILED, MESSAGES, render

    for message in MESSAGES:
        count = _COMPILED[message][1]
        assert render(message, (7,) * count)
        with pytest.raises(ValueError):
            render(message, (7,) * (count + 1))


def test_card_references_are_parsed_once_by_the_notation() -> None:
    from engine.setup import CardRef, split_reference

    setup = parse_setup("a=archer,archer a.ranged=1:archer#2 a.bribe=1:gold@swordsman d=swordsman")
    second = setup.attacker.ranged[0].creature
    assert isinstance(second, CardRef) and (second.slug, second.copy) == ("archer", 2)
    assert isinstance(setup.attacker.creatures[0], CardRef) and setup.attacker.bribes[0].target == "swordsman"
    assert split_reference(second) == ("archer", 2) and second == "archer#2"
    assert format_setup(setup) == "a=archer,archer a.ranged=1:archer#2 a.bribe=1:gold@swordsman d=swordsman"
    with pytest.raises(ValueError):
        CardRef("archer#0")
