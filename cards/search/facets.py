"""Every filterable fact of every card as bitmaps in memory, so a filter is a few integer operations.

Cards are numbered by their place in the list order (name, then slug, as the database sorts them):
bit ``r`` of a bitmap (a Python int) stands for the card at rank ``r``. So a query's answer is one
bitmap; its popcount is the number of matches and its lowest set bits are the first page, found
without asking the database. Only the page's rows are then fetched, by primary key.

The bitmaps are built by ``manage.py rebuild_index`` (and again after each admin save) from the
database and from the Whoosh index, and stored beside the index in the generation directory, one
file per index revision; a missing file is rebuilt on first use. Stored per keyword value: fixed
keywords, sets, classes, flags, ability facts; per number and terrain modifier value; the sorted
names and aliases (``name:`` by bisection); and the bitmaps of the words frequent enough that
reading their postings from Whoosh would cost more than a table scan.
"""

from __future__ import annotations

import bisect
import os
import pickle
import re
import uuid
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from cards.choices import CardType
from cards.querysets import rarity_values
from cards.search.analysis import normalise_name
from cards.search.documents import NUMBER_FIELDS, WORD_FIELDS, attacks, flags, immunities, terrain_modifiers

FORMAT = 3
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


@dataclass
class Facets:
    """The bitmaps of one index revision; see the module docstring."""

    size: int
    pks: list[int]
    keywords: dict[str, dict[str, Bits]]
    numbers: dict[str, dict[int, Bits]]
    terrains: dict[str, dict[int, Bits]]
    names: list[str]
    name_ranks: list[int]
    words: dict[str, Bits]
    spellings: dict[str, dict[str, str]]
    # Whoosh document number to rank, valid for readers of this Whoosh generation (-1: no current card).
    whoosh_generation: int | None = None
    doc_ranks: array[int] = field(default_factory=lambda: array("i"))
    format: int = FORMAT
    rank_of_pk: dict[int, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.universe: Bits = (1 << self.size) - 1
        if not self.rank_of_pk:
            self.rank_of_pk = {pk: rank for rank, pk in enumerate(self.pks)}

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("rank_of_pk", None)
        state.pop("universe", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.rank_of_pk = {}
        self.__post_init__()

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

    def number(self, keyword: str, accept: Callable[[int], bool]) -> Bits:
        found = 0
        for value, bits in self.numbers.get(keyword, {}).items():
            if accept(value):
                found |= bits
        return found

    def terrain(self, terrain: str, accept: Callable[[int], bool]) -> Bits:
        found = 0
        for amount, bits in self.terrains.get(terrain, {}).items():
            if accept(amount):
                found |= bits
        return found

    def name(self, text: str, prefix: bool) -> Bits:
        start = bisect.bisect_left(self.names, text)
        end = bisect.bisect_right(self.names, text + "\U0010ffff" if prefix else text, lo=start)
        return bits_from_ranks(self.name_ranks[start:end], self.size)

    def ids(self, ranks: Iterable[int]) -> list[int]:
        pks = self.pks
        return [pks[rank] for rank in ranks]


# Building ------------------------------------------------------------------------------------------

CARD_COLUMNS = ("pk", "name", "aliases", "card_type", "border", "size", "flying", "command", "receives_channeling",
                "automation_status", "bribe_babes", "bribe_gold", "bribe_beer", "abilities",
                *NUMBER_FIELDS.values())  # fmt: skip


def build_facets(reader: Any | None) -> Facets:
    """Read every card's facts from the database (and frequent words from an open Whoosh reader)."""
    from cards.models import Card, CardClass, CardSet, Printing

    rows = list(Card.objects.order_by("name", "slug").values(*CARD_COLUMNS))
    size = len(rows)
    pks = [row["pk"] for row in rows]
    rank_of_pk = {pk: rank for rank, pk in enumerate(pks)}
    keywords: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    numbers: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    terrains: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    names: list[tuple[str, int]] = []
    for rank, row in enumerate(rows):
        card = SimpleNamespace(**row)
        abilities = row["abilities"] if isinstance(row["abilities"], list) else []
        keywords["type"][row["card_type"]].append(rank)
        for keyword in ("border", "size"):
            if row[keyword]:
                keywords[keyword][row[keyword]].append(rank)
        bribery = [icon for icon in ("babes", "gold", "beer") if row[f"bribe_{icon}"]]
        for icon in bribery:
            keywords["bribe"][icon].append(rank)
        if row["card_type"] == CardType.CREATURE and not bribery:
            keywords["bribe"]["none"].append(rank)
        for flag in flags(card):  # type: ignore[arg-type]
            keywords["is"][flag].append(rank)
        for value in immunities(abilities):
            keywords["immune"][value].append(rank)
        for value in attacks(abilities, row["ranged_attack"]):
            keywords["attack"][value].append(rank)
        for terrain, amount in terrain_modifiers(abilities).items():
            keywords["terrain"][terrain].append(rank)
            terrains[terrain][amount].append(rank)
        for keyword, column in NUMBER_FIELDS.items():
            if row[column] is not None:
                numbers[keyword][row[column]].append(rank)
        for name in {normalise_name(str(name)) for name in [row["name"], *(row["aliases"] or [])]}:
            names.append((name, rank))
    printings = Printing.objects.values_list("card_id", "card_set__code", "rarity", "starter_only")
    for card_id, code, rarity, starter_only in printings:
        if card_id in rank_of_pk:
            rank = rank_of_pk[card_id]
            keywords["set"][code].append(rank)
            for value in rarity_values(rarity):
                keywords["rarity"][value].append(rank)
            if starter_only:
                keywords["is"]["starter"].append(rank)
    for card_id in Card.objects.unverified().values_list("pk", flat=True):
        if card_id in rank_of_pk:
            keywords["is"]["unverified"].append(rank_of_pk[card_id])
    for card_id, slug in Card.classes.through.objects.values_list("card_id", "cardclass__slug"):
        if card_id in rank_of_pk:
            keywords["class"][slug].append(rank_of_pk[card_id])
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
    return Facets(
        size=size,
        pks=pks,
        keywords=to_bits(keywords),
        numbers=to_bits(numbers),
        terrains=to_bits(terrains),
        names=[name for name, _ in names],
        name_ranks=[rank for _, rank in names],
        words=frequent_words(reader, ranks_of_doc, size) if reader is not None else {},
        spellings={"set": set_spellings, "class": class_spellings},
        whoosh_generation=reader.generation() if reader is not None else None,
        doc_ranks=ranks_of_doc,
        rank_of_pk=rank_of_pk,
    )


def spelling_slug(text: str) -> str:
    return re.sub(r"[\s_]+", "_", text.strip().lower()).strip("_")


def doc_ranks(reader: Any, rank_of_pk: dict[int, int]) -> array[int]:
    """Whoosh document number to card rank (-1 for a document of no current card)."""
    return array("i", (rank_of_pk.get(pk, -1) for pk in reader.column_reader("pk")))


def frequent_words(reader: Any, ranks_of_doc: array[int], size: int) -> dict[str, Bits]:
    """A bitmap per word found in many cards (in any plain-words field)."""
    threshold = max(FREQUENT_MINIMUM, size // FREQUENT_SHARE)
    fields = [name for name in WORD_FIELDS if name in reader.schema]
    frequency: dict[bytes, int] = defaultdict(int)
    for field_name in fields:
        for term, info in reader.iter_field(field_name):
            frequency[term] += info.doc_frequency()
    found: dict[str, Bits] = {}
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
    """Write atomically (a reader never sees half a file) and drop the files of older revisions but one."""
    target = facets_path(generation_dir, revision)
    temporary = generation_dir / f".{target.name}.{uuid.uuid4().hex}"
    with open(temporary, "wb") as out:
        pickle.dump(facets, out, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(temporary, target)
    for path in generation_dir.glob(f"{FILE_PREFIX}*.pickle"):
        stored = path.name[len(FILE_PREFIX) : -len(".pickle")]
        if stored.isdigit() and int(stored) < revision - 1:
            path.unlink(missing_ok=True)


def load(generation_dir: Path, revision: int) -> Facets | None:
    """The stored bitmaps of a revision, or None when missing or written by another version of this code."""
    try:
        with open(facets_path(generation_dir, revision), "rb") as stored:
            # The file was written by rebuild_index into the index directory, which only the site writes.
            facets = pickle.load(stored)  # noqa: S301
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None
    return facets if isinstance(facets, Facets) and facets.format == FORMAT else None
