"""manage.py generate_puzzles: writes fixtures/learn/puzzles/puzzles.json, each puzzle proved by the solver."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from engine import default_catalog
from learn.puzzle_generate import find_puzzles, write_puzzles


class Command(BaseCommand):
    help = "Find puzzles whose attacker has exactly one winning first move (proved by the solver) and write them."

    def handle(self, *args: Any, **options: Any) -> None:
        found = find_puzzles(default_catalog())
        path = write_puzzles(found)
        self.stdout.write(f"wrote {len(found)} puzzles to {path.name}")
