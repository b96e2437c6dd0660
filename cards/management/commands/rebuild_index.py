"""``manage.py rebuild_index``: build the search index from the card database and swap it in."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from cards.models import Card
from cards.search import storage


class Command(BaseCommand):
    help = "Build the card search index into a new directory, then make it current in one atomic step."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        cards = Card.objects.select_related("card_set").prefetch_related("classes", "printings__card_set")
        pointer = storage.build(cards.order_by("pk").iterator(chunk_size=2000))
        elapsed = time.perf_counter() - started
        self.stdout.write(
            f"Indexed {pointer.cards} cards in {elapsed:.1f} s into {storage.index_root() / pointer.generation}."
        )
