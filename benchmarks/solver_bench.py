"""Solver speed (issue #33): exact best play on 50 fixed 3-against-3 set-ups with 2-card hands, and a realistic
6-against-6 within a 10 s budget.

- Cold: each set-up solved first thing in a new process (``python -m benchmarks.solver_bench one INDEX``; the time
  of ``solve`` alone, after imports and the catalog, and the whole process's wall time beside it).
- Warm: every set-up solved once more in one process, after one other solve; each solve starts from nothing (a new
  table and a new memo: the solver keeps nothing between solves).
- Nodes against plain minimax (``brute_force``: no pruning, no table, the same positions) on the first
  ``SOLVER_BENCH_BRUTE`` set-ups (default 12), each brute force capped at ``SOLVER_BENCH_CAP`` positions (default
  20,000): a capped tree counts as the cap, so its ratio is a lower bound (marked ``>=``).
- The 6-against-6 of the explore benchmark (its decisions removed: the solver decides them), with a 10 s budget: the
  bounds proved, the share of the first moves proved, the best line's value.
Wall-clock and CPU seconds are both printed (the machine is shared).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 3333
COUNT = 50
REALISTIC_BUDGET = 10.0


def _setups() -> list[object]:
    from engine import default_catalog
    from engine.solver.samples import samples

    return list(samples(default_catalog(), COUNT, seed=SEED, duels=False, creatures=3, hand=2))


def _one(index: int) -> None:
    """Child process: solve set-up ``index`` cold and print the figures as JSON."""
    from engine import default_catalog
    from engine.solver import solve

    catalog = default_catalog()
    setup = _setups()[index]
    wall, cpu = time.perf_counter(), time.process_time()
    solution = solve(setup, catalog)  # type: ignore[arg-type]
    print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                      "nodes": solution.nodes, "exact": solution.exact}))  # fmt: skip


def _cold(count: int) -> list[dict[str, float]]:
    found = []
    for index in range(count):
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "benchmarks.solver_bench", "one", str(index)], cwd=ROOT,
                              capture_output=True, text=True, check=True)  # fmt: skip
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        figures["process"] = time.perf_counter() - started
        found.append(figures)
    return found


def run() -> Iterator[str]:
    from engine import default_catalog
    from engine.solver import brute_force, solve
    from engine.solver.brute import TooBig

    from .explore_bench import REALISTIC_6, REALISTIC_8

    catalog = default_catalog()
    setups = _setups()
    yield f"solver: {COUNT} fixed 3v3 set-ups with 2-card hands (samples seed {SEED})"

    cold_count = int(os.environ.get("SOLVER_BENCH_COLD", str(COUNT)))
    cold = _cold(cold_count)
    yield (
        f"  cold (new process each, {cold_count} set-ups): median solve {statistics.median(c['wall'] for c in cold):.3f} s "
        f"wall, {statistics.median(c['cpu'] for c in cold):.3f} s CPU; median process {statistics.median(c['process'] for c in cold):.2f} s"
    )

    solve(setups[-1], catalog)  # type: ignore[arg-type]  # warm-up: imports and first-use costs
    warm, cpus, nodes, exact = [], [], [], 0
    for setup in setups:
        wall, cpu = time.perf_counter(), time.process_time()
        solution = solve(setup, catalog)  # type: ignore[arg-type]
        warm.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        nodes.append(solution.nodes)
        exact += solution.exact
    yield (
        f"  warm (one process): median {statistics.median(warm):.3f} s wall, {statistics.median(cpus):.3f} s CPU; "
        f"p90 {sorted(warm)[int(0.9 * len(warm))]:.3f} s; max {max(warm):.3f} s; exact {exact}/{COUNT}; "
        f"median nodes {statistics.median(nodes):.0f}"
    )

    brute_count = int(os.environ.get("SOLVER_BENCH_BRUTE", "12"))
    cap = int(os.environ.get("SOLVER_BENCH_CAP", "20000"))
    ratios, capped, solver_total, brute_total = [], 0, 0, 0
    for index in range(brute_count):
        try:
            _, counted = brute_force(setups[index], catalog, cap=cap)  # type: ignore[arg-type]
        except TooBig:
            counted, capped = cap, capped + 1
        ratios.append(counted / nodes[index])
        solver_total += nodes[index]
        brute_total += counted
    yield (
        f"  nodes against plain minimax on the first {brute_count}: solver {solver_total}, minimax "
        f"{'>=' if capped else ''}{brute_total} ({capped} capped at {cap}); total ratio "
        f"{'>=' if capped else ''}{brute_total / solver_total:.1f}x, median ratio {statistics.median(ratios):.1f}x, "
        f"lowest {min(ratios):.1f}x"
    )

    for name, text in (("6v6", REALISTIC_6), ("8v8", REALISTIC_8)):
        yield _realistic(name, text, catalog)


def _realistic(name: str, text: str, catalog: object) -> str:
    from engine.rulesets import STANDARD
    from engine.solver import solve

    setup = STANDARD.parse(text)
    wall = time.perf_counter()
    solution = solve(setup, catalog, budget_s=REALISTIC_BUDGET)  # type: ignore[arg-type]
    spent = time.perf_counter() - wall
    bounds = solution.bounds.to_dict()
    return (
        f"  realistic {name} (explore bench's, {REALISTIC_BUDGET:g} s budget): {spent:.2f} s, {solution.nodes} nodes, "
        f"exact {solution.exact}, bounds low {bounds['low']} high {bounds['high']}, proved share "
        f"{solution.proved_share:.2f} of {len(solution.root_moves)} first moves, depth {solution.depth} match-up(s), "
        f"best line found {solution.best_line.value.to_dict()}"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["one"]:
        _one(int(sys.argv[2]))
    else:
        for line in run():
            print(line, flush=True)
