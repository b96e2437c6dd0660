"""Bulk data files: the whole database in a few downloads, versioned by the data revision.

``export()`` writes one gzip file per kind (every card as JSON and as CSV, the rules, the rulings,
the glossary and the worked examples) into ``BULK_DATA_DIR/r<revision>/`` and then a manifest
with each file's size and SHA-256. The manifest is replaced last and atomically, so a reader
sees either the old complete set or the new one. Files are byte-for-byte reproducible (gzip with
a zero timestamp), so two exports of one revision give the same checksums.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import timezone

from core import revision

MANIFEST = "manifest.json"
# A manifest of another format is exported again even within one data revision. 2: the card files' descriptions
# give their printed and unverified counts (format 1 called all 679 records "every printed card").
FORMAT_VERSION = 2


@dataclass(frozen=True)
class BulkKind:
    type: str
    name: str
    description: str
    content_type: str
    extension: str
    build: Callable[[], tuple[bytes, int]]  # the uncompressed file and its number of records
    # Facts filled into the description's {placeholders} at export time, so the counts it states are the file's.
    facts: Callable[[], dict[str, Any]] | None = None

    def describe(self) -> str:
        return self.description.format(**self.facts()) if self.facts else self.description


def _json(records: Any) -> bytes:
    return json.dumps(records, ensure_ascii=False, indent=None, separators=(",", ":")).encode()


def _cards() -> tuple[bytes, int]:
    from cards.models import Card
    from rulings.serializers import CardWithRulingsSerializer

    cards = Card.objects.for_listing().order_by("slug")
    data = CardWithRulingsSerializer(cards, many=True, context={"request": None}).data
    return _json(data), len(data)


CSV_LIST_SEPARATOR = "; "


def _csv_cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, list):
        return CSV_LIST_SEPARATOR.join(_csv_printing(item) if isinstance(item, dict) else str(item) for item in value)
    return value


def _csv_printing(printing: dict[str, Any]) -> str:
    return f"{printing['set']}:{printing['rarity'] or ''}"


def _card_facts() -> dict[str, Any]:
    """What tells the unverified cards (known only from fan pages) from the printed ones, and how many of each."""
    from cards.models import Card, CardSet

    return {
        "printed": Card.objects.printed().count(),
        "unverified": Card.objects.unverified().count(),
        "unverified_sets": " or ".join(sorted(CardSet.objects.unverified_codes())) or "none",
    }


def _cards_csv() -> tuple[bytes, int]:
    from cards.models import Card
    from cards.serializers import CardSerializer

    cards = Card.objects.for_listing().order_by("slug")
    rows = CardSerializer(cards, many=True, context={"request": None}).data
    out = io.StringIO(newline="")
    columns = [name for name in rows[0] if name not in ("url",)] if rows else []
    writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({name: _csv_cell(row[name]) for name in columns})
    return out.getvalue().encode(), len(rows)


def _rules() -> tuple[bytes, int]:
    from rulings.api import rules_tree
    from rulings.models import RuleEntry, Ruleset

    trees = [rules_tree(ruleset, None) for ruleset in Ruleset.objects.all()]
    return _json(trees), RuleEntry.objects.count()


def _rulings() -> tuple[bytes, int]:
    from rulings.models import Ruling
    from rulings.serializers import RulingSerializer

    data = RulingSerializer(Ruling.objects.for_listing(), many=True, context={"request": None}).data
    return _json(data), len(data)


def _glossary() -> tuple[bytes, int]:
    from rulings.models import GlossaryTerm
    from rulings.serializers import GlossaryTermSerializer

    terms = GlossaryTerm.objects.select_related("rule__ruleset")
    data = GlossaryTermSerializer(terms, many=True, context={"request": None}).data
    return _json(data), len(data)


def _worked_examples() -> tuple[bytes, int]:
    from combat.api import example_records

    data = example_records()
    return _json(data), len(data)


# The card files hold what /api/v1/cards/?include=unverified lists: the default list leaves the unverified out.
CARDS_DESCRIPTION = (
    "The {printed} printed cards plus {unverified} unverified ones known only from fan pages, told apart by the "
    "set field ({unverified_sets} for the unverified; its kind is unverified in /api/v1/sets/). Each card as "
    "/api/v1/cards/<slug>/ gives it, with printings, abilities and provenance."
)
CARDS_CSV_DESCRIPTION = (
    "One row per card of the cards file ({printed} printed plus {unverified} unverified, whose set column is "
    "{unverified_sets}), with the list fields of /api/v1/cards/; lists joined by '; ', printings as SET:RARITY."
)

KINDS: tuple[BulkKind, ...] = (
    BulkKind("cards", "All cards", CARDS_DESCRIPTION, "application/json", "json", _cards, _card_facts),
    BulkKind("cards-csv", "All cards (CSV)", CARDS_CSV_DESCRIPTION, "text/csv", "csv", _cards_csv, _card_facts),
    BulkKind("rules", "Rules", "Both rulesets (standard and Arena) as trees of sections, rules and subrules.", "application/json", "json", _rules),
    BulkKind("rulings", "Rulings", "Every ruling, erratum and clarification with its rules, cards and sources.", "application/json", "json", _rulings),
    BulkKind("glossary", "Glossary", "Game terms with their definitions and defining rules.", "application/json", "json", _glossary),
    BulkKind("worked-examples", "Worked examples", "The rules' worked examples of both rule sets (standard combats and Arena duels, told apart by the ruleset field): set-up notation and the expected result.", "application/json", "json", _worked_examples),
)  # fmt: skip


def bulk_dir() -> Path:
    return Path(settings.BULK_DATA_DIR)


def read_manifest() -> dict[str, Any] | None:
    try:
        manifest: dict[str, Any] = json.loads((bulk_dir() / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest


def is_current(manifest: dict[str, Any] | None, number: int) -> bool:
    """The manifest describes this revision and every file it lists is there."""
    if not manifest or manifest.get("revision") != number or manifest.get("format") != FORMAT_VERSION:
        return False
    return all((bulk_dir() / item["path"]).is_file() for item in manifest.get("files", []))


def _gzip(data: bytes) -> bytes:
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as compressed:
        compressed.write(data)
    return buffer.getvalue()


def export(force: bool = False) -> tuple[dict[str, Any], bool]:
    """Write the files of the current data revision unless they exist; returns (manifest, written)."""
    current = revision.current()
    manifest = read_manifest()
    if not force and is_current(manifest, current.number):
        return manifest, False  # type: ignore[return-value]
    root = bulk_dir()
    root.mkdir(parents=True, exist_ok=True)
    folder = f"r{current.number}"
    staging = Path(tempfile.mkdtemp(prefix=".export-", dir=root))
    files = []
    for kind in KINDS:
        raw, records = kind.build()
        packed = _gzip(raw)
        filename = f"guardians-{kind.type}-r{current.number}.{kind.extension}.gz"
        (staging / filename).write_bytes(packed)
        files.append(
            {
                "type": kind.type,
                "name": kind.name,
                "description": kind.describe(),
                "filename": filename,
                "path": f"{folder}/{filename}",
                "content_type": kind.content_type,
                "content_encoding": "gzip",
                "size": len(packed),
                "uncompressed_size": len(raw),
                "sha256": hashlib.sha256(packed).hexdigest(),
                "records": records,
            }
        )
    _install(staging, root / folder, files)
    manifest = {
        "format": FORMAT_VERSION,
        "revision": current.number,
        "updated_at": current.changed_at.isoformat(),
        "generated_at": timezone.now().isoformat(),
        "files": files,
    }
    handle, temporary = tempfile.mkstemp(prefix=".manifest-", dir=root)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(manifest, out, indent=2)
    os.replace(temporary, root / MANIFEST)
    _remove_old_versions(root, keep={folder})
    return manifest, True


def _install(staging: Path, target: Path, files: list[dict[str, Any]]) -> None:
    """Move the new files into place in one rename. Another process exporting the same revision
    may have got there first; its files are kept when they are the same bytes (exports are
    reproducible), so a download already reading them is not cut off."""
    try:
        os.rename(staging, target)
        return
    except OSError:
        pass  # the folder exists (renaming onto a non-empty directory fails)
    same = all(
        (target / item["filename"]).is_file()
        and hashlib.sha256((target / item["filename"]).read_bytes()).hexdigest() == item["sha256"]
        for item in files
    )
    if same:
        shutil.rmtree(staging, ignore_errors=True)
        return
    shutil.rmtree(target, ignore_errors=True)
    os.rename(staging, target)


def _remove_old_versions(root: Path, keep: set[str], spare: int = 1) -> None:
    """Drop old revisions' folders, sparing the newest ``spare`` so a download already begun can finish."""
    old = sorted(
        (p for p in root.iterdir() if p.is_dir() and p.name.startswith("r") and p.name[1:].isdigit() and p.name not in keep),
        key=lambda p: int(p.name[1:]),
    )
    for folder in old[: max(len(old) - spare, 0)]:
        shutil.rmtree(folder, ignore_errors=True)


def current_manifest() -> dict[str, Any]:
    """The manifest of the current data revision, exporting first when the data has changed since."""
    manifest = read_manifest()
    if is_current(manifest, revision.current().number):
        return manifest  # type: ignore[return-value]
    return export()[0]


def find_file(manifest: dict[str, Any], filename: str) -> dict[str, Any] | None:
    return next((item for item in manifest["files"] if item["filename"] == filename), None)
