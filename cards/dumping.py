"""Write the card database back to the fixture files, the reverse of ``loading``.

Each fixture record is kept as it is, key for key, wherever the database holds what the loader would have
loaded from it; only the keys whose values differ are rewritten, from the database. So a dump with nothing
changed rewrites no byte, and a dump after an admin edit is a diff of exactly that edit, ready for review.
Cards added in the database go at the end of their set's file; cards deleted there leave their file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards.loading import (
    BRIBERY_FIELDS,
    CARD_KEYS,
    GUARDIAN_KEYS,
    STRONGHOLD_KEYS,
    TEXT_FIELDS,
    CardRecord,
    _card_list,
    _parse_card,
    card_file_of,
)
from cards.models import Card
from edits.recording import record_dump

# The fixtures' key order (every record has every key), and the model fields each key is loaded into.
KEY_ORDER = (
    "slug", "name", "aliases", "type", "set", "printings", "border", "vitality", "stacking_vitality", "ocb",
    "ocb_against", "cmp", "receives_channeling", "bribery", "classes", "size", "flying", "ranged_attack", "command",
    "up_number", "guardian", "stronghold", "terrain_types", "shield_number", "rarity", "summary", "abilities",
    "automation", "provenance",
)  # fmt: skip
assert set(KEY_ORDER) == CARD_KEYS
MODEL_FIELDS: dict[str, tuple[str, ...]] = {
    "type": ("card_type",),
    "bribery": tuple(BRIBERY_FIELDS.values()),
    "guardian": tuple(GUARDIAN_KEYS.values()),
    "stronghold": tuple(STRONGHOLD_KEYS.values()),
    "automation": ("automation_status", "automation_reason"),
    "provenance": ("sources", "confidence", "notes", "import_fixes"),
}
# Text columns store "" for "none"; the fixtures write null for these.
NULL_WHEN_BLANK = ("border", "ocb_against", "size", "rarity")


def render(cards: list[dict[str, Any]]) -> str:
    """The fixture files' exact format (the same as import_sources writes)."""
    return json.dumps(cards, indent=2, ensure_ascii=False) + "\n"


@dataclass
class DumpReport:
    changed_files: list[str] = field(default_factory=list)
    changed_cards: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{len(self.changed_cards)} cards changed, {len(self.added)} added, {len(self.removed)} removed; "
            f"files rewritten: {', '.join(self.changed_files) or 'none'}."
        )


def fixture_value(card: Card, key: str) -> Any:
    """One key of a card's fixture record, from the database."""
    if key == "type":
        return card.card_type
    if key == "set":
        return card.card_set.code
    if key in NULL_WHEN_BLANK:
        return getattr(card, key) or None
    if key == "bribery":
        return card.bribery
    if key == "classes":
        return sorted(c.name for c in card.classes.all())
    if key == "printings":
        return [
            {"set": p.card_set.code, "rarity": p.rarity or None, "starter_only": p.starter_only,
             "image": p.image or None, "classes": list(p.classes)}
            for p in card.printings.all()
        ]  # fmt: skip
    if key == "guardian":
        stats = {name: getattr(card, model) for name, model in GUARDIAN_KEYS.items()}
        return None if all(v is None for v in stats.values()) else {"vitality": card.vitality, "cmp": card.cmp, **stats}
    if key == "stronghold":
        stats = {name: getattr(card, model) for name, model in STRONGHOLD_KEYS.items()}
        return (
            None
            if all(v in (None, "") for v in stats.values())
            else {k: (v if v != "" else None) for k, v in stats.items()}
        )
    if key == "automation":
        return {"status": card.automation_status, "reason": card.automation_reason}
    if key == "provenance":
        return {
            "sources": card.sources,
            "confidence": card.confidence,
            "notes": card.notes,
            "import_fixes": card.import_fixes,
        }
    return getattr(card, key)


def full_record(card: Card) -> dict[str, Any]:
    return {key: fixture_value(card, key) for key in KEY_ORDER}


def _key_differs(card: Card, record: CardRecord, key: str) -> bool:
    """Whether loading this key of the record would change the card (the loader's own comparison)."""
    if key == "slug":
        return False
    if key == "set":
        return record.set_code != card.card_set.code
    if key == "classes":
        return sorted(record.classes) != sorted(c.name for c in card.classes.all())
    if key == "printings":
        loaded = [
            (raw.get("set", ""), raw.get("rarity") or "", bool(raw.get("starter_only")), raw.get("image") or "",
             raw.get("classes") or [])
            for raw in record.printings
        ]  # fmt: skip
        stored = [(p.card_set.code, p.rarity, p.starter_only, p.image, p.classes) for p in card.printings.all()]
        return loaded != stored
    fields = MODEL_FIELDS.get(key, (key,))
    # A null guardian or stronghold loads nothing into its columns: they keep their blank value.
    return any(record.fields.get(name, "" if name in TEXT_FIELDS else None) != getattr(card, name) for name in fields)


def patched(path: Path, raw: dict[str, Any], card: Card) -> dict[str, Any]:
    """The raw record with each key the database disagrees with rewritten from the database."""
    record = _parse_card(path, raw)
    return {key: (fixture_value(card, key) if _key_differs(card, record, key) else value) for key, value in raw.items()}


def dump(fixtures_dir: Path, write: bool = True) -> DumpReport:
    report = DumpReport()
    cards = {
        card.slug: card
        for card in Card.objects.select_related("card_set").prefetch_related("classes", "printings__card_set")
    }
    seen: set[str] = set()
    files: dict[str, list[dict[str, Any]]] = {}
    for path in sorted((fixtures_dir / "cards").glob("*.json")):
        records: list[dict[str, Any]] = []
        for raw in _card_list(path):
            card = cards.get(raw["slug"])
            seen.add(raw["slug"])
            if card is None:
                report.removed.append(raw["slug"])
                continue
            new = patched(path, raw, card)
            if new != raw:
                report.changed_cards.append(card.slug)
            records.append(new)
        files[path.name] = records
    for slug, card in cards.items():
        if slug not in seen:
            files.setdefault(card_file_of(card.card_set), []).append(
                full_record(card)
            )
            report.added.append(slug)
    for name, records in files.items():
        path = fixtures_dir / "cards" / name
        text = render(records)
        if path.exists() and path.read_text("utf-8") == text:
            continue
        report.changed_files.append(name)
        if write:
            path.write_text(text, "utf-8")
    if write:
        # From here on the fixtures hold these cards as the database does: a later load may update them again.
        record_dump(report.changed_cards + report.added + report.removed)
    return report
