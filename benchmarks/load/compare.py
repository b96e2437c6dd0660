"""``python -m benchmarks.load.compare [BASE]``: the realistic mix against this tree and a base commit, same run.

Checks BASE (default: main at the time of issue #35, 6adc49e) out into a temporary git worktree, sets up a
throwaway site for each tree (run.SETUP_COMMANDS), serves each with its own load-test configuration (the base
as its run.py served it: 6 sync workers; this tree as run.server_args() says) on two ports, and then, with
both servers up:

1. the card page idle: LOAD_IDLE (40) requests one at a time, alternating between the servers (first visits
   included: each worker renders a page once per data revision);
2. LOAD_ROUNDS (2) rounds of the realistic mix (locustfile.Reader, LOAD_USERS users for LOAD_SECONDS s), each
   round running both sides one after the other, the first side alternating, so a change in the machine's
   other load falls on both.

It prints each run's requests, failures, requests/s and card page p50/p95, each side's totals, and the
ratio of requests served. Both sites get the same environment (run.site_env). The machine's load average is printed beside them: on a shared machine the
absolute figures move with it, the ratio much less.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from benchmarks.load import run

BASE = sys.argv[1] if len(sys.argv) > 1 else "6adc49e"
# How main's run.py served the site at 6adc49e.
BASE_SERVER_ARGS = ["--workers", "6", "--timeout", "30"]
ROUNDS = int(os.environ.get("LOAD_ROUNDS", "2"))
IDLE_REQUESTS = int(os.environ.get("LOAD_IDLE", "40"))
CARDS = ["sand-lord", "swordsman", "archer", "wood-nymph", "sun-spirit", "idiot", "black-lung", "amber-well"]


def idle_card_page(ports: dict[str, int]) -> dict[str, list[float]]:
    """Card pages one at a time (after one visit each per worker has filled the caches), alternating sides."""
    timings: dict[str, list[float]] = {side: [] for side in ports}
    for number in range(IDLE_REQUESTS):
        for side, port in list(ports.items()) if number % 2 else list(reversed(ports.items())):
            url = f"http://127.0.0.1:{port}/cards/{CARDS[number % len(CARDS)]}/"
            started = time.perf_counter()
            urllib.request.urlopen(url, timeout=30).read()
            timings[side].append((time.perf_counter() - started) * 1000)
    return timings


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def row(rows: list[dict[str, str]], name: str) -> dict[str, str]:
    return next(item for item in rows if item["Name"] == name)


def main() -> int:
    scratch = Path(tempfile.mkdtemp(prefix="guardians-compare-"))
    base_tree = scratch / "base"
    subprocess.run(["git", "worktree", "add", "--detach", str(base_tree), BASE], cwd=run.ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    trees = {"base": base_tree, "this": run.ROOT}
    ports = {"base": run.PORT, "this": run.PORT + 1}
    servers: list[subprocess.Popen[bytes]] = []
    results: dict[str, list[dict[str, str]]] = {"base": [], "this": []}
    loads: list[str] = []
    try:
        envs = {}
        for side, tree in trees.items():
            envs[side] = run.site_env(scratch / f"site-{side}")
            (scratch / f"site-{side}").mkdir()
            for command in run.SETUP_COMMANDS:
                run.manage(envs[side], *command, root=tree)
        for side, tree in trees.items():
            args = BASE_SERVER_ARGS if side == "base" else None
            servers.append(run.serve(envs[side], root=tree, port=ports[side], args=args))
        idle = idle_card_page(ports)
        for number in range(ROUNDS):
            order = ["base", "this"] if number % 2 == 0 else ["this", "base"]
            for side in order:
                loads.append(f"{side} round {number + 1}: load average {os.getloadavg()[0]:.1f} before")
                results[side].append(run.locust(scratch, f"{side}-{number}", 0, port=ports[side]))
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=30)
        subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=run.ROOT, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"Realistic mix, {run.USERS} users, {run.SECONDS} s per run; base {BASE} ({' '.join(BASE_SERVER_ARGS)}) "
          f"against this tree ({' '.join(run.server_args())})")  # fmt: skip
    print(f"  {'run':16} {'requests':>8} {'fails':>6} {'req/s':>6} {'card p50':>9} {'card p95':>9} {'all p95':>8}")
    totals = {}
    for side in ("base", "this"):
        for number, rows in enumerate(results[side]):
            total, card = row(rows, "Aggregated"), row(rows, "card page")
            print(f"  {side + ' round ' + str(number + 1):16} {total['Request Count']:>8} {total['Failure Count']:>6} "
                  f"{float(total['Requests/s']):6.1f} {card['50%']:>9} {card['95%']:>9} {total['95%']:>8}")  # fmt: skip
        totals[side] = sum(int(row(rows, "Aggregated")["Request Count"]) for rows in results[side])
        failures = sum(int(row(rows, "Aggregated")["Failure Count"]) for rows in results[side])
        print(f"  {side}: {totals[side]} requests served in {len(results[side])} runs, {failures} failures; card page "
              f"idle p50 {statistics.median(idle[side]):.0f} ms, p95 {p95(idle[side]):.0f} ms")  # fmt: skip
    print(f"Requests served, this tree against base: {totals['this'] / max(totals['base'], 1):.2f}x")
    print("\n".join(loads))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
