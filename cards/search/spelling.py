"""Spelling help with a cost bounded by what was typed: the nearest name word to a misspelling, and card
names matched loosely ("sandlord", "sand lrod" and "sand-lord" all find Sand Lord).

Both answer from tables of deletions (a word with one or two letters left out, the "symmetric delete"
method): two spellings within N edits of each other share a form with at most N letters removed from each,
so a look-up is a few dictionary reads for each form of the typed word, never a walk over the vocabulary
(Whoosh's suggester walked its term file for each word: 30-100 ms a word, which a query of 167 unknown
words turned into seconds). Each table is built from one index revision, once per process, on first use.
"""

from __future__ import annotations

import bisect
import re
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

# A word this short is within two edits of most short name words: any "correction" would be a guess.
SHORTEST_CORRECTED = 3
# Longer words are not slips of a name word (the longest is far shorter); they are left as typed.
LONGEST_CORRECTED = 24
# A loose name is compared without spaces or punctuation; shorter than this, one edit away is anything.
SHORTEST_LOOSE_NAME = 6
LONGEST_LOOSE_NAME = 60


def edit_distance(a: str, b: str) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(b)]


def deletions(word: str, depth: int) -> set[str]:
    """The word and every form of it with up to ``depth`` letters left out."""
    found = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {form[:i] + form[i + 1 :] for form in frontier for i in range(len(form))}
        found |= frontier
    return found


def allowed_edits(word: str) -> int:
    """How far a correction may be from a typed word: one slip in a short word, two in a longer one."""
    return 1 if len(word) <= 4 else 2


class NameSpeller:
    """The words of card names and their deletion table."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = frozenset(words)
        self._by_deletion: dict[str, list[str]] = defaultdict(list)
        for word in self.words:
            if SHORTEST_CORRECTED - 2 <= len(word) <= LONGEST_CORRECTED + 2:
                for form in deletions(word, 2):
                    self._by_deletion[form].append(word)

    def worth_correcting(self, word: str) -> bool:
        """Whether a word is one a correction could be offered for: of a fair length and no name word already."""
        return SHORTEST_CORRECTED <= len(word) <= LONGEST_CORRECTED and word not in self.words

    def closest(self, word: str, frequency: Callable[[str], int] = lambda known: 0) -> str | None:
        """The name word nearest to a misspelling: fewest edits, then the one most cards use (``frequency``,
        asked only of the few candidates), then alphabetical."""
        if not self.worth_correcting(word):
            return None
        most = allowed_edits(word)
        candidates = {known for form in deletions(word, most) for known in self._by_deletion.get(form, ())}
        scored = [(distance, known) for known in candidates if (distance := edit_distance(word, known)) <= most]
        if not scored:
            return None
        fewest = min(distance for distance, _ in scored)
        return min((-frequency(known), known) for distance, known in scored if distance == fewest)[1]


def compact(text: str) -> str:
    """A name as compared loosely: letters and digits only, lower case ("Sand-Lord" and "sand lord" alike)."""
    return re.sub(r"[\W_]+", "", text.lower())


@dataclass(frozen=True)
class LooseMatch:
    """Card slots (list ranks) whose name is the typed text spelt loosely, and how loosely: 0 when only
    spaces, punctuation or case differ, else the edits between the two without them."""

    ranks: frozenset[int]
    edits: int
    names: tuple[str, ...]


class LooseNames:
    """Every card name and alias in compact form, with the deletion table of those forms (one letter)."""

    def __init__(self, names: Iterable[tuple[str, int]]) -> None:
        self._exact: dict[str, set[int]] = defaultdict(set)
        self._names: dict[str, set[str]] = defaultdict(set)
        for name, rank in names:
            key = compact(name)
            if key:
                self._exact[key].add(rank)
                self._names[key].add(name)
        self._by_deletion: dict[str, list[str]] | None = None
        self._sorted: list[str] | None = None
        self._lock = threading.Lock()

    def starting(self, typed: str) -> frozenset[int]:
        """Card slots whose compact name starts with the typed text's compact form (three characters or more)."""
        key = compact(typed)
        if len(key) < 3:
            return frozenset()
        with self._lock:
            if self._sorted is None:
                self._sorted = sorted(self._exact)
        start = bisect.bisect_left(self._sorted, key)
        end = bisect.bisect_right(self._sorted, key + "\U0010ffff", lo=start)
        return frozenset(rank for known in self._sorted[start:end] for rank in self._exact[known])

    def _deletion_table(self) -> dict[str, list[str]]:
        # Built only when an exact compact match failed: most sloppy names are only run together or split.
        with self._lock:
            if self._by_deletion is None:
                table: dict[str, list[str]] = defaultdict(list)
                for key in self._exact:
                    if SHORTEST_LOOSE_NAME - 1 <= len(key) <= LONGEST_LOOSE_NAME + 1:
                        for form in deletions(key, 1):
                            table[form].append(key)
                self._by_deletion = table
        return self._by_deletion

    def find(self, typed: str) -> LooseMatch | None:
        key = compact(typed)
        if not SHORTEST_LOOSE_NAME <= len(key) <= LONGEST_LOOSE_NAME:
            return None
        if key in self._exact:
            return self._match({key}, 0)
        table = self._deletion_table()
        near = {known for form in deletions(key, 1) for known in table.get(form, ()) if edit_distance(key, known) <= 1}
        return self._match(near, 1) if near else None

    def _match(self, keys: set[str], edits: int) -> LooseMatch:
        ranks = frozenset(rank for key in keys for rank in self._exact[key])
        return LooseMatch(ranks, edits, tuple(sorted(name for key in keys for name in self._names[key])))


_lock = threading.Lock()
_spellers: dict[tuple[str, int], NameSpeller] = {}
_loose: dict[tuple[str, int], LooseNames] = {}


def _revision_key(index: Any) -> tuple[str, int]:
    return str(index.directory), index.pointer.revision


def name_speller(index: Any) -> NameSpeller:
    """The speller of an index revision (``storage.OpenIndex``), built once per process."""
    key = _revision_key(index)
    with _lock:
        found = _spellers.get(key)
    if found is None:
        found = NameSpeller(_text(word) for word in index.searcher.reader().lexicon("name_plain"))
        with _lock:
            _spellers.clear()  # Only the current revision is asked; an old one's table is let go.
            _spellers[key] = found
    return found


def loose_names(index: Any) -> LooseNames:
    """Every card name and alias of an index revision in compact form, built once per process."""
    key = _revision_key(index)
    with _lock:
        found = _loose.get(key)
    if found is None:
        names, ranks = index.facets.names
        found = LooseNames(zip(names, ranks, strict=True))
        with _lock:
            _loose.clear()
            _loose[key] = found
    return found


def _text(word: Any) -> str:
    return word.decode() if isinstance(word, bytes) else str(word)

