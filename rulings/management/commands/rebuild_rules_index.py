"""manage.py rebuild_rules_index: write the rules search index of the current data revision."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from core import revision
from rulings import text_index


class Command(BaseCommand):
    help = "Build the Whoosh index of the rules, rulings and glossary for the current data revision."

    def handle(self, *args: Any, **options: Any) -> None:
        data = revision.current()
        path = text_index.build(data)
        self.stdout.write(f"Rules search index for data revision {data.number} at {path}.")
