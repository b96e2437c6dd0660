"""manage.py generate_quiz: writes fixtures/learn/quiz/*.json from the engine (learn.generate)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from engine import default_catalog
from learn.generate import generate, write


class Command(BaseCommand):
    help = "Write the quiz's question files from the engine's answers to worked combats and generated ones."

    def handle(self, *args: Any, **options: Any) -> None:
        files = generate(default_catalog())
        for path in write(files):
            self.stdout.write(f"wrote {path.name}")
        self.stdout.write(f"{sum(len(questions) for questions in files.values())} questions")
