"""Explore speed: the shared-prefix walk against resolving every play order in full, in the same run.

Each side of the comparison runs in its own fresh process (new, baseline, new, baseline), so the first
case of each process is a cold start; every timed exploration starts from the set-up (the engine keeps no
result between explorations). The baseline is ``explore(share=False)``: every order resolved in full,
steps written, as exploring did before. Wall-clock and CPU seconds are both printed: the machine is shared,
and CPU time shows the work when other jobs take turns on the cores. Where both answers are complete their
rows are compared one by one. The 8-vs-8 target is timed as a user meets it: ``python -m engine explore``
in a new process, start-up and printing included, with the command line's default time budget.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# The engine benchmark's headline set-up (engine_bench.REALISTIC) and a case of tests/engine/test_explore_shared.py:
# guardians, stones and channelling, a command creature each, a ranged attacker, bribes both ways, an aura in
# play (King of Mystfall), terrain and off-colour bonuses, and secondary attacks.
REALISTIC_6 = (
    "terrain=the-dry-heaps "
    "a=floyd-the-flying-pig,sand-lord,wild-nymph,archer,gnomish-gnomes,blackthwaite-jumper "
    "a.guardian=harkin-spreader-of-the-wealth a.command=floyd-the-flying-pig a.stones=4 a.channel=2:guardian*2 "
    "a.ranged=2:archer a.hand=gold,beer a.bribe=1:beer "
    "d=rock-spirit,king-of-mystfall,devil-dog,gorgal-skag,amber-well,blackthwaite-jumper "
    "d.order=devil-dog,gorgal-skag,king-of-mystfall d.guardian=finn-swamp-king d.command=rock-spirit "
    "d.hand=babes,gold d.bribe=1:babes d.channel=2:guardian"
)
# One more creature a side (two-point creatures keep both shields within 30 points).
REALISTIC_7 = REALISTIC_6.replace("blackthwaite-jumper a.guardian", "blackthwaite-jumper,rot-rat a.guardian").replace(
    "blackthwaite-jumper d.order", "blackthwaite-jumper,icky-bugs d.order"
)
REALISTIC_8 = (
    "terrain=the-dry-heaps "
    "a=floyd-the-flying-pig,swordsman,wild-nymph,archer,gnomish-gnomes,blackthwaite-jumper,rot-rat,varmit-archer "
    "a.guardian=harkin-spreader-of-the-wealth a.command=floyd-the-flying-pig a.stones=4 a.channel=2:guardian*2 "
    "a.ranged=2:archer a.hand=gold,beer a.bribe=1:beer "
    "d=rock-spirit,king-of-mystfall,devil-dog,gorgal-skag,blackthwaite-jumper,icky-bugs,crook-end-snoot,mule "
    "d.order=devil-dog,gorgal-skag,king-of-mystfall d.guardian=finn-swamp-king d.command=rock-spirit "
    "d.hand=babes,gold d.bribe=1:babes d.channel=2:guardian"
)
# Every creature plays a primary (no command creature, no ranged support): 7! and 8! orders, the counts
# issue 20 measured (4.8 s and 44 s before).
ALL_PLAY_7 = (
    "terrain=the-dry-heaps a=sand-lord,wild-nymph,archer,blackthwaite-jumper,gnomish-gnomes,rot-rat,icky-bugs "
    "a.stones=3 a.channel=3:guardian*2 a.hand=gold a.bribe=4:gold "
    "d=ice-spirit,devil-dog,swordsman,gorgal-skag,wild-nymph,mule,icky-bugs d.hand=babes d.bribe=1:babes"
)
ALL_PLAY_8 = (
    "terrain=the-dry-heaps "
    "a=sand-lord,wild-nymph,varmit-archer,blackthwaite-jumper,gnomish-gnomes,rot-rat,icky-bugs,goldthwaite-jumper "
    "a.stones=3 a.channel=3:guardian*2 a.hand=gold a.bribe=4:gold "
    "d=ice-spirit,devil-dog,gorgal-skag,wild-nymph,mule,icky-bugs,crook-end-snoot,rot-rat d.hand=babes d.bribe=1:babes"
)
CASES = {
    "realistic 6 vs 6": REALISTIC_6,
    "realistic 7 vs 7": REALISTIC_7,
    "realistic 8 vs 8": REALISTIC_8,
    "all-play 7 vs 7": ALL_PLAY_7,
    "all-play 8 vs 8": ALL_PLAY_8,
}
# Seconds; targets of issue 20. The command line's default budget is engine.cli.EXPLORE_BUDGET_SECONDS.
TARGETS = {"realistic 6 vs 6": 0.15, "realistic 7 vs 7": 1.0, "all-play 7 vs 7": 1.0}
CLI_TARGET = 10.0
# The site's budget (combat.running.EXPLORE_BUDGET_SECONDS; a test keeps the two equal).
SITE_BUDGET = 0.5
# Any one exploration in this benchmark stops after this long (the baseline of 8 vs 8 would take minutes).
BENCH_BUDGET = 8.0

MEASURE = r"""
import json, sys, time
root, share, budget, site_budget = sys.argv[1], sys.argv[2] == "new", float(sys.argv[4]), float(sys.argv[5])
sys.path.insert(0, root)
from engine.catalog import default_catalog
from engine.explore import explore
from engine.notation import parse_setup
catalog = default_catalog()
out = {}
for label, text in json.loads(sys.argv[3]).items():
    setup = parse_setup(text)
    runs = []
    for _ in range(3 if label.startswith("realistic 6") or label.startswith("realistic 7") else 1):
        wall, cpu = time.perf_counter(), time.process_time()
        found = explore(setup, catalog, limit=None, budget=budget, share=share)
        runs.append([time.perf_counter() - wall, time.process_time() - cpu])
    site = {}
    if share:
        wall = time.perf_counter()
        online = explore(setup, catalog, limit=None, budget=site_budget)
        site = {"seconds": time.perf_counter() - wall, "complete": online.complete,
                "coverage": online.coverage() + (" (a fair sample)" if online.sample_seed is not None and not online.complete else "")}
    out[label] = {
        "runs": runs, "complete": found.complete, "shared": found.shared,
        "coverage": found.coverage() + (" (a fair sample)" if found.sample_seed is not None and not found.complete else ""),
        "rows": [[list(o.order), o.winner.value, o.attacker_total, o.defender_total] for o in found.outcomes],
        "site": site,
    }
print(json.dumps(out))
"""


def _measure(mode: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(ROOT), mode, json.dumps(CASES), str(BENCH_BUDGET), str(SITE_BUDGET)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=True,
    )
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def _command_line(text: str) -> tuple[float, str]:
    """Wall seconds of ``python -m engine explore`` in a new process, and what it said about coverage."""
    import time

    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "engine", "explore", text], capture_output=True, text=True, cwd=ROOT, check=True
    )
    seconds = time.perf_counter() - start
    partial = re.search(r"explored [\d,]+ of [\d,]+ play orders", done.stdout)
    first = done.stdout.splitlines()[0] if done.stdout else ""
    return seconds, partial.group(0) if partial else f"complete: {first.split(':')[0]}"


def _load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def run() -> list[str]:
    lines = [f"Explore: shared-prefix walk (new) against every order resolved in full (baseline), {_load()} at start"]
    rounds = [(_measure("new"), _measure("baseline")), (_measure("new"), _measure("baseline"))]
    for label in CASES:
        new = [data[label] for data, _ in rounds]
        old = [data[label] for _, data in rounds]
        new_best = min(run[0] for data in new for run in data["runs"])
        new_cpu = min(run[1] for data in new for run in data["runs"])
        cold = " / ".join(f"{data['runs'][0][0]:.3f}" for data in new)
        old_best = min(run[0] for data in old for run in data["runs"])
        old_cpu = min(run[1] for data in old for run in data["runs"])
        line = (
            f"  {label:<17} new: {new[0]['coverage']} in {new_best:.3f} s wall (best), {new_cpu:.3f} s CPU, "
            f"first in process {cold} s{'' if new[0]['shared'] else ' (NOT shared: full resolution)'}\n"
            f"  {'':<17} baseline: {old[0]['coverage']} in {old_best:.3f} s wall, {old_cpu:.3f} s CPU"
        )
        if new[0]["complete"] and old[0]["complete"]:
            same = "same rows" if new[0]["rows"] == old[0]["rows"] else "DIFFERENT ROWS"
            line += f"; new/baseline {new_best / old_best:.2f}x ({old_best / new_best:.1f}x faster); {same}"
        else:
            rate_new = len(new[0]["rows"]) / new_cpu
            rate_old = len(old[0]["rows"]) / old_cpu
            line += (
                f"; orders per CPU second new {rate_new:,.0f}, baseline {rate_old:,.0f} ({rate_new / rate_old:.1f}x; "
                "a sample resolves each order from its fourth creature on, slower per order than a whole walk)"
            )
        target = TARGETS.get(label)
        if target is not None:
            # Judged on the median of every run, the first of each process included, not on the best.
            median = statistics.median(run[0] for data in new for run in data["runs"])
            met = new[0]["complete"] and median <= target
            line += (
                f"\n  {'':<17} target: explored fully in <= {target} s (median of all runs, {median:.3f} s): "
                f"{'met' if met else 'NOT met'}"
            )
        site = new[0]["site"]
        line += f"\n  {'':<17} site budget {SITE_BUDGET} s: {site['coverage']} in {site['seconds']:.3f} s"
        lines.append(line)
    seconds, said = _command_line(ALL_PLAY_8)
    lines.append(
        f"  8 vs 8 on the command line (all-play, new process, default budget): {seconds:.2f} s, {said}; "
        f"target <= {CLI_TARGET} s answered fully or honestly in part: {'met' if seconds <= CLI_TARGET else 'NOT met'}"
    )
    seconds, said = _command_line(REALISTIC_8)
    lines.append(
        f"  8 vs 8 on the command line (realistic, new process, default budget): {seconds:.2f} s, {said}; "
        f"target <= {CLI_TARGET} s: {'met' if seconds <= CLI_TARGET else 'NOT met'}"
    )
    lines.append(f"  {_load()} at the end")
    return lines


if __name__ == "__main__":
    for text in run():
        print(text)
