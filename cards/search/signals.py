"""Keep the index (and its facet bitmaps) in step with edits made in the admin.

Saving a card (and its classes and printings) happens in one transaction, so the index is
updated once, after the commit, with the card as it finally stands; a load of many cards in
one transaction becomes a single index update. Saving a set or a class changes what ``set:``
and ``class:`` accept, so it rebuilds the bitmaps (which hold those spellings) too.

Connected by ``CardsConfig.ready()``.
"""

from __future__ import annotations

import logging
import threading
import weakref
from typing import Any

from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver

from cards.models import Card, CardClass, CardSet, Printing
from cards.search import storage

logger = logging.getLogger(__name__)


class _Batch:
    """Cards touched in one transaction (or one savepoint of it), indexed when it commits.

    The batch is the callback Django keeps for the commit (``transaction.on_commit``) and nothing else holds
    it: when the transaction, or the savepoint the edits were made in, is rolled back, Django drops its
    callbacks and the batch goes with them (at once: nothing refers back to it), so a rolled-back edit is
    never indexed by a later commit."""

    def __init__(self) -> None:
        self.changed: set[int] = set()
        self.removed: set[str] = set()
        self.vocabulary = False
        self.flushed = False

    def __call__(self) -> None:
        if self.flushed:
            return  # Each edit registered the batch once; the first call after the commit indexes them all.
        self.flushed = True
        if not (self.changed or self.removed or self.vocabulary):
            return
        cards = Card.objects.filter(pk__in=self.changed).select_related("card_set").prefetch_related(
            "classes", "printings__card_set")  # fmt: skip
        try:
            storage.update(cards, self.removed - {card.slug for card in cards})
        except Exception:  # An index problem must never undo or fail an edit that is already saved.
            logger.exception("Could not update the search index; run manage.py rebuild_index.")


class _Pending(threading.local):
    """The batches this thread's edits join (connections are per thread), one per set of open savepoints, known
    only weakly: Django's list of commit callbacks owns them.

    An edit joins the batch of the savepoints open when it was made, since those decide whether its callback
    runs; a load of many cards in one transaction stays one index update."""

    def __init__(self) -> None:
        self.batches: weakref.WeakValueDictionary[tuple[str | None, ...], _Batch] = weakref.WeakValueDictionary()

    def add(self, changed: int | None = None, removed: str | None = None, vocabulary: bool = False) -> None:
        savepoints = tuple(transaction.get_connection().savepoint_ids)
        batch = self.batches.get(savepoints)
        if batch is None or batch.flushed:
            batch = self.batches[savepoints] = _Batch()
        if changed is not None:
            batch.changed.add(changed)
        if removed is not None:
            batch.removed.add(removed)
        batch.vocabulary |= vocabulary
        # One registration per edit (not per batch): a test's captureOnCommitCallbacks block sees the edits made
        # inside it, and the first call after the commit flushes the whole batch, the others find it done.
        # Outside a transaction Django calls the batch at once.
        transaction.on_commit(batch)


pending = _Pending()


@receiver(post_save, sender=Card, dispatch_uid="search-card-saved")
def card_saved(sender: Any, instance: Card, raw: bool = False, **kwargs: Any) -> None:
    if not raw:
        pending.add(changed=instance.pk)


@receiver(post_delete, sender=Card, dispatch_uid="search-card-deleted")
def card_deleted(sender: Any, instance: Card, **kwargs: Any) -> None:
    pending.add(removed=instance.slug)


@receiver(post_save, sender=Printing, dispatch_uid="search-printing-saved")
@receiver(post_delete, sender=Printing, dispatch_uid="search-printing-deleted")
def printing_saved(sender: Any, instance: Printing, raw: bool = False, **kwargs: Any) -> None:
    if not raw:
        pending.add(changed=instance.card_id)


@receiver(m2m_changed, sender=Card.classes.through, dispatch_uid="search-classes-changed")
def classes_changed(sender: Any, instance: Any, action: str, pk_set: set[int] | None = None, **kwargs: Any) -> None:
    if isinstance(instance, Card):
        if action.startswith("post_"):
            pending.add(changed=instance.pk)
    elif action == "pre_clear":
        # A class emptied from its side: its cards are only known before the clear.
        for card_id in instance.cards.values_list("pk", flat=True):
            pending.add(changed=card_id)
    elif action in ("post_add", "post_remove"):
        for card_id in pk_set or ():
            pending.add(changed=card_id)


@receiver(post_save, sender=CardSet, dispatch_uid="search-set-saved")
@receiver(post_delete, sender=CardSet, dispatch_uid="search-set-deleted")
@receiver(post_save, sender=CardClass, dispatch_uid="search-class-saved")
@receiver(post_delete, sender=CardClass, dispatch_uid="search-class-deleted")
def vocabulary_changed(sender: Any, raw: bool = False, **kwargs: Any) -> None:
    if not raw:
        pending.add(vocabulary=True)
