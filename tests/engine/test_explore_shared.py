"""Explore shares the match-ups of orders that begin alike (engine.explore_walk); every row must still be
exactly what resolving that order in full gives."""

from __future__ import annotations

import gc
import itertools
import subprocess
import sys
from enum import Enum
from pathlib import Path

import pytest

from benchmarks.explore_bench import REALISTIC_6
from engine.catalog import default_catalog
from engine.combat_state import Combat
from engine.effects import run_effects
from engine.errors import StopAfter
from engine.explore import Exploration, explore
from engine.fork import (
    FIGHTER_LINKS,
    RECORD_LISTS,
    SIDE_FIGHTER_LISTS,
    SIDE_FLAT_CONTAINERS,
    SIDE_OTHERS,
    SIDE_SHARED,
    fork,
)
from engine.notation import parse_setup
from engine.resolver import play, resolution, resolve
from engine.state import Fighter, SideState

CATALOG = default_catalog()
SALAMANDER = (
    'made-up.test-salamander={"abilities":[{"amount":4,"kind":"bonus"}],"border":"elemental","bribery":["gold"],'
    '"name":"Test%20Salamander","type":"creature","vitality":3} '
)
SETUPS = {
    # Guardians, stones and channelling, a command creature each, a ranged attacker, bribes both ways,
    # an aura in play, terrain bonuses and secondary attacks (the engine benchmark's headline).
    "realistic 6 vs 6": REALISTIC_6,
    # A made-up creature among printed ones, four match-ups deep.
    "made-up card": SALAMANDER
    + "terrain=woods a=test-salamander,archer,swordsman,wild-nymph d=swordsman,sand-lord,gorgal-skag,devil-dog",
    # Secondary attacks named in the set-up, a spell cast in match-up 2 and a bribe in match-up 3.
    "secondaries, spell, bribe": (
        "a=sleeping-spirit,gorgal-skag,wild-nymph d=gnobby-gnomes,varmit-archer,ice-spirit,devil-dog "
        "d.secondary=varmit-archer>sleeping-spirit a.hand=power-lunch,gold a.spell=2:power-lunch a.bribe=3:gold"
    ),
    # Command abilities on both sides (a side bonus and a command creature that fights), channelling.
    "commands and channelling": (
        "terrain=swamp a=grotto-troll,sand-lord,swordsman,wild-nymph,archer a.command=grotto-troll "
        "a.guardian=finn-swamp-king a.stones=3 a.channel=1:guardian*2 "
        "d=voodoo-wizard,ice-spirit,devil-dog,gorgal-skag,amber-well d.command=voodoo-wizard"
    ),
    # Found by a random search over the cards, each for one path of the walk: a creature destroyed in its
    # owner's hand before its turn (skipped, as the procedure skips it) ...
    "skipped creature": (
        "terrain=mountains a=greedy-fiend,gehrund-field-marshal,riksook,squibby "
        "d=amber-well,great-black-rishar,goldthwaite-jumper"
    ),
    # ... a combat whose primaries end before the order runs out ...
    "primaries end early": (
        "terrain=swamp a=reverend-smilin-jack,iron-crag-baggler,wild-nymph,yard-rat "
        "d=ugly-wart-fiend,eats-cockroach-king,cleric,vensuni-inferno-swarm"
    ),
    # ... and one whose last match-up is never played.
    "last match-up not played": "a=cow,ice-ogre,lorg-mole,chephros d=ancient-ogre,slim-jab,gumbo-jake",
    # Match-ups given as ordered actions (channel, ranged, a spell, a bribe in their turns).
    "ordered actions": (
        "terrain=mountains a=light-elemental,swordsman,wild-nymph a.hand=power-lunch,gold "
        "d=kikijub,djinn,gorgal-skag,icky-bugs m1=a:channel:guardian,d:ranged:djinn "
        "m2=a:spell:power-lunch,d:pass,a:channel:guardian m3=a:bribe:gold"
    ),
    # Example 2 of the rules: every pairing of three against four, Rock Spirit left for a secondary.
    "example 2": "terrain=woods a=wood-nymph,ice-ogre,sun-spirit d=amber-well,gorgal-skag,black-lung,rock-spirit",
}


def _replayed(exploration: Exploration) -> list[tuple[object, int, int]]:
    rows = []
    for outcome in exploration.outcomes:
        result = resolve(parse_setup(outcome.notation), CATALOG).result
        rows.append((result.winner, result.attacker_total, result.defender_total))
    return rows


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_every_shared_row_is_what_a_full_resolution_of_its_order_gives(name: str) -> None:
    exploration = explore(parse_setup(SETUPS[name]), CATALOG)
    assert exploration.shared, "this set-up should be explored by the shared walk"
    assert exploration.complete and exploration.explored == exploration.total_orders > 1
    # Every arrangement once, in the permuted side's itertools.permutations sequence.
    playing = len(exploration.fixed_order)
    expected = list(itertools.permutations(exploration.pool, playing))
    assert [o.order[:playing] for o in exploration.outcomes] == [tuple(order) for order in expected]
    shown = [(o.winner, o.attacker_total, o.defender_total) for o in exploration.outcomes]
    assert shown == _replayed(exploration)


def test_the_shared_walk_finds_different_results_in_a_realistic_set_up() -> None:
    # Not a set-up where every order ends alike, so the comparison above can fail.
    exploration = explore(parse_setup(SETUPS["realistic 6 vs 6"]), CATALOG)
    assert len({(o.attacker_total, o.defender_total) for o in exploration.outcomes}) > 5


def test_a_card_that_must_play_first_makes_explore_resolve_every_order_in_full() -> None:
    # Trumpeter's side plays its commanded class first: the queue is reordered, so prefixes are not shared.
    text = "a=trumpeter,swordsman,archer,sand-lord a.command=trumpeter d=devil-dog,wild-nymph,gorgal-skag,ice-spirit"
    exploration = explore(parse_setup(text), CATALOG)
    assert not exploration.shared
    shown = [(o.winner, o.attacker_total, o.defender_total) for o in exploration.outcomes]
    assert shown == _replayed(exploration)


def test_a_forked_combat_resolves_as_the_original_and_leaves_it_alone() -> None:
    setup = parse_setup(SETUPS["realistic 6 vs 6"])
    combat = Combat(setup, CATALOG)
    combat.stop_after = 2
    run_effects(combat, "CMB-2")
    with pytest.raises(StopAfter):
        play(combat)
    copy = fork(combat)
    steps_before = len(combat.steps)
    copy.stop_after = None
    play(copy, resume=2)
    copied = resolution(copy)
    assert len(combat.steps) == steps_before  # the original did not move
    combat.stop_after = None
    play(combat, resume=2)
    original = resolution(combat)
    whole = resolve(setup, CATALOG).result
    for result in (copied, original):
        assert (result.winner, result.attacker_total, result.defender_total, result.creatures) == (
            whole.winner,
            whole.attacker_total,
            whole.defender_total,
            whole.creatures,
        )
    originals = {id(f) for state in combat.sides.values() for f in state.fighters}
    assert not originals & {id(f) for state in copy.sides.values() for f in state.fighters}


def test_fork_knows_every_fighter_attribute_that_holds_a_fighter() -> None:
    linked = {name for name, kind in Fighter.__annotations__.items() if "Fighter" in str(kind)}
    assert linked == set(FIGHTER_LINKS)


def test_fork_knows_how_to_copy_every_attribute_of_a_side() -> None:
    groups = [SIDE_SHARED, set(SIDE_FIGHTER_LISTS), set(SIDE_FLAT_CONTAINERS), SIDE_OTHERS]
    assert sum(len(group) for group in groups) == len(set().union(*groups))  # each attribute in one group
    assert set().union(*groups) == set(SideState.__dataclass_fields__)


def _immutable(value: object) -> bool:
    if type(value) is tuple:
        return all(_immutable(part) for part in value)
    params = getattr(type(value), "__dataclass_params__", None)
    return value is None or isinstance(value, (int, str, Enum)) or (params is not None and params.frozen)


def test_what_fork_shares_or_copies_shallowly_of_a_side_holds_no_mutable_object() -> None:
    flat_items = 0
    for text in SETUPS.values():
        combat = Combat(parse_setup(text), CATALOG)
        run_effects(combat, "CMB-2")
        play(combat)
        resolution(combat)
        for state in combat.sides.values():
            for attribute in SIDE_SHARED:
                assert _immutable(getattr(state, attribute)), attribute
            for attribute in SIDE_FLAT_CONTAINERS:
                items = list(getattr(state, attribute))
                assert all(_immutable(item) for item in items), (attribute, items)
                flat_items += len(items)
    assert flat_items  # the set-ups fill them (channellers, command bonuses), so the check above can fail


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_walk_leaves_no_cycles_for_the_collector(name: str) -> None:
    # fork.release: thousands of dropped copies freed by the cycle collector cost a tenth of a walk's time.
    setup = parse_setup(SETUPS[name])
    gc.collect()
    gc.disable()
    try:
        exploration = explore(setup, CATALOG)
        left = gc.collect()
    finally:
        gc.enable()
    assert exploration.shared and left == 0


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_lists_fork_shares_the_items_of_hold_only_frozen_records(name: str) -> None:
    combat = Combat(parse_setup(SETUPS[name]), CATALOG)
    run_effects(combat, "CMB-2")
    play(combat)
    resolution(combat)
    for attribute in RECORD_LISTS:
        held = getattr(combat, attribute)
        assert type(held) is list
        for item in held:
            assert isinstance(item, str) or item.__dataclass_params__.frozen, (attribute, item)
    assert any(getattr(combat, attribute) for attribute in RECORD_LISTS - {"steps"})


def test_a_partial_exploration_says_which_orders_it_covered() -> None:
    setup = parse_setup(SETUPS["made-up card"])
    exploration = explore(setup, CATALOG, limit=None, budget=0.0)
    assert not exploration.complete and exploration.visited >= 1 and exploration.kind == "fair sample"
    assert exploration.covered().startswith(
        f"a fair sample of {exploration.visited} of 24 orders within the 0 s budget"
    )
    assert "fixed seed 20" in exploration.covered()
    full = explore(setup, CATALOG)
    assert full.covered() == "every play order" and full.kind == "complete"
    # Every row explored is exactly the full exploration's row for that order.
    rows = {o.order: (o.winner, o.attacker_total, o.defender_total) for o in full.outcomes}
    for outcome in exploration.outcomes:
        assert rows[outcome.order] == (outcome.winner, outcome.attacker_total, outcome.defender_total)


def test_the_benchmark_times_the_site_with_the_site_budget() -> None:
    import ast
    from pathlib import Path

    from benchmarks.explore_bench import SITE_BUDGET

    source = (Path(__file__).resolve().parents[2] / "combat" / "running.py").read_text()
    assigned = {
        node.targets[0].id: node.value
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    }
    budget = assigned["EXPLORE_BUDGET_SECONDS"]
    assert isinstance(budget, ast.Constant) and budget.value == SITE_BUDGET


def test_the_engine_benchmark_scripts_load_their_timing_loop_by_its_path(tmp_path: Path) -> None:
    # They run against old checkouts, which may lack benchmarks/timing.py: isolated (-I: no project on the
    # path), the loop still loads, gives the first call's result and times the warm calls after a warm-up.
    from benchmarks.engine_bench import LOAD_TIMING, TIMING

    script = LOAD_TIMING + (
        "calls = []\n"
        "first, cold, samples = timing.cold_then_warm(lambda: calls.append(1) or len(calls), 5, warmup=2)\n"
        "print(first, len(samples), len(calls), cold >= 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", script, str(TIMING)], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    assert done.stdout.split() == ["1", "5", "8", "True"]


@pytest.mark.parametrize(
    "name", ["realistic 6 vs 6", "skipped creature", "primaries end early", "secondaries, spell, bribe"]
)
def test_a_sampled_walk_gives_each_order_the_result_of_its_full_resolution(name: str) -> None:
    from engine.explore_walk import walk

    exploration = explore(parse_setup(SETUPS[name]), CATALOG)
    fixed = exploration.fixed_side
    base = parse_setup(exploration.outcomes[0].notation)
    walked = walk(base, CATALOG, fixed.other, exploration.pool, len(exploration.fixed_order), sample=True)
    # With no deadline the sample draws every order once; each is exactly what the orderly walk found.
    assert walked.complete and walked.sample_seed is not None
    by_order = {o.order[: len(exploration.fixed_order)]: o for o in exploration.outcomes}
    assert len(walked.rows) == len(by_order)
    for row in walked.rows:
        outcome = by_order[tuple(exploration.pool[i] for i in row.arrangement)]
        assert (row.winner, row.attacker_total, row.defender_total) == (
            outcome.winner,
            outcome.attacker_total,
            outcome.defender_total,
        )


def test_an_exploration_too_big_for_its_budget_is_a_fair_sample_that_says_so() -> None:
    # 8! = 40,320 orders cannot be resolved in a fraction of a second: explore samples them instead.
    text = (
        "terrain=the-dry-heaps a=sand-lord,wild-nymph,varmit-archer,blackthwaite-jumper,gnomish-gnomes,rot-rat,"
        "icky-bugs,goldthwaite-jumper d=ice-spirit,devil-dog,gorgal-skag,wild-nymph,mule,icky-bugs,crook-end-snoot,rot-rat"
    )
    short, longer = (explore(parse_setup(text), CATALOG, limit=None, budget=budget) for budget in (0.15, 0.3))
    for found in (short, longer):
        assert not found.complete and found.sample_seed is not None and found.total_orders == 40320
        assert found.covered().startswith(f"a fair sample of {found.visited:,} of 40,320 orders within the")
        assert "drawn at random one by one" in found.covered() and found.kind == "fair sample"
        # Not just the first openings: the sample opens with several different creatures.
        assert len({o.order[0] for o in found.outcomes}) > 1
    # The same seed draws the same sequence: the smaller sample is part of the larger.
    smaller, larger = sorted((short, longer), key=lambda found: found.visited)
    assert {o.order for o in smaller.outcomes} <= {o.order for o in larger.outcomes}
    rows = {o.order: (o.winner, o.attacker_total, o.defender_total) for o in larger.outcomes}
    for outcome in smaller.outcomes[:20]:
        result = resolve(parse_setup(outcome.notation), CATALOG).result
        assert rows[outcome.order] == (result.winner, result.attacker_total, result.defender_total)


def test_random_set_ups_explore_exactly_as_full_resolutions() -> None:
    # A seeded search over the printed creatures with terrain, commands, guardians, stones, channelling,
    # hands, bribes and spells: every row of every legal set-up equals its own full resolution.
    import random

    from engine.errors import EngineError

    rng = random.Random(2026)
    creatures = sorted(card.slug for card in CATALOG if card.is_creature)
    guardians = sorted(card.slug for card in CATALOG if card.type.value == "guardian")
    hand_cards = sorted(card.slug for card in CATALOG if card.type.value in ("spell", "hand_item", "bribery"))
    explored = shared = 0
    while explored < 40:
        attackers, defenders = rng.sample(creatures, 4), rng.sample(creatures, rng.choice([3, 4]))
        text = f"terrain={rng.choice(['woods', 'swamp', 'the-dry-heaps', 'mountains'])} "
        text += f"a={','.join(attackers)} d={','.join(defenders)}"
        for side, first in (("a", attackers[0]), ("d", defenders[0])):
            if rng.random() < 0.4:
                text += f" {side}.command={first}"
            if rng.random() < 0.5:
                text += f" {side}.guardian={rng.choice(guardians)} {side}.stones={rng.randint(0, 5)}"
                text += f" {side}.channel={rng.randint(1, 3)}:guardian"
            if rng.random() < 0.5:
                hand = rng.sample(hand_cards, 2)
                text += f" {side}.hand={','.join(hand)} {side}.spell={rng.randint(1, 3)}:{hand[0]}"
                text += f" {side}.bribe={rng.randint(1, 3)}:{rng.choice(['gold', 'beer', 'babes'])}"
        try:
            exploration = explore(parse_setup(text), CATALOG)
        except EngineError:
            continue  # an impossible set-up (over the stacking limit, a card it may not hold, ...)
        explored += 1
        shared += exploration.shared
        shown = [(o.winner, o.attacker_total, o.defender_total) for o in exploration.outcomes]
        assert shown == _replayed(exploration), text
    assert shared >= 30  # most set-ups take the shared walk, so the comparison tests it


def test_a_command_that_puts_a_class_first_is_refused_before_any_match_up_is_shared() -> None:
    # The Trumpeter's command makes the defender play its demons and devils first, in the order given. With
    # the devils first in the pool, the first opening looks unaffected, yet orders such as devil-dog,
    # wild-nymph, ... really play gorgal-skag second: a walk cut short by its budget would report them
    # wrongly, so the walk refuses before sharing anything.
    from engine.enums import Side
    from engine.explore_walk import OrderSensitive, OutOfTime, walk

    seen: list[tuple[int, ...]] = []

    def budget_ends_after_the_first_opening(arrangement: tuple[int, ...]) -> bool:
        seen.append(arrangement)
        if len(seen) > 6:  # the 3 x 2 orders opening with devil-dog
            raise OutOfTime
        return True

    text = (
        "a=trumpeter,swordsman,archer,sand-lord a.command=trumpeter d=devil-dog,gorgal-skag,devil-hedgehog,wild-nymph"
    )
    setup = parse_setup(text)
    with pytest.raises(OrderSensitive):
        walk(
            setup,
            CATALOG,
            Side.DEFENDER,
            ("devil-dog", "gorgal-skag", "devil-hedgehog", "wild-nymph"),
            3,
            keep=budget_ends_after_the_first_opening,
        )
    assert not seen
    exploration = explore(setup, CATALOG)
    assert not exploration.shared
    assert [(o.winner, o.attacker_total, o.defender_total) for o in exploration.outcomes] == _replayed(exploration)
