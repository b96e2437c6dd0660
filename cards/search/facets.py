"""Every filterable fact of every card as bitmaps in memory, so a filter is a few integer operations.

Cards are numbered by their place in the list order (name, then slug, as the database sorts them):
bit ``r`` of a bitmap (a Python int) stands for the card at rank ``r``. So a query's answer is one
bitmap; its popcount is the number of matches and its lowest set bits are the first page, found
without asking the database. Only the page's rows are then fetched, by primary key.

The bitmaps are built by ``manage.py rebuild_index`` from the database and from the Whoosh index;
an admin save changes only the saved card's bits (``facet_updates``). They are stored beside the
index in the generation directory, one file per index revision; a missing file is rebuilt on first
use. Stored per keyword value: fixed keywords, sets, rarities, classes, flags (starter-only and
unverified among them), ability facts; per number, one cumulative bitmap per value ("at least this
much", so any range is one or two operations); per terrain modifier value; the sorted names and aliases (``name:`` by bisection); and the bitmaps of
the words and word pairs frequent enough that reading their postings from Whoosh would cost more.

Each part of the file is stored on its own and read on first use, the tables one entry per key, so
a new process pays only for what its first query reads (``v>=30`` reads the vitality bitmaps and the
ids, not the names, the words or the other numbers).
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
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from cards.choices import CardType, SetKind
from cards.querysets import rarity_values
from cards.search.analysis import normalise_name
from cards.search.documents import (
    NUMBER_FIELDS,
    PAIR_FIELD,
    WORD_FIELDS,
    attacks,
    flags,
    immunities,
    terrain_modifiers,
)

# Bumped when the stored parts change (6: tables stored per key, id arrays as raw bytes).
FORMAT = 6
FILE_PREFIX = "facets-"
# A word found in at least 1/FREQUENT_SHARE of the cards (and at least FREQUENT_MINIMUM) is stored as a bitmap.
FREQUENT_SHARE = 32
FREQUENT_MINIMUM = 16
CHUNK_BYTES = 128
# For each byte value, the positions of its set bits.
BYTE_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(8) if value >> i & 1) for value in range(256))

Bits = int


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
    at_least: tuple[Bits, ...]

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


# The parts of a revision's file. The tables among them are stored one entry per key ("numbers" per
# number, "keywords" per keyword, "words" per word), so a first query unpickles only the few bitmaps it
# reads (a cold ``v>=30`` reads the vitality numbers, not every table); the id arrays are stored as
# their raw bytes, which load several times quicker than a pickled array.
PARTS = ("pks", "keywords", "numbers", "terrains", "names", "words", "spellings", "doc_ranks")
TABLES = frozenset({"keywords", "numbers", "terrains", "words"})
ARRAYS = {"pks": "q", "doc_ranks": "i"}
# Between a table's name and a key in a stored entry's name (keys are words and keyword values).
ENTRY = "\x00"


def _explode(parts: Mapping[str, Any]) -> dict[str, Any]:
    """Whole tables given as dicts become one entry per key; other parts (and entries) pass as they are."""
    found: dict[str, Any] = {}
    for name, value in parts.items():
        if name in TABLES:
            found.update({f"{name}{ENTRY}{key}": entry for key, entry in value.items()})
        else:
            found[name] = value
    return found


def _same(old: Any, new: Any) -> bool:
    if isinstance(old, array) or isinstance(new, array):
        return type(old) is type(new) and old.typecode == new.typecode and old == new
    return bool(old == new)


def _table_of(name: str) -> str:
    return name.split(ENTRY, 1)[0]


class _Table(Mapping[str, Any]):
    """A table of one revision: its keys are known, each entry is unpickled the first time it is read."""

    def __init__(self, facets: Facets, name: str, keys: list[str]) -> None:
        self._facets, self._name, self._keys = facets, name, keys
        self._known = frozenset(keys)

    def __getitem__(self, key: str) -> Any:
        if key not in self._known:
            raise KeyError(key)
        return self._facets.part(f"{self._name}{ENTRY}{key}")

    def __contains__(self, key: object) -> bool:
        return key in self._known

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


class Facets:
    """The bitmaps of one index revision; see the module docstring. Never changed once shared:
    an update makes a new ``Facets`` (``facet_updates``)."""

    def __init__(self, size: int, whoosh_generation: int | None, parts: dict[str, Any] | None = None,
                 raw: Mapping[str, bytes] | None = None) -> None:  # fmt: skip
        self.size = size
        # Whoosh document number to rank (``doc_ranks``) is valid for readers of this Whoosh generation.
        self.whoosh_generation = whoosh_generation
        self.universe: Bits = (1 << size) - 1
        self._parts: dict[str, Any] = _explode(parts or {})
        # Parts as stored (bytes, or a stored file's mapped parts), read on first use. A part present both
        # here and in ``_parts`` is the same value twice: a save reuses the bytes instead of pickling again.
        self._raw: Mapping[str, bytes] = raw or {}
        self._serialised: dict[str, bytes] = {}
        keys: dict[str, list[str]] = {name: [] for name in TABLES}
        for name in self.names_stored():
            table, _, key = name.partition(ENTRY)
            if key:
                keys[table].append(key)
        self._tables = {name: _Table(self, name, found) for name, found in keys.items()}
        self._rank_of_pk: dict[int, int] | None = None
        self._pk_view: memoryview | None = None

    def __getstate__(self) -> dict[str, Any]:
        # Every part as bytes: a stored file's memory map cannot travel.
        return {"size": self.size, "whoosh_generation": self.whoosh_generation, "raw": self.raw_parts()}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["size"], state["whoosh_generation"], raw=state["raw"])  # type: ignore[misc]

    def part(self, name: str) -> Any:
        try:
            return self._parts[name]
        except KeyError:
            # Two threads may both read a part on first use: the same value, one of them kept.
            raw = self._raw[name]
            if name in ARRAYS:
                value: Any = array(ARRAYS[name])
                value.frombytes(raw)
            else:
                value = pickle.loads(raw)  # noqa: S301 - written by this site (see ``load``)
            self._parts[name] = value
            return value

    def names_stored(self) -> list[str]:
        return [*self._parts, *(name for name in self._raw if name not in self._parts)]

    def _known_bytes(self, name: str) -> bytes | None:
        found = self._serialised.get(name)
        return found if found is not None else self._raw.get(name)

    def stored(self, name: str) -> bytes:
        """A part as the file holds it: the bytes it was read from, or made (once) from its value."""
        found = self._known_bytes(name)
        if found is None:
            value = self._parts[name]
            found = value.tobytes() if name in ARRAYS else pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            self._serialised[name] = found
        return found

    def raw_parts(self) -> dict[str, bytes]:
        """Every part as stored."""
        return {name: self.stored(name) for name in self.names_stored()}

    def with_parts(self, size: int, whoosh_generation: int | None, changed: dict[str, Any]) -> Facets:
        """A new revision: the changed parts (whole tables) given, the others shared with this one.

        A save touches a few bitmaps of one card; every entry of a changed table that came out equal keeps
        its stored bytes, so writing the next revision pickles only what really changed.
        """
        parts = {name: value for name, value in self._parts.items() if _table_of(name) not in changed}
        raw: dict[str, bytes] = {}
        for name in self.names_stored():
            if _table_of(name) not in changed and (known := self._known_bytes(name)) is not None:
                raw[name] = known
        for name, value in _explode(changed).items():
            known = self._known_bytes(name)
            if known is not None and name in self._parts and _same(self._parts[name], value):
                raw[name] = known
        return Facets(size, whoosh_generation, {**parts, **changed}, raw)

    @property
    def pks(self) -> array[int]:
        return self.part("pks")  # type: ignore[no-any-return]

    @property
    def keywords(self) -> Mapping[str, dict[str, Bits]]:
        return self._tables["keywords"]

    @property
    def numbers(self) -> Mapping[str, NumberBits]:
        return self._tables["numbers"]

    @property
    def terrains(self) -> Mapping[str, dict[int, Bits]]:
        return self._tables["terrains"]

    @property
    def names(self) -> tuple[list[str], list[int]]:
        """Every normalised name and alias, sorted, and the rank of the card each belongs to."""
        return self.part("names")  # type: ignore[no-any-return]

    @property
    def words(self) -> Mapping[str, Bits]:
        return self._tables["words"]

    @property
    def spellings(self) -> dict[str, dict[str, str]]:
        return self.part("spellings")  # type: ignore[no-any-return]

    @property
    def doc_ranks(self) -> array[int]:
        return self.part("doc_ranks")  # type: ignore[no-any-return]

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
        pks = self._parts.get("pks", self._pk_view)
        if pks is None and isinstance(self._raw, _MappedParts) and "pks" in self._raw:
            # A page needs 50 ids: read them where the file lies instead of copying all 50,000 (a third of a
            # millisecond of a cold query, mostly page faults).
            pks = self._pk_view = self._raw.view("pks").cast(ARRAYS["pks"])
        if pks is None:
            pks = self.pks
        return [pks[rank] for rank in ranks]


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


def facets_path(generation_dir: Path, revision: int) -> Path:
    return generation_dir / f"{FILE_PREFIX}{revision}.pickle"


def save(facets: Facets, generation_dir: Path, revision: int) -> None:
    """Write atomically (a reader never sees half a file) and drop the files of older revisions but one.

    The file is a small pickled header (what the parts are and where) followed by each part pickled on
    its own, so a reader maps the file and unpickles a part only when a query needs it.
    """
    target = facets_path(generation_dir, revision)
    temporary = generation_dir / f".{target.name}.{uuid.uuid4().hex}"
    parts = facets.raw_parts()
    where: dict[str, tuple[int, int]] = {}
    offset = 0
    for name, data in parts.items():
        where[name] = (offset, len(data))
        offset += len(data)
    header = {"format": FORMAT, "size": facets.size, "whoosh_generation": facets.whoosh_generation, "parts": where}
    with open(temporary, "wb") as out:
        pickle.dump(header, out, protocol=pickle.HIGHEST_PROTOCOL)
        for data in parts.values():
            out.write(data)
    os.replace(temporary, target)
    for path in generation_dir.glob(f"{FILE_PREFIX}*.pickle"):
        number = path.name[len(FILE_PREFIX) : -len(".pickle")]
        if number.isdigit() and int(number) < revision - 1:
            path.unlink(missing_ok=True)


def _complete(names: Iterable[str]) -> bool:
    """Whether a stored file names every part (its tables may be empty)."""
    return set(PARTS) - TABLES <= set(names) and all(_table_of(name) in PARTS for name in names)


class _MappedParts(Mapping[str, bytes]):
    """The parts of a stored file, read from its memory map when asked (the map outlives a replaced file)."""

    def __init__(self, mapped: mmap.mmap, base: int, where: dict[str, tuple[int, int]]) -> None:
        self._mapped, self._base, self._where = mapped, base, where

    def __getitem__(self, name: str) -> bytes:
        offset, length = self._where[name]
        start = self._base + offset
        return self._mapped[start : start + length]

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def view(self, name: str) -> memoryview:
        """A part's bytes in place, without copying them."""
        offset, length = self._where[name]
        start = self._base + offset
        return memoryview(self._mapped)[start : start + length]


def load(generation_dir: Path, revision: int) -> Facets | None:
    """The stored bitmaps of a revision, or None when missing or written by another version of this code."""
    try:
        with open(facets_path(generation_dir, revision), "rb") as file:
            # The file was written by rebuild_index into the index directory, which only the site writes.
            header = pickle.load(file)  # noqa: S301
            base = file.tell()
            mapped = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None
    if not isinstance(header, dict) or header.get("format") != FORMAT or not _complete(header.get("parts", ())):
        return None
    return Facets(header["size"], header["whoosh_generation"], raw=_MappedParts(mapped, base, header["parts"]))
