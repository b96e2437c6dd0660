"""At most a few explores at once per app server, so they can never hold every worker.

Explore is the one request that takes a whole second (its time budget). Each running explore holds one of
EXPLORE_SLOTS slot files locked (``fcntl.flock``, shared by every worker process of the server, released
by the kernel if a worker dies). A request that finds every slot taken waits up to SLOT_WAIT seconds and
then gets a 503 with Retry-After, so however many clients loop explore, the other workers stay free for
searches and pages, and no request waits and works for more than about 1.5 s in all.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from core.slots import held_slot

EXPLORE_SLOTS = int(os.environ.get("GUARDIANS_EXPLORE_SLOTS", "2"))
SLOT_WAIT = 0.5
RETRY_AFTER = 1


class ServerBusy(Exception):
    """Every explore slot stayed taken for SLOT_WAIT seconds."""

    message = f"Every explore slot of this server is busy; try again in {RETRY_AFTER} second."


@contextmanager
def explore_slot() -> Iterator[None]:
    with held_slot("explore-slots", EXPLORE_SLOTS, SLOT_WAIT, 0.02, lambda: ServerBusy(ServerBusy.message)):
        yield
