"""What an open index remembers about the queries it answered (see ``OpenIndex``).

A query's reading (its text to an ``Understood``), its plan (the reading to a ``SearchOutcome``) and
its answer (a tree to a bitmap, with the ids of the pages asked for) depend only on the index
revision: its bitmaps, its vocabulary and its Whoosh postings. So they are kept on the ``OpenIndex`` itself and go with it: a save that changes
any card makes a new revision, the next search opens it (``open_index``) and starts with nothing
remembered. Bounded so that a process never holds more than a few megabytes per thread.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from cards.search.facets import Bits

K = TypeVar("K")
V = TypeVar("V")

QUERY_READINGS = 256
ANSWERS = 256
# Pages remembered per answer, and the largest page remembered: a list shows the first pages most.
PAGES_PER_ANSWER = 4
LARGEST_PAGE = 200


class LeastRecent(Generic[K, V]):
    """A small least-recently-used table (one per open index, and open indexes are per thread)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        if len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


@dataclass(eq=False)
class Answer:
    """A tree's matches in one revision and the ids of the pages already asked of them."""

    bits: Bits
    pages: dict[tuple[int, int, bool], tuple[int, ...]] = field(default_factory=dict)
    # A popcount over every card is asked several times per search: counted once.
    count: int = field(init=False)

    def __post_init__(self) -> None:
        self.count = self.bits.bit_count()

    def remember_page(self, key: tuple[int, int, bool], ids: tuple[int, ...]) -> None:
        if key[1] <= LARGEST_PAGE and len(self.pages) < PAGES_PER_ANSWER:
            self.pages[key] = ids
