"""At most a few explores at once per app server, so they can never hold every worker.

Explore is the one request that takes a whole second (its time budget). Each running explore holds one of
EXPLORE_SLOTS slot files locked (``fcntl.flock``, shared by every worker process of the server, released
by the kernel if a worker dies). A request that finds every slot taken waits up to SLOT_WAIT seconds and
then gets a 503 with Retry-After, so however many clients loop explore, the other workers stay free for
searches and pages, and no request waits and works for more than about 1.5 s in all.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings

EXPLORE_SLOTS = int(os.environ.get("GUARDIANS_EXPLORE_SLOTS", "2"))
SLOT_WAIT = 0.5
RETRY_AFTER = 1


class ServerBusy(Exception):
    """Every explore slot stayed taken for SLOT_WAIT seconds."""

    message = f"Every explore slot of this server is busy; try again in {RETRY_AFTER} second."


def _slot_dir() -> Path:
    folder = Path(settings.VAR_DIR) / "explore-slots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def explore_slot() -> Iterator[None]:
    import fcntl

    folder = _slot_dir()
    deadline = time.monotonic() + SLOT_WAIT
    while True:
        for number in range(EXPLORE_SLOTS):
            handle = open(folder / f"slot-{number}.lock", "a")
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                handle.close()
                continue
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)
                handle.close()
            return
        if time.monotonic() >= deadline:
            raise ServerBusy(ServerBusy.message)
        time.sleep(0.02)
