"""manage.py loadrules: make the database match rules/ and fixtures/rulings/rulings.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulings.errors import RulesCorpusError
from rulings.loading import load_rules


class Command(BaseCommand):
    help = (
        "Load the numbered rules, glossary, worked examples, change history and rulings (idempotent; all or nothing)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--rules-dir", type=Path, default=settings.RULES_DIR, help="Folder holding standard/, arena/ ..."
        )
        parser.add_argument(
            "--rulings-file",
            type=Path,
            default=settings.FIXTURES_DIR / "rulings" / "rulings.json",
            help="The rulings list.",
        )
        parser.add_argument(
            "--scenarios-dir", type=Path, default=settings.FIXTURES_DIR / "examples",
            help="Combat scenario files; an example with one links to the simulator.",
        )  # fmt: skip

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = load_rules(options["rules_dir"], options["rulings_file"], options["scenarios_dir"])
        except RulesCorpusError as exc:
            raise CommandError(f"Nothing loaded. {exc}") from exc
        self.stdout.write(report.summary())
