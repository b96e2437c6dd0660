"""Engine speed. Headline: a realistic 6-vs-6 combat resolved by this engine and by the previous main.

The previous main (the engine before issue 13's rebuild, commit ``BASELINE_COMMIT``) is checked out
into a temporary git worktree and measured in the same run, by the same script, in fresh processes
that alternate old, new, old, new so that drift on a shared machine hits both alike. Each case is
reported on its own: the cold figure is the first resolution in a new process (catalog loaded,
nothing resolved yet), the warm figures are the median and p95 of many resolutions of the same
set-up (the engine keeps no result cache: every run resolves from the set-up, validation included).
Exploring every play order is timed the same way; it never renders a sentence.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks import explore_bench

ROOT = Path(__file__).resolve().parent.parent
# The engine measured against; ENGINE_BENCH_BASELINE=<commit> compares a branch with the main it started from.
BASELINE_COMMIT = os.environ.get("ENGINE_BENCH_BASELINE", "8b3571e")
TARGET_MS = 0.8
EXPLORE_TARGET_S = 1.0

# Guardians named on both sides with stones and channelling, a command creature each (Floyd's side
# bonus, the Rock Spirit's), a ranged attacker, bribes both ways, an aura in play (King of Mystfall),
# terrain and off-colour bonuses, and secondary attacks.
REALISTIC = explore_bench.REALISTIC_6
# The previous headline: stones, channelling, ranged and bribes, no command or aura.
SIX_VS_SIX = (
    "terrain=the-dry-heaps a=sand-lord,wild-nymph,archer,blackthwaite-jumper,gnomish-gnomes,super-model a.stones=3 "
    "a.channel=3:guardian*2 a.ranged=2:archer a.hand=gold a.bribe=4:gold "
    "d=ice-spirit,devil-dog,swordsman,gorgal-skag,wild-nymph,amber-well d.hand=babes d.bribe=1:babes"
)
SIX_BY_SIX = (
    "terrain=the-dry-heaps a=sand-lord,wild-nymph,archer,blackthwaite-jumper,gnomish-gnomes,super-model "
    "d=ice-spirit,devil-dog,swordsman,gorgal-skag,wild-nymph,amber-well"
)

# The measuring scripts below run against any checkout, the baseline's included, which may predate the
# timing loop they share or hold another: each loads this checkout's benchmarks/timing.py by its path, given
# as the script's last argument.
TIMING = Path(__file__).resolve().parent / "timing.py"
LOAD_TIMING = r"""
import importlib.util, sys
_spec = importlib.util.spec_from_file_location("bench_timing", sys.argv[-1])
timing = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(timing)
"""

# Run in a fresh interpreter against one checkout; prints the timings as JSON. Only the public calls
# both engines share are used (parse_setup, validate, resolve, explore, default_catalog).
MEASURE = (
    LOAD_TIMING
    + r"""
import json, statistics, sys, time
root = sys.argv[1]
sys.path.insert(0, root)
import engine
assert engine.__file__.startswith(root), engine.__file__
from engine.catalog import default_catalog
from engine.explore import explore
from engine.notation import parse_setup
from engine.resolver import resolve
from engine.validate import validate
cases, runs = json.loads(sys.argv[2]), int(sys.argv[3])
catalog = default_catalog()
out = {"cases": {}}
for label, text in cases.items():
    setup = parse_setup(text)
    log, cold, samples = timing.cold_then_warm(lambda: resolve(setup, catalog), runs)
    checks = timing.sample(lambda: validate(setup, catalog), runs // 4, warmup=0)
    result = log.result
    out["cases"][label] = {
        "cold": cold, "samples": samples, "validate": statistics.median(checks), "steps": len(log.steps),
        "outcome": [result.winner.value, result.attacker_total, result.defender_total],
    }
setup = parse_setup(sys.argv[4])
timings = []
for _ in range(3):
    start = time.perf_counter()
    exploration = explore(setup, catalog)
    timings.append(time.perf_counter() - start)
out["explore"] = {"best": min(timings), "orders": len(exploration.outcomes)}
print(json.dumps(out))
"""
)


def _measure(root: Path, cases: dict[str, str], runs: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(root), json.dumps(cases), str(runs), SIX_BY_SIX, str(TIMING)],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
        check=True,
    )
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def _baseline_checkout(commit: str = BASELINE_COMMIT) -> tuple[Path | None, str]:
    """A temporary worktree of the previous main, or None and the reason it could not be made."""
    if shutil.which("git") is None:
        return None, "git is not installed"
    place = Path(tempfile.mkdtemp(prefix="guardians-oldmain-"))
    made = subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(place), commit],
        capture_output=True,
        text=True,
    )
    if made.returncode != 0:
        shutil.rmtree(place, ignore_errors=True)
        return None, made.stderr.strip().splitlines()[-1] if made.stderr.strip() else "git worktree add failed"
    return place, ""


def _remove_checkout(place: Path) -> None:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(place)], capture_output=True)
    shutil.rmtree(place, ignore_errors=True)


def _ms(seconds: float) -> float:
    return seconds * 1000


def _pooled(rounds: list[dict[str, Any]], label: str) -> tuple[float, float, list[float], dict[str, Any]]:
    samples = sorted(s for data in rounds for s in data["cases"][label]["samples"])
    median = _ms(statistics.median(samples))
    p95 = _ms(samples[min(len(samples) - 1, int(0.95 * len(samples)))])
    colds = [_ms(data["cases"][label]["cold"]) for data in rounds]
    return median, p95, colds, rounds[0]["cases"][label]


# A busy duel: a spell, Guardian channelling, terrain, two secondary attackers and a shield.
ARENA_BUSY = (
    "ruleset=arena terrain=woods a=swordsman a.guardian=harkin-spreader-of-the-wealth a.stones=4 a.under=archer "
    "a.stock=power-lunch,gold d=sand-lord d.stock=babes d.pen=devil-dog,shield-broms-goblin-04,gnobby-gnomes "
    "p=a:spell:power-lunch,d:pass,a:channel:guardian*2,d:pass,a:pass "
    "s=d:creature:devil-dog,a:pass,d:shield:shield-broms-goblin-04,a:pass,d:creature:gnobby-gnomes,a:pass,d:pass"
)
# What issue 15's second part added: the written order, a secondary attacker's AOE, an H item and
# the Dispel Magic that answers it in the secondary round. The previous main cannot resolve it.
ARENA_SECONDARY = (
    "ruleset=arena terrain=dry-heaps a=swordsman a.stock=hammer-of-doom,power-lunch a.under=archer "
    "a.pen=darkness-elemental,gnobby-gnomes d=devil-dog d.stock=dispel-magic,gold d.pen=sand-lord,fire-elemental "
    "p=a:ranged:archer,d:pass,a:spell:power-lunch,d:pass,a:channel:guardian,d:pass,a:pass "
    "s=d:creature:sand-lord,a:creature:darkness-elemental,d:creature:fire-elemental,a:item:hammer-of-doom,"
    "d:spell:dispel-magic,a:creature:gnobby-gnomes,d:pass,a:pass"
)
# A secondary round of passes, as a link made before readings existed (primary-stands) and under step-6.
ARENA_PASSES = (
    "ruleset=arena a=swordsman a.under=archer d=magma-elemental p=a:ranged:archer,d:pass,a:pass s=d:pass,a:pass"
)
ARENA_PASSES_STEP_6 = ARENA_PASSES.replace("ruleset=arena", "ruleset=arena reading.secondary-passes=step-6")
ARENA_TARGET_MS = 1.0
# The duel procedure before issue 15's second part (the commit this work started from).
ARENA_BASELINE_COMMIT = os.environ.get("ARENA_BENCH_BASELINE", "34bb0d9")

# Guardians Arena duels, timed like the combats: cold first resolution in a new process, then warm
# median and p95 (no cache: every run validates and resolves from the set-up).
MEASURE_ARENA = (
    LOAD_TIMING
    + r"""
import json, sys
root = sys.argv[1]
sys.path.insert(0, root)
from engine.catalog import default_catalog
from engine.arena import parse_duel, resolve_duel
cases, runs = json.loads(sys.argv[2]), int(sys.argv[3])
catalog = default_catalog()
out = {}
for label, text in cases.items():
    setup = parse_duel(text)
    log, cold, samples = timing.cold_then_warm(lambda: resolve_duel(setup, catalog), runs)
    winner = log.result.winner.value if log.result.winner else "tie"
    out[label] = {"cold": cold, "samples": samples, "steps": len(log.steps), "winner": winner}
print(json.dumps(out))
"""
)


def _measure_arena(root: Path, cases: dict[str, str], runs: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE_ARENA, str(root), json.dumps(cases), str(runs), str(TIMING)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def run_arena(runs: int = 1000, rounds: int = 2) -> list[str]:
    """Duels by this engine and by the duel procedure it started from, alternately in fresh processes;
    the case the old procedure cannot play is measured on its own."""
    example = ROOT / "fixtures" / "examples" / "arena" / "arena-upper-hand-overturned.json"
    # Without its reading clause (2026-12-07), which an older engine cannot read: the example has secondary
    # plays, so no reading applies and both engines do the same work.
    example_text = " ".join(
        c for c in json.loads(example.read_text())["notation"].split() if not c.startswith("reading.")
    )
    shared = {"busy duel": ARENA_BUSY, "Arena example": example_text, "passes, old link": ARENA_PASSES}
    # The same round of passes under today's reading: the secondary comparison is made (step 6).
    cases = {**shared, "busy secondary": ARENA_SECONDARY, "passes, step-6": ARENA_PASSES_STEP_6}
    old_root, why = _baseline_checkout(ARENA_BASELINE_COMMIT)
    measured: list[dict[str, Any]] = []
    old: list[dict[str, Any]] = []
    try:
        for _ in range(rounds):
            if old_root is not None:
                old.append(_measure_arena(old_root, shared, runs))
            measured.append(_measure_arena(ROOT, cases, runs))
    finally:
        if old_root is not None:
            _remove_checkout(old_root)
    lines = [
        f"Arena duels: full resolution, {rounds} fresh processes x {runs} runs per case, "
        + (
            f"against the duel procedure of {ARENA_BASELINE_COMMIT} measured alternately in the same run"
            if old
            else f"baseline not measured: {why}"
        )
    ]

    def pooled(data: list[dict[str, Any]], label: str) -> tuple[float, float, str]:
        samples = sorted(s for one in data for s in one[label]["samples"])
        colds = " / ".join(f"{_ms(one[label]['cold']):.2f}" for one in data)
        return _ms(statistics.median(samples)), _ms(samples[int(len(samples) * 0.95)]), colds

    for label in cases:
        median, p95, colds = pooled(measured, label)
        first = measured[0][label]
        line = (
            f"  {label:<17} median {median:.3f} ms, p95 {p95:.3f} ms, cold {colds} ms, {first['steps']} steps, "
            f"winner {first['winner']}; target median < {ARENA_TARGET_MS} ms: {'met' if median < ARENA_TARGET_MS else 'NOT met'}"
        )
        if old and label in shared:
            old_median, old_p95, old_colds = pooled(old, label)
            same = "same winner" if old[0][label]["winner"] == first["winner"] else "DIFFERENT WINNER"
            line += (
                f"\n  {'':<17} before: median {old_median:.3f} ms, p95 {old_p95:.3f} ms, cold {old_colds} ms; "
                f"now/before median {median / old_median:.2f}x; {same}"
            )
        lines.append(line)
    return lines


def run(runs: int = 1000, rounds: int = 2) -> list[str]:
    example_1 = json.loads((ROOT / "fixtures" / "examples" / "example-1.json").read_text())["notation"]
    cases = {"realistic 6 vs 6": REALISTIC, "Example 1": example_1, "plain 6 vs 6": SIX_VS_SIX}
    old_root, why = _baseline_checkout()
    new_rounds: list[dict[str, Any]] = []
    old_rounds: list[dict[str, Any]] = []
    try:
        for _ in range(rounds):
            if old_root is not None:
                old_rounds.append(_measure(old_root, cases, runs))
            new_rounds.append(_measure(ROOT, cases, runs))
    finally:
        if old_root is not None:
            _remove_checkout(old_root)
    lines = [
        f"Engine: full resolution, {rounds} fresh processes x {runs} runs per case, "
        + (
            f"against the previous main ({BASELINE_COMMIT}) measured alternately in the same run"
            if old_rounds
            else f"previous main not measured: {why}"
        )
    ]
    for label in cases:
        median, p95, colds, first = _pooled(new_rounds, label)
        line = (
            f"  {label:<17} new: median {median:.3f} ms, p95 {p95:.3f} ms, cold {' / '.join(f'{c:.2f}' for c in colds)} ms, "
            f"{first['steps']} steps, validation alone {_ms(first['validate']):.3f} ms"
        )
        if old_rounds:
            old_median, old_p95, old_colds, old_first = _pooled(old_rounds, label)
            same = (
                "same result"
                if old_first["outcome"] == first["outcome"]
                else f"DIFFERENT RESULT {old_first['outcome']} vs {first['outcome']}"
            )
            line += (
                f"\n  {'':<17} old: median {old_median:.3f} ms, p95 {old_p95:.3f} ms, cold {' / '.join(f'{c:.2f}' for c in old_colds)} ms; "
                f"new/old median {median / old_median:.2f}x ({'at least as fast' if median <= old_median else 'SLOWER'}); {same}"
            )
        if label == "realistic 6 vs 6":
            line += f"\n  {'':<17} target median <= {TARGET_MS} ms: {'met' if median <= TARGET_MS else 'NOT met'}"
        lines.append(line)
    best = min(data["explore"]["best"] for data in new_rounds)
    orders = new_rounds[0]["explore"]["orders"]
    lines.append(
        "Engine: explore every primary play order of a plain 6-vs-6 (best of 3 per process; no sentence is rendered)"
    )
    explore_line = f"  new: {orders} orders in {best:.3f} s, {orders / best:,.0f} orders/s; target <= {EXPLORE_TARGET_S} s: {'met' if best <= EXPLORE_TARGET_S else 'NOT met'}"
    if old_rounds:
        old_best = min(data["explore"]["best"] for data in old_rounds)
        explore_line += (
            f"\n  old: {old_rounds[0]['explore']['orders']} orders in {old_best:.3f} s; new/old {best / old_best:.2f}x"
        )
    lines.append(explore_line)
    lines += explore_bench.run()
    lines += run_arena(runs, rounds)
    return lines


if __name__ == "__main__":
    for text in run():
        print(text)
