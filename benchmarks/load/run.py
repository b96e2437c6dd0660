"""``python -m benchmarks.load.run``: the load test, headless, bounded in time, on loopback only.

Sets up a throwaway copy of the site (SQLite, cards, rules, search index, static files) under production
settings with plain HTTP, serves it with gunicorn on 127.0.0.1 (port 8180 unless LOAD_PORT says
otherwise), and runs locust three times for LOAD_SECONDS (60) with LOAD_USERS (50) users each:

1. the realistic mix (``locustfile.Reader``): searches, card and rules pages, combat resolves, small explores;
2. the same number of users, LOAD_EXPLORERS (4) of them looping heavy explores with no pause;
3. the realistic mix again, so that a change in the machine's other load during the test shows.

It prints requests, failures and latency percentiles per kind of request for both runs, and the ratio of
the searches' p95 with explore traffic to without. Needs the load extra: pip install -e '.[load,serve]'.
Not part of the test suite: it takes about five minutes and its figures depend on the machine.
"""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
PORT = int(os.environ.get("LOAD_PORT", "8180"))
SECONDS = int(os.environ.get("LOAD_SECONDS", "60"))
USERS = int(os.environ.get("LOAD_USERS", "50"))
EXPLORERS = int(os.environ.get("LOAD_EXPLORERS", "4"))
# One worker process per core, each with threads: the requests are CPU-bound, so more processes than cores only
# multiply the per-process caches (each page rendered once per process) and the start-up warming, while the
# threads keep a worker busy whenever one request waits on the database or an explore slot. Explores hold at
# most two slots (combat.slots) whatever the thread count.
WORKERS = os.environ.get("LOAD_WORKERS", "2")
THREADS = os.environ.get("LOAD_THREADS", "4")
# The site limits each client address; here all 50 simulated users share 127.0.0.1, which the limits would treat
# as one client. The throttles still run (their cost is measured), with rates no simulated user reaches.
UNREACHED_RATES = {f"GUARDIANS_API_RATE_{kind}": "100000/min" for kind in ("READ", "COMBAT", "EXPLORE")}


def server_args() -> list[str]:
    # No keep-alive: a gthread worker closes an idle kept-alive connection after --keep-alive seconds, and a client
    # that sends its next request at that moment gets a reset (2% of requests failed so). Sync workers never keep
    # connections alive either; on loopback a new connection per request costs nothing measurable.
    return ["--workers", WORKERS, "--threads", THREADS, "--worker-class", "gthread", "--keep-alive", "0",
            "--timeout", "30"]  # fmt: skip


def site_env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUARDIANS_", "DATABASE_URL"))}
    env.update(GUARDIANS_ENV="production", GUARDIANS_HTTPS="0", DJANGO_SECRET_KEY="load-test-" + "k" * 50,
               DJANGO_ALLOWED_HOSTS="127.0.0.1", GUARDIANS_VAR_DIR=str(folder), DJANGO_STATIC_ROOT=str(folder / "static"),
               AXES_ENABLED="1", DJANGO_LOG_LEVEL="ERROR", **UNREACHED_RATES)  # fmt: skip
    return env


SETUP_COMMANDS = (
    ["migrate", "--no-input"],
    ["loadcards"],
    ["loadrules"],
    ["rebuild_index"],
    ["collectstatic", "--no-input"],
)


def manage(env: dict[str, str], *args: str, root: Path = ROOT) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=root, env=env, check=True, stdout=subprocess.DEVNULL)


def serve(
    env: dict[str, str], root: Path = ROOT, port: int = PORT, args: list[str] | None = None
) -> subprocess.Popen[bytes]:
    if _answers(port):  # another server (another checkout's load test?) would be measured instead of ours
        raise SystemExit(f"port {port} is already in use: set LOAD_PORT to a free one")
    process = subprocess.Popen(
        [str(BIN / "gunicorn"), "guardians_site.wsgi:application", "--bind", f"127.0.0.1:{port}",
         *(server_args() if args is None else args)],
        cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    # Each worker warms itself when it starts (sitewide.warm); on a busy machine that takes a while.
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if _answers(port):
            return process
        time.sleep(0.3)
    process.terminate()
    raise SystemExit(f"gunicorn did not answer on port {port}")


def _answers(port: int) -> bool:
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/sets/", timeout=5).close()
        return True
    except OSError:
        return False


def locust(folder: Path, label: str, explorers: int, port: int = PORT) -> list[dict[str, str]]:
    prefix = folder / label
    env = dict(os.environ, LOAD_EXPLORERS=str(explorers))
    subprocess.run(
        [str(BIN / "locust"), "-f", str(Path(__file__).with_name("locustfile.py")), "--headless", "--users", str(USERS),
         "--spawn-rate", str(USERS), "--run-time", f"{SECONDS}s", "--host", f"http://127.0.0.1:{port}",
         "--csv", str(prefix), "--only-summary", "--stop-timeout", "5", "--loglevel", "WARNING"],
        env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=SECONDS + 120,
    )  # fmt: skip
    with open(f"{prefix}_stats.csv", newline="") as handle:
        return list(csv.DictReader(handle))


def searches_p95(rows: list[dict[str, str]]) -> float:
    """p95 of all searches pooled, weighted by request count (locust reports it per name)."""
    searches = [row for row in rows if row["Name"].startswith("search")]
    total = sum(int(row["Request Count"]) for row in searches)
    return sum(float(row["95%"]) * int(row["Request Count"]) for row in searches) / max(total, 1)


def report(label: str, rows: list[dict[str, str]]) -> list[str]:
    lines = [
        f"{label}:",
        f"  {'request':34} {'count':>7} {'fails':>6} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}",
    ]
    for row in rows:
        lines.append(
            f"  {row['Name'][:34]:34} {row['Request Count']:>7} {row['Failure Count']:>6} {float(row['Requests/s']):7.1f} "
            f"{row['50%']:>7} {row['95%']:>7} {float(row['Max Response Time']):7.0f}"
        )
    return lines


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="guardians-load-"))
    env = site_env(folder)
    server = None
    try:
        for command in SETUP_COMMANDS:
            manage(env, *command)
        server = serve(env)
        print(
            f"gunicorn, {WORKERS} workers of {THREADS} threads, on 127.0.0.1:{PORT}; {USERS} users for {SECONDS} s per run",
            flush=True,
        )
        # The baseline runs before and after, so a change in the machine's other load during the test shows.
        without = locust(folder, "without-explore", 0)
        with_explore = locust(folder, "with-explore", EXPLORERS)
        without_again = locust(folder, "without-explore-again", 0)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    lines = report("1. Realistic mix, no explore loops", without)
    lines += report(f"2. Same, with {EXPLORERS} of the {USERS} users looping heavy explores", with_explore)
    lines += report("3. Realistic mix again, no explore loops", without_again)
    first, loaded, again = searches_p95(without), searches_p95(with_explore), searches_p95(without_again)
    base = (first + again) / 2
    lines.append(
        f"Searches p95: {first:.0f} and {again:.0f} ms without explore loops (runs 1 and 3), {loaded:.0f} ms with "
        f"them (run 2): {loaded / max(base, 1):.2f}x their mean"
    )
    runs = without + with_explore + without_again
    failures = sum(int(row["Failure Count"]) for row in runs if row["Name"] != "Aggregated")
    lines.append(f"Failed requests in the three runs: {failures}")
    print("\n".join(lines))
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
