"""Search speed (``make bench``): a fixed mix of queries in classes, p50 and p95 per class, against a
naive baseline answered in the same run (Django ORM filters with icontains, iexact and numeric lookups
over the same data; words as a row-by-row substring scan of each card's words as the index cuts them),
first on the real cards, then on a synthetic database of 50,000 cards made from them.

Each answer is the work of a list page: the number of matches and the ids of the first 50 cards in the
list's order (name, then slug). Both sides must give the same answer for every query; a class where
they differ is reported as not comparable. Besides p50 and p95 (after two warm-up runs), the slowest
first run of a query in each class is shown. Everything runs in a child process on a temporary SQLite
file and index directory, never on the dev database. Targets: p95 <= 10 ms for every class on the real
cards; on 50,000 cards, selective queries (names, rare words, selective filters) at least 10 times
faster than the baseline, no class slower.
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

# The naive baseline's word search: a substring scan, row by row, of each card's words as the index
# cuts them ("fires" and "fire" are both "fire"), so both sides answer the same question. It is a
# narrow side table made by the benchmark, which is quicker to scan than the card rows themselves.
WORDS_TABLE = "bench_card_words"


def _mix() -> list[tuple[str, str, Callable[[Any], Any]]]:
    from django.db.models import Q
    from django.db.models.expressions import RawSQL

    from cards.search.analysis import stems

    def words(*terms: str) -> Callable[[Any], Any]:
        def apply(cards: Any) -> Any:
            for term in terms:
                needle = " " + " ".join(stems(term)) + " "
                scan = RawSQL(f"SELECT card_id FROM {WORDS_TABLE} WHERE instr(words, %s) > 0", (needle,))
                cards = cards.filter(pk__in=scan)
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

    def named(text: str, prefix: bool = False) -> Callable[[Any], Any]:
        # A name or any alias (aliases are a JSON list: the naive way is a substring test on its text).
        if prefix:
            return where(Q(name__istartswith=text) | Q(aliases__icontains=f'"{text}'))
        return where(Q(name__iexact=text) | Q(aliases__icontains=f'"{text}"'))

    # The naive way to ask the structured abilities: substring matches on their JSON text.
    immune_fire = where(abilities__icontains='"kind": "immunity", "attack_type": "fire"')
    return [
        ("names", "sand lord", words("sand", "lord")),
        ("names", "baelzebub", words("baelzebub")),
        ("names", 'name:"ice spirit"', named("ice spirit")),
        ("names", "name:drag*", named("drag", prefix=True)),
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


def _fill_words_table() -> None:
    """The naive baseline's text: per card, each plain-words field's analysed words, fields kept apart."""
    from django.db import connection, transaction

    from cards.models import Card
    from cards.search.analysis import stems
    from cards.search.documents import word_texts

    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {WORDS_TABLE}")
        cursor.execute(f"CREATE TABLE {WORDS_TABLE} (card_id integer PRIMARY KEY, words text NOT NULL)")
        rows = [(card.pk, " " + " | ".join(" ".join(stems(text)) for text in word_texts(card).values()) + " ")
                for card in Card.objects.order_by("pk").iterator(chunk_size=2000)]  # fmt: skip
        cursor.executemany(f"INSERT INTO {WORDS_TABLE} (card_id, words) VALUES (%s, %s)", rows)


# --- Measuring --------------------------------------------------------------------------------------

Answer = tuple[int, list[int]]


def _answer(cards: Any) -> Answer:
    """What a list page needs: how many cards match and the ids of the first page, in the list's order."""
    ordered = cards.sorted_by("name")
    return ordered.count(), list(ordered.values_list("pk", flat=True)[:PAGE])


def _time(function: Callable[[], Answer], runs: int) -> tuple[float, list[float], Answer]:
    """The first (cold) run's time, then one sample per run after two more warm-up runs; and the answer."""
    start = time.perf_counter()
    answer = function()
    first = (time.perf_counter() - start) * 1000
    for _ in range(2):
        function()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        samples.append((time.perf_counter() - start) * 1000)
    return first, samples, answer


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class _ClassTimes:
    def __init__(self) -> None:
        self.ours: list[float] = []
        self.naive: list[float] = []
        self.ours_first: list[float] = []
        self.naive_first: list[float] = []
        self.counts: list[int] = []
        self.disagreements: list[str] = []


def _measure(label: str, runs: int, real: bool) -> list[str]:
    from cards.models import Card
    from cards.search.service import current_index, read_query, search

    def ours(query: str) -> Callable[[], Answer]:
        def answer() -> Answer:
            cards, _ = search(Card.objects.all(), read_query(query))
            return _answer(cards)

        return answer

    def naive(baseline: Callable[[Any], Any]) -> Callable[[], Answer]:
        return lambda: _answer(baseline(Card.objects.all()))

    started = time.perf_counter()
    current_index()  # What a process does once (per index revision): open the index, load its bitmaps.
    opened = (time.perf_counter() - started) * 1000
    by_class: dict[str, _ClassTimes] = {}
    for kind, query, baseline in _mix():
        entry = by_class.setdefault(kind, _ClassTimes())
        first, searched, our_answer = _time(ours(query), runs)
        naive_first, naive_samples, naive_answer = _time(naive(baseline), runs)
        entry.ours.extend(searched)
        entry.naive.extend(naive_samples)
        entry.ours_first.append(first)
        entry.naive_first.append(naive_first)
        entry.counts.append(our_answer[0])
        if our_answer != naive_answer:
            entry.disagreements.append(
                f"    {query!r}: search {our_answer[0]} cards, first {our_answer[1][:3]}; "
                f"naive {naive_answer[0]} cards, first {naive_answer[1][:3]}"
            )
    lines = [
        f"  {label} ({Card.objects.count():,} cards; {runs} runs per query, 5 queries per class; index opened and "
        f"its bitmaps loaded in {opened:.0f} ms, once per process)",
        f"  {'class':<18} {'search p50':>10} {'p95':>6} {'1st':>6}   {'naive p50':>9} {'p95':>6} {'1st':>6}"
        f"   {'ratio p50':>9} {'p95':>5}  matches per query",
    ]
    problems: list[str] = []
    for kind, entry in by_class.items():
        p50, p95 = _percentile(entry.ours, 0.5), _percentile(entry.ours, 0.95)
        naive_p50, naive_p95 = _percentile(entry.naive, 0.5), _percentile(entry.naive, 0.95)
        ratio, ratio95 = naive_p50 / p50, naive_p95 / p95
        if entry.disagreements:
            verdict = "ANSWERS DIFFER: not comparable"
            problems.extend(entry.disagreements)
        elif real:
            verdict = "p95 target met" if p95 <= TARGET_P95_MS else "p95 target NOT met"
        elif kind in SELECTIVE:
            verdict = ">=10x: met" if ratio >= 10 else ">=10x: NOT met"
        else:
            verdict = "not slower: met" if ratio >= 1 else "not slower: NOT met"
        lines.append(
            f"  {kind:<18} {p50:>7.2f} ms {p95:>6.2f} {max(entry.ours_first):>6.2f}   "
            f"{naive_p50:>6.2f} ms {naive_p95:>6.2f} {max(entry.naive_first):>6.2f}   "
            f"{ratio:>8.1f}x {ratio95:>4.1f}x  {','.join(str(c) for c in entry.counts):<24} {verdict}"
        )
    lines.append("  (1st: the slowest first run of a query in the class; both answers are compared for every query:"
                 + (" they differ for:" if problems else " all agree)"))  # fmt: skip
    return lines + problems


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
    print("Search: list-page answers (count + first 50 ids in name order), our search vs a naive ORM baseline, "
          "same run, same answers required")  # fmt: skip
    print(f"  real cards: {build_index()}")
    _fill_words_table()
    for line in _measure("Real cards", runs=40, real=True):
        print(line, flush=True)
    started = time.perf_counter()
    _grow_to(SYNTHETIC_TOTAL)
    _fill_words_table()
    print(f"  synthetic cards generated in {time.perf_counter() - started:.1f} s; {build_index()} "
          f"({storage.index_root()})")  # fmt: skip
    for line in _measure("Synthetic cards", runs=12, real=False):
        print(line, flush=True)


if __name__ == "__main__":
    _worker()
