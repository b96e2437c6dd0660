from __future__ import annotations

import itertools
from statistics import fmean

from engine.catalog import default_catalog
from engine.enums import Side, Winner
from engine.explore import explore
from engine.notation import parse_setup
from engine.resolver import resolve
from engine.setup import CombatSetup

CATALOG = default_catalog()
EXAMPLE_2 = "terrain=woods a=wood-nymph,ice-ogre,sun-spirit d=amber-well,gorgal-skag,black-lung,rock-spirit"


def test_every_pairing_is_explored_once_and_replays_as_a_normal_resolution() -> None:
    exploration = explore(parse_setup(EXAMPLE_2), CATALOG)
    # Brian plays 3 creatures; Matt's 4 can be arranged against them in 4 * 3 * 2 = 24 ways.
    assert len(exploration.outcomes) == 24
    assert exploration.fixed_side is Side.ATTACKER
    assert len({o.pairs + (o.leftovers,) for o in exploration.outcomes}) == 24
    for outcome in exploration.outcomes:
        log = resolve(parse_setup(outcome.notation), CATALOG)
        assert (log.result.attacker_total, log.result.defender_total) == (
            outcome.attacker_total,
            outcome.defender_total,
        )


def test_the_orders_of_example_2_appear_with_their_results() -> None:
    rows = {o.pairs: o for o in explore(parse_setup(EXAMPLE_2), CATALOG).outcomes}
    # 2a: 1A 2B 3C, Rock Spirit left over: 17 against 5 (the default secondary takes the Sun Spirit).
    two_a = rows[(("wood-nymph", "amber-well"), ("ice-ogre", "gorgal-skag"), ("sun-spirit", "black-lung"))]
    assert (two_a.attacker_total, two_a.defender_total, two_a.winner) == (17, 5, Winner.ATTACKER)
    # 2c as Brian's sequence Wood Nymph, Ice Ogre, Sun Spirit meeting C, A, B: 12 against 19.
    two_c = rows[(("wood-nymph", "black-lung"), ("ice-ogre", "amber-well"), ("sun-spirit", "gorgal-skag"))]
    assert (two_c.attacker_total, two_c.defender_total, two_c.winner) == (12, 19, Winner.DEFENDER)


def full_matrix(setup: CombatSetup) -> list[list[int]]:
    """Attacker holds (1/0) for every attacker order against every defender order."""
    rows = []
    for a_order in itertools.permutations(setup.attacker.creatures):
        row = []
        for d_order in itertools.permutations(setup.defender.creatures):
            variant = CombatSetup(
                attacker=setup.attacker.__class__(**{**setup.attacker.__dict__, "order": a_order}),
                defender=setup.defender.__class__(**{**setup.defender.__dict__, "order": d_order}),
                terrain=setup.terrain,
            )
            row.append(int(resolve(variant, CATALOG).result.winner is Winner.ATTACKER))
        rows.append(row)
    return rows


def test_the_reported_guarantees_match_the_full_game_matrix() -> None:
    text = "terrain=swamp a=sand-lord,swordsman,wild-nymph d=black-lung,ice-spirit,gnomish-gnomes"
    setup = parse_setup(text)
    exploration = explore(setup, CATALOG)
    matrix = full_matrix(setup)
    # Pure strategies: each side's security level is the worst cell of the whole matrix for it.
    assert max(min(row) for row in matrix) == int(
        exploration.attacker_guarantee.security_level.winner is Winner.ATTACKER
    )
    # Uniform shuffling by either side gives every row (and column) the same average: the game value.
    value = exploration.attacker_guarantee.value_hold_probability
    for row in matrix:
        assert abs(fmean(row) - value) < 1e-9
    for column in zip(*matrix, strict=True):
        assert abs(fmean(column) - value) < 1e-9
