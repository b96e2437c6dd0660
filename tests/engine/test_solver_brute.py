"""The solver checked against a search over every line (issue #33, item 3).

On generated small set-ups of both rule sets (up to 3 creatures a side, up to 2 cards in each hand:
``engine.solver.samples``), the solver's exact value equals plain minimax over every line (``brute_force``: no
pruning, no table), and the line it returns is a notation that resolves, through the ordinary engine, to the value
it claims. CI checks a fixed fast subset: the first set-ups of the seeded sequence whose whole tree is small. The
full check on demand: ``SOLVER_EXAMPLES=200 python -m pytest -n 0 tests/engine/test_solver_brute.py`` (every one of
the first 200 set-ups, whatever its size; it takes a while, most of it in the brute force).
"""

from __future__ import annotations

import os

import pytest

from engine import default_catalog
from engine.rulesets import AnySetup, ruleset_of
from engine.solver import brute_force, solve
from engine.solver.brute import TooBig
from engine.solver.samples import samples

CATALOG = default_catalog()
FULL = int(os.environ.get("SOLVER_EXAMPLES", "0"))
# CI: this many set-ups, each with at most this many positions in its whole tree.
FAST_COUNT = 10
FAST_CAP = 120


def _cases() -> list[tuple[AnySetup, tuple[object, int] | None]]:
    if FULL:
        return [(setup, None) for setup in samples(CATALOG, FULL)]
    found: list[tuple[AnySetup, tuple[object, int] | None]] = []
    for setup in samples(CATALOG, 200):
        try:
            found.append((setup, brute_force(setup, CATALOG, cap=FAST_CAP)))
        except TooBig:
            continue
        if len(found) == FAST_COUNT:
            break
    return found


CASES = _cases()


def test_the_fast_subset_has_both_rule_sets_and_real_choices() -> None:
    names = {ruleset_of(setup).name for setup, _ in CASES}
    assert names == {"standard", "arena"}
    # Not only set-ups where nobody can do anything: some trees branch.
    assert sum(1 for setup, _ in CASES if brute_force(setup, CATALOG)[1] > 20) >= 3


@pytest.mark.parametrize("index", range(len(CASES)))
def test_the_solver_value_is_the_brute_force_value_and_its_line_resolves_to_it(index: int) -> None:
    setup, known = CASES[index]
    value = known[0] if known is not None else brute_force(setup, CATALOG)[0]
    solution = solve(setup, CATALOG)
    assert solution.exact and solution.value == value and solution.bounds.low == solution.bounds.high == value
    assert solution.proved_share == 1.0
    ruleset = ruleset_of(setup)
    line = solution.best_line
    resolved = ruleset.resolve(ruleset.parse(line.notation), CATALOG)
    holder = getattr(resolved.result, "winner", None)
    assert (holder.value if holder is not None else None) == (
        line.value.holder.value if line.value.holder is not None else None
    )
    assert line.value == value
