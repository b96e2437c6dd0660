"""Closed vocabularies of the game, as enums. Values are the spellings used in fixtures and JSON."""

from __future__ import annotations

from enum import Enum


class Border(str, Enum):
    MORTAL = "mortal"
    ELEMENTAL = "elemental"
    EXTERNAL = "external"

    @property
    def beats(self) -> Border:
        """The border this one's off-colour bonus applies against (the rock-paper-scissors cycle)."""
        return _OCB_CYCLE[self]


_OCB_CYCLE = {
    Border.MORTAL: Border.ELEMENTAL,
    Border.ELEMENTAL: Border.EXTERNAL,
    Border.EXTERNAL: Border.MORTAL,
}


class CardType(str, Enum):
    CREATURE = "creature"
    SPELL = "spell"
    SHIELD = "shield"
    HAND_ITEM = "hand_item"
    CREATURE_ITEM = "creature_item"
    ACCESSORY = "accessory"
    STANDARD_BEARER = "standard_bearer"
    STRONGHOLD = "stronghold"
    TERRAIN = "terrain"
    GUARDIAN = "guardian"
    SHIELD_TERRAIN = "shield_terrain"
    STRONGHOLD_UPGRADE = "stronghold_upgrade"
    STRONGHOLD_DOWNGRADE = "stronghold_downgrade"
    BRIBERY = "bribery"

    @property
    def double_bordered(self) -> bool:
        """Cards kept in the storage hand and taken into a combat hand."""
        return self in (CardType.SPELL, CardType.HAND_ITEM, CardType.BRIBERY)


class Size(str, Enum):
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


class BriberyIcon(str, Enum):
    BABES = "babes"
    GOLD = "gold"
    BEER = "beer"


class Terrain(str, Enum):
    MOUNTAINS = "Mountains"
    RIVERS_AND_LAKES = "Rivers and Lakes"
    SPIRES = "Spires"
    SWAMPS = "Swamps"
    DRY_HEAPS = "Dry Heaps"
    WOODS = "Woods"
    JUNGLE = "Jungle"

    @property
    def slug(self) -> str:
        return self.value.lower().replace(" ", "-")

    @classmethod
    def parse(cls, text: str) -> Terrain:
        key = text.strip().lower().replace("-", " ").replace("_", " ")
        key = key.removeprefix("the ")
        for terrain in cls:
            if terrain.value.lower() == key or terrain.value.lower().rstrip("s") == key.rstrip("s"):
                return terrain
        raise ValueError(f"unknown terrain type {text!r}")


class Side(str, Enum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    # The opposing side and the notation's letter: plain attributes, set once below, because the
    # resolver asks for them in nearly every step (a property call each time cost more than the step).
    other: Side
    letter: str


for _side, _other, _letter in ((Side.ATTACKER, Side.DEFENDER, "a"), (Side.DEFENDER, Side.ATTACKER, "d")):
    _side.__dict__["other"] = _other
    _side.__dict__["letter"] = _letter


# Iterating an Enum class is slow in a hot loop; the resolver iterates this tuple instead.
SIDES: tuple[Side, Side] = (Side.ATTACKER, Side.DEFENDER)


class AttackType(str, Enum):
    FIRE = "fire"
    FEAR = "fear"


class AoeType(str, Enum):
    PLAIN = "plain"
    FIRE = "fire"
    FEAR = "fear"
    METHANE = "methane"


class Timing(str, Enum):
    """When a card's effect can be used in a combat."""

    COMMAND = "command"
    PRIMARY = "primary"
    SECONDARY = "secondary"
    ANY_TIME = "any_time"


class Phase(str, Enum):
    SETUP = "setup"
    COMMAND = "command"
    PRIMARY = "primary"
    SECONDARY = "secondary"
    RESOLUTION = "resolution"


class Fate(str, Enum):
    """What became of a creature by the end of the combat."""

    STANDING = "standing"  # on the table or never played: counts for control
    BEATEN = "beaten"
    DESTROYED = "destroyed"
    BRIBED = "bribed"
    DISCARDED_BY_AOE = "discarded_by_aoe"
    OUT_OF_PLAY = "out_of_play"  # methane: set aside, attackable, never counted
    RETURNED = "returned"  # sent back to the Creature Pen: out of the combat, neither beaten nor counted
    DISCARDED = "discarded"  # thrown out of the combat hand (or off the table) by a card's text, no AOE involved

    @property
    def counts_for_control(self) -> bool:
        return self is Fate.STANDING


class CardUse(str, Enum):
    """What became of a double-bordered card of a combat hand (spell, bribery card, hand item) or a shield's item."""

    COMMAND = "command"  # played as the side's command card (see the result's commands for a dispel)
    CAST = "cast"
    DISPELLED = "dispelled"  # cast, then cancelled by an opposing Dispel Magic before it acted
    BRIBE = "bribe"  # spent on a bribe
    FIRED = "fired"  # fired as a ranged attack through a card's text
    DISCARDED = "discarded"  # thrown away by a card's text
    UNUSED = "unused"  # still in the combat hand at the end
    KEPT = "kept"  # an item under the shield that stayed there


class Role(str, Enum):
    """How a creature took part; it decides whether it has a partner value and can be targeted."""

    UNPLAYED = "unplayed"
    COMMAND = "command"
    PRIMARY = "primary"
    RANGED = "ranged"
    SECONDARY = "secondary"


class AutomationStatus(str, Enum):
    AUTOMATED = "automated"
    PARTIAL = "partial"
    NOT_AUTOMATED = "not_automated"
    NO_COMBAT_EFFECT = "no_combat_effect"
    OUT_OF_SCOPE = "out_of_scope"


class Winner(str, Enum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


class StepKind(str, Enum):
    NOTE = "note"
    NOT_AUTOMATED = "not_automated"
    DECLARE = "declare"
    REVEAL = "reveal"
    CONTRADICTION = "contradiction"
    DISPEL = "dispel"
    COMMAND_EFFECT = "command_effect"
    AOE = "aoe"
    BRIBE = "bribe"
    SPELL = "spell"
    DESTROY = "destroy"
    IMMUNITY = "immunity"
    BONUS = "bonus"
    OFF_COLOUR = "off_colour"
    TERRAIN = "terrain"
    RANGED = "ranged"
    CHANNEL = "channel"
    COMPARE = "compare"
    PARTNER = "partner"
    SECONDARY_ATTACK = "secondary_attack"
    KILL_TEST = "kill_test"
    COUNT = "count"
    RESULT = "result"
    RETREAT = "retreat"
    HEAL = "heal"
    STONES = "stones"
