"""Write the bulk data files for the current data revision (skipped when they are already current)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from sitewide import bulkdata


class Command(BaseCommand):
    help = "Export every card (JSON, CSV), the rules, rulings, glossary and worked examples as gzip files with a manifest."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="Write the files even if they are current.")

    def handle(self, *args: Any, force: bool = False, **options: Any) -> None:
        manifest, written = bulkdata.export(force=force)
        where = bulkdata.bulk_dir()
        if not written:
            self.stdout.write(f"Bulk files for revision {manifest['revision']} are current in {where}; nothing to do.")
            return
        for item in manifest["files"]:
            self.stdout.write(f"  {item['path']}: {item['records']} records, {item['size']} bytes, sha256 {item['sha256'][:16]}...")
        self.stdout.write(self.style.SUCCESS(f"Wrote {len(manifest['files'])} bulk files for revision {manifest['revision']} to {where}."))
