"""Every filterable fact of every card as bitmaps in memory, so a filter is a few integer operations.

Cards are numbered by their place in the list order (name, then slug, as the database sorts them)
when the bitmaps are built: bit ``r`` of a bitmap (a Python int) stands for the card in slot ``r``. So a
query's answer is one bitmap; its popcount is the number of matches and its lowest set bits are the
first page, found without asking the database. Only the page's rows are then fetched, by primary key.

A rename that moves a card in the list order keeps the card in its slot: renumbering the cards between
its two places would rewrite nearly every bitmap (a new first word moves a card thousands of places).
The card is recorded as out of place instead (``displaced``): its slot and the slot of the first card in
place that follows it in the list order (its "boundary"), kept in list order. The cards in place keep
their order, so a page is the lowest set bits of the matches in place with the few matches out of place
put in where their boundaries say (``page_ranks``). A segment merge (off the request path) or a save
that moves every bitmap anyway puts them back in place (``facet_updates.settled``).

The bitmaps are built by ``manage.py rebuild_index`` from the database and from the Whoosh index;
an admin save changes only the saved card's bits (``facet_updates``). They are stored beside the
index in the generation directory: a small header per index revision saying where each entry lies in
a data file, which the later revisions' saves append their changed entries to (see ``save``); a
missing header is rebuilt on first use. Stored per keyword value: fixed keywords, sets, rarities, classes, flags (starter-only and
unverified among them), ability facts; per number, one cumulative bitmap per value ("at least this
much", so any range is one or two operations); per terrain modifier value; the sorted names and aliases (``name:`` by bisection); and the bitmaps of
the words and word pairs frequent enough that reading their postings from Whoosh would cost more.

Each bitmap is stored on its own, as raw bytes, and read on first use, so a new process pays only for
what its first query reads (``v>=30`` reads one vitality bitmap and the page's ids, not the names, the
words or the other numbers), and a new process's first save reads and writes only the bitmaps the
saved card's change touches.
"""

from __future__ import annotations

import bisect
import mmap
import os
import pickle
import re
import uuid
from array import array
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from types import SimpleNamespace
from typing import Any, TypeVar, overload

from cards.choices import CardType, SetKind
from cards.querysets import rarity_values
from cards.search.documents import (
    NUMBER_FIELDS,
    PAIR_FIELD,
    WORD_FIELDS,
    attacks,
    flags,
    immunities,
    terrain_modifiers,
)
from core.text_analysis import normalise_name

# Bumped when the stored parts change (7: every bitmap an entry of raw bytes, the names read in place, a header
# per revision over a shared data file).
FORMAT = 7
FILE_PREFIX = "facets-"
# A word found in at least 1/FREQUENT_SHARE of the cards (and at least FREQUENT_MINIMUM) is stored as a bitmap.
FREQUENT_SHARE = 32
FREQUENT_MINIMUM = 16
CHUNK_BYTES = 128
# For each byte value, the positions of its set bits.
BYTE_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(8) if value >> i & 1) for value in range(256))

Bits = int
T = TypeVar("T")


def bits_from_ranks(ranks: Iterable[int], size: int) -> Bits:
    buffer = bytearray((size + 7) >> 3)
    for rank in ranks:
        buffer[rank >> 3] |= 1 << (rank & 7)
    return int.from_bytes(buffer, "little")


def all_ranks(bits: Bits) -> list[int]:
    """Every set bit, lowest first."""
    found: list[int] = []
    data = bits.to_bytes((bits.bit_length() + 7) >> 3, "little")
    for index, byte in enumerate(data):
        if byte:
            base = index << 3
            found.extend(base + bit for bit in BYTE_BITS[byte])
    return found


def select_ranks(bits: Bits, offset: int, limit: int, descending: bool = False) -> list[int]:
    """Set bits ``offset`` to ``offset + limit`` counted from the lowest (or the highest) one."""
    found: list[int] = []
    if limit <= 0 or not bits:
        return found
    data = bits.to_bytes((bits.bit_length() + 7) >> 3, "little")
    starts = range(0, len(data), CHUNK_BYTES)
    for start in reversed(starts) if descending else starts:
        chunk = int.from_bytes(data[start : start + CHUNK_BYTES], "little")
        if not chunk:
            continue
        count = chunk.bit_count()
        if offset >= count:
            offset -= count
            continue
        base = start << 3
        while chunk:
            if descending:
                position = chunk.bit_length() - 1
                chunk ^= 1 << position
            else:
                lowest = chunk & -chunk
                position = lowest.bit_length() - 1
                chunk ^= lowest
            if offset:
                offset -= 1
                continue
            found.append(base + position)
            if len(found) == limit:
                return found
    return found


@dataclass(frozen=True)
class NumberBits:
    """One number's cards as cumulative bitmaps: ``at_least[i]`` holds the cards whose value is at
    least ``values[i]`` (values ascending), so every comparison is one or two bitmap operations."""

    values: tuple[int, ...]
    at_least: Sequence[Bits]

    @classmethod
    def from_ranks(cls, ranks_by_value: dict[int, list[int]], size: int) -> NumberBits:
        values = tuple(sorted(ranks_by_value))
        cumulative: list[Bits] = []
        running = 0
        for value in reversed(values):
            running |= bits_from_ranks(ranks_by_value[value], size)
            cumulative.append(running)
        return cls(values, tuple(reversed(cumulative)))

    def _from(self, index: int) -> Bits:
        return self.at_least[index] if index < len(self.values) else 0

    @property
    def present(self) -> Bits:
        return self._from(0)

    def compare(self, op: str, wanted: int) -> Bits:
        low, high = bisect.bisect_left(self.values, wanted), bisect.bisect_right(self.values, wanted)
        if op == ">=":
            return self._from(low)
        if op == ">":
            return self._from(high)
        if op == "<":
            return self.present & ~self._from(low)
        if op == "<=":
            return self.present & ~self._from(high)
        equal = self._from(low) & ~self._from(high)
        return self.present & ~equal if op == "!=" else equal


# How a revision's parts are stored. Every bitmap is an entry of its own, as the raw bytes of its integer
# (little-endian): a query reads only the bitmaps it asks for, and a save reads one byte of each bitmap to learn
# whether the saved card was in it, so it loads and writes only the bitmaps the card's change touches. An entry
# is ("keywords", keyword, value), ("terrains", terrain, amount), ("numbers", keyword, value) (the cards whose
# value is at least this one), ("words", word), or one of the whole parts below. The names are four entries,
# read in place, so neither a query nor a save unpickles 50,000 strings: their UTF-8 bytes as one blob, and in
# sorted order where each one starts in it, its length and the rank of its card. A save appends a new name's bytes
# to the blob and puts it in place in the three arrays: nothing else moves.
Entry = tuple[Any, ...]
WHOLE = ("pks", "doc_ranks", "names", "name_starts", "name_lengths", "name_ranks", "spellings", "displaced")
# A header from before cards could be out of place has none: it is complete without them.
REQUIRED = tuple(name for name in WHOLE if name != "displaced")
TABLES = ("keywords", "terrains", "numbers", "words")
# ``displaced`` holds the cards out of place as pairs, slot then boundary, in list order.
ARRAYS = {"pks": "q", "doc_ranks": "i", "name_starts": "i", "name_lengths": "i", "name_ranks": "i", "displaced": "i"}
# Tables whose values are numbers (the others' are strings).
NUMBERED = frozenset({"terrains", "numbers"})


def bits_bytes(bits: Bits) -> bytes:
    return bits.to_bytes((bits.bit_length() + 7) >> 3, "little")


def _encode(entry: Entry, value: Any) -> bytes:
    name = entry[0]
    if name in TABLES:
        return bits_bytes(value)
    if name in ARRAYS:
        return bytes(value.tobytes())
    if name == "names":
        return bytes(value)
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def _decode(entry: Entry, raw: Any) -> Any:
    name = entry[0]
    if name in TABLES:
        return int.from_bytes(raw, "little")
    if name in ARRAYS:
        value = array(ARRAYS[name])
        value.frombytes(raw)
        return value
    if name == "names":
        return raw  # Read in place (``NameList``).
    return pickle.loads(raw)  # noqa: S301 - written by this site (see ``load``)


def _window(raw: Any, lo: int, hi: int) -> Bits:
    """Bits ``lo`` to ``hi`` of a stored bitmap's bytes (bit 0 of the answer is ``lo``), reading only those bytes."""
    start = lo >> 3
    chunk = int.from_bytes(raw[start : (hi >> 3) + 1], "little")
    return (chunk >> (lo - (start << 3))) & ((1 << (hi - lo + 1)) - 1)


def _same(old: Any, new: Any) -> bool:
    if isinstance(old, array) or isinstance(new, array):
        return type(old) is type(new) and old.typecode == new.typecode and old == new
    if isinstance(old, (bytes, memoryview)) or isinstance(new, (bytes, memoryview)):
        return isinstance(old, (bytes, memoryview)) and isinstance(new, (bytes, memoryview)) and bytes(old) == bytes(new)
    return bool(old == new)


Where = dict[str, Any]  # name -> (offset, length) | None; table -> {key -> {value -> ...}} (words: {word -> ...})


def _leaves(where: Where, tables: Iterable[str] = (*WHOLE, *TABLES)) -> Iterator[tuple[Entry, tuple[int, int] | None]]:
    for table in tables:
        if table not in TABLES:
            if table in where:
                yield (table,), where[table]
            continue
        for key, inner in where.get(table, {}).items():
            if table == "words":
                yield (table, key), inner
            else:
                for value, location in inner.items():
                    yield (table, key, value), location


def _explode(parts: Mapping[str, Any]) -> dict[Entry, Any]:
    """Whole parts as ``build_facets`` makes them (tables as dicts, numbers as ``NumberBits``) to entries."""
    found: dict[Entry, Any] = {}
    for name, value in parts.items():
        if name == "names":
            names, ranks = value
            blob, starts, lengths = name_blob(names)
            found.update({("names",): blob, ("name_starts",): starts, ("name_lengths",): lengths,
                          ("name_ranks",): array("i", ranks)})  # fmt: skip
        elif name == "numbers":
            for key, bits in value.items():
                found.update({("numbers", key, at): cumulative for at, cumulative in zip(bits.values, bits.at_least, strict=True)})
        elif name == "words":
            found.update({("words", word): bits for word, bits in value.items()})
        elif name in TABLES:
            found.update({(name, key, at): bits for key, values in value.items() for at, bits in values.items()})
        else:
            found[(name,)] = value
    return found


def name_blob(names: Iterable[str]) -> tuple[bytes, array[int], array[int]]:
    """Sorted names as one UTF-8 blob, where each starts in it and its length."""
    encoded = [name.encode() for name in names]
    lengths = array("i", map(len, encoded))
    starts = array("i", [0])
    starts.extend(accumulate(lengths))
    starts.pop()
    return b"".join(encoded), starts, lengths


class _ReadOnFirstUse(Sequence[T]):
    """A sequence whose items are made only when read (``_item``, given an index in range); a slice is a list."""

    def _item(self, index: int) -> T:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._item(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._item(index)


class NameList(_ReadOnFirstUse[str]):
    """The sorted names, each decoded from the blob when read: ``bisect`` reads about 16 of 50,000."""

    def __init__(self, blob: Any, starts: Any, lengths: Any) -> None:
        self.blob, self.starts, self.lengths = blob, starts, lengths

    def __len__(self) -> int:
        return len(self.starts)

    def _item(self, index: int) -> str:
        start = self.starts[index]
        return bytes(self.blob[start : start + self.lengths[index]]).decode()

    def __iter__(self) -> Iterator[str]:
        # Every name at once (a save that moves every bitmap, ``_Layout``): sliced from the blob decoded in one go
        # when it is all ASCII, as card names nearly always are (a character is then a byte).
        blob = bytes(self.blob)
        text = blob.decode()
        whole: Any = text if len(text) == len(blob) else blob
        for start, length in zip(self.starts, self.lengths, strict=True):
            name = whole[start : start + length]
            yield name if whole is text else name.decode()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


class _Data:
    """Where a revision's stored entries lie: a data file's memory map (or bytes), with its path."""

    def __init__(self, path: Path | None, buffer: Any) -> None:
        self.path, self.buffer = path, buffer
        self.size = len(buffer)

    @classmethod
    def open(cls, path: Path) -> _Data:
        with open(path, "rb") as file:
            size = os.fstat(file.fileno()).st_size
            # The map outlives the file: a later save may replace it, a search keeps reading this revision.
            buffer: Any = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
        return cls(path, buffer)

    def view(self, location: tuple[int, int]) -> memoryview:
        offset, length = location
        return memoryview(self.buffer)[offset : offset + length]


class _Values(Mapping[Any, Bits]):
    """One keyword's (or terrain's) bitmaps by value, each read the first time it is asked for."""

    def __init__(self, facets: Facets, table: str, key: str, values: Mapping[Any, Any]) -> None:
        self._facets, self._table, self._key, self._values = facets, table, key, values

    def __getitem__(self, value: Any) -> Bits:
        if value not in self._values:
            raise KeyError(value)
        return self._facets.part((self._table, self._key, value))  # type: ignore[no-any-return]

    def __contains__(self, value: object) -> bool:
        return value in self._values

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)


class _Table(Mapping[str, Any]):
    """A table of one revision: its keys are known from the stored header, each entry read on first use."""

    def __init__(self, facets: Facets, table: str) -> None:
        self._facets, self._table = facets, table

    def _keys(self) -> Mapping[str, Any]:
        return self._facets._where.get(self._table, {})  # type: ignore[no-any-return]

    def __getitem__(self, key: str) -> Any:
        inner = self._keys()[key]
        if self._table == "words":
            return self._facets.part(("words", key))
        if self._table == "numbers":
            return self._facets.number_bits(key, inner)
        return _Values(self._facets, self._table, key, inner)

    def __contains__(self, key: object) -> bool:
        return key in self._keys()

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())


class _Cumulative(_ReadOnFirstUse[Bits]):
    """A number's "at least" bitmaps in value order, each read on first use (``v>=30`` reads one)."""

    def __init__(self, facets: Facets, key: str, values: tuple[int, ...]) -> None:
        self._facets, self._key, self._values = facets, key, values

    def __len__(self) -> int:
        return len(self._values)

    def _item(self, index: int) -> Bits:
        return self._facets.part(("numbers", self._key, self._values[index]))  # type: ignore[no-any-return]


class Facets:
    """The bitmaps of one index revision; see the module docstring. Never changed once shared:
    an update makes a new ``Facets`` (``facet_updates``) that shares every entry it did not change."""

    def __init__(self, size: int, whoosh_generation: int | None, parts: Mapping[str, Any] | None = None, *,
                 where: Where | None = None, data: _Data | None = None,
                 values: dict[Entry, Any] | None = None) -> None:  # fmt: skip
        self.size = size
        # Whoosh document number to rank (``doc_ranks``) is valid for readers of this Whoosh generation.
        self.whoosh_generation = whoosh_generation
        self.universe: Bits = (1 << size) - 1
        # Where each entry lies in ``data`` (None: only in memory, in ``_values``, until saved).
        self._where: Where = where if where is not None else {table: {} for table in TABLES}
        self._data = data
        self._values: dict[Entry, Any] = dict(values or {})
        if parts:
            entries = _explode(parts)
            self._values.update(entries)
            self._where = _with_leaves(self._where, {entry: None for entry in entries})
        self._tables = {table: _Table(self, table) for table in TABLES}
        self._numbers: dict[str, NumberBits] = {}
        self._rank_of_pk: dict[int, int] | None = None
        self._ranks_found: dict[int, int | None] = {}
        self._pk_view: memoryview | None = None
        self._displaced: list[tuple[int, int]] | None = None
        self._displaced_mask: Bits = 0

    def __getstate__(self) -> dict[str, Any]:
        # Every entry as bytes: a stored file's memory map cannot travel.
        pieces: list[bytes] = []
        locations: dict[Entry, tuple[int, int]] = {}
        offset = 0
        for entry in self.entries():
            raw = bytes(self.stored_bytes(entry))
            locations[entry] = (offset, len(raw))
            pieces.append(raw)
            offset += len(raw)
        where = _with_leaves({table: {} for table in TABLES}, locations)
        return {"size": self.size, "whoosh_generation": self.whoosh_generation, "where": where, "data": b"".join(pieces)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["size"], state["whoosh_generation"], where=state["where"],  # type: ignore[misc]
                      data=_Data(None, state["data"]))  # fmt: skip

    def location(self, entry: Entry) -> tuple[int, int] | None:
        where: Any = self._where
        for step in entry:
            where = where[step]
        return where  # type: ignore[no-any-return]

    def has(self, entry: Entry) -> bool:
        try:
            self.location(entry)
        except KeyError:
            return False
        return True

    def part(self, entry: Entry) -> Any:
        try:
            return self._values[entry]
        except KeyError:
            # Two threads may both read a part on first use: the same value, one of them kept.
            location = self.location(entry)
            assert location is not None and self._data is not None
            value = _decode(entry, self._data.view(location))
            self._values[entry] = value
            return value

    def window(self, entry: Entry, lo: int, hi: int) -> Bits:
        """Bits ``lo`` to ``hi`` of a bitmap, read from its stored bytes when it is not loaded (a save's test)."""
        value = self._values.get(entry)
        if value is not None:
            return (value >> lo) & ((1 << (hi - lo + 1)) - 1)  # type: ignore[no-any-return]
        location = self.location(entry)
        assert location is not None and self._data is not None
        return _window(self._data.view(location), lo, hi)

    def windows(self, lo: int, hi: int) -> Iterator[tuple[Entry, Bits]]:
        """Every bitmap with its bits ``lo`` to ``hi`` (``window``), read straight from the stored bytes."""
        buffer = self._data.buffer if self._data is not None else b""
        first, last = lo >> 3, (hi >> 3) + 1
        shift, mask = lo - (first << 3), (1 << (hi - lo + 1)) - 1
        values = self._values
        for entry, location in _leaves(self._where, TABLES):
            value = values.get(entry)
            if value is not None:
                yield entry, (value >> lo) & mask
            else:
                offset, length = location  # type: ignore[misc]
                chunk = buffer[offset + first : offset + min(last, length)] if first < length else b""
                yield entry, (int.from_bytes(chunk, "little") >> shift) & mask

    def rank_of(self, pk: int) -> int | None:
        """The rank of the card with this id: a memory scan of the stored id array, which is not loaded for it (a save
        asks for its card's rank three times; the answer is kept)."""
        if pk not in self._ranks_found:
            self._ranks_found[pk] = self._scan_for(pk)
        return self._ranks_found[pk]

    def _scan_for(self, pk: int) -> int | None:
        pks = self._values.get(("pks",))
        if pks is None and isinstance(self._data.buffer if self._data is not None else None, mmap.mmap):
            assert self._data is not None
            offset, length = self._where["pks"]
            needle, width = array(ARRAYS["pks"], [pk]).tobytes(), array(ARRAYS["pks"]).itemsize
            start = self._data.buffer.find(needle, offset, offset + length)
            while start >= 0 and (start - offset) % width:
                start = self._data.buffer.find(needle, start + 1, offset + length)
            return None if start < 0 else (start - offset) // width
        for rank, found in enumerate(self.pks):
            if found == pk:
                return rank
        return None

    def entries(self) -> list[Entry]:
        return [entry for entry, _ in _leaves(self._where)]

    def stored_bytes(self, entry: Entry) -> Any:
        """An entry as the file holds it: its stored bytes (in place), or made from its value."""
        location = self.location(entry)
        if location is not None and self._data is not None:
            return self._data.view(location)
        return _encode(entry, self._values[entry])

    def number_bits(self, key: str, values: Mapping[int, Any] | None = None) -> NumberBits:
        found = self._numbers.get(key)
        if found is None:
            ordered = tuple(sorted(values if values is not None else self._where["numbers"][key]))
            found = self._numbers[key] = NumberBits(ordered, _Cumulative(self, key, ordered))
        return found

    def with_entries(self, size: int, whoosh_generation: int | None, changed: Mapping[Entry, Any]) -> Facets:
        """A new revision: the changed entries given, every other one shared with this revision (stored bytes
        and loaded values alike). A changed entry equal to this revision's loaded value keeps its stored bytes."""
        kept = {entry: value for entry, value in changed.items()
                if not (entry in self._values and self.location(entry) is not None and _same(self._values[entry], value))}  # fmt: skip
        values = {entry: value for entry, value in self._values.items() if entry not in kept}
        values.update(kept)
        found = Facets(size, whoosh_generation, where=_with_leaves(self._where, {entry: None for entry in kept}),
                       data=self._data, values=values)  # fmt: skip
        if "pks" not in {entry[0] for entry in kept} and self._rank_of_pk is not None:
            found._rank_of_pk = self._rank_of_pk
        return found

    def with_parts(self, size: int, whoosh_generation: int | None, changed: Mapping[str, Any]) -> Facets:
        """``with_entries`` for whole parts as ``build_facets`` makes them (a table replaces all its entries)."""
        return self.with_entries(size, whoosh_generation, _explode(changed))

    @property
    def pks(self) -> array[int]:
        return self.part(("pks",))  # type: ignore[no-any-return]

    @property
    def keywords(self) -> Mapping[str, Mapping[str, Bits]]:
        return self._tables["keywords"]

    @property
    def numbers(self) -> Mapping[str, NumberBits]:
        return self._tables["numbers"]

    @property
    def terrains(self) -> Mapping[str, Mapping[int, Bits]]:
        return self._tables["terrains"]

    @property
    def names(self) -> tuple[NameList, array[int]]:
        """Every normalised name and alias, sorted, and the rank of the card each belongs to."""
        return NameList(self.part(("names",)), self.part(("name_starts",)), self.part(("name_lengths",))), self.part(("name_ranks",))

    @property
    def words(self) -> Mapping[str, Bits]:
        return self._tables["words"]

    @property
    def spellings(self) -> dict[str, dict[str, str]]:
        return self.part(("spellings",))  # type: ignore[no-any-return]

    @property
    def doc_ranks(self) -> array[int]:
        return self.part(("doc_ranks",))  # type: ignore[no-any-return]

    @property
    def displaced(self) -> list[tuple[int, int]]:
        """The cards out of place, as (slot, boundary) in list order: the card comes after every card in place in a
        slot below its boundary and before every one in the boundary's slot or above (see the module docstring)."""
        if self._displaced is None:
            raw = self.part(("displaced",)) if self.has(("displaced",)) else ()
            found = list(zip(raw[0::2], raw[1::2], strict=True))
            self._displaced_mask = bits_from_ranks((slot for slot, _ in found), self.size) if found else 0
            self._displaced = found
        return self._displaced

    def _moved_in(self, bits: Bits) -> tuple[Bits, list[tuple[int, int]]] | None:
        """None when no card out of place is among ``bits``; else the matches in place, and each match out of place as
        (its place among all the matches in list order, its slot), in list order."""
        moved = self.displaced
        if not moved or not bits & self._displaced_mask:
            return None
        in_place = bits & ~self._displaced_mask
        places: list[tuple[int, int]] = []
        for slot, boundary in moved:
            if bits >> slot & 1:
                places.append(((in_place & ((1 << boundary) - 1)).bit_count() + len(places), slot))
        return in_place, places

    def page_ranks(self, bits: Bits, offset: int, limit: int, descending: bool = False) -> list[int]:
        """The slots of matches ``offset`` to ``offset + limit`` in list order (or its reverse)."""
        moved = self._moved_in(bits)
        if moved is None:
            return select_ranks(bits, offset, limit, descending)
        in_place, places = moved
        total = in_place.bit_count() + len(places)
        lo, hi = (max(0, total - offset - limit), total - offset) if descending else (offset, min(total, offset + limit))
        if limit <= 0 or hi <= lo:
            return []
        skipped = sum(1 for place, _ in places if place < lo)
        inside = {place: slot for place, slot in places if lo <= place < hi}
        plain = iter(select_ranks(in_place, lo - skipped, hi - lo - len(inside)))
        found = [inside[place] if place in inside else next(plain) for place in range(lo, hi)]
        return found[::-1] if descending else found

    def ordered_ranks(self, bits: Bits) -> list[int]:
        """The slots of every match, in list order."""
        moved = self._moved_in(bits)
        if moved is None:
            return all_ranks(bits)
        in_place, places = moved
        found = all_ranks(in_place)
        for place, slot in places:  # In list order: each goes in where it ends up.
            found.insert(place, slot)
        return found

    @property
    def rank_of_pk(self) -> dict[int, int]:
        if self._rank_of_pk is None:
            self._rank_of_pk = {pk: rank for rank, pk in enumerate(self.pks)}
        return self._rank_of_pk

    # Look-ups -----------------------------------------------------------------------------------

    def keyword(self, keyword: str, values: Iterable[str]) -> Bits:
        table = self.keywords.get(keyword, {})
        found = 0
        for value in values:
            found |= table.get(value, 0)
        return found

    def present(self, keyword: str) -> Bits:
        """Cards with any value for the keyword (a border, a terrain modifier, ...)."""
        found = 0
        for bits in self.keywords.get(keyword, {}).values():
            found |= bits
        return found

    def number(self, keyword: str, op: str, wanted: int) -> Bits:
        found = self.numbers.get(keyword)
        return found.compare(op, wanted) if found is not None else 0

    def terrain(self, terrain: str, op: str, wanted: int) -> Bits:
        found = 0
        for amount, bits in self.terrains.get(terrain, {}).items():
            if COMPARE[op](amount, wanted):
                found |= bits
        return found

    def name(self, text: str, prefix: bool) -> Bits:
        names, ranks = self.names
        start = bisect.bisect_left(names, text)
        end = bisect.bisect_right(names, text + "\U0010ffff" if prefix else text, lo=start)
        return bits_from_ranks(ranks[start:end], self.size)

    def ids(self, ranks: Iterable[int]) -> list[int]:
        pks = self._values.get(("pks",), self._pk_view)
        if pks is None and self._data is not None and (location := self._where.get("pks")) is not None:
            # A page needs 50 ids: read them where the file lies instead of copying all 50,000 (a third of a
            # millisecond of a cold query, mostly page faults).
            pks = self._pk_view = self._data.view(location).cast(ARRAYS["pks"])
        if pks is None:
            pks = self.pks
        return [pks[rank] for rank in ranks]


def _with_leaves(where: Where, leaves: Mapping[Entry, tuple[int, int] | None]) -> Where:
    """A copy of ``where`` with these leaves set; the dicts off their paths are shared, never changed."""
    found = dict(where)
    copied: set[Any] = set()
    for entry, location in leaves.items():
        name = entry[0]
        if len(entry) == 1:
            found[name] = location
            continue
        if name not in copied:
            found[name] = dict(found.get(name, {}))
            copied.add(name)
        if len(entry) == 2:
            found[name][entry[1]] = location
            continue
        if (name, entry[1]) not in copied:
            found[name][entry[1]] = dict(found[name].get(entry[1], {}))
            copied.add((name, entry[1]))
        found[name][entry[1]][entry[2]] = location
    return found


COMPARE = {
    "=": int.__eq__, "!=": int.__ne__, "<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__,
}  # fmt: skip


# Building ------------------------------------------------------------------------------------------

CARD_COLUMNS = ("pk", "name", "slug", "aliases", "card_type", "border", "size", "flying", "command",
                "receives_channeling", "automation_status", "bribe_babes", "bribe_gold", "bribe_beer", "abilities",
                "card_set__kind", *NUMBER_FIELDS.values())  # fmt: skip
PRINTING_COLUMNS = ("card_id", "card_set__code", "rarity", "starter_only")


def card_memberships(row: dict[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """Each (part, key, value) a card's row puts it in: ("keywords", "type", "spell"), ("numbers", "cmp", 2)..."""
    card = SimpleNamespace(**row)
    abilities = row["abilities"] if isinstance(row["abilities"], list) else []
    yield "keywords", "type", row["card_type"]
    for keyword in ("border", "size"):
        if row[keyword]:
            yield "keywords", keyword, row[keyword]
    bribery = [icon for icon in ("babes", "gold", "beer") if row[f"bribe_{icon}"]]
    for icon in bribery:
        yield "keywords", "bribe", icon
    if row["card_type"] == CardType.CREATURE and not bribery:
        yield "keywords", "bribe", "none"
    for flag in flags(card):  # type: ignore[arg-type]
        yield "keywords", "is", flag
    if row["card_set__kind"] == SetKind.UNVERIFIED:
        yield "keywords", "is", "unverified"
    for value in immunities(abilities):
        yield "keywords", "immune", value
    for value in attacks(abilities, row["ranged_attack"]):
        yield "keywords", "attack", value
    for terrain, amount in terrain_modifiers(abilities).items():
        yield "keywords", "terrain", terrain
        yield "terrains", terrain, amount
    for keyword, column in NUMBER_FIELDS.items():
        if row[column] is not None:
            yield "numbers", keyword, row[column]


def printing_memberships(printings: Iterable[tuple[int, str, str, bool]]) -> Iterator[tuple[int, tuple[str, str, Any]]]:
    """Each (card id, (part, key, value)) a printing (``PRINTING_COLUMNS``) puts its card in: set, rarity, starter."""
    for card_id, code, rarity, starter_only in printings:
        yield card_id, ("keywords", "set", code)
        for value in rarity_values(rarity):
            yield card_id, ("keywords", "rarity", value)
        if starter_only:
            yield card_id, ("keywords", "is", "starter")


def card_names(row: dict[str, Any]) -> set[str]:
    return {normalise_name(str(name)) for name in [row["name"], *(row["aliases"] or [])]}


def build_facets(reader: Any | None) -> Facets:
    """Read every card's facts from the database (and frequent words from an open Whoosh reader)."""
    from cards.models import Card, CardClass, CardSet, Printing

    rows = list(Card.objects.order_by("sort_key", "slug").values(*CARD_COLUMNS))
    size = len(rows)
    pks = array("q", (row["pk"] for row in rows))
    rank_of_pk = {pk: rank for rank, pk in enumerate(pks)}
    tables: dict[str, dict[Any, dict[Any, list[int]]]] = {
        part: defaultdict(lambda: defaultdict(list)) for part in ("keywords", "numbers", "terrains")
    }
    names: list[tuple[str, int]] = []
    for rank, row in enumerate(rows):
        for part, key, value in card_memberships(row):
            tables[part][key][value].append(rank)
        names.extend((name, rank) for name in card_names(row))
    for card_id, membership in printing_memberships(Printing.objects.values_list(*PRINTING_COLUMNS)):
        if card_id in rank_of_pk:
            part, key, value = membership
            tables[part][key][value].append(rank_of_pk[card_id])
    for card_id, slug in Card.classes.through.objects.values_list("card_id", "cardclass__slug"):
        if card_id in rank_of_pk:
            tables["keywords"]["class"][slug].append(rank_of_pk[card_id])
    names.sort()
    ranks_of_doc = doc_ranks(reader, rank_of_pk) if reader is not None else array("i")

    def to_bits(table: dict[Any, dict[Any, list[int]]]) -> dict[Any, dict[Any, Bits]]:
        return {key: {value: bits_from_ranks(ranks, size) for value, ranks in values.items()}
                for key, values in table.items()}  # fmt: skip

    set_spellings: dict[str, str] = {}
    for code, slug, name in CardSet.objects.values_list("code", "slug", "name"):
        set_spellings.update({code.lower(): code, slug: code, spelling_slug(name): code})
    class_spellings: dict[str, str] = {}
    for slug, name in CardClass.objects.values_list("slug", "name"):
        class_spellings.update({slug: slug, slug.replace("-", "_"): slug, spelling_slug(name): slug})
    facets = Facets(size, reader.generation() if reader is not None else None, {
        "pks": pks,
        "keywords": to_bits(tables["keywords"]),
        "numbers": {key: NumberBits.from_ranks(values, size) for key, values in tables["numbers"].items()},
        "terrains": to_bits(tables["terrains"]),
        "names": ([name for name, _ in names], [rank for _, rank in names]),
        "words": frequent_words(reader, ranks_of_doc, size) if reader is not None else {},
        "spellings": {"set": set_spellings, "class": class_spellings},
        "doc_ranks": ranks_of_doc,
        "displaced": array(ARRAYS["displaced"]),
    })  # fmt: skip
    facets._rank_of_pk = rank_of_pk
    return facets


def spelling_slug(text: str) -> str:
    return re.sub(r"[\s_]+", "_", text.strip().lower()).strip("_")


def doc_ranks(reader: Any, rank_of_pk: dict[int, int]) -> array[int]:
    """Whoosh document number to card rank (-1 for a document of no current card)."""
    return array("i", (rank_of_pk.get(pk, -1) for pk in reader.column_reader("pk")))


def frequent_words(reader: Any, ranks_of_doc: array[int], size: int) -> dict[str, Bits]:
    """A bitmap per word (in any plain-words field) and per word pair (``PAIR_FIELD``) found in many cards."""
    threshold = max(FREQUENT_MINIMUM, size // FREQUENT_SHARE)
    found: dict[str, Bits] = {}
    for fields in ([name for name in WORD_FIELDS if name in reader.schema], [PAIR_FIELD]):
        if not all(name in reader.schema for name in fields):
            continue
        frequency: dict[bytes, int] = defaultdict(int)
        for field_name in fields:
            for term, info in reader.iter_field(field_name):
                frequency[term] += info.doc_frequency()
        for term, total in frequency.items():
            if total < threshold:
                continue
            ranks: list[int] = []
            for field_name in fields:
                if (field_name, term) in reader:
                    ranks.extend(ranks_of_doc[doc] for doc in reader.postings(field_name, term).all_ids())
            found[term.decode()] = bits_from_ranks((rank for rank in ranks if rank >= 0), size)
    return found


# Storing -------------------------------------------------------------------------------------------

DATA_PREFIX = "facets-data-"
# A save appends the entries it changed to the data file it shares with the revisions before it; once that file
# holds this many times the bytes its revision reads, the save writes a fresh file instead (merges do, past twice:
# they come every dozen saves, off the request path).
MOST_GROWTH = 8


def facets_path(generation_dir: Path, revision: int) -> Path:
    """A revision's header: what its entries are and where they lie in its data file."""
    return generation_dir / f"{FILE_PREFIX}{revision}.pickle"


def save(facets: Facets, generation_dir: Path, revision: int, most_growth: float = MOST_GROWTH) -> None:
    """Store a revision: its entries, then its header (atomically: a reader never sees half of one); then drop the
    files of older revisions but one. Afterwards ``facets`` reads its entries from where they were stored.

    The entries a revision shares with the one it was made from (``Facets.with_entries``) stay where they lie: the
    ones it changed are appended to the same data file, so a save writes only what it changed. A new data file
    holds every entry instead when there is none in this directory yet, or when the old one would hold more than
    ``most_growth`` times the bytes this revision reads.
    """
    leaves = list(_leaves(facets._where))
    unsaved = {entry: _encode(entry, facets._values[entry]) for entry, location in leaves if location is None}
    live = sum(location[1] if location is not None else len(unsaved[entry]) for entry, location in leaves)
    data = facets._data
    target: Path | None = None
    if data is not None and data.path is not None and data.path.parent == generation_dir:
        try:
            size = data.path.stat().st_size
        except OSError:
            size = None
        if size is not None and size + sum(map(len, unsaved.values())) <= most_growth * max(live, 1):
            target = data.path
    locations: dict[Entry, tuple[int, int]] = {}
    if target is not None:
        # Under the update lock: no other process appends meanwhile. Appended at the file's end, past any tail a
        # crashed save left (no header names it).
        with open(target, "ab") as out:
            offset = out.seek(0, os.SEEK_END)
            for entry, raw in unsaved.items():
                out.write(raw)
                locations[entry] = (offset, len(raw))
                offset += len(raw)
        locations.update({entry: location for entry, location in leaves if location is not None})  # type: ignore[misc]
    else:
        target = generation_dir / f"{DATA_PREFIX}{uuid.uuid4().hex}.bin"
        offset = 0
        with open(target, "wb") as out:
            for entry, location in leaves:
                raw = unsaved[entry] if location is None else facets.stored_bytes(entry)
                out.write(raw)
                locations[entry] = (offset, len(raw))
                offset += len(raw)
    where = _with_leaves({table: {} for table in TABLES}, locations)
    header = {"format": FORMAT, "size": facets.size, "whoosh_generation": facets.whoosh_generation,
              "data": target.name, "end": offset, "where": where}  # fmt: skip
    header_path = facets_path(generation_dir, revision)
    temporary = generation_dir / f".{header_path.name}.{uuid.uuid4().hex}"
    with open(temporary, "wb") as out:
        pickle.dump(header, out, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(temporary, header_path)
    facets._where, facets._data = where, _Data.open(target)
    _prune(generation_dir, revision)


def _prune(generation_dir: Path, revision: int) -> None:
    """Drop the headers of revisions older than the one before ``revision``, then every data file no header names."""
    for path in generation_dir.glob(f"{FILE_PREFIX}*.pickle"):
        number = path.name[len(FILE_PREFIX) : -len(".pickle")]
        if number.isdigit() and int(number) < revision - 1:
            path.unlink(missing_ok=True)
    data_files = list(generation_dir.glob(f"{DATA_PREFIX}*.bin"))
    if len(data_files) < 2:
        return  # The usual case: every revision kept appends to the one data file.
    named: set[str] = set()
    for path in generation_dir.glob(f"{FILE_PREFIX}*.pickle"):
        try:
            with open(path, "rb") as file:
                named.add(pickle.load(file)["data"])  # noqa: S301 - written by this site
        except (OSError, ValueError, KeyError, TypeError, pickle.UnpicklingError, EOFError):
            continue
    for path in data_files:
        if path.name not in named:
            path.unlink(missing_ok=True)


def _complete(header: Any) -> bool:
    """Whether a stored header is this format's and names every whole part and table."""
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        return False
    where = header.get("where")
    return (isinstance(where, dict) and all(name in where for name in REQUIRED)
            and all(isinstance(where.get(table), dict) for table in TABLES))  # fmt: skip


def load(generation_dir: Path, revision: int) -> Facets | None:
    """The stored bitmaps of a revision, or None when missing or written by another version of this code."""
    try:
        with open(facets_path(generation_dir, revision), "rb") as file:
            # The file was written by rebuild_index into the index directory, which only the site writes.
            header = pickle.load(file)  # noqa: S301
        if not _complete(header):
            return None
        data = _Data.open(generation_dir / header["data"])
    except (OSError, ValueError, TypeError, KeyError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None
    if data.size < header["end"]:
        return None  # Cut short: never read past its end.
    return Facets(header["size"], header["whoosh_generation"], where=header["where"], data=data)
