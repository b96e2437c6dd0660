"""The Goose's command (ruling ENG-15): the validator checks a given first match-up against it, the
resolver applies it when no order is given, and exploration keeps only the orders that obey it."""

from __future__ import annotations

import pytest

from engine.catalog import default_catalog
from engine.errors import EngineError, SetupInvalid
from engine.explore import explore
from engine.notation import parse_setup
from engine.resolver import resolve

GOOSE = "a=bruce-the-goose,axeman a.command=bruce-the-goose d=wild-nymph,swordsman,zombie"


def test_a_wrong_answer_is_refused_naming_the_creature_to_play() -> None:
    with pytest.raises(SetupInvalid) as raised:
        resolve(parse_setup(GOOSE + " d.order=zombie"), default_catalog())
    (problem,) = raised.value.problems
    assert (problem.code, problem.field, problem.card) == ("setup.forced_first_answer", "d.order", "swordsman")


def test_the_default_order_yields_to_the_command() -> None:
    log = resolve(parse_setup(GOOSE), default_catalog())
    first = log.result.matchups[0]
    assert (first.attacker, first.defender) == ("a2", "d2")
    assert any(step.rule == "ENG-15" for step in log.steps)


def test_no_lower_creature_leaves_the_answer_free() -> None:
    setup = parse_setup("a=bruce-the-goose,wild-nymph a.command=bruce-the-goose d=zombie,axeman d.order=axeman")
    assert resolve(setup, default_catalog()).result.matchups[0].defender == "d2"


def test_a_dispelled_goose_binds_no_one() -> None:
    setup = parse_setup(GOOSE + " d.order=zombie d.hand=dispel-magic d.dispel=1")
    assert resolve(setup, default_catalog()).result.matchups[0].defender == "d3"


def test_exploration_keeps_only_the_legal_first_match_ups() -> None:
    found = explore(
        parse_setup(GOOSE.replace("a=bruce-the-goose,axeman", "a=bruce-the-goose,axeman,archer")), default_catalog()
    )
    assert found.outcomes
    assert {outcome.order[0] for outcome in found.outcomes} == {"swordsman"}


def test_exploration_moves_a_fixed_answer_to_the_front() -> None:
    setup = parse_setup("a=bruce-the-goose,axeman,archer,wild-nymph a.command=bruce-the-goose d=gnobby-gnomes,yard-rat")
    found = explore(setup, default_catalog())
    for outcome in found.outcomes:
        shown, answer = outcome.pairs[0]
        assert answer == ("yard-rat" if shown in ("axeman", "archer") else "gnobby-gnomes")


def test_exploration_reports_an_order_that_cannot_obey() -> None:
    setup = parse_setup("a=bruce-the-goose,axeman a.command=bruce-the-goose d=archer,wild-nymph d.ranged=1:archer")
    with pytest.raises(EngineError) as raised:
        explore(setup, default_catalog())
    assert raised.value.code == "explore.no_legal_order"


def test_the_specter_borrows_nothing_in_the_first_match_up() -> None:
    log = resolve(parse_setup("terrain=mountains a=rogue-specter,snow-daughters d=swordsman,axeman"), default_catalog())
    assert log.result.matchups[0].attacker_total == 6
