"""The data revision: one number that changes whenever the cards, rules or rulings change.

Every cache of derived data (HTTP validators, rendered pages, the engine's catalog, search
indexes, bulk files) keys itself by this number, so a change made through any door (the loaders,
the admin, code) on any app server is seen by all of them. It lives in the database because the
database is the one thing several app servers share.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class DataRevision(models.Model):
    """A single row (pk 1); ``number`` only ever grows."""

    number = models.PositiveBigIntegerField(default=1)
    changed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "data revision"
        # The table keeps the name it had when the model lived in guardians_site: existing databases keep their
        # row and its number (core's first migration creates the table only where it is missing).
        db_table = "guardians_site_datarevision"

    def __str__(self) -> str:
        return f"revision {self.number} ({self.changed_at:%Y-%m-%d %H:%M:%S})"
