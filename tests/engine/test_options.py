"""``engine.options`` by example: the bugs the editors had when they used their own rules, the reasons a kind offers
nothing, the README's examples (run as doctests), and the words of every reason."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import default_catalog, duel_options, duel_why_not, next_actions, options, parse_setup, why_not
from engine.actions import action_from_text
from engine.arena import parse_duel
from engine.arena.notation import round_action
from engine.enums import Side
from engine.options import OptionKind, Reason
from engine.options.values import OPTION_WHY
from engine.turns import referee

CATALOG = default_catalog()
README = Path(engine.__file__).resolve().parent / "README.md"


def test_the_readme_examples_of_the_options_run_as_doctests() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Legal actions (`engine/options/`)", 1)[1].split("\n## ", 1)[0]
    examples = "\n".join(re.findall(r"```python\n(.*?)```", section, re.S))
    assert ">>>" in examples
    parser = doctest.DocTestParser()
    test = parser.get_doctest(examples, {}, "engine/README.md#legal-actions", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def test_no_ranged_supporter_is_offered_while_the_bribery_window_is_open() -> None:
    # The order editor offered "Place a ranged supporter" after a bribe and a pass; the window was still open.
    setup = parse_setup("a=swordsman,archer a.hand=babes d=axeman,sand-lord d.hand=beer m1=a:bribe:babes,d:pass")
    turn = next_actions(setup, CATALOG, 1)
    assert turn.window_open and turn.side is Side.ATTACKER
    assert all(option.kind in (OptionKind.BRIBE, OptionKind.BRIBE_BACK, OptionKind.PASS) for option in turn.actions)
    reason = why_not(setup, CATALOG, 1, action_from_text("a:ranged:archer"))
    assert reason is not None and (reason.code, reason.rule) == ("action.bribery_window_open", "PRI-1")


def test_every_offered_action_is_the_side_to_act_and_the_list_grown_from_offers_is_never_refused() -> None:
    # One Add produced a:bribe:gold,d:pass,a:pass,a:ranged:archer,a:pass, refused as "it is the defender's turn".
    setup = parse_setup("a=swordsman,archer a.hand=babes d=axeman,sand-lord d.hand=beer m1=a:bribe:babes,d:pass,a:pass")
    items = ["a:bribe:babes", "d:pass", "a:pass"]
    for _ in range(6):
        turn = next_actions(setup, CATALOG, 1)
        if turn.ended:
            break
        assert turn.actions and {option.side for option in turn.actions} == {turn.side}
        chosen = next((o for o in turn.actions if o.kind is OptionKind.RANGED), turn.actions[-1])
        items.append(chosen.item)
        setup = parse_setup("a=swordsman,archer a.hand=babes d=axeman,sand-lord d.hand=beer m1=" + ",".join(items))
        assert not referee(setup).refused.get(1), items
    assert "a:ranged:archer" in items and items[items.index("a:ranged:archer") + 1].startswith("d:")


def test_a_duel_offers_no_bribe_an_opposing_creature_cannot_take_and_no_channel_into_a_red_bar() -> None:
    # The Arena round editor offered a Gold bribe on the Sand Lord (Babes only) and a channel into the Swordsman.
    duel = parse_duel("ruleset=arena a=swordsman a.stock=gold,babes d=sand-lord d.stock=gold")
    items = {option.item for option in duel_options(duel, CATALOG).primary.actions}
    assert "a:bribe:babes" in items and "a:bribe:gold" not in items
    assert not any(item.startswith("a:channel") for item in items)
    gold = duel_why_not(duel, CATALOG, "p", round_action("a:bribe:gold", "p"))
    assert gold is not None and gold.code == "options.no_icon" and gold.value_map["target"] == "Sand Lord"
    channel = duel_why_not(duel, CATALOG, "p", round_action("a:channel:guardian", "p"))
    assert channel is not None and channel.code == "channel.cannot_receive"
    assert channel.value_map == {"side": "attacker", "target": "Swordsman"}


def test_the_secondary_round_opener_is_the_player_beaten_in_the_primary() -> None:
    duel = parse_duel("ruleset=arena a=swordsman d=sand-lord p=a:pass,d:pass")
    secondary = duel_options(duel, CATALOG).secondary
    assert secondary.side is Side.ATTACKER  # Swordsman 6 against Sand Lord 11: the attacker was beaten
    assert secondary.reason is not None and secondary.reason.code == "options.secondary_first_beaten"
    assert all(option.side is Side.ATTACKER for option in secondary.actions)


@pytest.mark.parametrize(
    ("text", "side", "kind", "code"),
    [
        ("terrain=woods a=swordsman,archer d=axeman", Side.ATTACKER, OptionKind.RANGED, "shots.woods"),
        ("a=swordsman d=axeman", Side.ATTACKER, OptionKind.CHANNEL, "channel.cannot_receive"),
        ("a=zombie a.stones=0 d=axeman", Side.ATTACKER, OptionKind.CHANNEL, "options.no_channel_source"),
        ("a=swordsman d=sand-lord d.hand=babes", Side.DEFENDER, OptionKind.BRIBE, "bribe.no_icon"),
        ("a=swordsman d=sand-lord", Side.DEFENDER, OptionKind.BRIBE, "options.not_held"),
    ],
)
def test_a_kind_that_offers_nothing_says_why(text: str, side: Side, kind: OptionKind, code: str) -> None:
    row = options(parse_setup(text), CATALOG).row(1)
    assert row is not None
    reason = row.side(side).why_no(kind)
    assert reason is not None and reason.code == code and reason.rule and reason.words


def test_a_channel_offers_only_the_stones_that_add_something() -> None:
    # Zombie: Vitality 7; Rak Nam's numbers channel 9 a stone, so a second stone adds nothing.
    setup = parse_setup("a=zombie a.stones=3 d=axeman")
    row = options(setup, CATALOG).row(1)
    assert row is not None
    assert [d.item for d in row.attacker.channels] == ["1:guardian"]
    reason = why_not(setup, CATALOG, 1, action_from_text("a:channel:guardian*2"))
    assert reason is not None and reason.code == "options.adds_nothing"
    assert reason.value_map == {"target": "Zombie", "vitality": "7"}


def test_a_power_lunch_opens_channelling_for_the_turns_after_it() -> None:
    setup = parse_setup("a=swordsman a.hand=power-lunch a.stones=2 d=axeman m1=a:spell:power-lunch,d:pass")
    items = [option.item for option in next_actions(setup, CATALOG, 1).actions]
    assert "a:channel:guardian" in items
    before = [o.item for o in next_actions(parse_setup("a=swordsman a.hand=power-lunch d=axeman"), CATALOG, 1).actions]
    assert not any(item.startswith("a:channel") for item in before)


def test_an_unfinished_set_up_gets_a_reason_not_rows() -> None:
    found = options(parse_setup("a=swordsman"), CATALOG)
    assert found.rows == () and found.problem is not None and found.problem.code == "options.unknown_side"
    turn = next_actions(parse_setup("a=swordsman d=axeman"), CATALOG, 3)
    assert turn.actions == () and turn.reason is not None and turn.reason.code == "options.no_row"


def test_commands_secondary_plans_and_inputs_are_offered() -> None:
    found = options(parse_setup("a=swordsman,archer,axeman d=sand-lord"), CATALOG)
    assert found.secondary is not None and found.secondary.side is Side.ATTACKER
    assert {d.item for d in found.secondary.plans} >= {"none", "archer>sand-lord", "axeman>sand-lord"}
    assert all(d.clause == "secondary" for d in found.secondary.plans)


@pytest.mark.parametrize("code", sorted(OPTION_WHY))
def test_every_reason_of_the_options_has_words(code: str) -> None:
    words = Reason.of(code, "X-1").words
    assert words and "{" not in words


def test_the_options_are_not_on_the_resolution_path() -> None:
    """A standard resolution in a new process never reaches the options' duel half, nor any options code.

    (The Arena modules are imported with the engine since the rule sets became objects found by name,
    ``engine.rulesets``; the options' duel half still loads only when a duel's options are asked for.)"""
    code = (
        "import importlib, sys, engine; s = importlib.import_module('engine.options.standard'); "
        "calls = []; "
        "[setattr(s, n, (lambda f: lambda *a, **k: calls.append(f.__name__) or f(*a, **k))(getattr(s, n))) "
        "for n in ('options', 'next_actions', 'why_not')]; "
        "engine.resolve(engine.parse_setup('a=swordsman d=axeman m1=a:pass,d:pass'), engine.default_catalog()); "
        "print(sorted(m for m in sys.modules if m.startswith('engine.options.duel')), calls)"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[] []"
