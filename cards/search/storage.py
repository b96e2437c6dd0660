"""Where the index lives and how it is swapped.

``SEARCH_INDEX_DIR`` holds one directory per build (a "generation") and ``current.json``, which
names the generation in use, its revision and the database it was built from. A rebuild writes a
new generation (the Whoosh index and its facet bitmaps, ``facets``) and then replaces
``current.json`` in one ``os.replace``, so a search running meanwhile keeps reading the old
generation and never sees a half-built index. The previous generation is kept for searches still
holding it open; older ones are removed. An update after a save re-indexes the cards in place,
writes the bitmaps of the next revision, then bumps the revision in ``current.json``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from whoosh import index as whoosh_index
from whoosh.query import Query
from whoosh.searching import Searcher

from cards.search import facets
from cards.search.documents import WORD_FIELDS, build_schema, document
from cards.search.errors import IndexUnavailable
from cards.search.facets import Bits, Facets, bits_from_ranks
from cards.search.memo import ANSWERS, QUERY_READINGS, Answer, LeastRecent

if TYPE_CHECKING:
    from cards.models import Card

POINTER = "current.json"
UPDATE_LOCK = ".update.lock"
GENERATION_PREFIX = "gen-"
KEEP_GENERATIONS = 2
WRITER_MEMORY_MB = 256
# Index answers of at least LARGE_RESULT cards are remembered, up to LARGE_RESULT_CACHE of them per open index.
LARGE_RESULT = 1000
LARGE_RESULT_CACHE = 32
# Bitmaps of words read from Whoosh postings, remembered per open index (the frequent ones are stored).
WORD_CACHE = 256


@dataclass(frozen=True)
class Pointer:
    generation: str
    database: str
    cards: int
    built: str
    revision: int = 0
    # The field names the index was built with: an index from an older schema is rebuilt, not patched.
    schema: str = ""
    # The database's data revision (guardians_site.revision) the index is known to include: when the database
    # moves past it, a change was saved through another server and this index catches up (``following``).
    data_revision: int = 0


def schema_fingerprint() -> str:
    return ",".join(sorted(build_schema().names()))


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


def digest(fields: dict[str, Any]) -> str:
    """A short fingerprint of a card's index document: equal digests, nothing to re-index."""
    return hashlib.blake2b(repr(sorted(fields.items())).encode(), digest_size=8).hexdigest()


def read_digests(generation_dir: Path) -> dict[str, str] | None:
    try:
        raw = json.loads((generation_dir / DIGESTS).read_text())
    except (OSError, ValueError):
        return None
    return raw if isinstance(raw, dict) else None


def _write_digests(generation_dir: Path, digests: dict[str, str]) -> None:
    temporary = generation_dir / f".{DIGESTS}.{uuid.uuid4().hex}"
    temporary.write_text(json.dumps(digests, sort_keys=True))
    os.replace(temporary, generation_dir / DIGESTS)


def build(cards: Iterable[Card], root: Path | None = None, data_revision: int = 0) -> Pointer:
    """Index every card into a new generation, with its facet bitmaps, and make it the current one.

    Holds the update lock throughout (the cards are read under it too), so an update after a save waits
    and lands in the new generation instead of the old one that is about to be replaced. ``data_revision``
    is the database's data revision read before the cards were.
    """
    root = root or index_root()
    root.mkdir(parents=True, exist_ok=True)
    with update_lock(root):
        return build_locked(cards, root, data_revision)


def build_locked(cards: Iterable[Card], root: Path, data_revision: int = 0) -> Pointer:
    """``build`` for a caller that already holds the update lock."""
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
    pointer = Pointer(
        generation,
        database_identity(),
        count,
        time.strftime("%Y-%m-%dT%H:%M:%S"),
        schema=schema_fingerprint(),
        data_revision=data_revision,
    )
    _write_pointer(root, pointer)
    _prune(root, keep=generation)
    return pointer


@contextmanager
def update_lock(root: Path) -> Iterator[None]:
    """One update at a time per index directory (across processes), so revisions never collide."""
    with open(root / UPDATE_LOCK, "a") as lock:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX; Whoosh's own write lock still applies.
            yield
            return
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def update(cards: Iterable[Card], removed_slugs: Iterable[str] = (), root: Path | None = None) -> bool:
    """Re-index some cards in the current generation and rebuild its facet bitmaps.

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
        update_locked(root, pointer, cards, removed_slugs)
    return True


def update_locked(
    root: Path,
    pointer: Pointer,
    cards: Iterable[Card],
    removed_slugs: Iterable[str] = (),
    data_revision: int | None = None,
) -> None:
    """``update`` for a caller holding the update lock with the pointer it read under it."""
    generation_dir = root / pointer.generation
    opened = whoosh_index.open_dir(str(generation_dir))
    cards, removed_slugs = list(cards), list(removed_slugs)
    digests = read_digests(generation_dir)
    if cards or removed_slugs:
        writer = opened.writer(timeout=10.0)
        try:
            for slug in removed_slugs:
                writer.delete_by_term("slug", slug)
                if digests is not None:
                    digests.pop(slug, None)
            for card in cards:
                fields = document(card)
                writer.update_document(**fields)
                if digests is not None:
                    digests[card.slug] = digest(fields)
        except BaseException:
            writer.cancel()
            raise
        writer.commit()
        if digests is not None:
            _write_digests(generation_dir, digests)
    revision = pointer.revision + 1
    with opened.reader() as reader:
        facets.save(facets.build_facets(reader), generation_dir, revision)
    # Readers notice the new revision and reopen; the generation itself stays the same.
    changes: dict[str, Any] = {"revision": revision}
    if data_revision is not None:
        changes["data_revision"] = max(data_revision, pointer.data_revision)
    _write_pointer(root, Pointer(**{**pointer.__dict__, **changes}))


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
    """A searcher on one generation, with its facet bitmaps and the card id of every document at hand."""

    def __init__(self, root: Path, pointer: Pointer) -> None:
        self.pointer = pointer
        self.searcher: Searcher = whoosh_index.open_dir(str(root / pointer.generation)).searcher()
        self.facets: Facets = shared_facets(root / pointer.generation, pointer, self.searcher.reader())
        self._card_ids: list[int] | None = None
        # Stored with the bitmaps for the Whoosh generation they were built from (reading them takes a while).
        same = self.facets.whoosh_generation == self.searcher.reader().generation() and self.facets.doc_ranks
        self._doc_ranks: Sequence[int] | None = self.facets.doc_ranks if same else None
        self._large_results: OrderedDict[str, list[int]] = OrderedDict()
        self._words: OrderedDict[tuple[str, ...], Bits] = OrderedDict()
        # Query text to its reading, reading to its plan, tree to its answer: all fixed for this revision (``memo``).
        self.readings: LeastRecent[str, Any] = LeastRecent(QUERY_READINGS)
        self.answers: LeastRecent[Any, Answer] = LeastRecent(ANSWERS)
        self.outcomes: LeastRecent[tuple[str, bool], Any] = LeastRecent(QUERY_READINGS)

    @property
    def card_ids(self) -> list[int]:
        # One list lookup per hit instead of reading stored fields: most of a common word's cost.
        if self._card_ids is None:
            self._card_ids = list(self.searcher.reader().column_reader("pk"))
        return self._card_ids

    @property
    def doc_ranks(self) -> Sequence[int]:
        if self._doc_ranks is None:
            self._doc_ranks = facets.doc_ranks(self.searcher.reader(), self.facets.rank_of_pk)
        return self._doc_ranks

    def ids(self, query: Query) -> list[int]:
        key = repr(query)
        cached = self._large_results.get(key)
        if cached is not None:
            self._large_results.move_to_end(key)
            return cached
        card_ids = self.card_ids
        found = [card_ids[docnum] for docnum in self.searcher.docs_for_query(query)]
        # Reading a common word's postings is most of its cost and they cannot change within one
        # generation and revision, so large answers are kept (small ones are cheap to read again).
        if LARGE_RESULT_CACHE and len(found) >= LARGE_RESULT:
            self._large_results[key] = found
            if len(self._large_results) > LARGE_RESULT_CACHE:
                self._large_results.popitem(last=False)
        return found

    def bits(self, docnums: Iterable[int]) -> Bits:
        """Whoosh document numbers as a bitmap of card ranks."""
        ranks = self.doc_ranks
        return bits_from_ranks((rank for rank in (ranks[doc] for doc in docnums) if rank >= 0), self.facets.size)

    def word(self, word: str) -> Bits:
        """Cards with the (analysed) word in any plain-words field: stored if frequent, else read from Whoosh."""
        stored = self.facets.words.get(word)
        if stored is not None:
            return stored
        return self._remember((word,), lambda: self._postings(word))

    def phrase(self, words: tuple[str, ...]) -> Bits:
        """Cards with the words next to each other in one plain-words field."""
        return self._remember(words, lambda: self.bits(self._phrase_docs(words)))

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

    def _postings(self, word: str) -> Bits:
        reader = self.searcher.reader()
        found = 0
        for field_name in WORD_FIELDS:
            if (field_name, word) in reader:
                found |= self.bits(reader.postings(field_name, word).all_ids())
        return found

    def _remember(self, key: tuple[str, ...], compute: Callable[[], Bits]) -> Bits:
        cached = self._words.get(key)
        if cached is not None:
            self._words.move_to_end(key)
            return cached
        found = compute()
        self._words[key] = found
        if len(self._words) > WORD_CACHE:
            self._words.popitem(last=False)
        return found

    def close(self) -> None:
        self.searcher.close()


_facets_lock = threading.Lock()
_facets: dict[tuple[str, str, int], Facets] = {}


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
                found = facets.build_facets(reader)
                try:
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
