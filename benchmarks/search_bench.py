"""Search speed (``make bench``): a fixed mix of queries in classes, p50 and p95 per class, against a
naive baseline answered in the same run (Django ORM filters with icontains and numeric lookups over
the same data), first on the 679 real cards, then on a synthetic database of 50,000 cards made from them.

Each answer is the work of a list page: the number of matches and the first 50 card ids in name order.
Everything runs in a child process on a temporary SQLite file and index directory, never on the dev
database. Targets: p95 <= 10 ms for every class on the real cards; on 50,000 cards, selective queries
(names, rare words, selective filters) at least 10 times faster than the baseline, no class slower.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = 50
SYNTHETIC_TOTAL = 50_000
TARGET_P95_MS = 10.0
SELECTIVE = ("names", "rare words", "selective filters")


def run() -> list[str]:
    with tempfile.TemporaryDirectory(prefix="search-bench-") as scratch:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{scratch}/bench.sqlite3",
            "GUARDIANS_SEARCH_INDEX_DIR": f"{scratch}/index",
            "GUARDIANS_VAR_DIR": scratch,
            "DJANGO_SETTINGS_MODULE": "guardians_site.settings",
        }
        completed = subprocess.run(
            [sys.executable, "-m", "benchmarks.search_bench"], cwd=ROOT, env=env, capture_output=True, text=True
        )
    if completed.returncode != 0:
        return ["Search benchmark failed:", completed.stdout, completed.stderr]
    return completed.stdout.rstrip("\n").split("\n")


# --- The query mix: (class, query, naive baseline) -------------------------------------------------


def _mix() -> list[tuple[str, str, Callable[[Any], Any]]]:
    from django.db.models import Q

    def words(*terms: str) -> Callable[[Any], Any]:
        def apply(cards: Any) -> Any:
            for term in terms:
                cards = cards.filter(Q(name__icontains=term) | Q(summary__icontains=term))
            return cards

        return apply

    def where(*args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        return lambda cards: cards.filter(*args, **kwargs)

    def chain(*steps: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def apply(cards: Any) -> Any:
            for step in steps:
                cards = step(cards)
            return cards

        return apply

    # The naive way to ask the structured abilities: substring matches on their JSON text.
    immune_fire = where(abilities__icontains='"immunity"', summary__icontains="fire")
    return [
        ("names", "sand lord", words("sand", "lord")),
        ("names", "baelzebub", words("baelzebub")),
        ("names", 'name:"ice spirit"', where(name__iexact="ice spirit")),
        ("names", "name:drag*", where(name__istartswith="drag")),
        ("names", "fire walker", words("fire", "walker")),
        ("rare words", "methane", words("methane")),
        ("rare words", "beneath", words("beneath")),
        ("rare words", "erratum", words("erratum")),
        ("rare words", "randomly", words("randomly")),
        ("rare words", '"dry heaps"', words("dry heaps")),
        ("common words", "the", words("the")),
        ("common words", "creature", words("creature")),
        ("common words", "vitality", words("vitality")),
        ("common words", "attack", words("attack")),
        ("common words", "card opponent", words("card", "opponent")),
        ("numeric ranges", "v>=10", where(vitality__gte=10)),
        ("numeric ranges", "v<=3", where(vitality__lte=3)),
        ("numeric ranges", "cmp>=2", where(cmp__gte=2)),
        ("numeric ranges", "up>=5 up<=9", where(up_number__gte=5, up_number__lte=9)),
        ("numeric ranges", "ocb>=3 v<8", where(ocb__gte=3, vitality__lt=8)),
        ("keyword filters", "border:elemental", where(border="elemental")),
        ("keyword filters", "t:spell", where(card_type="spell")),
        ("keyword filters", "set:dn", chain(where(printings__card_set__code="DN"), lambda c: c.distinct())),
        ("keyword filters", "is:flying", where(flying=True)),
        ("keyword filters", "bribe:babes", where(bribe_babes=True)),
        ("selective filters", "v>=30", where(vitality__gte=30)),
        ("selective filters", "ranged>=4", where(ranged_attack__gte=4)),
        ("selective filters", "class:knight ranged>0",
         chain(where(classes__slug="knight", ranged_attack__gt=0), lambda c: c.distinct())),
        ("selective filters", "cmp>=4 is:receiver", where(cmp__gte=4, receives_channeling=True)),
        ("selective filters", "t:guardian v>=27", where(card_type="guardian", vitality__gte=27)),
        ("mixed", "v>=10 border:elemental bribe:babes", where(vitality__gte=10, border="elemental", bribe_babes=True)),
        ("mixed", "immune:fire -is:flying", chain(immune_fire, where(flying=False))),
        ("mixed", "fire v>=8", chain(words("fire"), where(vitality__gte=8))),
        ("mixed", "(c:undead or c:demon) -is:flying",
         chain(where(Q(classes__slug="undead") | Q(classes__slug="demon"), flying=False), lambda c: c.distinct())),
        ("mixed", "creature attack b:x", chain(words("creature", "attack"), where(border="external"))),
    ]  # fmt: skip


# --- Measuring --------------------------------------------------------------------------------------


def _answer(cards: Any) -> tuple[int, list[int]]:
    """What a list page needs: how many cards match and the ids of the first page."""
    return cards.count(), list(cards.values_list("pk", flat=True)[:PAGE])


def _time(function: Callable[[], Any], runs: int) -> list[float]:
    for _ in range(3):
        function()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _measure(label: str, runs: int, real: bool) -> list[str]:
    from cards.models import Card
    from cards.search.service import read_query, search

    def ours(query: str) -> Callable[[], Any]:
        def answer() -> Any:
            cards, _ = search(Card.objects.all(), read_query(query))
            return _answer(cards)

        return answer

    def naive(baseline: Callable[[Any], Any]) -> Callable[[], Any]:
        return lambda: _answer(baseline(Card.objects.all()))

    by_class: dict[str, tuple[list[float], list[float], list[int]]] = {}
    for kind, query, baseline in _mix():
        searched, naive_samples = _time(ours(query), runs), _time(naive(baseline), runs)
        entry = by_class.setdefault(kind, ([], [], []))
        entry[0].extend(searched)
        entry[1].extend(naive_samples)
        entry[2].append(ours(query)()[0])
    lines = [f"  {label} ({Card.objects.count():,} cards; {runs} runs per query, 5 queries per class)",
             f"  {'class':<18} {'search p50':>10} {'p95':>7}   {'naive p50':>9} {'p95':>7}   {'p50 ratio':>9}"
             f"  matches per query"]  # fmt: skip
    for kind, (searched, naive_samples, counts) in by_class.items():
        ratio = _percentile(naive_samples, 0.5) / _percentile(searched, 0.5)
        verdict = ""
        if real:
            verdict = "p95 target met" if _percentile(searched, 0.95) <= TARGET_P95_MS else "p95 target NOT met"
        elif kind in SELECTIVE:
            verdict = ">=10x: met" if ratio >= 10 else ">=10x: NOT met"
        else:
            verdict = "not slower: met" if ratio >= 1 else "not slower: NOT met"
        lines.append(
            f"  {kind:<18} {_percentile(searched, 0.5):>7.2f} ms {_percentile(searched, 0.95):>7.2f}   "
            f"{_percentile(naive_samples, 0.5):>6.2f} ms {_percentile(naive_samples, 0.95):>7.2f}   "
            f"{ratio:>8.1f}x  {','.join(str(c) for c in counts):<24} {verdict}"
        )
    return lines


# --- The synthetic database ---------------------------------------------------------------------------

SYLLABLES = ("ka", "ro", "vex", "mur", "tal", "zi", "gon", "bri", "sha", "dul", "om", "ny", "qua", "fen", "lox")


def _invented_word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(3))


def _grow_to(total: int) -> None:
    """Add copies of the real cards (new names, shifted numbers) until there are ``total`` cards."""
    from django.db import transaction

    from cards.models import Card, Printing

    rng = random.Random(1995)
    originals = list(Card.objects.prefetch_related("classes", "printings"))
    numbers = ("vitality", "stacking_vitality", "ocb", "cmp", "ranged_attack", "up_number")
    class_links = Card.classes.through
    with transaction.atomic():
        made = len(originals)
        copy = 0
        while made < total:
            copy += 1
            batch: list[tuple[Card, Card]] = []
            for original in originals:
                if made >= total:
                    break
                clone = Card(**{f.attname: getattr(original, f.attname) for f in Card._meta.concrete_fields
                                if f.attname != "id"})  # fmt: skip
                clone.slug = f"{original.slug}-{copy}"
                clone.name = f"{original.name} {_invented_word(rng).capitalize()}"
                for column in numbers:
                    value = getattr(clone, column)
                    if value is not None:
                        setattr(clone, column, max(0, value + rng.randint(-2, 2)))
                batch.append((original, clone))
                made += 1
            Card.objects.bulk_create([clone for _, clone in batch], batch_size=2000)
            class_links.objects.bulk_create(
                [class_links(card_id=clone.pk, cardclass_id=cc.pk) for original, clone in batch
                 for cc in original.classes.all()], batch_size=5000)  # fmt: skip
            Printing.objects.bulk_create(
                [Printing(card_id=clone.pk, card_set_id=p.card_set_id, position=p.position, rarity=p.rarity,
                          starter_only=p.starter_only, image=p.image, classes=p.classes)
                 for original, clone in batch for p in original.printings.all()], batch_size=5000)  # fmt: skip


def _worker() -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from cards.search import storage

    def build_index() -> str:
        started = time.perf_counter()
        call_command("rebuild_index", stdout=open(os.devnull, "w"))
        return f"index built in {time.perf_counter() - started:.1f} s"

    call_command("migrate", verbosity=0)
    call_command("loadcards", verbosity=0, stdout=open(os.devnull, "w"))
    print("Search: list-page answers (count + first 50 ids), our search vs a naive ORM baseline, same run")
    print(f"  real cards: {build_index()}")
    for line in _measure("Real cards", runs=40, real=True):
        print(line, flush=True)
    started = time.perf_counter()
    _grow_to(SYNTHETIC_TOTAL)
    print(f"  synthetic cards generated in {time.perf_counter() - started:.1f} s; {build_index()} "
          f"({storage.index_root()})")  # fmt: skip
    for line in _measure("Synthetic cards", runs=12, real=False):
        print(line, flush=True)


if __name__ == "__main__":
    _worker()
