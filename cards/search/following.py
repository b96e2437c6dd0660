"""Each app server keeps its own search index; this keeps it in step with the database it shares.

A card saved through one server updates that server's index at once (``signals``). Every other server
learns of the change from the data revision in the database (``core.revision``): at most every
CHECK_INTERVAL seconds per process, a search compares the revision the index includes with the database's,
and when the database moved on, re-indexes the cards whose index document changed (found by comparing
per-card digests, so an edit to a card's classes, printings or set is caught as surely as one to the card)
and drops the cards that are gone. That takes a few tenths of a second for the whole card table, so a card
saved through one server is found through every other within about a second.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from django.conf import settings

from cards.search import storage

logger = logging.getLogger(__name__)

CHECK_INTERVAL = 0.5

_lock = threading.Lock()
_last_check: dict[str, float] = {}


def follow(root: Path | None = None, *, force: bool = False) -> bool:
    """Catch the index up with the database if it moved on; True when the index changed.

    Never raises: a search must not fail because the index could not be brought up to date (the next
    check tries again, and the search answers from the index as it is).
    """
    where = str(root if root is not None else settings.SEARCH_INDEX_DIR)
    now = time.monotonic()
    with _lock:
        if not force and now - _last_check.get(where, float("-inf")) < CHECK_INTERVAL:
            return False
        _last_check[where] = now
    try:
        return catch_up(Path(where))
    except Exception:
        logger.exception("Could not bring the search index up to date with the database.")
        return False


def catch_up(root: Path) -> bool:
    from core import revision

    pointer = storage.read_pointer(root)
    if not storage.answers_here(pointer):
        return False  # No index for this database: searches say so; rebuild_index makes one.
    assert pointer is not None
    number = revision.current_number()  # Read before the cards: the index then holds at least this revision.
    if number <= pointer.data_revision:
        return False
    with storage.update_lock(root):
        pointer = storage.read_pointer(root)  # Another process of this server may have caught up meanwhile.
        if not storage.answers_here(pointer):
            return False
        assert pointer is not None
        if number <= pointer.data_revision:
            return False
        changed, segments = _synchronise(root, pointer, number)
    if segments >= storage.MOST_SEGMENTS:
        storage.merge_soon(root)  # Once the update lock is let go: the merge takes it.
    return changed


def _synchronise(root: Path, pointer: storage.Pointer, number: int) -> tuple[bool, int]:
    """Whether any card was re-indexed or removed, and how many Whoosh segments the index has now."""
    from cards.models import Card
    from cards.search.documents import document

    started = time.perf_counter()
    cards = list(Card.objects.select_related("card_set").prefetch_related("classes", "printings__card_set"))
    known = storage.read_digests(root / pointer.generation)
    if known is None:  # An index built before digests existed: build it afresh, once.
        storage.build_locked(cards, root, data_revision=number)
        logger.info("Search index rebuilt for data revision %s in %.2f s.", number, time.perf_counter() - started)
        return True, 1
    changed = [card for card in cards if known.get(card.slug) != storage.digest(document(card))]
    removed = set(known) - {card.slug for card in cards}
    segments = storage.update_locked(root, pointer, changed, removed, data_revision=number)
    logger.info(
        "Search index caught up with data revision %s: %d cards re-indexed, %d removed, in %.2f s.",
        number, len(changed), len(removed), time.perf_counter() - started,
    )  # fmt: skip
    return bool(changed or removed), segments
