"""manage.py loadcards: make the database match the reviewed card fixtures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.loading import FixtureError, load_fixtures


class Command(BaseCommand):
    help = "Load sets and cards from the fixtures folder (idempotent; all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--fixtures-dir", type=Path, default=settings.FIXTURES_DIR, help="Folder holding sets.json and cards/."
        )
        parser.add_argument(
            "--overwrite",
            action="store_true",
            help="Also overwrite cards edited in the database since the last load (their edits are lost).",
        )

        parser.add_argument(
            "--prune",
            action="store_true",
            help="Delete the cards of a set whose fixture file is missing (without it, the load refuses).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = load_fixtures(options["fixtures_dir"], overwrite=options["overwrite"], prune=options["prune"])
        except FixtureError as exc:
            raise CommandError(f"Nothing loaded. {exc}") from exc
        self.stdout.write(report.summary())
        if report.kept:
            self.stderr.write(f"Kept {len(report.kept)} cards edited in the database: {', '.join(report.kept)}.")
        for label, slugs in (("Created", report.created), ("Updated", report.updated), ("Deleted", report.deleted)):
            if slugs and options["verbosity"] > 1:
                self.stdout.write(f"{label}: {', '.join(slugs)}")
