"""Load the reviewed fixtures (sets.json and cards/*.json) into the database.

The load is a sync: it creates, updates and deletes rows until the database matches the files,
touches nothing that already matches (so a second run reports no change), validates every row
with the model's full_clean, and runs in one transaction, so a bad record leaves the database as
it was. Errors name the file, the card and the fixture field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify

from cards.choices import Bribery
from cards.importers.lackey import SET_FILES
from cards.models import Card, CardClass, CardSet, Printing
from cards.validation import validate_classes
from core import revision
from edits.models import edited_since_load
from edits.recording import FROM_FIXTURES, field_changes, record_load

CARD_KEYS = frozenset(
    {
        "slug", "name", "aliases", "type", "set", "printings", "border", "vitality", "stacking_vitality",
        "ocb", "ocb_against", "cmp", "receives_channeling", "bribery", "classes", "size", "flying",
        "ranged_attack", "command", "up_number", "guardian", "stronghold", "terrain_types",
        "shield_number", "rarity", "summary", "abilities", "automation", "provenance",
    }
)  # fmt: skip
REQUIRED_CARD_KEYS = frozenset({"slug", "name", "type", "set"})
SET_KEYS = frozenset({"code", "slug", "name", "kind", "order", "released", "description", "sources"})
PRINTING_KEYS = frozenset({"set", "rarity", "rarity_read_from", "starter_only", "image", "classes"})
GUARDIAN_KEYS = {"stones": "guardian_stones", "base_draw": "guardian_base_draw", "ldl": "guardian_ldl",
                 "mdl": "guardian_mdl", "luc": "guardian_luc"}  # fmt: skip
STRONGHOLD_KEYS = {"group": "stronghold_group", "position": "stronghold_position",
                   "defend_bonus": "stronghold_defend_bonus", "counts_as_terrain": "stronghold_counts_as_terrain"}  # fmt: skip
# Text columns store "" for a missing value, so that a null never differs from a blank.
TEXT_FIELDS = frozenset({"stronghold_group", "stronghold_position", "stronghold_counts_as_terrain"})
BRIBERY_FIELDS = {Bribery.BABES: "bribe_babes", Bribery.GOLD: "bribe_gold", Bribery.BEER: "bribe_beer"}

# Model field -> the fixture key a reviewer would look for when an error names it.
FIXTURE_KEY_OF_FIELD: dict[str, str] = {
    "card_type": "type",
    "card_set": "set",
    "automation_status": "automation.status",
    "automation_reason": "automation.reason",
    **{model: "bribery" for model in BRIBERY_FIELDS.values()},
    **{model: f"guardian.{key}" for key, model in GUARDIAN_KEYS.items()},
    **{model: f"stronghold.{key}" for key, model in STRONGHOLD_KEYS.items()},
    **{name: f"provenance.{name}" for name in ("sources", "confidence", "notes", "import_fixes")},
}


class FixtureError(Exception):
    """A fixture the loader refuses; says where, so a reviewer can go straight to it."""

    def __init__(self, path: Path | str, problem: str, slug: str | None = None, key: str | None = None) -> None:
        self.path, self.slug, self.key, self.problem = str(path), slug, key, problem
        where = [self.path]
        if slug:
            where.append(f"card {slug!r}")
        if key:
            where.append(f"field {key!r}")
        super().__init__(f"{', '.join(where)}: {problem}")


@dataclass
class LoadReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    unchanged: int = 0
    sets_changed: int = 0
    # Cards edited in the database (admin, code) since they were last loaded, left as they are: the fixtures
    # would undo the edit. ``dumpcards`` writes them to the fixtures; ``overwrite=True`` discards the edits.
    kept: list[str] = field(default_factory=list)

    @property
    def changed(self) -> int:
        return len(self.created) + len(self.updated) + len(self.deleted) + self.sets_changed

    def summary(self) -> str:
        text = (
            f"{len(self.created)} created, {len(self.updated)} updated, {len(self.deleted)} deleted, "
            f"{self.unchanged} unchanged cards; {self.sets_changed} sets changed; {self.changed} changed in all."
        )
        if self.kept:
            text += (
                f" {len(self.kept)} cards kept as edited in the database since the last load (newer than the "
                f"fixtures): {', '.join(self.kept)}. Run manage.py dumpcards to write them to the fixtures, "
                "or loadcards --overwrite to discard the edits."
            )
        return text


@dataclass
class CardRecord:
    """One card as the database wants it, parsed from a fixture record."""

    path: Path
    slug: str
    set_code: str
    fields: dict[str, Any]
    classes: list[str]
    printings: list[dict[str, Any]]


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise FixtureError(path, f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from exc
    except OSError as exc:
        raise FixtureError(path, f"cannot be read ({exc.strerror})") from exc


def load_fixtures(fixtures_dir: Path, overwrite: bool = False, prune: bool = False) -> LoadReport:
    """Make the database match the fixtures under fixtures_dir, all or nothing.

    Cards edited in the database since their last load are kept and reported (``LoadReport.kept``) unless
    ``overwrite`` is given. When the file of a set whose cards the database holds is missing, nothing is
    loaded (a FixtureError names the file) unless ``prune`` is given, which deletes those cards.
    """
    set_records = read_json(fixtures_dir / "sets.json")
    card_files = sorted((fixtures_dir / "cards").glob("*.json"))
    if not card_files:
        raise FixtureError(fixtures_dir / "cards", "no card fixtures found")
    records = [_parse_card(path, raw) for path in card_files for raw in _card_list(path)]
    _check_unique_slugs(records)
    if not prune:
        _refuse_missing_files(fixtures_dir / "cards", {path.name for path in card_files}, records, overwrite)
    report = LoadReport()
    with transaction.atomic():
        sets = _sync_sets(fixtures_dir / "sets.json", set_records, report)
        classes = _sync_classes(records)
        _sync_cards(records, sets, classes, report, overwrite)
        if report.changed:
            revision.data_changed()
    return report


def card_file_of(card_set: CardSet) -> str:
    """The fixture file that holds a set's cards (as dumpcards writes them)."""
    return SET_FILES.get(card_set.code, f"{card_set.slug}.json")


def _refuse_missing_files(cards_dir: Path, present: set[str], records: list[CardRecord], overwrite: bool) -> None:
    """A sync deletes every card the files do not list; when a whole file is gone (a bad checkout, a rename),
    that is the set's cards deleted by accident, so the load stops and names the file instead."""
    kept = set() if overwrite else set(edited_since_load())
    listed = {record.slug for record in records}
    orphans: dict[str, list[str]] = {}
    for card in Card.objects.select_related("card_set").order_by("slug"):
        if card.slug not in listed and card.slug not in kept and card_file_of(card.card_set) not in present:
            orphans.setdefault(card_file_of(card.card_set), []).append(card.slug)
    if orphans:
        name, slugs = sorted(orphans.items())[0]
        others = f" (and {len(orphans) - 1} other missing files)" if len(orphans) > 1 else ""
        raise FixtureError(
            cards_dir / name,
            f"the file is missing{others}, so its {len(slugs)} cards in the database ({', '.join(slugs[:3])}"
            f"{', ...' if len(slugs) > 3 else ''}) would be deleted. Restore the file, or run loadcards --prune "
            "to delete them.",
        )


def _card_list(path: Path) -> list[dict[str, Any]]:
    data = read_json(path)
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise FixtureError(path, "must hold a JSON list of card objects")
    return data


def _check_unique_slugs(records: list[CardRecord]) -> None:
    first_seen: dict[str, Path] = {}
    for record in records:
        if record.slug in first_seen:
            raise FixtureError(record.path, f"duplicate slug, already used in {first_seen[record.slug].name}",
                               record.slug, "slug")  # fmt: skip
        first_seen[record.slug] = record.path


def _parse_card(path: Path, raw: dict[str, Any]) -> CardRecord:
    slug = raw.get("slug")
    if not isinstance(slug, str) or not slug:
        raise FixtureError(path, f"a card without a slug (name {raw.get('name')!r})", key="slug")
    unknown = sorted(set(raw) - CARD_KEYS)
    if unknown:
        raise FixtureError(path, f"unknown field (known fields: {', '.join(sorted(CARD_KEYS))})", slug, unknown[0])
    missing = sorted(REQUIRED_CARD_KEYS - set(raw))
    if missing:
        raise FixtureError(path, "required field missing", slug, missing[0])

    def text(key: str) -> str:
        return raw.get(key) or ""

    bribery = raw.get("bribery") or []
    for kind in bribery:
        if kind not in BRIBERY_FIELDS:
            raise FixtureError(path, f"unknown bribery icon {kind!r}", slug, "bribery")
    automation = raw.get("automation") or {}
    provenance = raw.get("provenance") or {}
    fields: dict[str, Any] = {
        "name": raw["name"],
        "aliases": raw.get("aliases") or [],
        "card_type": raw["type"],
        "rarity": text("rarity"),
        "border": text("border"),
        "vitality": raw.get("vitality"),
        "stacking_vitality": raw.get("stacking_vitality"),
        "ocb": raw.get("ocb"),
        "ocb_against": text("ocb_against"),
        "cmp": raw.get("cmp"),
        "receives_channeling": raw.get("receives_channeling"),
        **{model: kind in bribery for kind, model in BRIBERY_FIELDS.items()},
        "size": text("size"),
        "flying": bool(raw.get("flying")),
        "ranged_attack": raw.get("ranged_attack"),
        "command": bool(raw.get("command")),
        "up_number": raw.get("up_number"),
        "shield_number": raw.get("shield_number"),
        "terrain_types": raw.get("terrain_types") or [],
        # A Guardian's vitality and CMP repeat the card's own; they are checked below, not stored twice.
        **_nested(path, slug, "guardian", raw.get("guardian"), GUARDIAN_KEYS, also_allowed={"vitality", "cmp"}),
        **_nested(path, slug, "stronghold", raw.get("stronghold"), STRONGHOLD_KEYS),
        "summary": text("summary"),
        "abilities": raw.get("abilities") or [],
        "automation_status": automation.get("status") or "not_automated",
        "automation_reason": automation.get("reason") or "",
        "sources": provenance.get("sources") or [],
        "confidence": provenance.get("confidence") or "stated",
        "notes": provenance.get("notes") or [],
        "import_fixes": provenance.get("import_fixes") or [],
    }
    guardian = raw.get("guardian") or {}
    for key in ("vitality", "cmp"):
        if key in guardian and guardian[key] != raw.get(key):
            raise FixtureError(path, f"differs from the card's own {key} ({raw.get(key)!r})", slug, f"guardian.{key}")
    classes = raw.get("classes") or []
    try:
        validate_classes(raw["type"], classes)  # The rule the admin applies (models cannot see many-to-many).
    except ValidationError as exc:
        raise FixtureError(path, " ".join(exc.message_dict["classes"]), slug, "classes") from exc
    printings = raw.get("printings") or [{"set": raw["set"]}]
    for printing in printings:
        unknown = sorted(set(printing) - PRINTING_KEYS)
        if unknown:
            raise FixtureError(path, "unknown printing field", slug, f"printings.{unknown[0]}")
    return CardRecord(path=path, slug=slug, set_code=raw["set"], fields=fields,
                      classes=list(raw.get("classes") or []), printings=printings)  # fmt: skip


def _nested(
    path: Path,
    slug: str,
    key: str,
    value: Any,
    mapping: dict[str, str],
    also_allowed: frozenset[str] | set[str] = frozenset(),
) -> dict[str, Any]:
    """Flatten a nested stats object (guardian, stronghold) into model fields."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise FixtureError(path, "must be an object or null", slug, key)
    unknown = sorted(set(value) - set(mapping) - set(also_allowed))
    if unknown:
        raise FixtureError(path, "unknown field", slug, f"{key}.{unknown[0]}")
    flat = {model_field: value.get(name) for name, model_field in mapping.items()}
    for model_field in TEXT_FIELDS.intersection(flat):
        flat[model_field] = flat[model_field] or ""
    return flat


def _sync_sets(path: Path, raw_sets: Any, report: LoadReport) -> dict[str, CardSet]:
    if not isinstance(raw_sets, list):
        raise FixtureError(path, "must hold a JSON list of sets")
    existing = {card_set.code: card_set for card_set in CardSet.objects.all()}
    sets: dict[str, CardSet] = {}
    for raw in raw_sets:
        code = raw.get("code")
        unknown = sorted(set(raw) - SET_KEYS)
        if unknown:
            raise FixtureError(path, f"unknown field in set {code!r}", key=unknown[0])
        values = {key: raw.get(key, "") for key in SET_KEYS - {"code", "sources", "order"}}
        values.update(order=raw.get("order"), sources=raw.get("sources") or [])
        card_set = existing.get(code) or CardSet(code=code)
        if card_set.pk is None or _differs(card_set, values):
            for name, value in values.items():
                setattr(card_set, name, value)
            _validated_save(card_set, path, f"set {code}")
            report.sets_changed += 1
        sets[code] = card_set
    return sets


def _sync_classes(records: list[CardRecord]) -> dict[str, CardClass]:
    existing = {card_class.name: card_class for card_class in CardClass.objects.all()}
    slugs = {card_class.slug: card_class.name for card_class in existing.values()}
    for record in records:
        for name in record.classes:
            if name in existing:
                continue
            slug = slugify(name)
            if slug in slugs:
                raise FixtureError(record.path, f"class {name!r} clashes with {slugs[slug]!r}", record.slug, "classes")
            card_class = CardClass(name=name, slug=slug)
            _validated_save(card_class, record.path, record.slug)
            existing[name], slugs[slug] = card_class, name
    return existing


def _sync_cards(
    records: list[CardRecord],
    sets: dict[str, CardSet],
    classes: dict[str, CardClass],
    report: LoadReport,
    overwrite: bool = False,
) -> None:
    existing = {card.slug: card for card in Card.objects.select_related("card_set").prefetch_related(
        "classes", "printings__card_set")}  # fmt: skip
    edited = {} if overwrite else edited_since_load()
    changes: dict[str, dict[str, list[Any]]] = {}
    for record in records:
        values = dict(record.fields, card_set=_lookup_set(sets, record.set_code, record, "set"))
        printings = [_printing_values(sets, record, raw) for raw in record.printings]
        card = existing.pop(record.slug, None)
        if card is None:
            if record.slug in edited:  # Deleted in the database since it was loaded.
                report.kept.append(record.slug)
                continue
            card = Card(slug=record.slug)
            report.created.append(record.slug)
        elif _differs(card, values) or _printings_of(card) != printings or _class_names(card) != sorted(record.classes):
            if record.slug in edited:
                report.kept.append(record.slug)
                continue
            report.updated.append(record.slug)
            changes[record.slug] = field_changes(card, values)
        else:
            report.unchanged += 1
            continue
        for name, value in values.items():
            setattr(card, name, value)
        setattr(card, FROM_FIXTURES, True)
        _validated_save(card, record.path, record.slug)
        card.classes.set([classes[name] for name in record.classes])
        card.printings.all().delete()
        for position, printing in enumerate(printings):
            row = Printing(card=card, position=position, **printing)
            _validated_save(row, record.path, record.slug, key_prefix="printings.")
    for slug, card in existing.items():
        if slug in edited:  # Added in the database, not yet in the fixtures.
            report.kept.append(slug)
            continue
        setattr(card, FROM_FIXTURES, True)
        card.delete()
        report.deleted.append(slug)
    record_load(report.created, changes, report.deleted)


def _lookup_set(sets: dict[str, CardSet], code: str, record: CardRecord, key: str) -> CardSet:
    try:
        return sets[code]
    except KeyError:
        raise FixtureError(record.path, f"unknown set {code!r} (not in sets.json)", record.slug, key) from None


def _printing_values(sets: dict[str, CardSet], record: CardRecord, raw: dict[str, Any]) -> dict[str, Any]:
    return {
        "card_set": _lookup_set(sets, raw.get("set", ""), record, "printings.set"),
        "rarity": raw.get("rarity") or "",
        "rarity_read_from": raw.get("rarity_read_from") or "",
        "starter_only": bool(raw.get("starter_only")),
        "image": raw.get("image") or "",
        "classes": raw.get("classes") or [],
    }


def _printings_of(card: Card) -> list[dict[str, Any]]:
    return [
        {"card_set": p.card_set, "rarity": p.rarity, "rarity_read_from": p.rarity_read_from,
         "starter_only": p.starter_only, "image": p.image, "classes": p.classes}
        for p in card.printings.all()
    ]  # fmt: skip


def _class_names(card: Card) -> list[str]:
    return sorted(c.name for c in card.classes.all())


def _differs(instance: Any, values: dict[str, Any]) -> bool:
    return any(getattr(instance, name) != value for name, value in values.items())


def _validated_save(instance: Any, path: Path, slug: str, key_prefix: str = "") -> None:
    try:
        instance.full_clean()
    except ValidationError as exc:
        name, messages = next(iter(exc.message_dict.items()))
        key = key_prefix + FIXTURE_KEY_OF_FIELD.get(name, name)
        raise FixtureError(path, " ".join(messages), slug, key) from exc
    instance.save()
