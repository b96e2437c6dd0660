"""The edit history in the admin: read-only, newest first, filterable by door and user."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from edits.models import CardEdit


@admin.register(CardEdit)
class CardEditAdmin(admin.ModelAdmin):
    list_display = ("at", "slug", "door", "user", "changed_fields")
    list_filter = ("door", "user")
    search_fields = ("slug",)
    date_hierarchy = "at"
    readonly_fields = ("slug", "at", "user", "door", "changes", "note")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
