"""An exploration cut short by its time budget covers a fair, seeded sample of the orders, never simply the
first ones, and says so: even when the pace check misjudged (under load) and let the whole walk start."""

from __future__ import annotations

import math
import sys
from collections import Counter

import pytest

from engine.catalog import default_catalog
from engine.explore import Exploration, explore
from engine.explore_walk import SHUFFLED_DEPTH, Coverage
from engine.notation import parse_setup
from engine.resolver import resolve

CATALOG = default_catalog()
# Every creature plays a primary: 6! = 720 orders, and no card makes sharing unsound.
ALL_PLAY_6 = (
    "terrain=the-dry-heaps a=sand-lord,wild-nymph,archer,blackthwaite-jumper,gnomish-gnomes,rot-rat "
    "a.stones=3 a.channel=3:guardian*2 a.hand=gold a.bribe=4:gold "
    "d=ice-spirit,devil-dog,swordsman,gorgal-skag,wild-nymph,mule d.hand=babes d.bribe=1:babes"
)
# Every tick of the injected clock is a second; the budget is in ticks.
BUDGET = 300.0


class TickingClock:
    """Stands in for ``time``: each reading is one second after the last, so a budget cuts a walk after
    about that many time checks, however loaded the machine is."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 1.0
        return self.now


def _cut(monkeypatch: pytest.MonkeyPatch, *, seed: int = 20, share: bool = True) -> Exploration:
    clock = TickingClock()
    # By module: the package's ``explore`` name is the function.
    monkeypatch.setattr(sys.modules["engine.explore"], "time", clock)
    monkeypatch.setattr(sys.modules["engine.explore_walk"], "time", clock)
    # The pace check is never reached before the deadline: as when, under load, it judged that the whole
    # walk would fit and the machine then slowed down.
    monkeypatch.setattr(sys.modules["engine.explore_walk"], "PROBE_SHARE", 2.0)
    return explore(parse_setup(ALL_PLAY_6), CATALOG, limit=None, budget=BUDGET, share=share, seed=seed)


@pytest.fixture(scope="module")
def full() -> Exploration:
    found = explore(parse_setup(ALL_PLAY_6), CATALOG)
    assert found.complete and found.total_orders == found.explored == 720
    return found


@pytest.mark.parametrize("share", [True, False], ids=["shared walk", "each order in full"])
def test_a_cut_exploration_is_a_fair_sample_not_the_first_orders(
    monkeypatch: pytest.MonkeyPatch, full: Exploration, share: bool
) -> None:
    cut = _cut(monkeypatch, share=share)
    assert not cut.complete and 1 < cut.explored < 720
    assert cut.kind == "fair sample" and cut.sample_seed == 20
    assert cut.sampling is (Coverage.BRANCHES if share else Coverage.DRAWN)
    assert cut.covered().startswith(f"a fair sample of {cut.visited} of 720 orders within the 300 s budget")
    orders = [o.order for o in cut.outcomes]
    first = [o.order for o in full.outcomes[: len(orders)]]
    assert set(orders) != set(first)
    # Not the first openings of the pool: an orderly walk cut here covers the first few and part of the next.
    openings = {order[0] for order in orders}
    pool_openings = [order[0] for order in dict.fromkeys(o.order[:1] for o in full.outcomes)]
    if share:
        # Whole groups of orders that open alike, taken in a shuffled sequence.
        assert openings != set(pool_openings[: len(openings)])
        # The branch the cut fell in covered only its first orders: it is left out, so every branch kept is whole.
        branches = Counter(order[:SHUFFLED_DEPTH] for order in orders)
        assert set(branches.values()) == {math.factorial(6 - SHUFFLED_DEPTH)} and cut.visited == len(orders)
    else:
        # Drawn one by one, the sample spreads over every opening.
        assert openings == set(pool_openings)
    # The rows keep the permutations' sequence (as a complete answer's do), each the full answer's row...
    ranks = {o.order: rank for rank, o in enumerate(full.outcomes)}
    assert [ranks[order] for order in orders] == sorted(ranks[order] for order in orders)
    rows = {o.order: (o.winner, o.attacker_total, o.defender_total) for o in full.outcomes}
    assert all(rows[o.order] == (o.winner, o.attacker_total, o.defender_total) for o in cut.outcomes)
    # ...and the full resolution of its order.
    for outcome in cut.outcomes[::40]:
        result = resolve(parse_setup(outcome.notation), CATALOG).result
        assert (result.winner, result.attacker_total, result.defender_total) == (
            outcome.winner,
            outcome.attacker_total,
            outcome.defender_total,
        )


def test_the_same_seed_covers_the_same_orders_and_another_seed_others(monkeypatch: pytest.MonkeyPatch) -> None:
    once, again, other = _cut(monkeypatch), _cut(monkeypatch), _cut(monkeypatch, seed=7)
    assert [o.order for o in once.outcomes] == [o.order for o in again.outcomes]
    assert once.best_for_attacker.order == again.best_for_attacker.order
    assert {o.order for o in other.outcomes} != {o.order for o in once.outcomes}
    assert "fixed seed 7" in other.covered()


def test_a_walk_that_finishes_within_its_budget_answers_as_one_without_a_budget(full: Exploration) -> None:
    # The shuffled sequence only changes the visits: every row, and so every figure, is the same.
    timed = explore(parse_setup(ALL_PLAY_6), CATALOG, budget=600.0)
    assert timed.complete and timed.kind == "complete" and timed.covered() == "every play order"
    assert timed.outcomes == full.outcomes
    assert (timed.best_for_attacker, timed.best_for_defender) == (full.best_for_attacker, full.best_for_defender)
    assert timed.attacker_guarantee == full.attacker_guarantee
