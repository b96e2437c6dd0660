"""Store the text of a version of the rules as rules/versions/<version>.json (rulings.versions).

From the working tree by default; ``--git REV`` reads a past version from a git revision (only here, when the
snapshot is made: the site reads the stored files, never git). A stored snapshot is never overwritten, except
the newest version's with ``--replace-current`` while that version is still the current one."""

from __future__ import annotations

import subprocess
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulings import versions


class Command(BaseCommand):
    help = "Store a version of the rules text as rules/versions/<version>.json."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("version", help="a version listed in rules/CHANGES.md, e.g. 1.2")
        parser.add_argument("--git", metavar="REV", help="read the rules from this git revision")
        parser.add_argument("--replace-current", action="store_true",
                            help="overwrite the newest version's snapshot (it is still being written)")  # fmt: skip

    def handle(self, *args: Any, **options: Any) -> None:
        listed = {version.version: version for version in versions.versions()}
        name = options["version"]
        if name not in listed:
            raise CommandError(f"version {name!r} is not in rules/CHANGES.md (listed: {', '.join(listed)})")
        path = versions.snapshot_path(name)
        newest = max(listed, key=lambda version: tuple(int(part) for part in version.split(".")))
        if path.exists() and not (options["replace_current"] and name == newest):
            raise CommandError(f"{path.name} is stored already, and a published snapshot never changes")
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            if options["git"]:
                archive = subprocess.run(["git", "archive", options["git"], "rules"], cwd=versions.ROOT,
                                         check=True, capture_output=True).stdout  # fmt: skip
                with tarfile.open(fileobj=BytesIO(archive)) as tar:
                    tar.extractall(root, filter="data")
                source = f"git {options['git']}"
            else:
                root = versions.ROOT
                source = "working tree"
            text = versions.snapshot_json(name, listed[name].released, source, root)
        versions.VERSIONS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.stdout.write(f"Stored {path.relative_to(versions.ROOT)} ({len(text):,} characters, from {source}).")
