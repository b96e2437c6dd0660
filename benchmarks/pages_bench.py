"""Page speed (``make bench``): the site under gunicorn on loopback, each page against a bare Django view
in the same server (same middleware, same connection handling), on the real cards and rules.

Measured, alternating page and bare view request by request (this machine is shared): a card page and a
rule section page as a returning visitor gets them (served from the data revision's page cache), as a
browser revalidating them gets them (304 from the ETag), and as the first visitor of a revision gets
them (each sample a different card or section, so none is cached); and the first request of a freshly
started worker, with the warm start (``sitewide/warm.py``) and without it. Everything runs on a
temporary SQLite file, index and ports 8170-8179 (or GUARDIANS_BENCH_PORTS), and the server is stopped at the end.

Targets: a card page within 3x of the bare view, a rule section within 5x, a worker's first request under
60 ms. Verdicts are printed from these numbers only.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A shared machine gives each developer a range of ports: GUARDIANS_BENCH_PORTS=8180-8189 picks another.
_FIRST_PORT, _LAST_PORT = (int(part) for part in os.environ.get("GUARDIANS_BENCH_PORTS", "8170-8179").split("-"))
PORTS = range(_FIRST_PORT, _LAST_PORT + 1)
CARD_TARGET, RULES_TARGET, FIRST_TARGET_MS = 3.0, 5.0, 60.0
ROUNDS = 150
STARTS = 3
BARE = "/bench-bare/"


def _free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            # As gunicorn binds: a port whose last connections are still closing (TIME_WAIT) is free.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")


def _get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[float, int, str]:
    """Milliseconds for one GET on a new connection, its status and its ETag."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    return (time.perf_counter() - start) * 1000, response.status, response.getheader("ETag") or ""


@contextmanager
def _server(env: dict[str, str], scratch: Path) -> Iterator[int]:
    """One gunicorn worker, yielded once it has loaded the site and is ready (not before)."""
    port = _free_port()
    ready = scratch / f"ready-{port}-{time.monotonic_ns()}"
    ready.mkdir()
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "benchmarks.pages_wsgi:application", "--bind",
         f"127.0.0.1:{port}", "--workers", "1", "--config", "python:benchmarks.gunicorn_bench"],
        cwd=ROOT, env={**env, "BENCH_READY_DIR": str(ready)}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not any(ready.iterdir()):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not start: {process.stderr.read().decode()[-2000:] if process.stderr else ''}")
            time.sleep(0.02)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _median(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[len(ordered) // 2]


def _spread(samples: list[float]) -> str:
    ordered = sorted(samples)
    return f"{_median(ordered):6.2f} [{ordered[len(ordered) // 4]:.2f}-{ordered[3 * len(ordered) // 4]:.2f}]"


def run() -> list[str]:
    with tempfile.TemporaryDirectory(prefix="pages-bench-") as directory:
        scratch = Path(directory)
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{scratch}/bench.sqlite3",
            "GUARDIANS_SEARCH_INDEX_DIR": f"{scratch}/index",
            "GUARDIANS_VAR_DIR": str(scratch),
            "DJANGO_SETTINGS_MODULE": "benchmarks.pages_settings",
            "DJANGO_DEBUG": "0",
            # As ``make serve`` runs it: one database connection kept per worker.
            "DATABASE_CONN_MAX_AGE": "600",
        }
        manage = [sys.executable, "manage.py"]
        for command in (["migrate", "--no-input", "-v", "0"], ["loadcards", "-v", "0"], ["loadrules", "-v", "0"],
                        ["rebuild_index"]):  # fmt: skip
            done = subprocess.run([*manage, *command], cwd=ROOT, env=env, capture_output=True, text=True)
            if done.returncode != 0:
                return [f"Pages benchmark: {' '.join(command)} failed:", done.stdout[-2000:], done.stderr[-2000:]]
        listed = subprocess.run([sys.executable, "-m", "benchmarks.pages_bench", "--paths"], cwd=ROOT, env=env,
                                capture_output=True, text=True, check=True)  # fmt: skip
        paths = json.loads(listed.stdout)
        lines = _measure(env, scratch, paths["cards"], paths["sections"])
        return lines + _first_requests(env, scratch, paths["cards"][0], paths["sections"][0])


# Every kind of page a visitor may open first, each the first request of a fresh (warm-started) worker.
FIRST_PAGES = {
    "card page": None,  # the rulings-heaviest card (filled in from --paths)
    "rule section": None,  # /rules/6/, the longest section
    "rule page": "/rules/6.5.2/",
    "rulings, by card": "/rulings/?card=swordsman",
    "rulings, words": "/rulings/?q=bribe",
    "ruling": "/rulings/R-010/",
    "glossary": "/rules/glossary/",
    "card list search": "/cards/?q=t:guardian",
    "rules search": "/rules/search/?q=capture",
    "site search": "/search/?q=bribe",
    "API card": "/api/v1/cards/archer/",
    "API card search": "/api/v1/cards/?q=fire",
    "combat page": "/combat/",
}
FIRST_STARTS = 3  # an odd number: the median is a sample, not the slower of two


def _first_requests(env: dict[str, str], scratch: Path, card: str, section: str) -> list[str]:
    """Each kind of page as the very first request of a new worker, against a new worker's first bare request."""
    pages = {name: path or (card if name == "card page" else section) for name, path in FIRST_PAGES.items()}
    times: dict[str, list[float]] = {name: [] for name in ["bare view", *pages]}
    statuses: dict[str, set[int]] = {name: set() for name in times}
    for start in range(FIRST_STARTS):
        order = ["bare view", *pages]
        for name in order if start % 2 == 0 else reversed(order):
            with _server(env, scratch) as port:
                elapsed, status, _ = _get(port, BARE if name == "bare view" else pages[name])
                times[name].append(elapsed)
                statuses[name].add(status)
    bare = _median(times["bare view"])
    lines = [f"  The first request of a fresh worker (warm start), {FIRST_STARTS} workers per kind of page:",
             f"  {'page':<18} {'path':<28} {'ms':>22} {'x bare':>7}"]  # fmt: skip
    slowest = 0.0
    for name, values in times.items():
        path = BARE if name == "bare view" else pages[name]
        note = "" if statuses[name] == {200} else f"  (status {sorted(statuses[name])})"
        lines.append(f"  {name:<18} {path:<28} {_spread(values):>22} {_median(values) / bare:>6.1f}x{note}")
        if name != "bare view":
            slowest = max(slowest, max(values))
    load = " / ".join(f"{value:.2f}" for value in os.getloadavg())
    lines.append(f"  Load average at the end: {load}")
    lines.append(f"  Every kind of page as a worker's first request under {FIRST_TARGET_MS:.0f} ms: "
                 + ("met" if slowest < FIRST_TARGET_MS else "NOT met") + f" (slowest sample {slowest:.1f} ms)")  # fmt: skip
    return lines


def _measure(env: dict[str, str], scratch: Path, cards: list[str], sections: list[str]) -> list[str]:
    load = " / ".join(f"{value:.2f}" for value in os.getloadavg())
    lines = ["Pages: gunicorn (1 sync worker), loopback, a new connection per request; ms: median [25th-75th]",
             f"  Load average at the start (1 / 5 / 15 min): {load} on {os.cpu_count()} cores"]
    card, rules = cards[0], sections[0]
    firsts: dict[str, list[float]] = {"1": [], "0": []}
    seconds: dict[str, list[float]] = {"1": [], "0": []}
    for start in range(STARTS):
        for warm in (("1", "0") if start % 2 == 0 else ("0", "1")):
            with _server({**env, "GUARDIANS_WARM_START": warm}, scratch) as port:
                firsts[warm].append(_get(port, card)[0])
                seconds[warm].append(_get(port, rules)[0])
    with _server(env, scratch) as port:
        for path in (BARE, card, rules):
            _get(port, path)
        etags = {path: _get(port, path)[2] for path in (card, rules)}
        samples: dict[str, list[float]] = {name: [] for name in ("bare", "card", "card 304", "rules", "rules 304")}
        for _ in range(ROUNDS):
            samples["bare"].append(_get(port, BARE)[0])
            samples["card"].append(_get(port, card)[0])
            samples["card 304"].append(_get(port, card, {"If-None-Match": etags[card]})[0])
            samples["rules"].append(_get(port, rules)[0])
            samples["rules 304"].append(_get(port, rules, {"If-None-Match": etags[rules]})[0])
        # First visits: every sample a page not rendered before, each beside a bare request.
        misses: dict[str, list[float]] = {"bare (beside first visits)": [], "card, first visit": [],
                                          "rules, first visit": []}  # fmt: skip
        for index in range(max(len(sections), 60)):
            misses["bare (beside first visits)"].append(_get(port, BARE)[0])
            if index + 1 < len(cards):
                misses["card, first visit"].append(_get(port, cards[index + 1])[0])
            if index + 1 < len(sections):
                misses["rules, first visit"].append(_get(port, sections[index + 1])[0])
    bare = _median(samples["bare"])
    miss_bare = _median(misses["bare (beside first visits)"])
    lines.append(f"  {'request':<28} {'time':>22} {'x bare':>7}")
    for name, values in samples.items():
        lines.append(f"  {name + ' (' + (card if 'card' in name else rules if 'rules' in name else BARE) + ')':<28}"
                     f" {_spread(values):>22} {_median(values) / bare:>6.1f}x")  # fmt: skip
    for name, values in misses.items():
        lines.append(f"  {name:<28} {_spread(values):>22} {_median(values) / miss_bare:>6.1f}x  ({len(values)} pages)")
    card_ratio, rules_ratio = _median(samples["card"]) / bare, _median(samples["rules"]) / bare
    warm_first, cold_first = _median(firsts["1"]), _median(firsts["0"])
    lines += [
        f"  A worker's first request ({card}), {STARTS} fresh workers each: with the warm start {_spread(firsts['1'])}, "
        f"without {_spread(firsts['0'])}; its second ({rules}): {_spread(seconds['1'])} / {_spread(seconds['0'])}",
        f"  Card page within {CARD_TARGET:.0f}x of the bare view: {card_ratio:.1f}x "
        + ("met" if card_ratio <= CARD_TARGET else "NOT met")
        + f" (first visit of a revision: {_median(misses['card, first visit']) / miss_bare:.1f}x)",
        f"  Rule section within {RULES_TARGET:.0f}x of the bare view: {rules_ratio:.1f}x "
        + ("met" if rules_ratio <= RULES_TARGET else "NOT met")
        + f" (first visit of a revision: {_median(misses['rules, first visit']) / miss_bare:.1f}x)",
        f"  A worker's first request under {FIRST_TARGET_MS:.0f} ms: {warm_first:.1f} ms "
        + ("met" if max(firsts["1"]) < FIRST_TARGET_MS else "NOT met (slowest " + f"{max(firsts['1']):.1f} ms)")
        + f" (without the warm start {cold_first:.1f} ms)",
    ]
    return lines


def _paths() -> None:
    import django

    django.setup()
    from cards.models import Card
    from rulings.models import RuleEntry

    # The warm start requests the first card by id: leave it out, or its page would be timed from the cache.
    warmed = Card.objects.order_by("pk").first()
    cards = [card.get_absolute_url() for card in Card.objects.exclude(pk=getattr(warmed, "pk", None))
             .exclude(slug="sand-lord").order_by("name")[:100]]  # fmt: skip
    sand = Card.objects.filter(slug="sand-lord").exclude(pk=getattr(warmed, "pk", None)).first()
    if sand is not None:
        cards.insert(0, sand.get_absolute_url())
    sections = [entry.get_absolute_url() for entry in RuleEntry.objects.filter(ruleset__slug="standard")
                .order_by("position") if entry.number.count(".") <= 1 and entry.number != "1"][:80]  # fmt: skip
    six = [path for path in sections if path.rstrip("/").endswith("/6")]
    print(json.dumps({"cards": cards, "sections": six + [path for path in sections if path not in six]}))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--paths"]:
        _paths()
    else:
        for line in run():
            print(line, flush=True)
