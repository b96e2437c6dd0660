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
from typing import Any

from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver

from cards.models import Card, CardClass, CardSet, Printing
from cards.search import storage

logger = logging.getLogger(__name__)


class _Pending(threading.local):
    """Cards touched in this thread's transaction (connections are per thread), flushed on commit."""

    def __init__(self) -> None:
        self.changed: set[int] = set()
        self.removed: set[str] = set()
        self.vocabulary = False

    def add(self, changed: int | None = None, removed: str | None = None, vocabulary: bool = False) -> None:
        if changed is not None:
            self.changed.add(changed)
        if removed is not None:
            self.removed.add(removed)
        self.vocabulary |= vocabulary
        # One callback per edit: the first to run after a commit flushes everything and the rest find
        # nothing to do. (A flag saying "already scheduled" would stay set after a rollback.)
        transaction.on_commit(self.flush)

    def flush(self) -> None:
        if not (self.changed or self.removed or self.vocabulary):
            return
        changed, removed = self.changed, self.removed
        self.changed, self.removed, self.vocabulary = set(), set(), False
        cards = Card.objects.filter(pk__in=changed).select_related("card_set").prefetch_related(
            "classes", "printings__card_set")  # fmt: skip
        try:
            storage.update(cards, removed - {card.slug for card in cards})
        except Exception:  # An index problem must never undo or fail an edit that is already saved.
            logger.exception("Could not update the search index; run manage.py rebuild_index.")


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
