"""The solver's progress reports, written to the analysis row for the progress bar, a few times a second at most."""

from __future__ import annotations

import time
from typing import Any

from django.utils import timezone

from bestplay.models import Analysis
from bestplay.plain import plain

# Often enough for a bar that moves, rarely enough that writing it costs the search nothing measurable.
WRITE_EVERY_S = 0.5


class ProgressRecorder:
    """The ``progress`` callback given to the solver: keeps the latest report, writes it at most every
    WRITE_EVERY_S seconds (and the heartbeat with it)."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.latest: dict[str, Any] = {}
        self._written_at = 0.0

    def __call__(self, report: Any) -> None:
        self.latest = plain(report)
        now = time.monotonic()
        if now - self._written_at >= WRITE_EVERY_S:
            self._written_at = now
            Analysis.objects.filter(pk=self.key).update(progress=self.latest, heartbeat_at=timezone.now())
