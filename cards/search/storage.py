"""Where the index lives and how it is swapped.

``SEARCH_INDEX_DIR`` holds one directory per build (a "generation") and ``current.json``, which
names the generation in use, its revision and the database it was built from. A rebuild writes a
new generation (the Whoosh index and its facet bitmaps, ``facets``) and then replaces
``current.json`` in one ``os.replace``, so a search running meanwhile keeps reading the old
generation and never sees a half-built index. The previous generation is kept for searches still
holding it open; older ones are removed. An update after a save re-indexes the cards in place,
writes the bitmaps of the next revision (changing only the saved cards' bits, ``facet_updates``, and appending only
those to the bitmaps' data file, ``facets.save``), then bumps the revision in ``current.json``. Each update adds a small Whoosh segment and merges nothing; once there are ``MOST_SEGMENTS``, a
background thread merges the small ones into one and publishes a revision with the new document numbers.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import threading
import time
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from whoosh import index as whoosh_index
from whoosh.query import Query
from whoosh.reading import SegmentReader
from whoosh.searching import Searcher

from cards.search import facet_updates, facets
from cards.search.documents import FIELD_NAMES, PAIR_FIELD, WORD_FIELDS, build_schema, document
from cards.search.errors import IndexUnavailable
from cards.search.facets import Bits, Facets, bits_from_ranks
from core.text_analysis import word_pair

if TYPE_CHECKING:
    from cards.models import Card

POINTER = "current.json"
UPDATE_LOCK = ".update.lock"
GENERATION_PREFIX = "gen-"
KEEP_GENERATIONS = 2
SCHEMA_FINGERPRINT = ",".join(FIELD_NAMES)
WRITER_MEMORY_MB = 256

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Pointer:
    generation: str
    database: str
    cards: int
    built: str
    revision: int = 0
    # The field names the index was built with: an index from an older schema is rebuilt, not patched.
    schema: str = ""
    # The data revision (``core.revision``) the index holds: the system check compares it, and when
    # the database moves past it (a change saved through another server) the index catches up (``following``).
    data_revision: int = 0


def schema_fingerprint() -> str:
    # From the field names alone: building the schema (its analysers) cost a cold first query 0.4 ms.
    return SCHEMA_FINGERPRINT


def answers_here(pointer: Pointer | None) -> bool:
    """Whether an index can answer for (and be updated from) the database and code in use."""
    return pointer is not None and pointer.database == database_identity() and pointer.schema == schema_fingerprint()


def index_root() -> Path:
    return Path(settings.SEARCH_INDEX_DIR)


def database_identity() -> str:
    """Names the database an index was built from, so an index never answers for another one."""
    database = connections[DEFAULT_DB_ALIAS]
    return f"{database.vendor}:{database.settings_dict.get('NAME')}"


def read_pointer(root: Path | None = None) -> Pointer | None:
    path = (root or index_root()) / POINTER
    try:
        raw = json.loads(path.read_text())
        return Pointer(**raw)
    except (OSError, ValueError, TypeError):
        return None


def _write_pointer(root: Path, pointer: Pointer) -> None:
    temporary = root / f".{POINTER}.{uuid.uuid4().hex}"
    temporary.write_text(json.dumps(pointer.__dict__))
    os.replace(temporary, root / POINTER)


DIGESTS = "digests.json"
# What saves changed since the digests file was written, one JSON line per card: [slug, digest or null].
# Appending a line costs nothing next to rewriting 50,000 digests (tens of ms) on every save.
DIGEST_JOURNAL = "digests.log"
# Past this many journal lines an update folds them into the digests file (rarely: a bulk edit).
MOST_JOURNAL_LINES = 5000


def digest(fields: dict[str, Any]) -> str:
    """A short fingerprint of a card's index document: equal digests, nothing to re-index."""
    return hashlib.blake2b(repr(sorted(fields.items())).encode(), digest_size=8).hexdigest()


def read_digests(generation_dir: Path) -> dict[str, str] | None:
    """Every indexed card's digest by slug: the digests file with the journal's later changes applied."""
    try:
        raw = json.loads((generation_dir / DIGESTS).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict):
        return None
    for slug, value in _journal(generation_dir):
        if value is None:
            raw.pop(slug, None)
        else:
            raw[slug] = value
    return raw


def _journal(generation_dir: Path) -> list[tuple[str, str | None]]:
    try:
        lines = (generation_dir / DIGEST_JOURNAL).read_text().splitlines()
    except OSError:
        return []
    entries: list[tuple[str, str | None]] = []
    for line in lines:
        try:
            slug, value = json.loads(line)
        except (ValueError, TypeError):
            # A line cut short by a crash: that card's digest is unknown, so ``following`` re-indexes it.
            continue
        entries.append((str(slug), None if value is None else str(value)))
    return entries


def _write_digests(generation_dir: Path, digests: dict[str, str]) -> None:
    temporary = generation_dir / f".{DIGESTS}.{uuid.uuid4().hex}"
    temporary.write_text(json.dumps(digests, sort_keys=True))
    os.replace(temporary, generation_dir / DIGESTS)
    (generation_dir / DIGEST_JOURNAL).unlink(missing_ok=True)


def _record_digests(generation_dir: Path, changed: dict[str, str], removed: Iterable[str]) -> None:
    """Note changed and removed cards' digests (the caller holds the update lock)."""
    journal = generation_dir / DIGEST_JOURNAL
    if not (generation_dir / DIGESTS).exists():
        return  # An index from before the digests: ``following`` rebuilds it once.
    lines = [json.dumps([slug, None]) for slug in removed] + [json.dumps([slug, value]) for slug, value in changed.items()]
    with open(journal, "a") as out:
        out.write("".join(line + "\n" for line in lines))
        size = out.tell()
    # A journal line is about 40 bytes: fold it into the digests file once it holds many.
    if size > MOST_JOURNAL_LINES * 40:
        folded = read_digests(generation_dir)
        if folded is not None:
            _write_digests(generation_dir, folded)


def build(cards: Iterable[Card], root: Path | None = None, data_revision: int | None = None) -> Pointer:
    """Index every card into a new generation, with its facet bitmaps, and make it the current one.

    Holds the update lock throughout (the cards are read under it too), so an update after a save waits
    and lands in the new generation instead of the old one that is about to be replaced. ``data_revision``
    is the database's data revision read before the cards were (read here when not given).
    """
    root = root or index_root()
    root.mkdir(parents=True, exist_ok=True)
    with update_lock(root):
        return build_locked(cards, root, data_revision)


def build_locked(cards: Iterable[Card], root: Path, data_revision: int | None = None) -> Pointer:
    """``build`` for a caller that already holds the update lock."""
    if data_revision is None:
        # Read before the cards: a change made while the index is built leaves it older than the data.
        data_revision = _data_revision()
    generation = f"{GENERATION_PREFIX}{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:8]}"
    path = root / generation
    path.mkdir()
    try:
        created = whoosh_index.create_in(str(path), build_schema())
        writer = created.writer(limitmb=WRITER_MEMORY_MB)
        count = 0
        digests: dict[str, str] = {}
        for card in cards:
            fields = document(card)
            writer.add_document(**fields)
            digests[card.slug] = digest(fields)
            count += 1
        writer.commit(optimize=True)
        _write_digests(path, digests)
        with created.reader() as reader:
            facets.save(facets.build_facets(reader), path, 0)
    except BaseException:
        shutil.rmtree(path, ignore_errors=True)
        raise
    pointer = Pointer(generation, database_identity(), count, time.strftime("%Y-%m-%dT%H:%M:%S"),
                      schema=schema_fingerprint(), data_revision=data_revision)  # fmt: skip
    _write_pointer(root, pointer)
    _prune(root, keep=generation)
    return pointer


@contextmanager
def update_lock(root: Path, wait: bool = True) -> Iterator[bool]:
    """One update at a time per index directory (across processes), so revisions never collide. Yields whether
    the lock is held: always, unless ``wait`` is off and another process holds it."""
    with open(root / UPDATE_LOCK, "a") as lock:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX; Whoosh's own write lock still applies.
            yield True
            return
        try:
            fcntl.flock(lock, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


# A save writes its cards as a new small segment and never merges (a merge is 50 ms and more, and the document
# map after it needs a reader on every segment): the small segments are merged into one after the save, off
# the request path (``merge_soon``), once there are this many.
MOST_SEGMENTS = 12
# Whether ``merge_soon`` merges in a background thread (the site) or at once (tests: deterministic).
MERGE_IN_BACKGROUND = True
# A merge writes the bitmaps' data file afresh past this growth (a save, only past ``facets.MOST_GROWTH``).
MERGE_GROWTH = 2
# A merge puts the cards renames left out of place back in place once there are this many (``facets``): each one
# costs a query that matches it a little, putting them back costs the merge a pass over every bitmap.
SETTLE_DISPLACED = 8


def update(cards: Iterable[Card], removed_slugs: Iterable[str] = (), root: Path | None = None) -> bool:
    """Re-index some cards in the current generation and write the facet bitmaps of the next revision.

    False when there is no index for this database and code. With no card and no slug, only the bitmaps
    are rebuilt (a set or a class changed, which changes the spellings ``set:`` and ``class:`` accept).
    """
    root = root or index_root()
    if not answers_here(read_pointer(root)):
        return False
    with update_lock(root):
        pointer = read_pointer(root)  # Again, now that no other update can move it.
        if not answers_here(pointer):
            return False
        assert pointer is not None
        segments = update_locked(root, pointer, cards, removed_slugs)
    if segments >= MOST_SEGMENTS:
        merge_soon(root)
    return True


def update_locked(
    root: Path,
    pointer: Pointer,
    cards: Iterable[Card],
    removed_slugs: Iterable[str] = (),
    data_revision: int | None = None,
) -> int:
    """``update`` for a caller holding the update lock with the pointer it read under it. ``data_revision``:
    the data revision read before the cards were (``following``); by default the database's current one.
    Returns how many Whoosh segments the index has now (past ``MOST_SEGMENTS``, call ``merge_soon``)."""
    generation_dir = root / pointer.generation
    opened = whoosh_index.open_dir(str(generation_dir))
    cards, removed_slugs = list(cards), list(removed_slugs)
    documents = {card.pk: document(card) for card in cards}
    previous = _current_facets(generation_dir, pointer) if cards or removed_slugs else None
    if previous is not None and (previous.whoosh_generation != opened.latest_generation() or not previous.doc_ranks):
        previous = None  # Its document map is not this index's: rebuild the bitmaps instead.
    removed_pks: set[int] = set()
    segments = 1
    if cards or removed_slugs:
        if removed_slugs:
            with opened.searcher() as searcher:
                removed_pks = {stored["pk"] for slug in removed_slugs
                               if (stored := searcher.document(slug=slug)) is not None}  # fmt: skip
        writer = opened.writer(timeout=10.0)
        try:
            if previous is not None:
                # The documents of these cards are known from the bitmaps' document map: deleting them by
                # number spares opening a searcher on every segment to find them by slug.
                for docnum in facet_updates.documents_of(previous, {card.pk for card in cards} | removed_pks):
                    writer.delete_document(docnum)
                for card in cards:
                    writer.add_document(**documents[card.pk])
            else:
                for slug in removed_slugs:
                    writer.delete_by_term("slug", slug)
                for card in cards:
                    writer.update_document(**documents[card.pk])
        except BaseException:
            writer.cancel()
            raise
        # Without a merge the other documents keep their numbers and the new ones come last.
        segments = len(writer.segments) + (1 if cards else 0)
        writer.commit(merge=False)
        _record_digests(generation_dir, {card.slug: digest(documents[card.pk]) for card in cards}, removed_slugs)
    found = None
    if previous is not None:
        found = facet_updates.updated(previous, cards, removed_pks, whoosh_generation=opened.latest_generation())
    if found is None:
        with opened.reader() as reader:
            found = facets.build_facets(reader)
    if data_revision is None:
        # The data revision advanced in its own after-commit callback, registered (so run) before this one.
        data_revision = _data_revision()
    _publish(root, pointer, found, data_revision)
    return segments


def _publish(root: Path, pointer: Pointer, found: Facets, data_revision: int,
             most_growth: float = facets.MOST_GROWTH) -> None:  # fmt: skip
    """Store ``found`` as the next revision of the pointer's generation and make it the current one."""
    revision = pointer.revision + 1
    generation_dir = root / pointer.generation
    facets.save(found, generation_dir, revision, most_growth)
    new_pointer = Pointer(
        **{**pointer.__dict__, "revision": revision, "data_revision": max(data_revision, pointer.data_revision)}
    )
    _write_pointer(root, new_pointer)
    _share(generation_dir, new_pointer, found)


# The merge thread of each index directory while it runs, and the directories whose saves asked for a merge
# since it last looked (a save landing while a merge runs asks again: the running merge may not include it).
_merge_threads: dict[str, threading.Thread] = {}
_merges_wanted: set[str] = set()
_merge_threads_lock = threading.Lock()


def merge_soon(root: Path) -> None:
    """Merge the index's small segments after this request: in a background thread of this process (one
    per index directory at a time), or at once when ``MERGE_IN_BACKGROUND`` is off.

    The thread takes the update lock like any save, so a save arriving meanwhile waits for the merge to
    finish, and a search keeps reading the revision it opened until the merged one is published.
    """
    if not MERGE_IN_BACKGROUND:
        merge_segments(root)
        return
    key = str(root)
    with _merge_threads_lock:
        _merges_wanted.add(key)
        running = _merge_threads.get(key)
        # A thread only leaves its entry behind when it is gone with the process that forked this one.
        if running is not None and running.is_alive():
            return  # The running thread looks again before it ends.
        # Not a daemon: a process that saved and is exiting (a management command, a worker restarting) finishes
        # the merge first, instead of leaving the segments to whichever long-lived process saves next.
        thread = threading.Thread(target=_merge_while_wanted, args=(root,), name="search-index-merge")
        _merge_threads[key] = thread
        thread.start()


def wait_for_merges() -> None:
    """Block until every background merge started by this process has finished."""
    while True:
        with _merge_threads_lock:
            threads = list(_merge_threads.values())
        if not threads:
            return
        for thread in threads:
            thread.join()


def _merge_while_wanted(root: Path) -> None:
    key = str(root)
    while True:
        with _merge_threads_lock:
            if key not in _merges_wanted:
                if _merge_threads.get(key) is threading.current_thread():
                    del _merge_threads[key]  # Under the lock: a save asking from now on starts a new thread.
                return
            _merges_wanted.discard(key)
        try:
            merge_segments(root)
        except Exception:  # A failed merge leaves the index as it was: correct, only in more segments.
            logger.exception("Could not merge the search index's segments.")


def merge_segments(root: Path | None = None) -> bool:
    """Merge every segment but the largest into one, and publish the revision whose document map follows.

    False when there was nothing to merge (one small segment at most) or no index for this database and code.
    The bitmaps do not change: only the Whoosh numbers of the merged documents do, read from the new segment.
    """
    root = root or index_root()
    with update_lock(root):
        pointer = read_pointer(root)
        if not answers_here(pointer):
            return False
        assert pointer is not None
        generation_dir = root / pointer.generation
        opened = whoosh_index.open_dir(str(generation_dir))
        writer = opened.writer(timeout=10.0)
        before = list(writer.segments)
        if len(before) < 3:  # The largest and at most one other: merging would only copy that one.
            writer.cancel()
            return False
        previous = _current_facets(generation_dir, pointer)
        if previous is not None and (previous.whoosh_generation != opened.latest_generation() or not previous.doc_ranks):
            previous = None
        kept = max(before, key=lambda segment: segment.doc_count_all())

        def all_but_the_largest(writer: Any, segments: list[Any]) -> list[Any]:
            for segment in segments:
                if segment is not kept:
                    reader = SegmentReader(writer.storage, writer.schema, segment)
                    writer.add_reader(reader)
                    reader.close()
            return [kept]

        try:
            writer.commit(mergetype=all_but_the_largest)
        except BaseException:
            writer.cancel()
            raise
        if previous is not None:
            merged = SegmentReader(opened.storage, opened.schema, writer.get_segment())
            try:
                doc_ranks = facet_updates.doc_ranks_after_merge(
                    previous, facet_updates.segment_offsets(before), kept, merged.column_reader("pk"))
            finally:
                merged.close()
            found = previous.with_parts(previous.size, opened.latest_generation(), {"doc_ranks": doc_ranks})
            if len(found.displaced) >= SETTLE_DISPLACED:
                # Off the request path: the cards renames left out of place go back in place (every bitmap moves).
                found = facet_updates.settled(found)
        else:
            with opened.reader() as reader:
                found = facets.build_facets(reader)
        # Off the request path: the data file the saves appended to is written afresh once it holds twice what
        # the revision reads, so a save rarely has to.
        _publish(root, pointer, found, pointer.data_revision, most_growth=MERGE_GROWTH)
    return True


def _current_facets(generation_dir: Path, pointer: Pointer) -> Facets | None:
    with _facets_lock:
        found = _facets.get((str(generation_dir), pointer.database, pointer.revision))
    return found if found is not None else facets.load(generation_dir, pointer.revision)


def _data_revision() -> int:
    from core import revision

    return revision.current().number


def _prune(root: Path, keep: str) -> None:
    generations = sorted(
        (p for p in root.iterdir() if p.is_dir() and p.name.startswith(GENERATION_PREFIX)),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    survivors = {keep} | {p.name for p in generations[:KEEP_GENERATIONS]}
    for path in generations:
        if path.name not in survivors:
            shutil.rmtree(path, ignore_errors=True)


class OpenIndex:
    """One generation and revision of the index: its facet bitmaps, and a Whoosh searcher opened on first use."""

    def __init__(self, root: Path, pointer: Pointer) -> None:
        self.pointer = pointer
        self.directory = root / pointer.generation
        self._searcher: Searcher | None = None
        self.facets: Facets = shared_facets(self.directory, pointer, None)
        self._card_ids: list[int] | None = None
        self._doc_ranks: Sequence[int] | None = None
        self._lock = threading.Lock()

    @property
    def searcher(self) -> Searcher:
        # A number or keyword filter is answered from the bitmaps alone: Whoosh is opened for words only.
        if self._searcher is None:
            with self._lock:
                if self._searcher is None:
                    self._searcher = whoosh_index.open_dir(str(self.directory)).searcher()
        return self._searcher

    @property
    def card_ids(self) -> list[int]:
        # One list lookup per hit instead of reading stored fields: most of a common word's cost.
        if self._card_ids is None:
            self._card_ids = list(self.searcher.reader().column_reader("pk"))
        return self._card_ids

    @property
    def doc_ranks(self) -> Sequence[int]:
        if self._doc_ranks is None:
            # Stored with the bitmaps for the Whoosh generation they were built from (reading them takes a while).
            reader = self.searcher.reader()
            if self.facets.whoosh_generation == reader.generation() and self.facets.doc_ranks:
                self._doc_ranks = self.facets.doc_ranks
            else:
                self._doc_ranks = facets.doc_ranks(reader, self.facets.rank_of_pk)
        return self._doc_ranks

    def ids(self, query: Query) -> list[int]:
        card_ids = self.card_ids
        return [card_ids[docnum] for docnum in self.searcher.docs_for_query(query)]

    def bits(self, docnums: Iterable[int]) -> Bits:
        """Whoosh document numbers as a bitmap of card ranks."""
        ranks = self.doc_ranks
        return bits_from_ranks((rank for rank in (ranks[doc] for doc in docnums) if rank >= 0), self.facets.size)

    def word(self, word: str) -> Bits:
        """Cards with the (analysed) word in any plain-words field: stored if frequent, else read from Whoosh."""
        stored = self.facets.words.get(word)
        return stored if stored is not None else self._postings(WORD_FIELDS, word)

    def phrase(self, words: tuple[str, ...]) -> Bits:
        """Cards with the words next to each other in one plain-words field."""
        found = self.facets.universe
        for first, second in zip(words, words[1:], strict=False):
            pair = word_pair(first, second)
            stored = self.facets.words.get(pair)
            found &= stored if stored is not None else self._postings((PAIR_FIELD,), pair)
            if not found:
                return 0
        # Two words are one pair; a longer phrase holds all its pairs but must be checked word by word.
        return found if len(words) <= 2 else found & self.bits(self._phrase_docs(words))

    def _phrase_docs(self, words: tuple[str, ...]) -> set[int]:
        # What Whoosh's Phrase query finds, read straight from the positions: several times quicker.
        reader = self.searcher.reader()
        found: set[int] = set()
        for field_name in WORD_FIELDS:
            if not all((field_name, word) in reader for word in words):
                continue
            positions = [dict(reader.postings(field_name, word).items_as("positions")) for word in words]
            for doc in set(positions[0]).intersection(*positions[1:]):
                starts = set(positions[0][doc])
                for offset, later in enumerate(positions[1:], start=1):
                    starts &= {position - offset for position in later[doc]}
                    if not starts:
                        break
                if starts:
                    found.add(doc)
        return found

    def _postings(self, fields: Sequence[str], term: str) -> Bits:
        reader = self.searcher.reader()
        found = 0
        for field_name in fields:
            if (field_name, term) in reader:
                found |= self.bits(reader.postings(field_name, term).all_ids())
        return found

    def close(self) -> None:
        if self._searcher is not None:
            self._searcher.close()


_facets_lock = threading.Lock()
_facets: dict[tuple[str, str, int], Facets] = {}


def _share(generation_dir: Path, pointer: Pointer, found: Facets) -> None:
    """Keep the bitmaps an update just made for this process's next search (other processes load the file)."""
    with _facets_lock:
        _facets.clear()
        _facets[(str(generation_dir), pointer.database, pointer.revision)] = found


def shared_facets(generation_dir: Path, pointer: Pointer, reader: Any) -> Facets:
    """The facet bitmaps of a revision, loaded once per process (threads share them; they are never changed).

    A revision without its file (an index built before the bitmaps existed) gets them built from the
    database and the index, and stored for the next process.
    """
    key = (str(generation_dir), pointer.database, pointer.revision)
    with _facets_lock:
        found = _facets.get(key)
        if found is None:
            found = facets.load(generation_dir, pointer.revision)
            if found is None:
                if reader is None:
                    with whoosh_index.open_dir(str(generation_dir)).reader() as opened:
                        found = facets.build_facets(opened)
                else:
                    found = facets.build_facets(reader)
                try:
                    # Under the update lock, as every writer of the bitmaps' files; when a save holds it, the next
                    # process builds them again instead of waiting here.
                    with update_lock(generation_dir.parent, wait=False) as held:
                        if held:
                            facets.save(found, generation_dir, pointer.revision)
                except OSError:
                    pass
            _facets.clear()
            _facets[key] = found
        return found


_local = threading.local()


def open_index(root: Path | None = None) -> OpenIndex:
    """The current index for this database, reopened only when a rebuild or an update swapped it.

    Raises IndexUnavailable when no index was built for the database in use.
    """
    # Every search asks this (a stat of the pointer), so it stays on plain strings until something changed.
    where = str(root if root is not None else settings.SEARCH_INDEX_DIR)
    try:
        stat = os.stat(os.path.join(where, POINTER))
    except OSError:
        raise IndexUnavailable("The search index has not been built; run manage.py rebuild_index.") from None
    stamp: tuple[Any, ...] = (where, stat.st_ino, stat.st_mtime_ns, stat.st_size, database_identity())
    cached: OpenIndex | None = getattr(_local, "index", None)
    if cached is not None and getattr(_local, "stamp", None) == stamp:
        return cached
    root = Path(where)
    pointer = read_pointer(root)
    if pointer is None or pointer.database != database_identity():
        raise IndexUnavailable("The search index was built for another database; run manage.py rebuild_index.")
    if pointer.schema != schema_fingerprint():
        raise IndexUnavailable(
            "The search index was built by an older version of the site; run manage.py rebuild_index."
        )
    try:
        opened = OpenIndex(root, pointer)
    except (OSError, whoosh_index.EmptyIndexError) as exc:
        raise IndexUnavailable(f"The search index could not be opened: {exc}") from exc
    if cached is not None:
        cached.close()
    _local.index, _local.stamp = opened, stamp
    return opened
