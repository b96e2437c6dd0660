"""The edit history of the card database: who changed which card, when, through which door, and how.

Django's admin LogEntry records admin actions only, and only the names of the fields changed. This
records every door (the admin with its user, the fixture loader, code run in a shell or a script) with
each field's value before and after, so a reviewer sees exactly what the database holds that the fixtures
do not, and the loader can tell a card edited since it was last loaded (``edited_since_load``) and keep it.
The history lives in its own app so that it is not "the data": writing it never moves the data revision.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class Door(models.TextChoices):
    ADMIN = "admin", "Admin"
    FIXTURES = "fixtures", "Loaded from the fixtures"
    DUMPED = "dumped", "Written to the fixtures"
    CODE = "code", "Code (shell, script)"


# An edit through one of these makes the database newer than the fixtures until the next dump or load.
EDITING_DOORS = frozenset({Door.ADMIN, Door.CODE})


class CardEdit(models.Model):
    slug = models.CharField(max_length=80, db_index=True, help_text="The card's slug (kept if the card is deleted).")
    at = models.DateTimeField(default=timezone.now, db_index=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    door = models.CharField(max_length=10, choices=Door.choices)
    changes = models.JSONField(default=dict, blank=True, help_text="Field name: [before, after].")
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        who = f" by {self.user}" if self.user else ""
        return f"{self.slug}: {self.get_door_display()}{who} at {self.at:%Y-%m-%d %H:%M:%S}"

    @property
    def changed_fields(self) -> str:
        return ", ".join(sorted(self.changes)) or self.note


def edited_since_load() -> dict[str, CardEdit]:
    """Cards whose last recorded change came through the admin or code: the database is newer than the
    fixtures for them. Keyed by slug, with that last edit."""
    latest: dict[str, CardEdit] = {}
    for edit in CardEdit.objects.select_related("user").order_by("at", "pk"):
        latest[edit.slug] = edit
    return {slug: edit for slug, edit in latest.items() if edit.door in EDITING_DOORS and not _code_deletion(edit)}


def _code_deletion(edit: CardEdit) -> bool:
    # A deletion in code (a script emptying the table to reload it) is history, not an edit to protect;
    # a card deleted in the admin stays deleted until the fixtures are dumped or loaded with --overwrite.
    return edit.door == Door.CODE and edit.note == "deleted"
