"""manage.py dumpcards: write the card database back to fixtures/cards/*.json, for review as a diff."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.dumping import dump
from cards.loading import FixtureError


class Command(BaseCommand):
    help = "Write the cards as the database holds them to the fixture files (unchanged cards keep every byte)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--fixtures-dir", type=Path, default=settings.FIXTURES_DIR)
        parser.add_argument("--check", action="store_true", help="Write nothing; fail if a fixture would change.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = dump(options["fixtures_dir"], write=not options["check"])
        except FixtureError as exc:
            raise CommandError(f"Nothing written. {exc}") from exc
        if options["check"]:
            if report.changed_files:
                raise CommandError(f"The database differs from the fixtures: {report.summary()}")
            self.stdout.write("The fixtures match the database.")
            return
        self.stdout.write(report.summary())
        for label, slugs in (("Changed", report.changed_cards), ("Added", report.added), ("Removed", report.removed)):
            if slugs:
                self.stdout.write(f"{label}: {', '.join(slugs)}")
