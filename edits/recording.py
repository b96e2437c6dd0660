"""Record each save or deletion of a card as a CardEdit (see ``edits.models``).

Who: the admin puts the request's user on the card before saving it (``edited_by``); the loader marks its
saves (``saved_from_fixtures``) and records them in bulk itself. Any other save is code.

The edit history sits below the cards app: it names no model, and the cards app hands it its Card model
when it starts (``record_edits_of``), so the two never import each other.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Model
from django.db.models.signals import post_delete, post_save, pre_save

from edits.models import CardEdit, Door

# Attributes the doors set on the instance they save.
EDITED_BY = "edited_by"
FROM_FIXTURES = "saved_from_fixtures"
_BEFORE = "_edit_history_before"


def _plain(value: Any) -> Any:
    """A JSON-safe form of a field value (foreign keys as their id, dates as text)."""
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


# Bookkeeping, not card data: a change of these alone is no edit.
NOT_RECORDED = frozenset({"version"})


def record_edits_of(model: type[Model]) -> None:
    """Record every save and deletion of this model's rows, by any door."""
    pre_save.connect(remember_before, sender=model, dispatch_uid="edits-card-before")
    post_save.connect(record_save, sender=model, dispatch_uid="edits-card-saved")
    post_delete.connect(record_delete, sender=model, dispatch_uid="edits-card-deleted")


def field_values(card: Model) -> dict[str, Any]:
    return {
        field.attname: _plain(getattr(card, field.attname))
        for field in type(card)._meta.concrete_fields
        if field.attname not in NOT_RECORDED
    }


def remember_before(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    if raw or getattr(instance, FROM_FIXTURES, False) or instance.pk is None:
        return
    before = sender._default_manager.filter(pk=instance.pk).first()
    setattr(instance, _BEFORE, field_values(before) if before is not None else None)


def record_save(sender: Any, instance: Any, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if raw or getattr(instance, FROM_FIXTURES, False):
        return
    before = getattr(instance, _BEFORE, None)
    after = field_values(instance)
    changes = (
        {name: [before.get(name), value] for name, value in after.items() if before.get(name) != value}
        if before
        else {}
    )
    user = getattr(instance, EDITED_BY, None)
    edit = CardEdit.objects.create(
        slug=instance.slug,
        user=user if user is not None and user.is_authenticated else None,
        door=Door.ADMIN if user is not None else Door.CODE,
        changes=changes,
        note="created" if created else "",
    )
    instance.last_edit = edit


def record_delete(sender: Any, instance: Any, **kwargs: Any) -> None:
    if getattr(instance, FROM_FIXTURES, False):
        return
    user = getattr(instance, EDITED_BY, None)
    CardEdit.objects.create(
        slug=instance.slug,
        user=user if user is not None and user.is_authenticated else None,
        door=Door.ADMIN if user is not None else Door.CODE,
        note="deleted",
    )


def field_changes(card: Model, values: dict[str, Any]) -> dict[str, list[Any]]:
    """The fields a load is about to change on a card, as [before, after] (related cards by their str)."""

    def plain(value: Any) -> Any:
        return str(value) if hasattr(value, "pk") else _plain(value)

    return {name: [plain(getattr(card, name)), plain(value)] for name, value in values.items()
            if getattr(card, name) != value}  # fmt: skip


def record_load(created: list[str], updated: dict[str, dict[str, list[Any]]], deleted: list[str]) -> None:
    """One history row per card the loader wrote: from here on, the database matches the fixtures for it."""
    CardEdit.objects.bulk_create(
        [CardEdit(slug=slug, door=Door.FIXTURES, note="created") for slug in created]
        + [
            CardEdit(slug=slug, door=Door.FIXTURES, note="updated", changes=changes)
            for slug, changes in updated.items()
        ]
        + [CardEdit(slug=slug, door=Door.FIXTURES, note="deleted") for slug in deleted]
    )


def related_values(card: Any) -> dict[str, Any]:
    """The card's classes and printings as stored, to compare before and after an admin save."""
    return {
        "classes": sorted(card.classes.values_list("name", flat=True)),
        "printings": [
            _plain(row)
            for row in card.printings.order_by("position").values(
                "card_set__code", "rarity", "starter_only", "image", "classes"
            )
        ],
    }


def record_related_changes(card: Any, before: dict[str, Any] | None) -> None:
    """Add the classes and printings an admin save changed to the edit its card save recorded."""
    edit: CardEdit | None = getattr(card, "last_edit", None)
    if edit is None or before is None:
        return
    after = related_values(card)
    changed = {name: [before[name], value] for name, value in after.items() if before[name] != value}
    if changed:
        edit.changes = {**edit.changes, **changed}
        edit.save(update_fields=["changes"])


def record_dump(slugs: list[str]) -> None:
    """The fixtures now hold these cards as the database does, so they no longer count as edited."""
    CardEdit.objects.bulk_create([CardEdit(slug=slug, door=Door.DUMPED) for slug in slugs])
