"""The fixed vocabularies of the card data, shared by models, validation, filters and the loader."""

from django.db import models


class SetKind(models.TextChoices):
    CORE = "core", "Core set"
    EXPANSION = "expansion", "Expansion"
    PROMO = "promo", "Promotional"
    UNVERIFIED = "unverified", "Unverified (fan pages)"


class CardType(models.TextChoices):
    CREATURE = "creature", "Creature"
    SPELL = "spell", "Spell"
    SHIELD = "shield", "Shield"
    HAND_ITEM = "hand_item", "Hand item"
    CREATURE_ITEM = "creature_item", "Creature item"
    ACCESSORY = "accessory", "Accessory"
    STANDARD_BEARER = "standard_bearer", "Standard bearer"
    STRONGHOLD = "stronghold", "Stronghold"
    TERRAIN = "terrain", "Terrain"
    GUARDIAN = "guardian", "Guardian"
    SHIELD_TERRAIN = "shield_terrain", "Shield or terrain"
    STRONGHOLD_UPGRADE = "stronghold_upgrade", "Stronghold upgrade"
    STRONGHOLD_DOWNGRADE = "stronghold_downgrade", "Stronghold downgrade"
    BRIBERY = "bribery", "Bribery"


class Border(models.TextChoices):
    MORTAL = "mortal", "Mortal (white)"
    ELEMENTAL = "elemental", "Elemental (brown)"
    EXTERNAL = "external", "External (black)"


class Size(models.TextChoices):
    SMALL = "small", "Small"
    MEDIUM = "medium", "Medium"
    LARGE = "large", "Large"


class Bribery(models.TextChoices):
    BABES = "babes", "Babes"
    GOLD = "gold", "Gold"
    BEER = "beer", "Beer"


class StrongholdPosition(models.TextChoices):
    LEFT = "left", "Left"
    CENTER = "center", "Center"
    RIGHT = "right", "Right"


class Confidence(models.TextChoices):
    STATED = "stated", "Stated by the sources"
    PARTIAL = "partial", "Partly verified"


class AutomationStatus(models.TextChoices):
    """How far the combat engine models a card; the same values as engine.enums.AutomationStatus."""

    AUTOMATED = "automated", "Automated"
    PARTIAL = "partial", "Partly automated"
    NOT_AUTOMATED = "not_automated", "Not automated"
    NO_COMBAT_EFFECT = "no_combat_effect", "No effect on combat"
    OUT_OF_SCOPE = "out_of_scope", "Outside the combat engine"


# The card types that can carry a command ability (the command flag).
COMMAND_CARD_TYPES = (
    CardType.CREATURE, CardType.SPELL, CardType.HAND_ITEM, CardType.CREATURE_ITEM, CardType.ACCESSORY,
    CardType.STRONGHOLD_UPGRADE, CardType.STRONGHOLD_DOWNGRADE,
)  # fmt: skip
SHIELD_NUMBER_TYPES = (CardType.SHIELD, CardType.STANDARD_BEARER, CardType.SHIELD_TERRAIN)
# Each border's off-colour bonus applies against the next one in this cycle.
OCB_AGAINST = {Border.MORTAL: Border.ELEMENTAL, Border.ELEMENTAL: Border.EXTERNAL, Border.EXTERNAL: Border.MORTAL}
