"""Did-you-mean for the rules search: the closest word of the corpus to one that occurs nowhere.

Whoosh's corrector walks the whole lexicon per word (tens of milliseconds in pure Python). The
corpus has a few thousand distinct words, so its one- and two-letter deletions are indexed once per
revision (the "symmetric delete" method): a misspelling and its correction share a deletion, found
by dictionary lookups, then checked by a true edit distance. Ties go to the more frequent word.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

MAX_DISTANCE = 2
MIN_LENGTH = 3


def _deletes(word: str, depth: int) -> set[str]:
    found = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {item[:at] + item[at + 1 :] for item in frontier for at in range(len(item)) if len(item) > 1}
        found |= frontier
    return found


@lru_cache(maxsize=4096)
def distance(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count once), small strings only."""
    rows = [list(range(len(b) + 1))]
    for i, char_a in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, char_b in enumerate(b, 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (char_a != char_b))
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


class Speller:
    def __init__(self, frequencies: Iterable[tuple[str, int]]) -> None:
        self.frequency: dict[str, int] = {}
        self.by_delete: dict[str, list[str]] = {}
        for word, count in frequencies:
            if len(word) < MIN_LENGTH or not word.isalpha():
                continue
            self.frequency[word] = count
            for variant in _deletes(word, MAX_DISTANCE):
                self.by_delete.setdefault(variant, []).append(word)

    def suggest(self, word: str) -> str | None:
        word = word.lower()
        if len(word) < MIN_LENGTH or word in self.frequency:
            return None
        candidates = {found for variant in _deletes(word, MAX_DISTANCE) for found in self.by_delete.get(variant, ())}
        scored = [(distance(word, found), -self.frequency[found], found) for found in candidates]
        scored = [item for item in scored if item[0] <= MAX_DISTANCE]
        return min(scored)[2] if scored else None
