"""What the result carries as data (never to be read back from the log's sentences): dispelled
commands and what dispelled them, terrain after the command step, stones left, each secondary
attack with its sum, and the fate of every spell, bribery card and item."""

from __future__ import annotations

import json
from pathlib import Path

from engine.catalog import default_catalog
from engine.enums import CardUse, Side, StepKind, Terrain
from engine.notation import parse_setup
from engine.resolver import resolve

CATALOG = default_catalog()
EXAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "examples"


def _example(name: str) -> str:
    notation: str = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))["notation"]
    return notation


def test_a_dispelled_command_names_the_dispel_and_its_step() -> None:
    log = resolve(parse_setup(_example("example-1")), CATALOG)
    by_side = {command.side: command for command in log.result.commands}
    vitales = by_side[Side.ATTACKER]
    assert (vitales.card, vitales.dispelled, vitales.dispelled_by, vitales.rule) == (
        "vitales-dark-cloud",
        True,
        "dispel-magic",
        "CMD-3",
    )
    assert vitales.step is not None and log.steps[vitales.step].kind is StepKind.DISPEL
    assert log.steps[vitales.step].card == "vitales-dark-cloud"
    assert not by_side[Side.DEFENDER].dispelled and by_side[Side.DEFENDER].step is None


def test_a_contradiction_dispels_the_lower_up_number_by_the_other_command() -> None:
    log = resolve(
        parse_setup(
            "terrain=woods a=sorcerer,archer a.command=sorcerer d=iron-crag-baggler,axeman d.command=iron-crag-baggler"
        ),
        CATALOG,
    )
    dispelled = [command for command in log.result.commands if command.dispelled]
    assert dispelled, log.result.commands
    for command in dispelled:
        assert command.dispelled_by and command.step is not None
        assert log.steps[command.step].kind in (StepKind.DISPEL, StepKind.CONTRADICTION)


def test_stones_left_count_the_stones_spent_channelling() -> None:
    log = resolve(
        parse_setup("terrain=the-dry-heaps a=wild-nymph a.stones=3 a.channel=1:guardian*2 d=sand-lord"), CATALOG
    )
    stone_steps = [step for step in log.steps if step.kind is StepKind.CHANNEL and step.side is Side.ATTACKER]
    assert stone_steps, [step.text for step in log.steps]
    assert log.result.stones_left == (1, 7)
    assert log.result.terrain_after_command == (Terrain.DRY_HEAPS,)


def test_each_secondary_attack_carries_its_sum_and_verdict() -> None:
    log = resolve(parse_setup(_example("example-2a")), CATALOG)
    attacks = log.result.secondary_attacks
    assert attacks
    for attack in attacks:
        step = log.steps[attack.step]
        assert step.kind is StepKind.KILL_TEST and step.total == attack.total and step.subject == attack.target
        assert attack.beaten == (attack.total > attack.target_vitality)
        fate = log.result.fate_of(attack.target)
        assert (fate.value == "beaten") == attack.beaten


def test_every_spell_and_bribery_card_has_a_fate() -> None:
    log = resolve(parse_setup(_example("example-1")), CATALOG)
    uses = {(card.side, card.card): card.use for card in log.result.cards}
    assert uses[(Side.ATTACKER, "vitales-dark-cloud")] is CardUse.COMMAND
    assert uses[(Side.DEFENDER, "dispel-magic")] is CardUse.CAST
    bribe = resolve(parse_setup(_example("bribery-1")), CATALOG)
    assert any(card.use is CardUse.BRIBE for card in bribe.result.cards)
    unused = resolve(parse_setup("a=archer a.hand=gold d=axeman"), CATALOG)
    assert [(card.card, card.use) for card in unused.result.cards] == [("gold", CardUse.UNUSED)]
