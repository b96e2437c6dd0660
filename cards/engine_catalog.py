"""The combat engine's card catalog, built from the database, so an admin correction changes combats too.

The engine reads card definitions from fixture-shaped records (``CardDefinition.from_fixture``);
this module writes each database card in that shape and builds the catalog once per data
revision (``core.revision``): a save anywhere in the card data advances the revision,
and the next combat in any process rebuilds the catalog. The command line (``python -m engine``)
keeps reading the fixtures.
"""

from __future__ import annotations

import threading
from typing import Any

from cards.choices import CardType
from cards.models import Card
from core import revision
from engine.cards import CardDefinition
from engine.catalog import CardCatalog


def engine_record(card: Card) -> dict[str, Any]:
    """A card as the engine reads it from a fixture (classes and printings prefetched)."""
    return {
        "slug": card.slug,
        "name": card.name,
        "aliases": list(card.aliases or []),
        "type": card.card_type,
        "border": card.border or None,
        "vitality": card.vitality,
        "stacking_vitality": card.stacking_vitality,
        "ocb": card.ocb,
        "cmp": card.cmp,
        "receives_channeling": card.receives_channeling,
        "bribery": card.bribery,
        "classes": printed_class_order(card),
        "size": card.size or None,
        "flying": card.flying,
        "ranged_attack": card.ranged_attack,
        "command": card.command,
        "up_number": card.up_number,
        "guardian": _guardian(card),
        "stronghold": _stronghold(card),
        "terrain_types": list(card.terrain_types or []),
        "abilities": list(card.abilities or []),
        "automation": {"status": card.automation_status, "reason": card.automation_reason},
    }


def printed_class_order(card: Card) -> list[str]:
    """The card's classes in the order its first printing lists them (the database keeps them as a set)."""
    names = [card_class.name for card_class in card.classes.all()]
    printings = list(card.printings.all())
    printed = printings[0].classes if printings else []
    return sorted(names, key=lambda name: (printed.index(name) if name in printed else len(printed), name))


def _guardian(card: Card) -> dict[str, Any] | None:
    if card.card_type != CardType.GUARDIAN:
        return None
    return {"vitality": card.vitality, "cmp": card.cmp, "stones": card.guardian_stones,
            "base_draw": card.guardian_base_draw, "ldl": card.guardian_ldl, "mdl": card.guardian_mdl,
            "luc": card.guardian_luc}  # fmt: skip


def _stronghold(card: Card) -> dict[str, Any] | None:
    if card.card_type != CardType.STRONGHOLD:
        return None
    return {"group": card.stronghold_group, "position": card.stronghold_position or None,
            "defend_bonus": card.stronghold_defend_bonus,
            "counts_as_terrain": card.stronghold_counts_as_terrain or None}  # fmt: skip


def build_catalog() -> CardCatalog:
    cards = Card.objects.prefetch_related("classes", "printings").order_by("pk")
    return CardCatalog(CardDefinition.from_fixture(engine_record(card)) for card in cards)


class _Built:
    """The catalog of the last data revision this process saw (one per process, shared by its threads)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        # One attribute, replaced whole, so a reader never pairs one revision with another's catalog.
        self.current: tuple[revision.Revision, CardCatalog] | None = None

    def get(self) -> CardCatalog:
        # The whole revision (number and time) is the key: a rolled-back change can reuse a number, not a time.
        wanted = revision.current()
        current = self.current
        if current is not None and current[0] == wanted:
            return current[1]
        with self.lock:
            current = self.current
            if current is None or current[0] != wanted:
                current = self.current = (wanted, build_catalog())
            return current[1]


_built = _Built()


def site_catalog() -> CardCatalog:
    """Every card of the database as the engine sees it, rebuilt when the data revision moves."""
    return _built.get()
