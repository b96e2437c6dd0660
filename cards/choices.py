"""The fixed vocabularies of the card data, shared by models, validation, filters and the loader.

Those the engine also knows (card type, border, size, bribery icon, automation status and the
off-colour cycle) are built from the engine's enums, so the two can never disagree; this module
only adds the labels people read.
"""

from collections.abc import Mapping
from enum import Enum
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db import models

from engine import enums as engine


class SetKind(models.TextChoices):
    CORE = "core", "Core set"
    EXPANSION = "expansion", "Expansion"
    PROMO = "promo", "Promotional"
    UNVERIFIED = "unverified", "Unverified (fan pages)"


def _from_engine(name: str, vocabulary: type[Enum], labels: Mapping[Enum, str]) -> Any:
    """TextChoices with the engine enum's members and values, and the site's labels for them.

    The engine owns each vocabulary; a member without a label here is an error at import time, so
    a value added to the engine cannot reach the site unlabelled.
    """
    unlabelled = [member.name for member in vocabulary if member not in labels]
    if unlabelled:
        raise ImproperlyConfigured(f"cards.choices: no label for {vocabulary.__name__} {', '.join(unlabelled)}")
    members = [(member.name, (member.value, labels[member])) for member in vocabulary]
    return models.TextChoices(name, members, module=__name__)  # type: ignore[call-arg]


CardType = _from_engine("CardType", engine.CardType, {
    engine.CardType.CREATURE: "Creature",
    engine.CardType.SPELL: "Spell",
    engine.CardType.SHIELD: "Shield",
    engine.CardType.HAND_ITEM: "Hand item",
    engine.CardType.CREATURE_ITEM: "Creature item",
    engine.CardType.ACCESSORY: "Accessory",
    engine.CardType.STANDARD_BEARER: "Standard bearer",
    engine.CardType.STRONGHOLD: "Stronghold",
    engine.CardType.TERRAIN: "Terrain",
    engine.CardType.GUARDIAN: "Guardian",
    engine.CardType.SHIELD_TERRAIN: "Shield or terrain",
    engine.CardType.STRONGHOLD_UPGRADE: "Stronghold upgrade",
    engine.CardType.STRONGHOLD_DOWNGRADE: "Stronghold downgrade",
    engine.CardType.BRIBERY: "Bribery",
})  # fmt: skip

Border = _from_engine("Border", engine.Border, {
    engine.Border.MORTAL: "Mortal (white)",
    engine.Border.ELEMENTAL: "Elemental (brown)",
    engine.Border.EXTERNAL: "External (black)",
})  # fmt: skip

Size = _from_engine("Size", engine.Size, {
    engine.Size.SMALL: "Small", engine.Size.MEDIUM: "Medium", engine.Size.LARGE: "Large",
})  # fmt: skip

Bribery = _from_engine("Bribery", engine.BriberyIcon, {
    engine.BriberyIcon.BABES: "Babes", engine.BriberyIcon.GOLD: "Gold", engine.BriberyIcon.BEER: "Beer",
})  # fmt: skip


class StrongholdPosition(models.TextChoices):
    LEFT = "left", "Left"
    CENTER = "center", "Center"
    RIGHT = "right", "Right"


class Confidence(models.TextChoices):
    STATED = "stated", "Stated by the sources"
    PARTIAL = "partial", "Partly verified"


# How far the combat engine models a card.
AutomationStatus = _from_engine("AutomationStatus", engine.AutomationStatus, {
    engine.AutomationStatus.AUTOMATED: "Automated",
    engine.AutomationStatus.PARTIAL: "Partly automated",
    engine.AutomationStatus.NOT_AUTOMATED: "Not automated",
    engine.AutomationStatus.NO_COMBAT_EFFECT: "No effect on combat",
    engine.AutomationStatus.OUT_OF_SCOPE: "Outside the combat engine",
})  # fmt: skip


# The card types that can carry a command ability (the command flag).
COMMAND_CARD_TYPES = (
    CardType.CREATURE, CardType.SPELL, CardType.HAND_ITEM, CardType.CREATURE_ITEM, CardType.ACCESSORY,
    CardType.STRONGHOLD_UPGRADE, CardType.STRONGHOLD_DOWNGRADE,
)  # fmt: skip
SHIELD_NUMBER_TYPES = (CardType.SHIELD, CardType.STANDARD_BEARER, CardType.SHIELD_TERRAIN)
# Each border's off-colour bonus applies against the next one in the engine's cycle.
OCB_AGAINST = {Border(border.value): Border(border.beats.value) for border in engine.Border}
