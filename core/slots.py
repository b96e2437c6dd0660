"""Slots shared by every worker process of one app server: at most N holders of a kind of heavy work at once.

Each slot is a file under VAR_DIR/<kind> held with ``fcntl.flock``; the kernel releases it if a worker dies,
so a crashed request never keeps its slot. Explores (``combat.slots``) and long searches
(``cards.search.slots``) each hold one while they work.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings


def slot_dir(kind: str) -> Path:
    folder = Path(settings.VAR_DIR) / kind
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def held_slot(kind: str, slots: int, wait_s: float, poll_s: float, busy: Callable[[], Exception]) -> Iterator[None]:
    """Run the body holding one of ``slots`` slot files of ``kind``; try again every ``poll_s`` for up to
    ``wait_s`` seconds, then raise ``busy()``."""
    import fcntl

    folder = slot_dir(kind)
    deadline = time.monotonic() + wait_s
    while True:
        for number in range(slots):
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
            raise busy()
        time.sleep(poll_s)
