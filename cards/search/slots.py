"""At most a few heavy searches at once per app server, so hostile queries can never hold every worker.

A search is heavy by the size of what was typed, decided before any work: more than HEAVY_WORDS distinct
words (as the analyzer cuts them: "a.*b+c?" is three) or more than HEAVY_LENGTH characters. A person's
query is rarely either. Each heavy search holds one of SEARCH_SLOTS slot files locked (``fcntl.flock``,
shared by every worker process of the server, released by the kernel if a worker dies), as explores do
(``combat.slots``); one that finds every slot taken gets a 503 with Retry-After at once (JSON under /api/).
Unlike an explore it does not wait (GUARDIANS_SEARCH_SLOT_WAIT, 0 s): a worker waiting for a slot serves
no one else meanwhile, and with the two workers of ``make serve`` and a few clients looping long queries, a
wait of 0.2 s kept both workers away from every other page (the hostile-search benchmark measured it).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from cards.search.errors import SearchError
from core.slots import held_slot
from core.text_analysis import plain_words

SEARCH_SLOTS = int(os.environ.get("GUARDIANS_SEARCH_SLOTS", "1"))
SLOT_WAIT = float(os.environ.get("GUARDIANS_SEARCH_SLOT_WAIT", "0"))
RETRY_AFTER = 1
HEAVY_WORDS = 8
HEAVY_LENGTH = 200


class SearchBusy(SearchError):
    """Every heavy-search slot was taken (for SLOT_WAIT seconds, if any)."""

    code = "server_busy"
    default_message = (f"Every slot for long searches on this server is busy; try again in {RETRY_AFTER} second, "
                       f"or search with fewer words (at most {HEAVY_WORDS} distinct words and {HEAVY_LENGTH} "
                       "characters never wait).")  # fmt: skip


def is_heavy(text: str) -> bool:
    """Whether a query needs a slot: decided from its size alone."""
    return len(text) > HEAVY_LENGTH or len(set(plain_words(text))) > HEAVY_WORDS


@contextmanager
def search_slot(text: str) -> Iterator[None]:
    """Run the body in a heavy-search slot if the query is heavy (else at once); raises SearchBusy."""
    if not is_heavy(text):
        yield
        return
    with held_slot("search-slots", SEARCH_SLOTS, SLOT_WAIT, 0.01, lambda: SearchBusy(SearchBusy.default_message)):
        yield
