"""Card-list search speed of two checkouts in one run, alternating processes (issue #36: the search moved off
Django's private internals; this compares it with the previous main).

``python benchmarks/search_list_compare.py BASELINE_DIR CANDIDATE_DIR`` (two checkouts, e.g. ``git archive`` of
each commit unpacked into a temporary folder, with ``python -m compileall`` run over both so neither pays for
compiling). Each side runs in its own checkout on its own scratch SQLite file and index, built by its own code. What is
timed is what the card list does for ?q=...: CardFilterSet(...).qs handed to Django's Paginator, the count and
the first page of 60 card rows (the same code on both sides; what differs is what .qs is). Both the wall clock
and the process's CPU time are recorded: on a shared machine the wall clock mostly measures the neighbours.
Warm: 5 processes per side, alternating, 12 samples per query each after one answer; before each sample every
lru cache of the search's page module and analyzer is cleared. Cold: the first query of a new process (Django
set up, index not opened); a module the models no longer import (the search's) is loaded there instead of in
``django.setup()``, so compare a cold query together with the start when a side moved imports.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

QUERIES = ["sand lord", "fire", "dragon", "v>=10", "-is:flying", "b:e", "name:drag*", "immune:fire",
           "t:spell or v>=30", "c:undead -(fire or v<5)", "rock", "order:vitality fire"]
COLD = ["fire", "sand lord", "v>=10"]
SIDES = {"main": os.environ.get("COMPARE_MAIN", ""), "branch": os.environ.get("COMPARE_BRANCH", "")}
SCRATCH = os.environ.get("COMPARE_SCRATCH", "")
PY = sys.executable


def env(side):
    scratch = f"{SCRATCH}/{side}"
    os.makedirs(scratch, exist_ok=True)
    return {**os.environ, "DATABASE_URL": f"sqlite:///{scratch}/bench.sqlite3", "GUARDIANS_SEARCH_INDEX_DIR": f"{scratch}/index",
            "GUARDIANS_VAR_DIR": scratch, "DJANGO_SETTINGS_MODULE": "guardians_site.settings", "DJANGO_DEBUG": "0",
            "GUARDIANS_WARM_START": "0", "PYTHONPATH": SIDES[side]}


def child(mode, arg):
    import django
    django.setup()
    import importlib

    from django.core.paginator import Paginator

    from cards.filters import CardFilterSet
    from cards.models import Card

    def forget():
        for name in ("cards.search.pages", "cards.search.analysis", "core.text_analysis"):
            try:
                module = importlib.import_module(name)
            except ImportError:
                continue
            for value in vars(module).values():
                if hasattr(value, "cache_clear"):
                    value.cache_clear()

    def answer(query):
        filterset = CardFilterSet({"q": query}, queryset=Card.objects.for_listing())
        assert filterset.is_valid(), filterset.errors
        page = Paginator(filterset.qs, 60).get_page(1)
        return page.paginator.count, [card.slug for card in page]

    if mode == "cold":
        start, cpu = time.perf_counter(), time.process_time()
        answer(arg)
        print(json.dumps([(time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000]))
        return
    out = {}
    for query in QUERIES:
        first = answer(query)
        samples = []
        for _ in range(12):
            forget()
            start, cpu = time.perf_counter(), time.process_time()
            got = answer(query)
            samples.append([(time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000])
            assert got == first
        out[query] = {"samples": samples, "answer": first}
    print(json.dumps(out))


def run(side, *args):
    done = subprocess.run([PY, __file__, *args], cwd=SIDES[side], env=env(side), capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{side} {args} failed:\n{done.stdout}\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def setup(side):
    for command in (["migrate", "-v0"], ["loadcards"], ["rebuild_index"]):
        subprocess.run([PY, "manage.py", *command], cwd=SIDES[side], env=env(side), check=True, capture_output=True)


def main():
    for side in SIDES:
        if not os.path.exists(f"{SCRATCH}/{side}/bench.sqlite3"):
            setup(side)
    warm = {side: [] for side in SIDES}
    for round_ in range(5):
        for side in (SIDES if round_ % 2 == 0 else list(SIDES)[::-1]):
            warm[side].append(run(side, "warm", ""))
    print("Warm: 5 processes per side, alternating, 12 samples per query each; median ms, wall clock and CPU time"
          " of the process; ratio main/branch (above 1: the branch is faster)")
    ratios, cpu_ratios = [], []
    for query in QUERIES:
        m = [x for r in warm["main"] for x in r[query]["samples"]]
        b = [x for r in warm["branch"] for x in r[query]["samples"]]
        same = all(r[query]["answer"] == warm["main"][0][query]["answer"] for r in warm["main"] + warm["branch"])
        mw, bw = statistics.median(x[0] for x in m), statistics.median(x[0] for x in b)
        mc, bc = statistics.median(x[1] for x in m), statistics.median(x[1] for x in b)
        ratios.append(mw / bw)
        cpu_ratios.append(mc / bc)
        print(f"  {query:<26} wall main {mw:7.2f} branch {bw:7.2f} {mw / bw:5.2f}x   CPU main {mc:6.2f} branch {bc:6.2f} {mc / bc:5.2f}x"
              f"  {'same answer' if same else 'ANSWERS DIFFER'}")
    print(f"  geometric mean of ratios: wall {statistics.geometric_mean(ratios):.2f}x, CPU {statistics.geometric_mean(cpu_ratios):.2f}x")
    print("Cold (first query of a new process, 5 processes per side, alternating): median ms, wall and CPU; main/branch")
    for query in COLD:
        times = {side: [] for side in SIDES}
        for round_ in range(5):
            for side in (SIDES if round_ % 2 == 0 else list(SIDES)[::-1]):
                times[side].append(run(side, "cold", query))
        mw, bw = (statistics.median(x[0] for x in times[side]) for side in SIDES)
        mc, bc = (statistics.median(x[1] for x in times[side]) for side in SIDES)
        print(f"  {query:<26} wall main {mw:7.2f} branch {bw:7.2f} {mw / bw:5.2f}x   CPU main {mc:6.2f} branch {bc:6.2f} {mc / bc:5.2f}x")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] in ("warm", "cold"):
        child(sys.argv[1], sys.argv[2])
    elif len(sys.argv) == 3:
        with tempfile.TemporaryDirectory(prefix="search-compare-") as scratch:
            os.environ.update(COMPARE_MAIN=os.path.abspath(sys.argv[1]), COMPARE_BRANCH=os.path.abspath(sys.argv[2]),
                              COMPARE_SCRATCH=scratch)
            SIDES.update(main=os.environ["COMPARE_MAIN"], branch=os.environ["COMPARE_BRANCH"])
            SCRATCH = scratch
            main()
    else:
        raise SystemExit(__doc__)
