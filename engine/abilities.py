"""The ability vocabulary: what a card does, as data the resolver interprets.

Each ability is a frozen dataclass with a ``kind`` (its name in the fixtures), a parser from the
fixture's JSON and a plain-English description for card pages. Nothing here acts: the resolver
looks abilities up by type at the step where the rules say they apply.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, ClassVar, TypeVar

from .dice import Dice
from .enums import AoeType, AttackType, Border, BriberyIcon, Terrain, Timing
from .errors import CatalogError
from .selectors import Selector


class When(str, Enum):
    """Which attacks a creature's own bonus applies to."""

    PRIMARY = "primary"
    SECONDARY = "secondary"
    BOTH = "both"

    def covers_primary(self) -> bool:
        return self in (When.PRIMARY, When.BOTH)

    def covers_secondary(self) -> bool:
        return self in (When.SECONDARY, When.BOTH)


class Sides(str, Enum):
    """Whose creatures an effect of a creature in play reaches, seen from the card's owner."""

    OWN = "own"
    OPPONENT = "opponent"
    BOTH = "both"

    def reaches(self, owner_is_target_side: bool) -> bool:
        if self is Sides.BOTH:
            return True
        return owner_is_target_side == (self is Sides.OWN)


class SideRole(str, Enum):
    """Which side of the combat a card's owner must be for a condition to hold."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


class Per(str, Enum):
    """What a per-unit bonus is multiplied by."""

    COUNT = "count"
    MATCHUPS_FOUGHT = "matchups_fought"
    BEATEN_EARLIER = "beaten_earlier"
    PREVIOUS_OPPONENT = "previous_opponent"
    SINGLE_BORDERED_IN_HAND = "single_bordered_in_hand"


class StoneEvent(str, Enum):
    BEATS = "beats"
    BEATEN = "beaten"
    COMMAND = "command"
    OPPONENT_CHANNELS = "opponent_channels"
    SIDE_BEATS = "side_beats"
    CAST = "cast"


class Suppressed(str, Enum):
    STRONGHOLD_BONUS = "stronghold_bonus"
    OCB = "ocb"
    AOE = "aoe"
    # Any Vitality bonus whose condition names a creature class (rule ENG-13).
    CLASS_BONUS = "class_bonus"


class Scope(str, Enum):
    MATCHUP = "matchup"
    IN_PLAY = "in_play"


class TextScope(str, Enum):
    OPPONENT = "opponent"
    ALL = "all"
    # A command: its owner names one opposing creature and pays to blank it in its primary match-up.
    CHOSEN = "chosen"


class Restriction(str, Enum):
    COMMAND = "command"
    FIRST_PRIMARY = "first_primary"


class Offer(str, Enum):
    """What the set-up's ``choices`` input names for a card that offers a choice (rule 11.4.6)."""

    SIZE = "size"
    CLASS = "class"
    OPTION = "option"
    OPPOSING_CREATURE = "opposing_creature"
    OWN_CREATURE = "own_creature"
    OPPOSING_HAND_CARD = "opposing_hand_card"
    # One guess per primary match-up, joined by hyphens (``mortal-external``); see ``option_words``.
    GUESSES = "guesses"
    # Cards used per primary match-up: ``2x3`` (three in match-up 2), several joined by hyphens (``1-3x2``).
    MATCHUP_CARDS = "matchup_cards"
    OPPOSING_ITEM = "opposing_item"
    # The final bids of an auction: the card owner's, then the opponent's (``3-4``; 0: no raise).
    BIDS = "bids"
    TERRAIN = "terrain"


class LeaveMoment(str, Enum):
    """When a choice to leave the combat is offered."""

    BEFORE_PRIMARIES = "before_primaries"
    AFTER_PRIMARIES = "after_primaries"


class HandCards(str, Enum):
    """Which cards of a combat hand a discard reaches."""

    CREATURES = "creatures"
    DOUBLE_BORDERED = "double_bordered"
    ALL = "all"


class Withdrawal(str, Enum):
    MEETS = "meets"
    WINS = "wins"


@dataclass(frozen=True)
class Ability:
    kind: ClassVar[str] = ""
    # A card played before the combat (set-up input ``earlier``) still acts in it through these kinds.
    from_earlier: ClassVar[bool] = False
    note: str = field(default="", kw_only=True)

    def describe(self) -> str:
        raise NotImplementedError

    def offer(self) -> Offer | None:
        """What the set-up's ``choices`` input names for this ability; None when it offers no choice."""
        return None

    def option_words(self) -> tuple[str, ...]:
        """The words an ``Offer.OPTION`` or ``Offer.SIZE`` choice accepts."""
        return ()

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name == "note" and not value:
                continue
            data[_JSON_NAMES.get(item.name, item.name)] = _to_data(value)
        return data


def _to_data(value: Any) -> Any:
    if isinstance(value, Dice):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Selector):
        return value.to_data()
    if isinstance(value, Enum):
        return value.value
    return value


def _signed(amount: int) -> str:
    return f"+{amount}" if amount >= 0 else str(amount)


def _where(terrain: Terrain | None, no_terrain: bool = False, side_role: SideRole | None = None) -> str:
    """The plain-words tail of a condition on the fight: ' while the fight is in Swamps'."""
    parts = []
    if terrain is not None:
        parts.append(f"while the fight is in {terrain.value}")
    if no_terrain:
        parts.append("while the fight is on open land with no terrain (no stronghold either)")
    if side_role is not None:
        parts.append(f"while its side is the {side_role.value}")
    return (" " + " and ".join(parts)) if parts else ""


@dataclass(frozen=True)
class TerrainModifier(Ability):
    kind: ClassVar[str] = "terrain_modifier"
    terrain: Terrain
    amount: int

    def describe(self) -> str:
        return f"{_signed(self.amount)} Vitality when the fight is in {self.terrain.value}."


@dataclass(frozen=True)
class Bonus(Ability):
    """A printed bonus of the creature itself, optionally only against some opponents."""

    kind: ClassVar[str] = "bonus"
    amount: int
    against: Selector | None = None
    when: When = When.BOTH
    terrain: Terrain | None = None
    no_terrain: bool = False
    side_role: SideRole | None = None
    per: Per | None = None
    counting: str = ""
    of: Selector | None = None
    partner: Selector | None = None
    face_down_terrain: bool = False
    # A bonus the creature has for being of this class: a class bonus, which a card in play can take away (ENG-13).
    as_class: Selector | None = None

    def __post_init__(self) -> None:
        if self.per is Per.COUNT and not self.counting:
            raise ValueError("per 'count' needs 'counting' (what the set-up count means)")
        if self.per is Per.BEATEN_EARLIER and self.of is None:
            raise ValueError("per 'beaten_earlier' needs 'of' (which beaten creatures count)")

    def describe(self) -> str:
        target = f" against {self.against.describe()}" if self.against else ""
        scope = {
            When.PRIMARY: " in primary match-ups",
            When.SECONDARY: " when it makes a secondary attack",
            When.BOTH: "",
        }
        each = {
            None: "",
            Per.COUNT: f" for each of {self.counting} (a count the set-up gives)",
            Per.MATCHUPS_FOUGHT: " for each primary match-up already fought in this combat",
            Per.BEATEN_EARLIER: f" for each of {self.of.describe() if self.of else ''} beaten or destroyed earlier in this combat",
            Per.PREVIOUS_OPPONENT: (
                " for each point of the printed Vitality of the creature the opponent played in the previous match-up"
            ),
            Per.SINGLE_BORDERED_IN_HAND: (
                " for each other single-bordered card (creature) still in its side's combat hand when it is played"
            ),
        }[self.per]
        partner = (
            f" when its side's creature that fought the target in the primaries was one of {self.partner.describe()}"
            if self.partner
            else ""
        )
        where = _where(self.terrain, self.no_terrain, self.side_role)
        if self.face_down_terrain:
            where += " while the space's terrain is a card laid face down"
        if self.as_class:
            where += f" (a class bonus: it has it as one of {self.as_class.describe()})"
        return f"{_signed(self.amount)} Vitality{each}{target}{scope[self.when]}{partner}{where}."


@dataclass(frozen=True)
class Immunity(Ability):
    kind: ClassVar[str] = "immunity"
    attack_type: AttackType | None = None
    against: Selector | None = None
    aoe: bool = False
    ranged: bool = False
    terrain: Terrain | None = None

    def describe(self) -> str:
        if self.terrain is not None:
            return self._describe().rstrip(".") + _where(self.terrain) + "."
        return self._describe()

    def _describe(self) -> str:
        if self.aoe:
            return "Immune to every AOE attack."
        if self.ranged:
            return "Immune to ranged attacks: ranged support against it adds nothing."
        if self.attack_type is not None:
            return f"Immune to {self.attack_type.value} attacks, including {self.attack_type.value} AOEs."
        assert self.against is not None
        return f"Immune to {self.against.describe()}: such an opponent is turned and does no damage."


@dataclass(frozen=True)
class AttackKind(Ability):
    kind: ClassVar[str] = "attack_type"
    type: AttackType

    def describe(self) -> str:
        return f"Its attack is {self.type.value}-based."


@dataclass(frozen=True)
class Destroys(Ability):
    kind: ClassVar[str] = "destroys"
    target: Selector
    when: When = When.PRIMARY
    terrain: Terrain | None = None

    def describe(self) -> str:
        scope = "" if self.when is When.PRIMARY else f" ({self.when.value} attacks)"
        return f"Destroys {self.target.describe()} it meets, before any other effect{scope}{_where(self.terrain)}."


@dataclass(frozen=True)
class Aoe(Ability):
    """With ``dice``, the strength is the roll plus ``points``; a roll listed in ``fails_on`` does nothing."""

    kind: ClassVar[str] = "aoe"
    points: int = 0
    type: AoeType = AoeType.PLAIN
    timing: Timing = Timing.PRIMARY
    hits: Selector | None = None
    both_sides: bool = False
    # Strikes its owner's own combat hand instead of the opponent's.
    own_hand: bool = False
    dice: Dice | None = None
    fails_on: tuple[int, ...] = ()
    per_count: int = 0
    counting: str = ""

    def __post_init__(self) -> None:
        if self.per_count and not self.counting:
            raise ValueError("per_count needs 'counting' (what the set-up count means)")

    def describe(self) -> str:
        growth = (
            f" It grows by {self.per_count} point(s) for each of {self.counting} (a count the set-up gives)."
            if self.per_count
            else ""
        )
        return self._describe() + growth

    def _describe(self) -> str:
        label = "" if self.type is AoeType.PLAIN else f"{self.type.value} "
        when = "as its command" if self.timing is Timing.COMMAND else "when it fights a primary match-up"
        if self.dice is not None:
            plus = f" + {self.points}" if self.points else ""
            fails = f"; a roll of {', '.join(map(str, self.fails_on))} does nothing" if self.fails_on else ""
            return f"AOE of {self.dice}{plus} points ({label}{when}){fails}: hits creatures up to that Vitality."
        reach = f" ({self.hits.describe()} only)" if self.hits else ""
        sides = (
            "its owner's own combat hand"
            if self.own_hand
            else "every combat hand"
            if self.both_sides
            else "the opponent's combat hand"
        )
        effect = "sets them aside out of play" if self.type is AoeType.METHANE else "discards them"
        return (
            f"{self.points}-point {label}AOE {when}: hits creatures of Vitality {self.points} or less"
            f"{reach} in {sides} and {effect}."
        )


@dataclass(frozen=True)
class RolledBonus(Ability):
    """A bonus of a die roll (given in the set-up) plus ``plus``."""

    kind: ClassVar[str] = "rolled_bonus"
    dice: Dice
    plus: int = 0
    when: When = When.PRIMARY

    def describe(self) -> str:
        plus = f" + {self.plus}" if self.plus else ""
        scope = {
            When.PRIMARY: " in primary match-ups",
            When.SECONDARY: " when it makes a secondary attack",
            When.BOTH: "",
        }
        return f"Gets {self.dice}{plus} Vitality{scope[self.when]} (the roll is part of the set-up)."


@dataclass(frozen=True)
class RolledDefence(Ability):
    """A stronghold whose defence bonus is rolled once per combat."""

    kind: ClassVar[str] = "rolled_defence"
    dice: Dice
    plus: int = 0

    def describe(self) -> str:
        plus = f" + {self.plus}" if self.plus else ""
        return (
            f"Defending creatures get {self.dice}{plus}, rolled once for the combat (the roll is part of the set-up)."
        )


@dataclass(frozen=True)
class ChannelCap(Ability):
    """``maximum`` None means no limit at all."""

    kind: ClassVar[str] = "channel_cap"
    maximum: int | None = None

    def describe(self) -> str:
        if self.maximum is None:
            return "May take any amount of channelling in one match-up."
        return f"May take up to {self.maximum} points of channelling in one match-up."


@dataclass(frozen=True)
class ChannelsOnlyTo(Ability):
    kind: ClassVar[str] = "channels_only_to"
    target: Selector
    overrides_red_bar: bool = False

    def describe(self) -> str:
        extra = ", even those that normally cannot receive channelling" if self.overrides_red_bar else ""
        return f"As a channeller it can channel only to {self.target.describe()}{extra}."


@dataclass(frozen=True)
class NoChannellingAgainst(Ability):
    kind: ClassVar[str] = "no_channelling_against"

    def describe(self) -> str:
        return "Its opponent in a match-up cannot receive channelling."


@dataclass(frozen=True)
class ForbidsBribery(Ability):
    kind: ClassVar[str] = "forbids_bribery"
    icon: BriberyIcon
    lifted_by_bribing_self: bool = True

    def describe(self) -> str:
        lift = " unless this creature itself is bribed first" if self.lifted_by_bribing_self else ""
        return (
            f"Once revealed, none of its side's creatures can be bribed with {self.icon.value.capitalize()} "
            f"for the rest of the combat{lift}."
        )


@dataclass(frozen=True)
class PartnerValueWhenBeaten(Ability):
    kind: ClassVar[str] = "partner_value_when_beaten"
    value: int

    def describe(self) -> str:
        return (
            f"If beaten in a primary match-up, secondary attacks on the creature that beat it add {self.value} "
            "as partner value instead of this card's Vitality."
        )


@dataclass(frozen=True)
class DispelsOpposingCommand(Ability):
    kind: ClassVar[str] = "dispels_opposing_command"

    def describe(self) -> str:
        return "Command: cancels the opponent's command card, whatever its Up number."


@dataclass(frozen=True)
class CommandTerrain(Ability):
    kind: ClassVar[str] = "command_terrain"
    terrain: Terrain

    def describe(self) -> str:
        return f"Command: the space counts as {self.terrain.value} for the rest of the combat."


@dataclass(frozen=True)
class CommandBonus(Ability):
    kind: ClassVar[str] = "command_bonus"
    amount: int
    against: Selector | None = None
    to: Selector | None = None
    terrain: Terrain | None = None
    when: When = When.PRIMARY
    first_only: bool = False
    rising: bool = False

    def describe(self) -> str:
        target = f" against {self.against.describe()}" if self.against else ""
        who = f"its side's {self.to.describe()}" if self.to else "every creature of its side"
        if self.first_only:
            who = f"the first of {who} played after it"
        scope = {
            When.PRIMARY: "in primary match-ups",
            When.SECONDARY: "when they make a secondary attack",
            When.BOTH: "in primary match-ups and secondary attacks",
        }[self.when]
        amount = (
            f"{_signed(self.amount)} Vitality for each match-up number (+{self.amount} in the first, "
            f"+{2 * self.amount} in the second, ...)"
            if self.rising
            else f"{_signed(self.amount)} Vitality"
        )
        return f"Command: {who} get {amount}{target} {scope}{_where(self.terrain)}."


@dataclass(frozen=True)
class DestroyedWhenCommanding(Ability):
    kind: ClassVar[str] = "destroyed_when_commanding"

    def describe(self) -> str:
        return "When its command takes effect, the card itself is destroyed."


@dataclass(frozen=True)
class CommandAnnouncement(Ability):
    """A command that makes the opponent reveal something before creatures are picked.

    ``conflict`` names the group of commands that cannot all be obeyed at once: two commands that
    each make the other side declare first contradict each other (command example 2)."""

    kind: ClassVar[str] = "command_announcement"
    announce: str
    conflict: str = ""

    def describe(self) -> str:
        return f"Command: for the whole combat the opponent must {self.announce}."


@dataclass(frozen=True)
class CommandPlayFirst(Ability):
    kind: ClassVar[str] = "command_play_first"
    target: Selector

    def describe(self) -> str:
        return f"Command: the opponent shows and must play {self.target.describe()} before any other creature."


@dataclass(frozen=True)
class Dispel(Ability):
    kind: ClassVar[str] = "dispel"

    def describe(self) -> str:
        return "Cancels a spell, an item or a command card's effect (never channelling)."


@dataclass(frozen=True)
class AllowChannelling(Ability):
    kind: ClassVar[str] = "allow_channelling"

    def describe(self) -> str:
        return "Any time in a match-up: one creature may receive channelling for that match-up."


@dataclass(frozen=True)
class DestroyMatchup(Ability):
    kind: ClassVar[str] = "destroy_matchup"
    requires_own: Selector | None = None
    requires_opponent: Selector | None = None

    def describe(self) -> str:
        conditions = []
        if self.requires_own is not None:
            conditions.append(f"your creature is one of {self.requires_own.describe()}")
        if self.requires_opponent is not None:
            conditions.append(f"the opposing creature is one of {self.requires_opponent.describe()}")
        where = f" where {' and '.join(conditions)}" if conditions else ""
        return f"Any time in a match-up{where}: both creatures are destroyed."


@dataclass(frozen=True)
class DestroyTerrain(Ability):
    kind: ClassVar[str] = "destroy_terrain"

    def describe(self) -> str:
        return "Any time: destroys a terrain card, so the fight has no terrain from then on."


@dataclass(frozen=True)
class SideBonus(Ability):
    """While this creature is in play (revealed in the primaries and not bribed or destroyed),
    creatures of the reached side that match ``to`` get the bonus against opponents matching
    ``against``."""

    kind: ClassVar[str] = "side_bonus"
    amount: int
    to: Selector | None = None
    against: Selector | None = None
    sides: Sides = Sides.OWN
    includes_self: bool = False
    until_beaten: bool = False
    command_only: bool = False
    once_beaten: bool = False

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "all"}[self.sides]
        if self.once_beaten:
            target = self.to.describe() if self.to else "creatures"
            return (
                f"Once it has been beaten (in play, not bribed or destroyed), {who} {target} get "
                f"{_signed(self.amount)} Vitality in their later primary match-ups."
            )
        if self.command_only:
            target = self.to.describe() if self.to else "creatures"
            versus = f" against {self.against.describe()}" if self.against else ""
            return f"Command: {who} {target} get {_signed(self.amount)} Vitality{versus} in primary match-ups."
        target = self.to.describe() if self.to else "creatures"
        versus = f" against {self.against.describe()}" if self.against else ""
        self_note = " (itself included)" if self.includes_self else " (not itself)"
        until = " until it is beaten" if self.until_beaten else ""
        return f"While it is in play{until}, {who} {target}{self_note} get {_signed(self.amount)} Vitality{versus} in primary match-ups."


@dataclass(frozen=True)
class DestroyedWhenBeaten(Ability):
    kind: ClassVar[str] = "destroyed_when_beaten"
    by: Selector | None = None

    def describe(self) -> str:
        by = f" by {self.by.describe()}" if self.by else ""
        return f"If it is beaten{by} in a primary match-up, it is destroyed instead: lost, and never healed."


@dataclass(frozen=True)
class DestroysWhenBeating(Ability):
    kind: ClassVar[str] = "destroys_when_beating"
    against: Selector | None = None

    def describe(self) -> str:
        which = self.against.describe() if self.against else "a creature"
        return f"When it beats {which} in a primary match-up, that creature is destroyed instead of beaten."


@dataclass(frozen=True)
class ControlValue(Ability):
    kind: ClassVar[str] = "control_value"
    value: int

    def describe(self) -> str:
        return f"Counts as {self.value} Vitality when control of the space is counted."


@dataclass(frozen=True)
class ControlBonus(Ability):
    """RES-2: while this creature survives the combat, its side's surviving creatures matching ``to`` count
    ``amount`` more for control; a side gets the bonus of one such card only."""

    kind: ClassVar[str] = "control_bonus"
    amount: int
    to: Selector | None = None

    def describe(self) -> str:
        who = self.to.describe() if self.to else "creatures"
        return (
            f"If it is still alive when control of the space is counted, each of its side's surviving {who} (itself "
            f"included if it is one) counts {_signed(self.amount)} Vitality for control; a side gets this from only "
            "one such card."
        )


@dataclass(frozen=True)
class AttackBoost(Ability):
    """While this creature is in play, every attack of ``attack_type`` is ``amount`` stronger: creatures
    with that attack (in primaries and secondary attacks) and AOEs of that type."""

    kind: ClassVar[str] = "attack_boost"
    attack_type: AttackType
    amount: int
    sides: Sides = Sides.BOTH

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "every"}[self.sides]
        return (
            f"While it is in play, {who} {self.attack_type.value}-based attack is {_signed(self.amount)} stronger: each "
            f"creature with a {self.attack_type.value}-based attack (itself included) gets {_signed(self.amount)} "
            f"Vitality in primary match-ups and secondary attacks, and each {self.attack_type.value} AOE hits "
            f"{self.amount} point(s) higher."
        )


@dataclass(frozen=True)
class TerrainEverywhere(Ability):
    """While this creature is in play and unbeaten, its side's other creatures get their terrain bonus
    whatever the terrain (rule ENG-13 says which one)."""

    kind: ClassVar[str] = "terrain_everywhere"
    until_beaten: bool = True

    def describe(self) -> str:
        return (
            "While it is in play and unbeaten, each other creature of its side gets its best terrain bonus wherever "
            "it fights (its largest printed terrain bonus, unless the real terrain already gives it more); penalties "
            "of the real terrain still apply."
        )


@dataclass(frozen=True)
class CommandRelocates(Ability):
    """Command, defender only: the combat moves to the space the attacker came from; the set-up's choice
    names that space's terrain."""

    kind: ClassVar[str] = "command_relocates"

    def offer(self) -> Offer | None:
        return Offer.TERRAIN

    def describe(self) -> str:
        return (
            "Command, for the defender only: the combat moves to the space the attacking shield came from. That "
            "space's terrain is a set-up choice (a terrain type, a terrain card, face-down or none; none by default). "
            "The defender no longer stands on its stronghold, so no defence bonus applies."
        )


@dataclass(frozen=True)
class JoinsFromTerrain(Ability):
    """Command: a creature lying face down as the space's terrain card, once its owner's, joins his combat hand."""

    kind: ClassVar[str] = "joins_from_terrain"

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def option_words(self) -> tuple[str, ...]:
        return ("use",)

    def describe(self) -> str:
        return (
            "Command: if the space's terrain is a face-down card that was once one of its owner's creatures (the "
            "set-up names it), he may take that creature into his combat hand to fight for him (the set-up's "
            "choice 'use'; by default it stays terrain). Once picked up, the space has no terrain card."
        )


@dataclass(frozen=True)
class RangedLimit(Ability):
    """Where and for whom this creature's ranged attack may be used."""

    kind: ClassVar[str] = "ranged_limit"
    against: Selector | None = None
    supports: Selector | None = None
    terrain: Terrain | None = None

    def describe(self) -> str:
        parts = []
        if self.against:
            parts.append(f"only against {self.against.describe()}")
        if self.supports:
            parts.append(f"only to support {self.supports.describe()}")
        if self.terrain:
            parts.append(f"only in {self.terrain.value}")
        return "Its ranged attack can be used " + " and ".join(parts) + "."


@dataclass(frozen=True)
class ReceivesChannellingOnlyFrom(Ability):
    kind: ClassVar[str] = "receives_channelling_only_from"
    guardian: bool = True
    channellers: Selector | None = None

    def describe(self) -> str:
        sources = ["its own Guardian"] if self.guardian else []
        if self.channellers:
            sources.append(self.channellers.describe())
        return "It may receive channelling only from " + " or ".join(sources) + "."


@dataclass(frozen=True)
class ForbidsChannelling(Ability):
    """While this creature is in play, the reached side(s) may not channel at all; with
    ``stones_only`` only channelling paid with Power Stones is barred (channellers still work);
    ``in_matchup_only``: the ban starts only once it fights or supports a match-up, never as the command."""

    kind: ClassVar[str] = "forbids_channelling"
    sides: Sides = Sides.BOTH
    until_beaten: bool = False
    stones_only: bool = False
    command_only: bool = False
    in_matchup_only: bool = False

    def describe(self) -> str:
        who = {Sides.OWN: "its own side", Sides.OPPONENT: "the opponent", Sides.BOTH: "neither player"}[self.sides]
        if self.stones_only:
            who = {Sides.OWN: "its own side", Sides.OPPONENT: "the opponent", Sides.BOTH: "no player"}[self.sides]
            verb = "may spend" if self.sides is Sides.BOTH else "may not spend"
            start = "Command: for the whole combat" if self.command_only else "While it is in play"
            return f"{start} {who} {verb} Power Stones to channel (channellers under a stronghold still may)."
        verb = "may channel" if self.sides is Sides.BOTH else "may not channel"
        until = ", until it is beaten," if self.until_beaten else ""
        start = "Once it has been played in a match-up" if self.in_matchup_only else "Once it is in play"
        if self.command_only:
            start = "Command: from now on"
        return f"{start}{until} {who} {verb} any more."


@dataclass(frozen=True)
class AllowsChannellingTo(Ability):
    """``guardian_cmp_cap``: the creatures it lets receive may take up to their Guardian's CMP
    in one match-up instead of their own Vitality."""

    kind: ClassVar[str] = "allows_channelling_to"
    target: Selector
    sides: Sides = Sides.OWN
    guardian_cmp_cap: bool = False
    command_only: bool = False

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "every player's"}[self.sides]
        cap = " and may take up to their Guardian's CMP of channelling in a match-up" if self.guardian_cmp_cap else ""
        start = "Command: for the whole combat" if self.command_only else "While it is in play"
        return f"{start} {who} {self.target.describe()} may receive channelling even with a red bar{cap}."


@dataclass(frozen=True)
class ForbidsRanged(Ability):
    kind: ClassVar[str] = "forbids_ranged"
    sides: Sides = Sides.BOTH

    def describe(self) -> str:
        who = {Sides.OWN: "its own side", Sides.OPPONENT: "the opponent", Sides.BOTH: "neither player"}[self.sides]
        verb = "may make" if self.sides is Sides.BOTH else "may not make"
        return f"Once it is in play, {who} {verb} ranged attacks."


@dataclass(frozen=True)
class PushMargin(Ability):
    """An opponent beats this creature only by leading by at least ``margin``; less is a push."""

    kind: ClassVar[str] = "push_margin"
    margin: int
    terrain: Terrain | None = None
    # With ``to`` the margin protects its side's creatures of that kind while this card is in play.
    to: Selector | None = None
    command_only: bool = False

    def describe(self) -> str:
        if self.to is not None:
            when = "Command" if self.command_only else "While it is in play"
            return (
                f"{when}: in primary match-ups an opponent beats its side's {self.to.describe()} only by leading by "
                f"{self.margin} or more; a smaller lead is a push."
            )
        where = f"In {self.terrain.value}, an" if self.terrain else "An"
        return f"{where} opponent beats it only by leading by {self.margin} or more; a smaller lead is a push."


@dataclass(frozen=True)
class WinsPushes(Ability):
    kind: ClassVar[str] = "wins_pushes"

    def describe(self) -> str:
        return "Its side wins every primary match-up that would otherwise be a push."


class Outcome(str, Enum):
    BEATS = "beats"
    BEATEN = "beaten"


class Razed(str, Enum):
    STRONGHOLD = "stronghold"
    TERRAIN = "terrain"


@dataclass(frozen=True)
class MatchupDestruction(Ability):
    """While it is in play, a primary match-up won by a creature of ``winners`` (seen from its owner) with a
    lead below ``lead_below`` destroys the beaten creature instead, and with ``winner_too`` the winner too."""

    kind: ClassVar[str] = "matchup_destruction"
    winners: Sides = Sides.BOTH
    lead_below: int | None = None
    winner_too: bool = False
    command_only: bool = False

    def describe(self) -> str:
        when = "Command" if self.command_only else "While it is in play"
        whose = {
            Sides.OWN: "one of its side's creatures",
            Sides.OPPONENT: "an opposing creature",
            Sides.BOTH: "a creature",
        }[self.winners]
        lead = f" by less than {self.lead_below}" if self.lead_below is not None else ""
        victims = (
            "both creatures of that match-up are destroyed"
            if self.winner_too
            else "the beaten creature is destroyed instead"
        )
        return f"{when}: whenever {whose} wins a primary match-up{lead}, {victims}."


@dataclass(frozen=True)
class WinsHeavyLosses(Ability):
    kind: ClassVar[str] = "wins_heavy_losses"
    margin: int

    def describe(self) -> str:
        return (
            f"Command: its side's creatures win the primary match-ups they would lose by more than {self.margin} "
            "Vitality (except against a Guardian)."
        )


@dataclass(frozen=True)
class DestroysCommandCard(Ability):
    """After its primary match-up, a side's command card is destroyed: its ongoing effect ends, and a command
    creature is lost. ``lead_over_vitality``: only when the lead beats that card's Vitality (Up number)."""

    kind: ClassVar[str] = "destroys_command_card"
    outcome: Outcome
    who: Sides = Sides.OPPONENT
    lead_over_vitality: bool = False
    creature_only: bool = False

    def __post_init__(self) -> None:
        if self.who is Sides.BOTH:
            raise ValueError("destroys_command_card: 'who' is 'own' or 'opponent'")

    def describe(self) -> str:
        event = (
            "When it beats its primary opponent"
            if self.outcome is Outcome.BEATS
            else "When it is beaten in a primary match-up"
        )
        whose = "its own side's" if self.who is Sides.OWN else "the opposing"
        if self.lead_over_vitality:
            event += f" by more than the Vitality of {whose} command card (a spell's or item's Up number)"
            whose = "that"
        which = " if that card is a creature" if self.creature_only else ""
        return f"{event}, {whose} command card is destroyed{which}: its effect ends and it does not count."


@dataclass(frozen=True)
class DestroysVictorUnlessHeld(Ability):
    kind: ClassVar[str] = "destroys_victor_unless_held"

    def describe(self) -> str:
        return (
            "A creature that beats it (in a primary match-up or a secondary attack) is destroyed when the combat "
            "ends unless its side holds the space."
        )


@dataclass(frozen=True)
class Harmless(Ability):
    kind: ClassVar[str] = "harmless"

    def describe(self) -> str:
        return (
            "Every creature is immune to it: in a primary match-up it is turned and cannot beat anything, and as a "
            "secondary attacker it adds nothing."
        )


@dataclass(frozen=True)
class RazesOnWinning(Ability):
    """Winning a primary match-up as the attacker wrecks the defender's stronghold or terrain card."""

    kind: ClassVar[str] = "razes_on_winning"
    razes: Razed

    def describe(self) -> str:
        if self.razes is Razed.STRONGHOLD:
            return (
                "When it wins a primary match-up against a defender in a stronghold, the stronghold is rubbled at once: "
                "no defence bonus for the rest of the combat."
            )
        return (
            "When it wins a primary match-up on the defender's terrain space, the terrain card is discarded at once: "
            "no terrain effect for the rest of the combat."
        )


@dataclass(frozen=True)
class AllowsRanged(Ability):
    """A terrain that counts as Woods yet allows ranged attacks."""

    kind: ClassVar[str] = "allows_ranged"

    def describe(self) -> str:
        return "Ranged attacks are allowed here, Woods or not."


@dataclass(frozen=True)
class NoBriberyHere(Ability):
    """A terrain on which one kind of bribery card may not be used."""

    kind: ClassVar[str] = "no_bribery_here"
    icon: BriberyIcon

    def describe(self) -> str:
        return f"No {self.icon.value.capitalize()} bribe may be made in a combat on this space."


@dataclass(frozen=True)
class ForbidsCommands(Ability):
    kind: ClassVar[str] = "forbids_commands"

    def describe(self) -> str:
        return "No command card may be played in a combat here."


@dataclass(frozen=True)
class CommandCard(Ability):
    """A spell or item whose text says it is played as the command card."""

    kind: ClassVar[str] = "command_card"

    def describe(self) -> str:
        return "Played as the command card of a combat."


@dataclass(frozen=True)
class SecondaryImmunity(Ability):
    kind: ClassVar[str] = "secondary_immunity"
    from_: Selector | None = None
    after_beating: Selector | None = None
    matchup: bool = False

    def describe(self) -> str:
        after = f" once it has beaten {self.after_beating.describe()} in the primaries" if self.after_beating else ""
        if self.from_ is not None:
            return f"Secondary attackers that are {self.from_.describe()} add nothing against it{after}."
        if self.matchup:
            return (
                f"Neither it nor the creature it faced in the primaries can be the target of a secondary attack{after}."
            )
        return f"It cannot be the target of a secondary attack{after}."


@dataclass(frozen=True)
class Stones(Ability):
    kind: ClassVar[str] = "stones"
    amount: int
    on: StoneEvent
    who: Sides = Sides.OWN
    against: Selector | None = None
    if_channelled: bool = False
    terrain: Terrain | None = None

    def __post_init__(self) -> None:
        if self.who is Sides.BOTH:
            raise ValueError("stones: 'who' is 'own' or 'opponent'")

    def describe(self) -> str:
        player = "its owner" if self.who is Sides.OWN else "the opposing player"
        verb = f"gains {self.amount}" if self.amount >= 0 else f"loses {-self.amount}"
        whom = f" {self.against.describe()}" if self.against else " a creature"
        channelled = " that received channelling in this combat" if self.if_channelled else ""
        event = {
            StoneEvent.BEATS: f"When it beats{whom}{channelled} in a primary match-up",
            StoneEvent.BEATEN: f"When it is beaten in a primary match-up by{whom}",
            StoneEvent.COMMAND: "When its command takes effect",
            StoneEvent.OPPONENT_CHANNELS: "Each time the opponent channels while it is in play",
            StoneEvent.SIDE_BEATS: "For each opposing creature its side beats while it is in play and unbeaten",
            StoneEvent.CAST: "When it is played",
        }[self.on]
        return f"{event}{_where(self.terrain)}, {player} {verb} Power Stone(s)."


@dataclass(frozen=True)
class CommandSideline(Ability):
    kind: ClassVar[str] = "command_sideline"
    target: Selector
    both_sides: bool = True
    cost: int = 0
    # One opposing card drawn at random (named by the set-up's choices) and the command card itself.
    picked: bool = False

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE if self.picked else None

    def describe(self) -> str:
        if self.picked:
            return (
                "Command: one card drawn at random from the opponent's combat hand (a set-up choice) and this "
                "card itself can neither fight nor count for control; secondary attackers may still attack either."
            )
        hands = "the combat on either side" if self.both_sides else "the opponent's combat hand or command"
        cost = f" (costs {self.cost} Power Stone{'s' if self.cost != 1 else ''})" if self.cost else ""
        return (
            f"Command{cost}: {self.target.describe()} still in {hands} are set aside: they cannot fight or count "
            "for control, but they can be attacked."
        )


@dataclass(frozen=True)
class BlankText(Ability):
    kind: ClassVar[str] = "blank_text"
    scope: TextScope = TextScope.OPPONENT
    cost: int = 0

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE if self.scope is TextScope.CHOSEN else None

    def describe(self) -> str:
        if self.scope is TextScope.CHOSEN:
            price = f"paying {self.cost} Power Stone(s)" if self.cost else "at no cost"
            return (
                f"Command: in one primary match-up its owner may blank the opposing creature's text box, {price}, for "
                "the rest of the combat; ranged attacks are not touched (the set-up's choice names the opposing "
                "creature; none named, it is not used)."
            )
        if self.scope is TextScope.ALL:
            return "Command: every creature's text box is blank for the rest of the combat (stats still count)."
        return "The creature it faces in a primary match-up has a blank text box for the rest of the combat."


@dataclass(frozen=True)
class PlayRestriction(Ability):
    kind: ClassVar[str] = "play_restriction"
    must: Restriction

    def describe(self) -> str:
        if self.must is Restriction.COMMAND:
            return "It can be played only as the command card."
        return "If it fights, it must be its side's first primary creature."


@dataclass(frozen=True)
class Suppresses(Ability):
    kind: ClassVar[str] = "suppresses"
    what: Suppressed
    scope: Scope = Scope.MATCHUP
    protects: Selector | None = None
    command_only: bool = False

    def describe(self) -> str:
        effect = {
            Suppressed.STRONGHOLD_BONUS: "stronghold defence bonus",
            Suppressed.OCB: "off-colour bonus",
            Suppressed.AOE: "AOE",
            Suppressed.CLASS_BONUS: "Vitality bonus tied to a creature class",
        }[self.what]
        if self.scope is Scope.MATCHUP:
            whose = "its" if self.what is not Suppressed.STRONGHOLD_BONUS else "the"
            return f"The creature it faces in a primary match-up loses {whose} {effect}."
        protected = self.protects.describe() if self.protects else "creatures"
        if self.what is Suppressed.CLASS_BONUS:
            return (
                f"While it is in play, the opponent's creatures get no {effect} (a bonus for being of a class, or "
                "against, beside or for counting creatures of a class), from any card."
            )
        if self.command_only:
            return f"Command: opposing creatures get no {effect} against its side's {protected}."
        return f"While it is in play, opposing creatures get no {effect} against its side's {protected}."


@dataclass(frozen=True)
class ControlExclusion(Ability):
    kind: ClassVar[str] = "control_exclusion"
    who: Sides = Sides.OPPONENT
    opponent: Selector | None = None

    def describe(self) -> str:
        faced = (
            f"the creature it faced in the primaries (if {self.opponent.describe()})"
            if self.opponent
            else ("the creature it faced in the primaries")
        )
        both = " and this creature itself" if self.who is Sides.BOTH else ""
        return f"When control is counted, {faced}{both} add nothing."


@dataclass(frozen=True)
class Indestructible(Ability):
    kind: ClassVar[str] = "indestructible"

    def describe(self) -> str:
        return "It cannot be destroyed."


@dataclass(frozen=True)
class SecondaryAutoWin(Ability):
    kind: ClassVar[str] = "secondary_auto_win"

    def describe(self) -> str:
        return "As the last secondary attacker on a target it beats that target whatever the totals."


@dataclass(frozen=True)
class StartsAsPush(Ability):
    """In its primary match-ups (against ``against``), the totals the printed cards give are made
    equal before the players' own additions (ranged attacks, channelling) decide it."""

    kind: ClassVar[str] = "starts_as_push"
    against: Selector | None = None

    def describe(self) -> str:
        versus = f" against {self.against.describe()}" if self.against else ""
        return (
            f"In a primary match-up{versus}, the result starts as a push: the totals from the cards are made equal, "
            "and only ranged attacks and channelling added afterwards can decide it."
        )


@dataclass(frozen=True)
class ReturnsToPen(Ability):
    """A creature leaves its primary match-up for the Creature Pen: neither beaten nor counted."""

    kind: ClassVar[str] = "returns_to_pen"
    who: Sides = Sides.OPPONENT
    opponent: Selector | None = None
    losing_by_more_than: int | None = None
    same_class: bool = False
    side_wide: bool = False

    def describe(self) -> str:
        if self.side_wide:
            which = " that shares a creature class with it" if self.same_class else ""
            return (
                "While it is in play, whenever one of its side's primary creatures (itself included) meets an opposing "
                f"creature{which}, that opposing creature goes back to its Creature Pen at once: the match-up ends "
                "with nobody beaten."
            )
        if self.who is Sides.OWN:
            when = (
                f"If it loses a primary match-up by more than {self.losing_by_more_than}"
                if self.losing_by_more_than is not None
                else "When it fights a primary match-up"
            )
            return f"{when}, it goes back to its owner's Creature Pen instead: not beaten, and not counted for control."
        which = self.opponent.describe() if self.opponent else "creature"
        return (
            f"If its primary match-up opponent is one of {which}, that opponent goes back to its Creature Pen at once: "
            "the match-up ends with nobody beaten."
        )


@dataclass(frozen=True)
class RangedModifier(Ability):
    """Changes to ranged attacks: on a ranged creature its own shot; with ``to_side`` every ranged
    attack its side makes while this creature is in play (fighting or as the command card)."""

    kind: ClassVar[str] = "ranged_modifier"
    amount: int = 0
    to_side: bool = False
    adds_other_ranged: bool = False
    beaten_after: bool = False

    def describe(self) -> str:
        parts = []
        if self.amount:
            parts.append(f"{_signed(self.amount)} to its ranged attack")
        if self.adds_other_ranged:
            parts.append("adds the printed values of the other ranged attacks already placed in the same match-up")
        if self.beaten_after:
            parts.append("after firing it is beaten itself")
        if self.to_side:
            return f"While it is in play, every ranged attack its side makes gets {_signed(self.amount)}."
        return "Ranged attack: " + "; ".join(parts) + "."


@dataclass(frozen=True)
class SizeChoice(Ability):
    """Its owner may shrink it while it is face up; the chosen size is a set-up choice."""

    kind: ClassVar[str] = "size_choice"
    medium: int = 0
    small: int = 0

    def option_words(self) -> tuple[str, ...]:
        return ("large", "medium", "small")

    def offer(self) -> Offer | None:
        return Offer.SIZE

    def describe(self) -> str:
        return (
            f"Its owner may make it Medium ({_signed(self.medium)} Vitality) or Small ({_signed(self.small)}) "
            "while it is face up; size-based effects see the chosen size (a set-up choice; Large if none is given)."
        )


@dataclass(frozen=True)
class ClassChoice(Ability):
    """A creature class its owner names replaces the classes of the creatures it reaches."""

    kind: ClassVar[str] = "class_choice"
    who: Sides = Sides.OWN
    target: Selector | None = None
    timing: Timing = Timing.COMMAND
    until_primaries_end: bool = False

    def offer(self) -> Offer | None:
        return Offer.CLASS

    def describe(self) -> str:
        whose = "its side's" if self.who is Sides.OWN else "the opponent's"
        reach = f"{whose} {self.target.describe()}" if self.target else f"{whose} creatures"
        if self.timing is Timing.PRIMARY:
            reach = "its side's creature in the current primary match-up"
            when = "Cast in a primary match-up"
        else:
            when = "Command"
        until = "until the primary match-ups end" if self.until_primaries_end else "for the rest of the combat"
        return f"{when}: {reach} count as a creature class its owner names {until} (a set-up choice)."


@dataclass(frozen=True)
class SharedClass(Ability):
    """Every primary attacker of its side takes the classes of that side's first match-up creature."""

    kind: ClassVar[str] = "shared_class"

    def describe(self) -> str:
        return (
            "Command: every primary attacker of its side counts as the creature class(es) of the side's "
            "first match-up creature."
        )


@dataclass(frozen=True)
class RetreatOption(Ability):
    """A side may leave the combat at a fixed moment; the set-up's choice ``card:retreat`` takes it."""

    kind: ClassVar[str] = "retreat_option"
    moment: LeaveMoment = LeaveMoment.BEFORE_PRIMARIES
    who: Sides = Sides.OWN
    discard_self: bool = False
    requires_unbeaten: bool = False
    side_role: SideRole | None = None
    or_pay_stones: int = 0
    or_outside: str = ""
    destroys_stayers: bool = False

    def option_words(self) -> tuple[str, ...]:
        words = ["retreat", "stay"]
        if self.or_pay_stones:
            words.append("pay")
        return tuple(words)

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def describe(self) -> str:
        chooser = "Its owner" if self.who is Sides.OWN else "The opponent"
        when = (
            "before the primary match-ups" if self.moment is LeaveMoment.BEFORE_PRIMARIES else "once the primaries end"
        )
        conditions = []
        if self.side_role is not None:
            conditions.append(f"only while its side is the {self.side_role.value}")
        if self.requires_unbeaten:
            conditions.append("only if it is in play and unbeaten")
        cost = ", discarding this card" if self.discard_self else ""
        text = f"{chooser} may retreat {when}{cost}" + (f" ({'; '.join(conditions)})" if conditions else "")
        others = []
        if self.or_pay_stones:
            others.append(f"pay {self.or_pay_stones} Power Stone(s)")
        if self.or_outside:
            others.append(self.or_outside)
        if others:
            text = (
                f"{chooser} must retreat {when} or else "
                + " or ".join(others)
                + (f" ({'; '.join(conditions)})" if conditions else "")
            )
        if self.destroys_stayers:
            text += "; if the opponent stays and this side wins, every creature of the opponent's shield is destroyed"
        return text + ". The choice is a set-up input (stay if none is given)."


@dataclass(frozen=True)
class HandDiscard(Ability):
    """Cards still in a combat hand are discarded: all that match, or one the set-up names."""

    kind: ClassVar[str] = "hand_discard"
    timing: Timing = Timing.COMMAND
    who: Sides = Sides.OPPONENT
    cards: HandCards = HandCards.CREATURES
    target: Selector | None = None
    chosen: bool = False

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE if self.chosen else None

    def describe(self) -> str:
        when = "Command" if self.timing is Timing.COMMAND else "When it is revealed in a primary match-up"
        whose = {Sides.OWN: "its owner's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "each player's"}[self.who]
        what = {
            HandCards.CREATURES: "creatures",
            HandCards.DOUBLE_BORDERED: "double-bordered cards (bribes, spells, hand items)",
            HandCards.ALL: "cards",
        }[self.cards]
        if self.target is not None:
            what = f"{self.target.describe()}"
        if self.chosen:
            return f"{when}: the opponent discards one of his {what} still in his combat hand, of his choice (a set-up choice)."
        return f"{when}: every one of {whose} {what} still in the combat hand is discarded."


@dataclass(frozen=True)
class SendsToMelee(Ability):
    """Creatures leave the combat hand for the melee as unchallenged cards (rule 11.4.7)."""

    kind: ClassVar[str] = "sends_to_melee"
    duplicates: bool = True

    def describe(self) -> str:
        return (
            "Command: every creature the opponent holds in two or more copies in his combat hand goes into the "
            "melee at once as an unchallenged card (it fights no match-up but stays in play and counts)."
        )


@dataclass(frozen=True)
class Withdraws(Ability):
    """It goes back to its combat hand from a primary match-up, leaving its opponent unchallenged."""

    kind: ClassVar[str] = "withdraws"
    trigger: Withdrawal = Withdrawal.MEETS
    against: Selector | None = None

    def describe(self) -> str:
        if self.trigger is Withdrawal.WINS:
            when = "When it beats its primary opponent"
            rest = "that opponent is not beaten but stays in the melee as an unchallenged card"
        else:
            who = self.against.describe() if self.against else "any creature"
            when = f"When its primary opponent is {who}"
            rest = "that opponent stays in the melee as an unchallenged card"
        return f"{when}, it goes back to its owner's combat hand (to be played again later) and {rest}."


@dataclass(frozen=True)
class SacrificeOption(Ability):
    """Its owner may end its primary match-up by having it destroyed (set-up choice ``card:sacrifice``)."""

    kind: ClassVar[str] = "sacrifice_option"

    def option_words(self) -> tuple[str, ...]:
        return ("sacrifice",)

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def describe(self) -> str:
        return (
            "In its primary match-up its owner may have it destroyed: the match-up ends and its opponent stays in "
            "the melee as an unchallenged card (a set-up choice)."
        )


@dataclass(frozen=True)
class EndsMatchup(Ability):
    """A spell cast on its side's creature in a primary match-up: both creatures become unchallenged."""

    kind: ClassVar[str] = "ends_matchup"
    target: Selector | None = None

    def describe(self) -> str:
        on = self.target.describe() if self.target else "a creature"
        return (
            f"Cast on its side's {on} in a primary match-up: the match-up ends and both creatures stay in the "
            "melee as unchallenged cards, neither beaten."
        )


@dataclass(frozen=True)
class RefusesOpponent(Ability):
    """It may refuse its first primary opponent and face a card picked at random from the opposing hand."""

    kind: ClassVar[str] = "refuses_opponent"

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        return (
            "It may turn down its first primary opponent (who goes back to its hand) and face a creature drawn at "
            "random from the opponent's combat hand instead (the drawn card is a set-up choice)."
        )


class ShotEffect(str, Enum):
    CANCEL = "cancel"
    TAKE_OVER = "take_over"


class ChannelEffect(str, Enum):
    DESTROY_CHANNELLER = "destroy_channeller"
    SUBTRACT = "subtract"


_CHANNEL_EFFECTS: frozenset[str] = frozenset(effect.value for effect in ChannelEffect)


class Castable(str, Enum):
    SPELL = "spell"
    HAND_ITEM = "hand_item"


@dataclass(frozen=True)
class CancelsRanged(Ability):
    """A ranged creature whose shot adds nothing but cancels one opposing ranged attack of the match-up."""

    kind: ClassVar[str] = "cancels_ranged"

    def describe(self) -> str:
        return "Ranged attack: adds no points, but cancels one ranged attack the opponent makes in the same match-up."


@dataclass(frozen=True)
class RangedReaction(Ability):
    """A spell cast right after an opposing ranged attack (the set-up's ``spell`` names the match-up,
    and ``@creature`` the shot; otherwise the first opposing shot)."""

    kind: ClassVar[str] = "ranged_reaction"
    effect: ShotEffect
    bars_rest: bool = False

    def describe(self) -> str:
        what = {
            ShotEffect.CANCEL: "that attack is cancelled and adds nothing",
            ShotEffect.TAKE_OVER: "that attack's points go to the caster's creature instead, as if the caster had made it",
        }[self.effect]
        rest = "; that opponent may make no more ranged attacks in this combat" if self.bars_rest else ""
        return f"Cast right after an opposing ranged attack: {what}{rest}."


@dataclass(frozen=True)
class ChannelReaction(Ability):
    """Answers one opposing channelling in a primary match-up or a secondary attack: as a spell
    (``spell`` decision, ``s1`` for a secondary attack) or, with ``as_ranged``, as the creature's
    ranged use in a match-up (``ranged`` decision)."""

    kind: ClassVar[str] = "channel_reaction"
    effect: ChannelEffect
    as_ranged: bool = False

    def describe(self) -> str:
        when = "Used as its ranged attack" if self.as_ranged else "Cast"
        if self.effect is ChannelEffect.SUBTRACT:
            return f"{when} when the opposing Guardian channels: that channelling is taken off the target instead of added."
        return (
            f"{when} right after an opposing creature (not a Guardian) channels: that channeller is destroyed "
            "and its channelling cancelled."
        )


@dataclass(frozen=True)
class RangedChannelling(Ability):
    kind: ClassVar[str] = "ranged_channelling"
    maximum: int

    def describe(self) -> str:
        return (
            f"When used as a ranged attacker it may receive up to {self.maximum} points of channelling onto its shot."
        )


@dataclass(frozen=True)
class CommandRanged(Ability):
    """A command creature that fires ranged shots of ``points`` into any primary match-up (``ranged``
    decisions name it), each costing ``cost`` Power Stones."""

    kind: ClassVar[str] = "command_ranged"
    points: int
    cost: int = 1

    def describe(self) -> str:
        return (
            f"Command: may fire {self.points}-point ranged attacks into any primary match-up, "
            f"paying {self.cost} Power Stone(s) per shot."
        )


@dataclass(frozen=True)
class RangedGamble(Ability):
    """Command: after each ranged attack of its side its owner may roll (a roll given in the set-up
    for the shooter); on ``succeeds_from`` or more the shooter and the opposing creature are destroyed."""

    kind: ClassVar[str] = "ranged_gamble"
    # Not ``dice``: the roll is optional and given per shot, so the card itself needs no roll.
    die: Dice
    succeeds_from: int
    command_only: bool = True

    def describe(self) -> str:
        return (
            f"Command: after each ranged attack of its side in a primary match-up its owner may roll {self.die}; "
            f"on {self.succeeds_from} or more the ranged attacker and the opposing creature of the match-up are "
            "both destroyed (the roll, if made, is part of the set-up, given for the ranged attacker)."
        )


@dataclass(frozen=True)
class ForbidsCasting(Ability):
    """While it is in play (with ``command_only``: as the active command), the reached side(s) may
    not play cards of the kind ``casting``."""

    kind: ClassVar[str] = "forbids_casting"
    casting: Castable = Castable.SPELL
    sides: Sides = Sides.BOTH
    command_only: bool = False

    def describe(self) -> str:
        who = {Sides.OWN: "its own side", Sides.OPPONENT: "the opponent", Sides.BOTH: "no player"}[self.sides]
        verb = "may play" if self.sides is Sides.BOTH else "may not play"
        what = {Castable.SPELL: "spells (Dispel Magic included)", Castable.HAND_ITEM: "hand magic items"}[self.casting]
        start = "Command: for the whole combat" if self.command_only else "While it is in play"
        return f"{start} {who} {verb} {what}."


@dataclass(frozen=True)
class Undispellable(Ability):
    kind: ClassVar[str] = "undispellable"

    def describe(self) -> str:
        return "Its command cannot be dispelled, by Dispel Magic or by another command."


@dataclass(frozen=True)
class GrantsImmunity(Ability):
    """While it is in play, creatures matching ``to`` (of the reached sides; with ``later_only``
    only those played in later match-ups) are immune to ``attack_type``."""

    kind: ClassVar[str] = "grants_immunity"
    attack_type: AttackType
    to: Selector | None = None
    sides: Sides = Sides.BOTH
    later_only: bool = True

    def describe(self) -> str:
        who = {Sides.OWN: "its side's", Sides.OPPONENT: "the opponent's", Sides.BOTH: "all"}[self.sides]
        target = self.to.describe() if self.to else "creatures"
        later = " played in later match-ups" if self.later_only else ""
        return f"While it is in play, {who} {target}{later} are immune to {self.attack_type.value} attacks."


@dataclass(frozen=True)
class BribesAnyIcon(Ability):
    """Its side's bribery cards need no matching icon: any creature that shows at least one icon will do."""

    kind: ClassVar[str] = "bribes_any_icon"
    command_only: bool = True

    def describe(self) -> str:
        return (
            "Command: each bribery card its side plays works on any creature that can be bribed at all, "
            "whatever bribery icons that creature shows."
        )


@dataclass(frozen=True)
class ForcedBribe(Ability):
    """A command that has one opposing creature still in the combat hand, bribeable by ``icon``, count as bribed."""

    kind: ClassVar[str] = "forced_bribe"
    icon: BriberyIcon

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        name = self.icon.value.capitalize()
        return (
            f"Command: the opponent shows every creature in his combat hand that a {name} card could bribe; the "
            "player of this card picks one, which counts as bribed (a set-up choice; by default the one with the "
            "highest Vitality)."
        )


@dataclass(frozen=True)
class BribeCounter(Ability):
    """A spell cast as the opponent plays a bribe of ``icon``: the bribe fails and the caster keeps the card."""

    kind: ClassVar[str] = "bribe_counter"
    icon: BriberyIcon

    def describe(self) -> str:
        name = self.icon.value.capitalize()
        return (
            f"Cast when the opponent plays a {name} bribe: that bribe fails, and the caster may bribe with the "
            f"captured {name} card himself later in this combat (unused, it goes to its owner's discard pile)."
        )


@dataclass(frozen=True)
class BribeToMelee(Ability):
    """A spell cast when one of its side's creatures is bribed in a primary match-up (rule 11.4.7)."""

    kind: ClassVar[str] = "bribe_to_melee"
    target: Selector | None = None

    def describe(self) -> str:
        which = self.target.describe() if self.target else "creatures"
        return (
            f"Cast when one of its side's {which} is bribed in a primary match-up: it does not leave the combat; "
            "it and the creature it faces both stay in the melee as unchallenged cards, unbeaten and counted."
        )


@dataclass(frozen=True)
class BribeDecoy(Ability):
    """From the combat hand it may take an opposing bribe aimed at one of its side's ``protects``."""

    kind: ClassVar[str] = "bribe_decoy"
    protects: Selector | None = None

    def option_words(self) -> tuple[str, ...]:
        return ("decoy",)

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def describe(self) -> str:
        which = self.protects.describe() if self.protects else "creatures"
        return (
            f"While it waits in its side's combat hand, its owner may let it take the first opposing bribe aimed at "
            f"one of its side's {which}: it goes to the Creature Pen instead (out of the combat, not counted) and the "
            "creature aimed at is not bribed (a set-up choice, 'decoy'; unused if none is given)."
        )


@dataclass(frozen=True)
class RangedDiscard(Ability):
    """Using its ranged attack costs the opponent one double-bordered card of his combat hand."""

    kind: ClassVar[str] = "ranged_discard"

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_HAND_CARD

    def describe(self) -> str:
        return (
            "When it is used as a ranged attack, the opponent discards one double-bordered card (bribe, spell or hand "
            "item) from his combat hand, of his choice (a set-up choice naming the card; by default the one with "
            "the lowest Up number)."
        )


@dataclass(frozen=True)
class UpCardDuel(Ability):
    """Command: a card picked from the opposing combat hand is destroyed when the opponent's Up card (a
    creature; its Vitality is a set-up count) has the lower base Vitality."""

    kind: ClassVar[str] = "up_card_duel"
    counting: str = "the base Vitality of the opponent's Up card this turn"
    needs_count: ClassVar[bool] = True

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        return (
            "Command: if the opponent's Up card is a creature, its player picks a creature from the opponent's "
            "combat hand (a set-up choice; none is picked if none is given); if the Up card's base Vitality (a "
            "set-up count) is lower than the picked card's, the picked card is destroyed."
        )


@dataclass(frozen=True)
class StripsBribery(Ability):
    """Surviving its primary match-up makes the opponent give up every bribery card of ``icon``."""

    kind: ClassVar[str] = "strips_bribery"
    icon: BriberyIcon

    def describe(self) -> str:
        name = self.icon.value.capitalize()
        return (
            "If it is still standing once its primary match-up is over, the opponent shows the double-bordered "
            f"cards of his storage hand and discards every {name} bribery card among them, so he has none left for "
            "the rest of the combat."
        )


@dataclass(frozen=True)
class SwapsPlaces(Ability):
    """Two creatures of one side trade places after a match-up (rule 11.4.7): the set-up's choice names
    the other creature. ``from_hand``: this card waits in the hand and steps in for the named creature
    that fought; otherwise this card fought and the named creature from the hand takes its place."""

    kind: ClassVar[str] = "swaps_places"
    from_hand: bool = True
    replaces: Selector | None = None
    after_loss: bool = False

    def offer(self) -> Offer | None:
        return Offer.OWN_CREATURE

    def describe(self) -> str:
        if not self.from_hand:
            return (
                "When it is beaten in a match-up, its owner may put another creature from the combat hand in its "
                "place: that creature counts as the beaten one and this card goes back to the hand (a set-up choice)."
            )
        who = self.replaces.describe() if self.replaces else "creature"
        lost = " that has just lost a match-up" if self.after_loss else " that has just fought a match-up"
        return (
            f"While it waits in the combat hand it may trade places with its side's {who}{lost}: it takes over that "
            "creature's place and result, and the other creature goes back to the hand (a set-up choice)."
        )


@dataclass(frozen=True)
class Detonates(Ability):
    """Command: its side may blow up one of its creatures in a primary match-up, destroying both."""

    kind: ClassVar[str] = "detonates"
    target: Selector | None = None

    def offer(self) -> Offer | None:
        return Offer.OWN_CREATURE

    def describe(self) -> str:
        who = self.target.describe() if self.target else "creature"
        return (
            f"Command: its side may blow up one of its {who} when it meets its primary opponent: both creatures of "
            "that match-up are destroyed (the set-up's choice names the creature)."
        )


@dataclass(frozen=True)
class FixesRolls(Ability):
    """While its creature is in play and unbeaten, every six-sided die counts as this value."""

    kind: ClassVar[str] = "fixes_rolls"
    value: int = 1

    def describe(self) -> str:
        return f"While it is in play and unbeaten, every d6 rolled in the combat counts as {self.value}, whatever the dice show."


@dataclass(frozen=True)
class Reroll(Ability):
    """A reroll is the player's business at the table: the set-up gives the roll that is finally kept."""

    kind: ClassVar[str] = "reroll"
    times: int = 1

    def describe(self) -> str:
        return (
            f"While it is in play its owner may roll any one d6 again ({self.times} time(s)); the set-up's roll is "
            "the one finally kept, so nothing else changes (rule 11.4.4)."
        )


@dataclass(frozen=True)
class Announcement(Ability):
    """An announcement while the creature is in play; the set-up's play order already reflects it."""

    kind: ClassVar[str] = "announcement"
    announce: str = ""

    def describe(self) -> str:
        return (
            f"While it is in play the opponent must {self.announce}; only the play order depends on it, and the "
            "set-up gives that order."
        )


@dataclass(frozen=True)
class RolledDestroys(Ability):
    """In a primary match-up its owner rolls: the roll picks the border it destroys (``targets[roll - 1]``);
    with ``freezes`` nothing may change the match-up after the roll."""

    kind: ClassVar[str] = "rolled_destroys"
    dice: Dice
    targets: tuple[Border, ...] = ()
    freezes: bool = False

    def __post_init__(self) -> None:
        if len(self.targets) != self.dice.highest:
            raise ValueError(f"targets must name a border for each roll from 1 to {self.dice.highest}")

    def describe(self) -> str:
        bands = ", ".join(f"{roll + 1}: {border.value}s" for roll, border in enumerate(self.targets))
        frozen = (
            "; after the roll nothing more may change the match-up (no ranged attack, channelling or spell)"
            if self.freezes
            else ""
        )
        return f"In a primary match-up it rolls {self.dice} (a set-up roll) and destroys its opponent if the border matches ({bands}){frozen}."


@dataclass(frozen=True)
class PullsToMelee(Ability):
    """After beating its primary opponent it rolls; on ``succeeds_from`` or more its owner may pull a card
    drawn at random from the opposing hand (a set-up choice) into the melee as an unchallenged card."""

    kind: ClassVar[str] = "pulls_to_melee"
    dice: Dice
    succeeds_from: int

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        return (
            f"When it beats its primary opponent it rolls {self.dice} (a set-up roll); on {self.succeeds_from} or more its "
            "owner may pull a card drawn at random from the opponent's combat hand into the melee as an unchallenged "
            "card (the drawn card is a set-up choice; none given, no pull)."
        )


@dataclass(frozen=True)
class StealsText(Ability):
    """As a primary attacker it rolls; on ``succeeds_from`` or more it takes its opponent's text box.
    With ``from_hand`` there is no roll: its owner may lay a creature of his combat hand in the melee as an
    unchallenged card (a set-up choice naming it; none given, none laid) and it gains that creature's text box."""

    kind: ClassVar[str] = "steals_text"
    dice: Dice | None = None
    succeeds_from: int = 0
    from_hand: bool = False

    def __post_init__(self) -> None:
        if (self.dice is None) != self.from_hand:
            raise ValueError(
                "give dice to take the opponent's text box, or from_hand (and no dice) to copy a hand card's"
            )

    def offer(self) -> Offer | None:
        return Offer.OWN_CREATURE if self.from_hand else None

    def describe(self) -> str:
        if self.from_hand:
            return (
                "When it fights a primary match-up its owner may lay any creature of his combat hand in the melee as "
                "an unchallenged card (it fights no one, stays unbeaten and counts for control); it then gains that "
                "creature's text box for the rest of the combat (the laid creature is a set-up choice; none given, "
                "none is laid)."
            )
        return (
            f"When it meets its primary opponent it rolls {self.dice} (a set-up roll); on {self.succeeds_from} or more it "
            "takes over that creature's text box for the rest of the combat, and the opponent's text box goes blank."
        )


@dataclass(frozen=True)
class BorrowsPrevious(Ability):
    """In a primary match-up it uses the printed off-colour and terrain bonuses of the creature its side
    played in the match-up just before (PRI-7, PRI-8); in its side's first match-up there is none."""

    kind: ClassVar[str] = "borrows_previous"
    ocb: bool = True
    ocb_against: Border | None = None
    terrain_bonus: bool = True

    def describe(self) -> str:
        lent = []
        if self.ocb:
            against = f", counted only against {self.ocb_against.value}s" if self.ocb_against else ""
            lent.append(f"off-colour bonus{against}")
        if self.terrain_bonus:
            lent.append("terrain bonus")
        return (
            f"In a primary match-up it uses the printed {' and the '.join(lent)} of the creature its side played in "
            "the match-up just before; in the first match-up there is nothing to borrow, and a borrowed bonus is "
            "never lent on again."
        )


@dataclass(frozen=True)
class ForcedFirstAnswer(Ability):
    """Command: its side shows its first primary creature; the opponent must answer with his highest
    base-Vitality creature whose base Vitality is below the shown one's (ruling ENG-15)."""

    kind: ClassVar[str] = "forced_first_answer"

    def describe(self) -> str:
        return (
            "Command: in the first match-up its side lays its creature first, and the opponent must answer with the "
            "creature of highest base Vitality among those whose base Vitality is lower than the shown creature's "
            "(any of them on a tie; a free choice when none is lower). The set-up's first match-up is checked "
            "against this."
        )


class Guessed(str, Enum):
    """What a guess about a hidden match-up creature names."""

    BORDER = "border"
    SIZE = "size"


@dataclass(frozen=True)
class CommandGuess(Ability):
    """Command: in each primary match-up, once both creatures are picked face down, ``guesser`` guesses the
    ``guesses`` of the other side's hidden creature; the owner's creature gets ``amount`` on a right guess
    (``on_right``) or on a wrong one. The guesses are a set-up choice, one per match-up (ruling ENG-12)."""

    kind: ClassVar[str] = "command_guess"
    amount: int
    guesses: Guessed
    guesser: Sides = Sides.OPPONENT
    on_right: bool = False

    def __post_init__(self) -> None:
        if self.guesser is Sides.BOTH:
            raise ValueError("command_guess: 'guesser' is 'own' or 'opponent'")

    def offer(self) -> Offer | None:
        return Offer.GUESSES

    def option_words(self) -> tuple[str, ...]:
        if self.guesses is Guessed.BORDER:
            return tuple(border.value for border in Border)
        return ("small", "medium", "large")

    def describe(self) -> str:
        who = "the opponent" if self.guesser is Sides.OPPONENT else "its owner"
        whose = "its side's" if self.guesser is Sides.OPPONENT else "the opposing"
        what = "border colour" if self.guesses is Guessed.BORDER else "size (Small, Medium or Large)"
        when = "right" if self.on_right else "wrong"
        default = "wrong" if self.on_right else "right"
        return (
            f"Command: in each primary match-up, after both creatures are picked face down, {who} guesses the {what} "
            f"of {whose} creature; if the guess is {when}, its side's creature gets {_signed(self.amount)} Vitality. "
            f"The guesses are a set-up choice, one per match-up in order ({', '.join(self.option_words())}, joined "
            f"by hyphens); a match-up with no guess given counts as a {default} guess."
        )


@dataclass(frozen=True)
class StoneOrBonus(Ability):
    """When it fights a primary match-up the opponent either burns ``stones`` Power Stones or lets it have
    ``amount`` (set-up choice ``burn``; by default he keeps his stones and the bonus applies)."""

    kind: ClassVar[str] = "stone_or_bonus"
    amount: int
    stones: int = 1

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def option_words(self) -> tuple[str, ...]:
        return ("burn", "refuse")

    def describe(self) -> str:
        return (
            f"When it fights a primary match-up the opponent must either burn {self.stones} Power Stone(s) from his "
            f"supply or let it fight with {_signed(self.amount)} Vitality (a set-up choice, 'burn' or 'refuse'; "
            "with none given, or with too few stones, he burns nothing and the bonus applies)."
        )


@dataclass(frozen=True)
class StoneBid(Ability):
    """Command: the players bid Power Stones for the space; the higher bid holds it, its bidder burns the
    bid, the combat is cancelled and this card is discarded (ruling ENG-12)."""

    kind: ClassVar[str] = "stone_bid"
    opening: int = 1

    def offer(self) -> Offer | None:
        return Offer.BIDS

    def describe(self) -> str:
        return (
            f"Command: the players bid Power Stones for the space, its owner opening at {self.opening}; whoever "
            "outbids the other burns his bid and holds the space, the combat is cancelled with no match-up fought, "
            "and this card is discarded. The final bids are a set-up choice, owner's then opponent's ('3-4'; 0 for "
            f"an opponent who never raises); with none given, the owner bids {self.opening} and the opponent does "
            "not raise."
        )


@dataclass(frozen=True)
class ItemBribe(Ability):
    """Command: once in the combat its side bribes one opposing creature that shows any bribery icon, paying
    with an Item from the storage hand (outside the set-up) instead of a bribery card."""

    kind: ClassVar[str] = "item_bribe"

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_CREATURE

    def describe(self) -> str:
        return (
            "Command: once in the combat its side may bribe one opposing creature that can be bribed at all "
            "(whatever its icons), paying with an Item discarded from the storage hand instead of a bribery card. "
            "The set-up's choice names the creature: it is bribed as soon as it is revealed in a primary match-up "
            "or as a secondary attacker (none named, no bribe)."
        )


@dataclass(frozen=True)
class GuardianCmp(Ability):
    """Played before the combat (the set-up's ``earlier`` input names it): its owner's Guardian channels
    with this CMP for the rest of the turn."""

    kind: ClassVar[str] = "guardian_cmp"
    from_earlier: ClassVar[bool] = True
    value: int

    def describe(self) -> str:
        return (
            f"Played in Draw and Organize: for the rest of the turn its owner's Guardian has a CMP of {self.value}, so "
            "each stone it spends on channelling gives that much (name it in the set-up as played earlier)."
        )


@dataclass(frozen=True)
class LastingAttackBonus(Ability):
    """Played before the combat (the set-up's ``earlier`` input names it): every creature attacking a
    creature that is one of ``against`` gets ``amount`` for this combat, whoever played the card."""

    kind: ClassVar[str] = "lasting_attack_bonus"
    from_earlier: ClassVar[bool] = True
    amount: int
    against: Selector

    def describe(self) -> str:
        return (
            f"Played before the combat starts (name it in the set-up as played earlier): for that combat every "
            f"creature attacking {self.against.describe()} gets {_signed(self.amount)} Vitality, in its primary "
            "match-up and as the last secondary attacker on such a target; ranged attacks get nothing."
        )


@dataclass(frozen=True)
class RolledOutcome(Ability):
    """A spell cast on its side's creature in a primary match-up: a roll (a set-up input, plus
    ``bonus`` when the creature is one of ``favoured``) below ``wins_from`` destroys that creature,
    from ``wins_from`` up it wins; either way the match-up is decided there and nothing more may change it."""

    kind: ClassVar[str] = "rolled_outcome"
    dice: Dice
    wins_from: int
    favoured: Selector | None = None
    bonus: int = 0

    def __post_init__(self) -> None:
        if not self.dice.lowest < self.wins_from <= self.dice.highest + self.bonus:
            raise ValueError("wins_from must lie above the lowest roll and be reachable")
        if self.bonus and self.favoured is None:
            raise ValueError("a roll bonus needs 'favoured' (which creatures get it)")

    def describe(self) -> str:
        extra = (
            f", {_signed(self.bonus)} to the roll if the creature is one of {self.favoured.describe()}"
            if self.favoured
            else ""
        )
        return (
            f"Cast on its side's creature in a primary match-up: roll {self.dice} (a set-up roll){extra}. Below "
            f"{self.wins_from} that creature is destroyed; {self.wins_from} or more and it beats its opponent. The "
            "match-up is then over: no other spell, text, ranged attack or channelling may change it. Guardians "
            "never fight a match-up, so they are out of its reach."
        )


class ShotResult(str, Enum):
    """What a ranged attack with no printed value does instead of adding points."""

    PUSH = "push"
    DESTROYS_ON_WIN = "destroys_on_win"
    OFF_COLOUR = "off_colour"


@dataclass(frozen=True)
class RangedEffect(Ability):
    """A creature used as a ranged attacker whose shot adds no points but has an effect on the
    match-up (ENG-11); ``supports`` limits which of its side's creatures the effect helps."""

    kind: ClassVar[str] = "ranged_effect"
    result: ShotResult
    supports: Selector | None = None

    def describe(self) -> str:
        own = "its side's creature in the match-up" + (f" (only {self.supports.describe()})" if self.supports else "")
        what = {
            ShotResult.PUSH: "the match-up becomes a push at once, and neither side may change it any further "
            "(no more ranged attacks, channelling or answers to its shot)",
            ShotResult.DESTROYS_ON_WIN: f"if {own} wins the match-up, the opposing creature is destroyed rather than beaten",
            ShotResult.OFF_COLOUR: f"{own} gets its off-colour bonus even if the opposing border does not call for it "
            "(nothing more if it already has it)",
        }[self.result]
        return f"Ranged attack with no point value: {what}."


@dataclass(frozen=True)
class DrawsRanged(Ability):
    """While it fights a primary match-up, the opponent must aim there every ranged attack he can still make."""

    kind: ClassVar[str] = "draws_ranged"

    def describe(self) -> str:
        return (
            "The opponent must aim every ranged attack he can make at the match-up this creature fights: each of his "
            "creatures with a ranged use still in his combat hand when it is revealed must be placed there (the "
            "set-up's ranged plan is checked against this)."
        )


@dataclass(frozen=True)
class BriberyShots(Ability):
    """Command: bribery cards of ``icon`` from its owner's hand may be fired as ranged attacks worth their Up
    number in a primary match-up where its side's creature matches ``requires_own`` (a set-up choice)."""

    kind: ClassVar[str] = "bribery_shots"
    icon: BriberyIcon
    requires_own: Selector | None = None
    command_only: bool = True

    def offer(self) -> Offer | None:
        return Offer.MATCHUP_CARDS

    def describe(self) -> str:
        name = self.icon.value.capitalize()
        where = (
            f" in which its side's creature is one of the {self.requires_own.describe()}" if self.requires_own else ""
        )
        return (
            f"Command: {name} bribery cards from its owner's hand may be fired as ranged attacks, each worth its "
            f"Up number, in any primary match-up{where} (the set-up choice says how many in which match-up, e.g. "
            "2x3 for three in match-up 2; none are fired by default)."
        )


@dataclass(frozen=True)
class RangedItemDiscard(Ability):
    """Using its ranged attack makes the opponent discard one creature magic item of his on the space."""

    kind: ClassVar[str] = "ranged_item_discard"

    def offer(self) -> Offer | None:
        return Offer.OPPOSING_ITEM

    def describe(self) -> str:
        return (
            "When it is used as a ranged attack, the opponent discards one of his creature magic items on the space, "
            "of his choice (a set-up choice naming the item; by default the one with the lowest Up number)."
        )


def matchup_cards(option: str) -> dict[int, int]:
    """``2x3-4`` -> {2: 3, 4: 1}: how many cards are used in which primary match-up (``Offer.MATCHUP_CARDS``)."""
    planned: dict[int, int] = {}
    for part in option.split("-"):
        matchup, _, count = part.partition("x")
        if not matchup.isdigit() or int(matchup) < 1 or (count and (not count.isdigit() or int(count) < 1)):
            raise ValueError(f"{part!r}: write a match-up number, optionally x and a number of cards (2, or 2x3)")
        planned[int(matchup)] = planned.get(int(matchup), 0) + (int(count) if count else 1)
    return planned


@dataclass(frozen=True)
class CommandFight(Ability):
    """Command: its creature fights the opposing command creature before the commands take effect
    (rule ENG-14); if it wins, the opposing command never takes effect."""

    kind: ClassVar[str] = "command_fight"

    def describe(self) -> str:
        return (
            "Command: if the opposing command card is a creature, this creature fights it before either command "
            "takes effect (printed Vitality plus each one's own text bonuses, off-colour bonus and terrain "
            "modifier). The loser is beaten; if this creature wins, the opposing command has no effect."
        )


@dataclass(frozen=True)
class AttacksCommandCard(Ability):
    """As a primary attacker its owner may switch it to the opposing command creature (the set-up's choice
    ``card:command``); the abandoned opponent is left unchallenged (rule ENG-10)."""

    kind: ClassVar[str] = "attacks_command_card"

    def offer(self) -> Offer | None:
        return Offer.OPTION

    def option_words(self) -> tuple[str, ...]:
        return ("command", "opponent")

    def describe(self) -> str:
        return (
            "When it is played as a primary attacker, its owner may leave its match-up opponent and have it fight "
            "the opposing command card instead, if that card is a creature (the set-up's choice 'command'; by "
            "default it fights its opponent). The left opponent stays on the table unchallenged; a command creature "
            "beaten this way does not count, and its command ends."
        )


@dataclass(frozen=True)
class StealsCommand(Ability):
    """Command: an opposing Spell or Item command is dispelled and works for this side instead."""

    kind: ClassVar[str] = "steals_command"

    def describe(self) -> str:
        return (
            "Command: if the opposing command card is a Spell or an Item, it is dispelled and its command ability "
            "works for this card's side instead, for as long as this card's own command stands."
        )


@dataclass(frozen=True)
class PensChannellers(Ability):
    """Command: its side pays ``cost`` Power Stones and every opposing creature lying under a Stronghold card or
    Upgrade (the set-up's channellers) goes back to the opponent's Creature Pen before the primaries."""

    kind: ClassVar[str] = "pens_channellers"
    cost: int = 1

    def describe(self) -> str:
        return (
            f"Command: its side pays {self.cost} Power Stone(s) and the opponent must move every creature kept under "
            "his Stronghold cards or Upgrades to his Creature Pen before the primaries, so none of them can channel "
            "in this combat (no effect if the stones cannot be paid)."
        )


@dataclass(frozen=True)
class OutOfCombat(Ability):
    """An ability real enough to record but acting outside the combat engine's reach."""

    kind: ClassVar[str] = "out_of_combat"
    topic: str
    summary: str = ""

    def describe(self) -> str:
        return self.summary or f"Acts outside combat ({self.topic})."


A = TypeVar("A", bound=Ability)

_KINDS: dict[str, type[Ability]] = {
    cls.kind: cls
    for cls in (
        TerrainModifier,
        Bonus,
        Immunity,
        AttackKind,
        Destroys,
        Aoe,
        ChannelCap,
        ChannelsOnlyTo,
        NoChannellingAgainst,
        ForbidsBribery,
        PartnerValueWhenBeaten,
        DispelsOpposingCommand,
        CommandTerrain,
        CommandBonus,
        DestroyedWhenCommanding,
        CommandAnnouncement,
        CommandPlayFirst,
        Dispel,
        AllowChannelling,
        DestroyMatchup,
        DestroyTerrain,
        CommandCard,
        AllowsRanged,
        NoBriberyHere,
        ForbidsCommands,
        SideBonus,
        RolledBonus,
        RolledDefence,
        DestroyedWhenBeaten,
        DestroysWhenBeating,
        ControlValue,
        RangedLimit,
        ReceivesChannellingOnlyFrom,
        ForbidsChannelling,
        AllowsChannellingTo,
        ForbidsRanged,
        PushMargin,
        WinsPushes,
        MatchupDestruction,
        WinsHeavyLosses,
        DestroysCommandCard,
        DestroysVictorUnlessHeld,
        Harmless,
        RazesOnWinning,
        SecondaryImmunity,
        Stones,
        CommandSideline,
        BlankText,
        PlayRestriction,
        Suppresses,
        ControlExclusion,
        Indestructible,
        SecondaryAutoWin,
        StartsAsPush,
        ReturnsToPen,
        RangedModifier,
        SizeChoice,
        ClassChoice,
        SharedClass,
        RetreatOption,
        HandDiscard,
        SendsToMelee,
        Withdraws,
        SacrificeOption,
        EndsMatchup,
        RefusesOpponent,
        PullsToMelee,
        StealsText,
        BorrowsPrevious,
        ForcedFirstAnswer,
        PensChannellers,
        RolledDestroys,
        RolledOutcome,
        GuardianCmp,
        LastingAttackBonus,
        SwapsPlaces,
        Detonates,
        FixesRolls,
        Reroll,
        Announcement,
        CancelsRanged,
        RangedReaction,
        ChannelReaction,
        RangedChannelling,
        CommandRanged,
        RangedGamble,
        ForbidsCasting,
        Undispellable,
        GrantsImmunity,
        BribesAnyIcon,
        ForcedBribe,
        BribeCounter,
        BribeToMelee,
        BribeDecoy,
        StripsBribery,
        RangedDiscard,
        UpCardDuel,
        CommandGuess,
        StoneOrBonus,
        StoneBid,
        ItemBribe,
        ControlBonus,
        AttackBoost,
        TerrainEverywhere,
        CommandRelocates,
        JoinsFromTerrain,
        RangedEffect,
        DrawsRanged,
        BriberyShots,
        RangedItemDiscard,
        CommandFight,
        AttacksCommandCard,
        StealsCommand,
        OutOfCombat,
    )
}

ABILITY_KINDS: tuple[str, ...] = tuple(sorted(_KINDS))

_CONVERTERS: dict[str, Callable[[Any, str], Any]] = {
    "terrain": lambda value, where: Terrain.parse(value),
    "attack_type": lambda value, where: AttackType(value),
    "type": lambda value, where: value,
    "icon": lambda value, where: BriberyIcon(value),
    "timing": lambda value, where: Timing(value),
    "when": lambda value, where: When(value),
    "against": lambda value, where: Selector.parse(value, where),
    "to": lambda value, where: Selector.parse(value, where),
    "by": lambda value, where: Selector.parse(value, where),
    "supports": lambda value, where: Selector.parse(value, where),
    "channellers": lambda value, where: Selector.parse(value, where),
    "sides": lambda value, where: Sides(value),
    "dice": lambda value, where: Dice.parse(value),
    "fails_on": lambda value, where: tuple(int(v) for v in value),
    "target": lambda value, where: Selector.parse(value, where),
    "hits": lambda value, where: Selector.parse(value, where),
    "requires_own": lambda value, where: Selector.parse(value, where),
    "requires_opponent": lambda value, where: Selector.parse(value, where),
    "of": lambda value, where: Selector.parse(value, where),
    "as_class": lambda value, where: Selector.parse(value, where),
    "partner": lambda value, where: Selector.parse(value, where),
    "from": lambda value, where: Selector.parse(value, where),
    "after_beating": lambda value, where: Selector.parse(value, where),
    "protects": lambda value, where: Selector.parse(value, where),
    "opponent": lambda value, where: Selector.parse(value, where),
    "side_role": lambda value, where: SideRole(value),
    "per": lambda value, where: Per(value),
    "on": lambda value, where: StoneEvent(value),
    "who": lambda value, where: Sides(value),
    "what": lambda value, where: Suppressed(value),
    "must": lambda value, where: Restriction(value),
    "winners": lambda value, where: Sides(value),
    "outcome": lambda value, where: Outcome(value),
    "razes": lambda value, where: Razed(value),
    "moment": lambda value, where: LeaveMoment(value),
    "cards": lambda value, where: HandCards(value),
    "trigger": lambda value, where: Withdrawal(value),
    "replaces": lambda value, where: Selector.parse(value, where),
    "targets": lambda value, where: tuple(Border(border) for border in value),
    "effect": lambda value, where: ChannelEffect(value) if value in _CHANNEL_EFFECTS else ShotEffect(value),
    "casting": lambda value, where: Castable(value),
    "die": lambda value, where: Dice.parse(value),
    "result": lambda value, where: ShotResult(value),
    "favoured": lambda value, where: Selector.parse(value, where),
    "guesses": lambda value, where: Guessed(value),
    "guesser": lambda value, where: Sides(value),
    "ocb_against": lambda value, where: Border(value),
}

# JSON names that are Python keywords get a trailing underscore on the dataclass field.
_FIELD_NAMES = {"from": "from_"}
_JSON_NAMES = {value: key for key, value in _FIELD_NAMES.items()}


def parse_ability(data: Mapping[str, Any], where: str) -> Ability:
    """Build one ability from its fixture JSON; ``where`` names the card for error messages."""
    kind = data.get("kind")
    cls = _KINDS.get(str(kind))
    if cls is None:
        raise CatalogError(f"{where}: unknown ability kind {kind!r} (known: {', '.join(ABILITY_KINDS)})")
    allowed = {_JSON_NAMES.get(item.name, item.name) for item in fields(cls)}
    unknown = set(data) - allowed - {"kind"}
    if unknown:
        raise CatalogError(f"{where}: ability {kind!r} has unknown field(s) {sorted(unknown)}")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "kind" or value is None:
            continue
        converter = _CONVERTERS.get(key)
        try:
            if key == "type":
                value = AttackType(value) if cls is AttackKind else AoeType(value)
            elif key == "scope":
                value = TextScope(value) if cls is BlankText else Scope(value)
            elif converter is not None:
                value = converter(value, where)
            if isinstance(value, Selector):
                _check_ability_names(value, where)
            values[_FIELD_NAMES.get(key, key)] = value
        except ValueError as exc:
            raise CatalogError(f"{where}: ability {kind!r} field {key!r}: {exc}") from exc
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise CatalogError(f"{where}: ability {kind!r}: {exc}") from exc


def _check_ability_names(selector: Selector, where: str) -> None:
    if selector.has_ability is not None and selector.has_ability not in _KINDS:
        raise ValueError(f"has_ability names no ability kind: {selector.has_ability!r}")
    for inner in (*selector.any_of, *((selector.negated,) if selector.negated else ())):
        _check_ability_names(inner, where)
