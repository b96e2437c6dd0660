"""The bitmaps of the next revision made from the previous ones and the few cards a save touched.

A save changes one card (or a handful). When each card keeps its slot (``facets``), only the bitmaps whose bits
change are read and made again: one byte of each stored bitmap says whether the card was in it, and the card's
facts say whether it is now (``_touched``). A rename that moves one card in the list order keeps it in its slot
too, recorded as out of place (``_displaced_after``), so a new process's first save reads and writes a handful of
bitmaps however far the card moves, and leaves the names alone unless they changed.
Other changes (cards added or removed, several cards saved at once) go through ``_Layout``, which moves every
bitmap: the bits above a removed card's place move down one and those above an inserted card's place
up one, in the names and in the Whoosh document map too; the cards out of place are first put back in place
(``settled``). More than ``MOST_CARDS`` cards at once (a bulk load) are rebuilt in full.
"""

from __future__ import annotations

import bisect
from array import array
from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.db.models import Q

from cards.search.documents import analysed_words, word_texts
from cards.search.facets import (
    CARD_COLUMNS,
    Bits,
    Entry,
    Facets,
    NumberBits,
    card_memberships,
    card_names,
    printing_memberships,
)

if TYPE_CHECKING:
    from cards.models import Card

MOST_CARDS = 20


def _without(bits: Bits, rank: int) -> Bits:
    """The bitmap with bit ``rank`` taken out (the bits above it move down one)."""
    return (bits & ((1 << rank) - 1)) | ((bits >> (rank + 1)) << rank)


def _with_gap(bits: Bits, rank: int) -> Bits:
    """The bitmap with a clear bit put in at ``rank`` (the bits from it move up one)."""
    return (bits & ((1 << rank) - 1)) | ((bits >> rank) << (rank + 1))


def _positions(values: Any, wanted: int) -> list[int]:
    """Every index holding ``wanted`` in a list or array, found by C-level searches."""
    if isinstance(values, array):
        # An array's ``index`` makes a Python int of every entry it passes (2 ms over 50,000): searching
        # its bytes for the entry's bytes is a memory scan. A match must start on an entry's boundary.
        data, needle, width = values.tobytes(), array(values.typecode, [wanted]).tobytes(), values.itemsize
        found = []
        start = data.find(needle)
        while start >= 0:
            if start % width == 0:
                found.append(start // width)
            start = data.find(needle, start + 1)
        return found
    found = []
    start = 0
    while True:
        try:
            start = values.index(wanted, start)
        except ValueError:
            return found
        found.append(start)
        start += 1


def _renumber_table(size: int, changes: list[tuple[slice, range]]) -> list[int]:
    """``table[rank]`` is the new number of each rank 0..size-1 (unchanged but for the slices given, -1 for a
    card that is gone); ``table[-1]`` is -1, so an entry of no card stays so."""
    table = [*range(size), -1]
    for where, numbers in changes:
        table[where] = numbers
    return table


def _renumbered(values: Any, table: list[int]) -> Any:
    # ``map`` with the table's C-level item lookup: several times quicker than a Python function per entry.
    found = map(table.__getitem__, values)
    return array(values.typecode, found) if isinstance(values, array) else list(found)


def rank_of(facets: Facets, pk: int) -> int | None:
    return facets.rank_of(pk)


class _Layout:
    """Every bitmap and rank list of a revision, moved together when the list order changes."""

    def __init__(self, old: Facets) -> None:
        self.size = old.size
        self.pks = old.pks[:]
        self.keywords = {key: dict(values) for key, values in old.keywords.items()}
        self.numbers = {key: [list(bits.values), list(bits.at_least)] for key, bits in old.numbers.items()}
        self.terrains = {key: dict(values) for key, values in old.terrains.items()}
        self.words = dict(old.words)
        names, name_ranks = old.names
        self.names, self.name_ranks = list(names), list(name_ranks)
        self.doc_ranks = old.doc_ranks[:]
        self.names_changed = False

    def tables(self) -> Iterable[dict[Any, Bits]]:
        yield from self.keywords.values()
        yield from self.terrains.values()
        yield self.words

    def map_bits(self, change: Any) -> None:
        for table in self.tables():
            for key, bits in table.items():
                table[key] = change(bits)
        for number in self.numbers.values():
            number[1] = [change(bits) for bits in number[1]]

    def remove(self, rank: int) -> None:
        self.map_bits(lambda bits: _without(bits, rank))
        del self.pks[rank]
        self.size -= 1
        self.drop_names(rank)
        table = _renumber_table(self.size + 1, [(slice(rank, rank + 1), range(-1, 0)), (slice(rank + 1, self.size + 1), range(rank, self.size))])
        self.name_ranks = _renumbered(self.name_ranks, table)
        self.doc_ranks = _renumbered(self.doc_ranks, table)

    def insert(self, rank: int, pk: int) -> None:
        self.map_bits(lambda bits: _with_gap(bits, rank))
        self.pks.insert(rank, pk)
        self.size += 1
        table = _renumber_table(self.size - 1, [(slice(rank, self.size - 1), range(rank + 1, self.size))])
        self.name_ranks = _renumbered(self.name_ranks, table)
        self.doc_ranks = _renumbered(self.doc_ranks, table)

    def clear(self, rank: int) -> set[str]:
        """Forget what the card at ``rank`` was (its place stays); its names are returned."""
        mask = ~(1 << rank)
        self.map_bits(lambda bits: bits & mask)
        return self.drop_names(rank)

    def drop_names(self, rank: int) -> set[str]:
        positions = _positions(self.name_ranks, rank)
        dropped = {self.names[position] for position in positions}
        for position in reversed(positions):
            del self.names[position], self.name_ranks[position]
        self.names_changed |= bool(positions)
        return dropped

    def forget_documents(self, rank: int) -> None:
        for doc in _positions(self.doc_ranks, rank):
            self.doc_ranks[doc] = -1

    def set_facts(self, rank: int, memberships: Iterable[tuple[str, str, Any]], names: set[str],
                  words: set[str]) -> None:  # fmt: skip
        bit = 1 << rank
        for part, key, value in memberships:
            if part == "numbers":
                self._set_number(key, value, bit)
            else:
                table = (self.keywords if part == "keywords" else self.terrains).setdefault(key, {})
                table[value] = table.get(value, 0) | bit
        for word in words & self.words.keys():
            self.words[word] |= bit
        for name in names:
            at = bisect.bisect_left(self.names, name)
            self.names.insert(at, name)
            self.name_ranks.insert(at, rank)
        self.names_changed |= bool(names)

    def _set_number(self, keyword: str, value: int, bit: Bits) -> None:
        values, at_least = self.numbers.setdefault(keyword, [[], []])
        at = bisect.bisect_left(values, value)
        if at == len(values) or values[at] != value:
            # A value nobody had: its cumulative bitmap is the next larger value's (or empty).
            values.insert(at, value)
            at_least.insert(at, at_least[at] if at < len(at_least) else 0)
        for index in range(at + 1):
            at_least[index] |= bit

    def facets(self, old: Facets, whoosh_generation: int | None) -> Facets:
        changed: dict[str, Any] = {
            "pks": self.pks,
            "keywords": self.keywords,
            "numbers": {key: NumberBits(tuple(v), tuple(b)) for key, (v, b) in self.numbers.items()},
            "terrains": self.terrains,
            "words": self.words,
            "doc_ranks": self.doc_ranks,
            "displaced": array("i"),  # Every card in its place (``settled`` runs first).
        }
        if self.names_changed:
            changed["names"] = (self.names, self.name_ranks)
        return old.with_parts(self.size, whoosh_generation, changed)


def documents_of(old: Facets, pks: set[int]) -> list[int]:
    """The Whoosh document numbers of these cards in ``old``'s document map."""
    ranks = {rank for pk in pks if (rank := rank_of(old, pk)) is not None}
    return [doc for rank in ranks for doc in _positions(old.doc_ranks, rank)]


def _row(card: Card) -> dict[str, Any]:
    """The card's ``CARD_COLUMNS`` and sort key, as ``values()`` gives them."""
    row = {column: getattr(card, column) for column in CARD_COLUMNS if "__" not in column}
    row["card_set__kind"], row["sort_key"] = card.card_set.kind, card.sort_key
    return row


def _final_rank(row: dict[str, Any]) -> int:
    """The card's rank in the list order: the count of the cards before it, as the database (which defines that
    order) puts them."""
    from cards.models import Card as CardModel

    key, slug = row["sort_key"], row["slug"]
    return CardModel.objects.filter(Q(sort_key__lt=key) | Q(sort_key=key, slug__lt=slug)).count()


def _displaced_after(old: Facets, row: dict[str, Any], slot: int) -> array[int] | None:
    """The cards out of place once the card in ``slot`` is saved as ``row``; None when it keeps its place.

    A card in place keeps it when the database still puts it between its two neighbours in the list order (one
    look-up of two rows by key; most saves change no name). Otherwise it stays in its slot, out of place, just
    before the first card that now follows it (one look-up of one row, from the name index).
    """
    from cards.models import Card as CardModel

    key, slug = row["sort_key"], row["slug"]
    before = Q(sort_key__lt=key) | Q(sort_key=key, slug__lt=slug)
    after = Q(sort_key__gt=key) | Q(sort_key=key, slug__gt=slug)
    moved = old.displaced
    out = {moved_slot for moved_slot, _ in moved}
    if slot not in out:
        previous, following = _neighbours(old, slot, out)
        neighbours = Q(pk__in=[])
        if previous is not None:
            neighbours |= Q(pk=old.pks[previous]) & before
        if following is not None:
            neighbours |= Q(pk=old.pks[following]) & after
        if CardModel.objects.filter(neighbours).count() == (previous is not None) + (following is not None):
            return None
    # The range on the key alone lets the database start its walk of the name index at the card's name.
    successor = (CardModel.objects.filter(Q(sort_key__gte=key) & after).order_by("sort_key", "slug")
                 .values_list("pk", flat=True).first())  # fmt: skip
    pairs = [(moved_slot, boundary) for moved_slot, boundary in moved if moved_slot != slot]
    if slot not in out:
        # The slot leaves the order in place: a card out of place that came just before it now comes just before the
        # next card in place.
        out.add(slot)
        following_slot = _next_in_place(slot, out, old.size)
        pairs = [(moved_slot, following_slot if boundary == slot else boundary) for moved_slot, boundary in pairs]
    at, boundary = len(pairs), old.size
    if successor is not None:
        successor_slot = old.rank_of(successor)
        assert successor_slot is not None, "the card after it is in the bitmaps"
        taken = [index for index, (moved_slot, _) in enumerate(pairs) if moved_slot == successor_slot]
        if taken:
            at = taken[0]
            boundary = pairs[at][1]
        else:
            boundary = successor_slot
            at = next((index for index, (_, later) in enumerate(pairs) if later > boundary), len(pairs))
    pairs.insert(at, (slot, boundary))
    return array("i", [number for pair in pairs for number in pair])


def _next_in_place(slot: int, out: set[int], size: int) -> int:
    """The first slot above ``slot`` whose card is in place (``size`` when there is none)."""
    following = slot + 1
    while following < size and following in out:
        following += 1
    return following


def _neighbours(old: Facets, slot: int, out: set[int]) -> tuple[int | None, int | None]:
    """The slots of the cards just before and just after the card in place in ``slot``, in the list order."""
    moved = old.displaced
    just_before = [moved_slot for moved_slot, boundary in moved if boundary == slot]
    previous_slot = slot - 1
    while previous_slot >= 0 and previous_slot in out:
        previous_slot -= 1
    previous = just_before[-1] if just_before else previous_slot if previous_slot >= 0 else None
    following_slot = _next_in_place(slot, out, old.size)
    just_after = [moved_slot for moved_slot, boundary in moved if boundary == following_slot]
    following = just_after[0] if just_after else following_slot if following_slot < old.size else None
    return previous, following


def settled(old: Facets) -> Facets:
    """``old`` with every card out of place put back in its place in the list order: every bitmap, the id array, the
    names and the document map are renumbered (a segment merge does it, off the request path, or a save that moves
    every bitmap anyway)."""
    moved = old.displaced
    if not moved:
        return old
    order = old.ordered_ranks(old.universe)
    table = [0] * old.size + [-1]
    for rank, slot in enumerate(order):
        table[slot] = rank
    slots = sorted(slot for slot, _ in moved)

    def put_back(bits: Bits) -> Bits:
        taken = sorted((table[slot], bits >> slot & 1) for slot in slots)
        for slot in reversed(slots):
            bits = _without(bits, slot)
        for rank, bit in taken:  # Lowest first: each goes in at its final place.
            bits = _with_gap(bits, rank) | (bit << rank)
        return bits

    layout = _Layout(old)
    layout.map_bits(put_back)
    layout.pks = array(layout.pks.typecode, [layout.pks[slot] for slot in order])
    names = sorted(zip(layout.names, _renumbered(layout.name_ranks, table), strict=True))
    layout.names, layout.name_ranks = [name for name, _ in names], [rank for _, rank in names]
    layout.names_changed = True
    layout.doc_ranks = _renumbered(layout.doc_ranks, table)
    return layout.facets(old, old.whoosh_generation)


def segment_offsets(segments: Iterable[Any]) -> dict[str, int]:
    """Where each Whoosh segment's documents start in the numbering of a reader over them (in this order)."""
    found: dict[str, int] = {}
    offset = 0
    for segment in segments:
        found[segment.segment_id()] = offset
        offset += segment.doc_count_all()
    return found


def doc_ranks_after_merge(old: Facets, offsets: dict[str, int], kept: Any, merged_pks: Iterable[int]) -> array[int]:
    """The document map after a commit that merged every segment but ``kept`` into one new segment: ``kept``
    comes first and keeps its documents (their entries are copied from the map before, at the offset it had),
    then the merged segment's documents, whose card ids (``merged_pks``, in document order) give their ranks."""
    start, count = offsets[kept.segment_id()], kept.doc_count_all()
    found = array("i", old.doc_ranks[start : start + count])
    rank_of_pk = old.rank_of_pk
    found.extend(rank_of_pk.get(pk, -1) for pk in merged_pks)
    return found


def updated(old: Facets, cards: list[Card], removed_pks: set[int], whoosh_generation: int | None) -> Facets | None:
    """The next revision's bitmaps, or None when rebuilding them all is the better way.

    The Whoosh commit (``whoosh_generation``) appended one document per card, in order, after all the others,
    and renumbered nothing: saves never merge segments (``storage.merge_segments`` does, later).
    """
    changed = {card.pk: card for card in cards}
    if len(changed) + len(removed_pks) > MOST_CARDS:
        return None
    # From the cards as the caller read them (with their set, classes and printings, as their documents need): asking
    # the database again for the same rows cost a save three more queries.
    rows = [_row(card) for card in changed.values()]
    memberships: dict[int, list[tuple[str, str, Any]]] = defaultdict(list)
    printings = [(card.pk, printing.card_set.code, printing.rarity, printing.starter_only)
                 for card in changed.values() for printing in card.printings.all()]  # fmt: skip
    for card_id, membership in printing_memberships(printings):
        memberships[card_id].append(membership)
    for card in changed.values():
        memberships[card.pk].extend(("keywords", "class", card_class.slug) for card_class in card.classes.all())
    facts = {row["pk"]: _CardFacts(row, memberships[row["pk"]], changed[row["pk"]]) for row in rows}
    if not removed_pks and len(rows) == len(changed) == 1 and (slot := rank_of(old, rows[0]["pk"])) is not None:
        # One card, in place or moved: it keeps its slot, so only the bitmaps its change touches are read.
        displaced = _displaced_after(old, rows[0], slot)
        return _touched(old, [(slot, facts[rows[0]["pk"]])], cards, whoosh_generation, displaced)
    old = settled(old)
    leaving = sorted({rank for pk in (*changed, *removed_pks) if (rank := rank_of(old, pk)) is not None}, reverse=True)
    # The place of each card in the list order, as the database (which defines that order) puts it.
    final_ranks = {row["pk"]: _final_rank(row) for row in rows}
    rows.sort(key=lambda row: final_ranks[row["pk"]])
    places = [(rank, final_ranks[pk]) for pk in changed if (rank := rank_of(old, pk)) is not None and pk in final_ranks]
    if not removed_pks and len(places) == len(rows) == len(changed) and all(before == after for before, after in places):
        # Every card keeps its place: only the bitmaps the change touches are read.
        return _touched(old, [(before, facts[pk]) for pk, (before, _) in zip(changed, places, strict=True)], cards,
                        whoosh_generation)  # fmt: skip
    layout = _Layout(old)
    for rank in leaving:  # Their documents are deleted (or replaced) in Whoosh.
        layout.forget_documents(rank)
    stays = sorted(leaving) == sorted(final_ranks.values()) and len(leaving) == len(rows)
    if stays:
        for rank in leaving:
            layout.clear(rank)
        for row in rows:
            layout.pks[final_ranks[row["pk"]]] = row["pk"]
    else:
        for rank in leaving:
            layout.remove(rank)
        for row in rows:  # In list order: each goes in at its final place.
            layout.insert(final_ranks[row["pk"]], row["pk"])
    for row in rows:
        pk = row["pk"]
        layout.set_facts(final_ranks[pk], [*card_memberships(row), *memberships[pk]], facts[pk].names, facts[pk].words)
    # One new document per card, in the order given, after all the others.
    layout.doc_ranks.extend(final_ranks.get(card.pk, -1) for card in cards)
    return layout.facets(old, whoosh_generation)


class _CardFacts:
    """What one saved card now is, as the bitmaps record it: which entries it belongs in."""

    def __init__(self, row: dict[str, Any], printing_memberships: list[tuple[str, str, Any]], card: Card) -> None:
        self.pk = row["pk"]
        self.entries: set[Entry] = set()
        self.numbers: dict[str, int] = {}
        for part, key, value in [*card_memberships(row), *printing_memberships]:
            if part == "numbers":
                self.numbers[key] = value
            else:
                self.entries.add((part, key, value))
        words, pairs = analysed_words(word_texts(card))
        self.words = words | pairs
        self.names = card_names(row)

    def wants(self, entry: Entry) -> bool:
        """Whether the card belongs in this bitmap."""
        table = entry[0]
        if table == "numbers":
            value = self.numbers.get(entry[1])
            return value is not None and value >= entry[2]
        if table == "words":
            return entry[1] in self.words
        return entry in self.entries


def _touched(old: Facets, places: list[tuple[int, _CardFacts]], cards: list[Card], whoosh_generation: int | None,
             displaced: array[int] | None = None) -> Facets:  # fmt: skip
    """The next revision when every card keeps its slot: each stored bitmap is tested at the card's bit, and only those
    the change alters are read and made again. ``displaced``: the cards out of place now, when that changed."""
    changed: dict[Entry, Any] = {}
    for rank, card in places:
        for entry, bit in old.windows(rank, rank):
            if bit != card.wants(entry):
                current = changed[entry] if entry in changed else old.part(entry)
                changed[entry] = current ^ (1 << rank)
    _new_entries(old, places, changed)
    changed.update(_documents_and_names(old, places, cards))
    if displaced is not None:
        changed[("displaced",)] = displaced
    return old.with_entries(old.size, whoosh_generation, changed)


def _new_entries(old: Facets, places: list[tuple[int, _CardFacts]], changed: dict[Entry, Any]) -> None:
    """Bitmaps for values no card had before: a keyword value holds only these cards; a number's new value holds
    the cards of the next larger value (no other card's value lies between) and these cards as their values say."""
    numbers: dict[str, set[int]] = defaultdict(set)
    for after, card in places:
        for entry in card.entries:
            if not old.has(entry):
                changed[entry] = changed.get(entry, 0) | (1 << after)
        for key, value in card.numbers.items():
            if not old.has(("numbers", key, value)):
                numbers[key].add(value)
    for key, values in numbers.items():
        known = sorted({*(old.number_bits(key).values if key in old.numbers else ()), *values})
        for value in sorted(values, reverse=True):
            larger = known[known.index(value) + 1] if known.index(value) + 1 < len(known) else None
            above: Entry = ("numbers", key, larger)
            bits = 0 if larger is None else changed[above] if above in changed else old.part(above)
            for after, card in places:
                bits = (bits | (1 << after)) if card.wants(("numbers", key, value)) else (bits & ~(1 << after))
            changed[("numbers", key, value)] = bits


def _documents_and_names(old: Facets, places: list[tuple[int, _CardFacts]], cards: list[Card]) -> dict[Entry, Any]:
    """The Whoosh document map and the names after the cards' change (the names only when they changed)."""
    found: dict[Entry, Any] = {}
    doc_ranks = old.doc_ranks[:]
    for rank, _ in places:  # Their documents are deleted (or replaced) in Whoosh.
        for doc in _positions(doc_ranks, rank):
            doc_ranks[doc] = -1
    # One new document per card, in the order given, after all the others.
    new_ranks = {card.pk: rank for rank, card in places}
    doc_ranks.extend(new_ranks.get(card.pk, -1) for card in cards)
    found[("doc_ranks",)] = doc_ranks
    names, name_ranks = old.names
    dropped = {rank: _positions(name_ranks, rank) for rank, _ in places}
    if any({names[p] for p in dropped[rank]} != card.names for rank, card in places):
        gone = sorted(position for positions in dropped.values() for position in positions)
        added = sorted((name, rank) for rank, card in places for name in card.names)
        found.update(_edited_names(names, name_ranks, gone, added))
    return found


def _edited_names(names: Any, ranks: Any, dropped: list[int], added: list[tuple[str, int]]) -> dict[Entry, Any]:
    """The names' entries with the names at positions ``dropped`` taken out and ``added`` put in their places (by
    name, then rank, as ``build_facets`` sorts them). A new name's bytes go at the blob's end: nothing else moves."""
    gone = set(dropped)
    inserts = []
    for name, rank in added:
        at = bisect.bisect_left(names, name)
        end = bisect.bisect_right(names, name, lo=at)
        while at < end and (at in gone or ranks[at] < rank):
            at += 1
        inserts.append((at, name, rank))
    blob = bytearray(names.blob)
    starts, lengths, new_ranks = names.starts[:], names.lengths[:], ranks[:]
    # From the last place back, so each edit leaves the places before it where they were; at one place the old name
    # goes first, and names put in at one place go largest first, so they end up in order.
    edits = sorted([(at, 0, name, rank) for at, name, rank in inserts] + [(at, 1, "", 0) for at in gone], reverse=True)
    for at, drop, name, rank in edits:
        if not drop:
            data = name.encode()
            starts.insert(at, len(blob))
            lengths.insert(at, len(data))
            new_ranks.insert(at, rank)
            blob += data
        else:
            del starts[at], lengths[at], new_ranks[at]
    return {("names",): bytes(blob), ("name_starts",): starts, ("name_lengths",): lengths, ("name_ranks",): new_ranks}
