"""Engine speed: one full resolution of Example 1 and of a 6-vs-6 combat (target: median <= 1 ms).

The baseline, measured in the same run, is validating the same set-up without resolving it: the
ratio shows what the resolution itself costs on top of reading the set-up."""

from __future__ import annotations

import json
import time
from pathlib import Path

from engine.catalog import default_catalog
from engine.explore import explore
from engine.notation import parse_setup
from engine.resolver import resolve
from engine.validate import validate

from .timing import median_ms, percentile_ms, sample

ROOT = Path(__file__).resolve().parent.parent
SIX_VS_SIX = (
    "terrain=the-dry-heaps a=sand-lord,wild-nymph,archer,blackthwaite-jumper,gnomish-gnomes,super-model a.stones=3 "
    "a.channel=3:guardian*2 a.ranged=2:archer a.hand=gold a.bribe=4:gold "
    "d=ice-spirit,devil-dog,swordsman,gorgal-skag,wild-nymph,amber-well d.hand=babes d.bribe=1:babes"
)
TARGET_MS = 1.0


def run(runs: int = 2000) -> list[str]:
    catalog = default_catalog()
    example_1 = json.loads((ROOT / "fixtures" / "examples" / "example-1.json").read_text())["notation"]
    lines = [f"Engine: full resolution (median of {runs} runs)"]
    for label, text in (("Example 1", example_1), ("6 vs 6", SIX_VS_SIX)):
        setup = parse_setup(text)
        assert not validate(setup, catalog), label
        resolved = sample(lambda setup=setup: resolve(setup, catalog), runs)  # type: ignore[misc]
        baseline = sample(lambda setup=setup: validate(setup, catalog), runs)  # type: ignore[misc]
        steps = len(resolve(setup, catalog).steps)
        median = median_ms(resolved)
        lines.append(
            f"  {label:<10} resolve {median:.3f} ms (p95 {percentile_ms(resolved, 0.95):.3f}), {steps} steps; "
            f"baseline validate-only {median_ms(baseline):.3f} ms; ratio {median / median_ms(baseline):.1f}x; "
            f"target <= {TARGET_MS} ms: {'met' if median <= TARGET_MS else 'NOT met'}"
        )
    lines += explore_lines(catalog)
    return lines


EXPLORE_TARGET_S = 1.0
SIX_BY_SIX = (
    "terrain=the-dry-heaps a=sand-lord,wild-nymph,archer,blackthwaite-jumper,gnomish-gnomes,super-model "
    "d=ice-spirit,devil-dog,swordsman,gorgal-skag,wild-nymph,amber-well"
)


def explore_lines(catalog: object, repeats: int = 3) -> list[str]:
    """Every order of a 6-vs-6 combat; baseline: parse, validate and resolve each order's notation afresh."""
    from engine.catalog import CardCatalog

    assert isinstance(catalog, CardCatalog)
    setup = parse_setup(SIX_BY_SIX)
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        exploration = explore(setup, catalog)
        timings.append(time.perf_counter() - start)
    best = min(timings)
    orders = len(exploration.outcomes)
    start = time.perf_counter()
    for outcome in exploration.outcomes:
        resolve(parse_setup(outcome.notation), catalog)
    scratch = time.perf_counter() - start
    return [
        "Engine: explore every primary play order of a 6-vs-6 combat",
        f"  {orders} orders in {best:.3f} s (best of {repeats}), {orders / best:,.0f} orders/s; "
        f"from scratch (parse + validate + resolve each) {scratch:.3f} s; ratio {scratch / best:.2f}x; "
        f"target <= {EXPLORE_TARGET_S} s: {'met' if best <= EXPLORE_TARGET_S else 'NOT met'}",
    ]
