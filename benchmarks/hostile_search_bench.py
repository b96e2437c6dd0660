"""Hostile search mix (issue #35): a plain card page's latency while the worst searches of the audit loop.

``python -m benchmarks hostile-search``. The site as ``make serve`` runs it (gunicorn, 2 sync workers, DEBUG
off, the API's rate limits off so that they do not hide the cost) is served twice from scratch copies of
the data: from this tree and from the previous main (commit BASELINE_COMMIT, unpacked with ``git archive``,
or the tree named by GUARDIANS_BENCH_BASELINE_TREE). Both servers run side by side and are measured in turns
in the same run, so both meet the same load on this shared machine: first idle, then with 2 and with 4
clients each looping the audit's worst searches (the 500-character query of 167 unknown two-letter words,
and text full of regular-expression marks, through the cards API), every request on a new connection.

Printed per tree: the card page's p50 and p95 idle and under each load, p95 under load / p95 idle (target:
within 3x), and the hostile requests' own times and how many were turned away (503). Timing is wall clock:
what a visitor waits. The card page is ``/cards/sand-lord/`` (a data page, as the audit measured it).
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
BASELINE_COMMIT = "6adc49e"
WORKERS = 2
LOADS = (2, 4)
TARGET_RATIO = 3.0
CARD_PAGE = "/cards/sand-lord/"
HOSTILE = [
    "/api/v1/cards/?" + urlencode({"q": " ".join(["zq"] * 167)}),
    "/api/v1/cards/?" + urlencode({"q": "a.*b+c?(d|e)[f-g]{2,3}^$ " * 20}),
]
SAMPLES = 40
PHASE_SECONDS = 45.0  # a phase stops early when the slower tree makes 40 samples take longer
_low, _, _high = os.environ.get("GUARDIANS_BENCH_PORTS", "8190-8199").partition("-")
PORTS = range(int(_low), int(_high) + 1)


def _free_port(taken: set[int]) -> int:
    for port in PORTS:
        if port in taken:
            continue
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")


def _get(port: int, path: str) -> tuple[float, int]:
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    return (time.perf_counter() - start) * 1000, response.status


def _environment(tree: Path, scratch: Path) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(tree),
        "DATABASE_URL": f"sqlite:///{scratch}/bench.sqlite3",
        "GUARDIANS_SEARCH_INDEX_DIR": f"{scratch}/index",
        "GUARDIANS_VAR_DIR": str(scratch),
        "DJANGO_SETTINGS_MODULE": "guardians_site.settings",
        "DJANGO_DEBUG": "0",
        "DATABASE_CONN_MAX_AGE": "600",
        "GUARDIANS_API_THROTTLE": "0",
    }


def _prepare(tree: Path, env: dict[str, str]) -> None:
    for command in (["migrate", "--no-input", "-v", "0"], ["loadcards", "-v", "0"], ["loadrules", "-v", "0"],
                    ["rebuild_index"]):  # fmt: skip
        done = subprocess.run([sys.executable, "manage.py", *command], cwd=tree, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{tree}: {' '.join(command)} failed: {done.stderr[-2000:]}")


@contextmanager
def _server(tree: Path, env: dict[str, str], port: int, scratch: Path) -> Iterator[int]:
    ready = scratch / "ready"
    ready.mkdir(exist_ok=True)
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "guardians_site.wsgi:application", "--bind",
         f"127.0.0.1:{port}", "--workers", str(WORKERS), "--chdir", str(tree),
         "--config", "python:benchmarks.gunicorn_bench"],
        cwd=ROOT, env={**env, "PYTHONPATH": f"{tree}{os.pathsep}{ROOT}", "BENCH_READY_DIR": str(ready)},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 180
        while len(list(ready.iterdir())) < WORKERS:
            if process.poll() is not None or time.monotonic() > deadline:
                error = process.stderr.read().decode()[-2000:] if process.stderr else ""
                raise RuntimeError(f"gunicorn did not start for {tree}: {error}")
            time.sleep(0.05)
        for _ in range(10):  # each worker's first requests load the index and the templates
            _get(port, CARD_PAGE)
            _get(port, "/api/v1/cards/?q=fire")
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Hostile:
    """``clients`` threads looping the audit's searches against one server until stopped."""

    def __init__(self, port: int, clients: int) -> None:
        self.port, self.stop = port, threading.Event()
        self.times: list[float] = []
        self.statuses: list[int] = []
        self.threads = [threading.Thread(target=self._loop, args=(n,), daemon=True) for n in range(clients)]

    def _loop(self, number: int) -> None:
        turn = number
        while not self.stop.is_set():
            started = time.perf_counter()
            try:
                elapsed, status = _get(self.port, HOSTILE[turn % len(HOSTILE)])
            except (OSError, http.client.HTTPException):  # gunicorn killed the worker (its 30 s timeout)
                elapsed, status = (time.perf_counter() - started) * 1000, 0
            self.times.append(elapsed)
            self.statuses.append(status)
            turn += 1

    def __enter__(self) -> Hostile:
        for thread in self.threads:
            thread.start()
        time.sleep(1.0)  # every client has a search in flight
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()


def _card_samples(port: int) -> list[float]:
    found: list[float] = []
    deadline = time.monotonic() + PHASE_SECONDS
    while len(found) < SAMPLES and (len(found) < 5 or time.monotonic() < deadline):
        elapsed, status = _get(port, CARD_PAGE)
        if status != 200:
            raise RuntimeError(f"{CARD_PAGE} answered {status}")
        found.append(elapsed)
    return found


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _baseline_tree(scratch: Path) -> Path:
    named = os.environ.get("GUARDIANS_BENCH_BASELINE_TREE")
    if named:
        return Path(named)
    tree = scratch / "baseline-tree"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", BASELINE_COMMIT], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    return tree


def run() -> list[str]:
    loads = ", ".join(f"{load:.1f}" for load in os.getloadavg())
    lines = [f"(load average {loads} on {os.cpu_count()} cores at the start)","Hostile search mix: card page latency while the audit's worst searches loop "
             f"(gunicorn, {WORKERS} workers, rate limits off); this tree beside {BASELINE_COMMIT} in the same run."]  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="hostile-bench-") as directory, ExitStack() as servers:
        scratch = Path(directory)
        trees = {"this tree": ROOT, f"previous main {BASELINE_COMMIT}": _baseline_tree(scratch)}
        ports: dict[str, int] = {}
        for number, (label, tree) in enumerate(trees.items()):
            place = scratch / f"data-{number}"
            place.mkdir()
            env = _environment(tree, place)
            _prepare(tree, env)
            ports[label] = servers.enter_context(_server(tree, env, _free_port(set(ports.values())), place))
        results: dict[str, dict[str, list[float]]] = {label: {} for label in trees}
        hostile: dict[str, dict[int, Hostile]] = {label: {} for label in trees}
        for phase in ("idle", *LOADS):
            for label, port in ports.items():  # in turns: both trees meet the same machine load
                if phase == "idle":
                    results[label]["idle"] = _card_samples(port)
                    continue
                with Hostile(port, int(phase)) as load:
                    results[label][str(phase)] = _card_samples(port)
                hostile[label][int(phase)] = load
        for label in trees:
            idle = results[label]["idle"]
            idle_p95 = _percentile(idle, 0.95)
            lines.append(f"  {label}: card page idle p50 {_percentile(idle, 0.5):.1f} ms, p95 {idle_p95:.1f} ms "
                         f"({len(idle)} samples)")  # fmt: skip
            for clients in LOADS:
                loaded = results[label][str(clients)]
                load = hostile[label][clients]
                ratio = _percentile(loaded, 0.95) / idle_p95
                verdict = "met" if ratio <= TARGET_RATIO else "NOT met"
                turned_away = sum(1 for status in load.statuses if status == 503)
                dropped = sum(1 for status in load.statuses if status == 0)
                lines.append(
                    f"    with {clients} hostile searches in flight: card page p50 {_percentile(loaded, 0.5):.1f} ms, "
                    f"p95 {_percentile(loaded, 0.95):.1f} ms = {ratio:.2f}x idle p95 (target <= {TARGET_RATIO:g}x: "
                    f"{verdict}; {len(loaded)} samples); the hostile searches: {len(load.times)} answered, p50 "
                    f"{_percentile(load.times, 0.5):.0f} ms, p95 {_percentile(load.times, 0.95):.0f} ms, "
                    f"{turned_away} turned away with 503, {dropped} dropped (worker killed by gunicorn's timeout)"
                )  # fmt: skip
        ours, theirs = trees
        for clients in LOADS:
            mine = _percentile(results[ours][str(clients)], 0.95)
            before = _percentile(results[theirs][str(clients)], 0.95)
            lines.append(f"  card page p95 with {clients} in flight: {mine:.1f} ms here, {before:.1f} ms before "
                         f"({before / mine:.1f}x faster)")  # fmt: skip
    return lines


if __name__ == "__main__":
    for line in run():
        print(line, flush=True)
