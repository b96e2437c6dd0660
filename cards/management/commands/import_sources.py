"""manage.py import_sources: rebuild the card fixtures from the shared raw table and harvest.

Facts come from the sources; hand-written fields (summary, abilities, automation) are kept from
the fixtures already reviewed. With --check nothing is written: the command fails if the
fixtures are out of date, which suits CI.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.importers.lackey import ImportProblem, build_cards, group_by_file, merge_reviewed

DEFAULT_DATA_DIR = Path(os.environ.get("GUARDIANS_SHARED_DATA", settings.BASE_DIR.parent / "shared" / "data"))


def render(cards: list[dict[str, Any]]) -> str:
    return json.dumps(cards, indent=2, ensure_ascii=False) + "\n"


class Command(BaseCommand):
    help = "Regenerate fixtures/cards/*.json from the shared card sources, keeping reviewed text."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA_DIR)
        parser.add_argument("--fixtures-dir", type=Path, default=settings.FIXTURES_DIR)
        parser.add_argument("--check", action="store_true", help="Write nothing; fail if a fixture would change.")

    def handle(self, *args: Any, **options: Any) -> None:
        data_dir: Path = options["data_dir"]
        cards_dir: Path = options["fixtures_dir"] / "cards"
        try:
            fresh = build_cards(data_dir / "raw" / "lackey_carddata.tsv", data_dir / "cards_harvest.jsonl")
        except (ImportProblem, OSError) as exc:
            raise CommandError(str(exc)) from exc
        reviewed = {
            card["slug"]: card
            for path in sorted(cards_dir.glob("*.json"))
            for card in json.loads(path.read_text("utf-8"))
        }
        stale = []
        for file_name, cards in group_by_file(merge_reviewed(fresh, reviewed)).items():
            path = cards_dir / file_name
            text = render(cards)
            if path.exists() and path.read_text("utf-8") == text:
                continue
            stale.append(file_name)
            if not options["check"]:
                path.write_text(text, "utf-8")
        if options["check"] and stale:
            raise CommandError(f"Fixtures out of date with the sources: {', '.join(stale)}")
        verb = "would change" if options["check"] else "rewritten"
        self.stdout.write(
            f"{len(fresh)} cards imported; {len(stale)} fixture files {verb}: {', '.join(stale) or 'none'}."
        )
