"""The ability vocabulary's foundation: the base class every kind registers through, the small
closed vocabularies the kinds share, and the reading of one ability from fixture JSON.

Each kind is a frozen dataclass in the module of its family (bonuses, commands, bribery, ranged,
channelling, matchups, secondary, leaving). A field is converted from JSON by its type annotation:
an enum by value (a ``parse`` method wins), a Selector, Dice, a tuple of any of these, an optional
or a union of enums. Nothing here acts: the engine's steps look abilities up by type.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum
from typing import Any, ClassVar, TypeVar

from ..dice import Dice
from ..enums import Side, Terrain
from ..errors import CatalogError
from ..selectors import Selector

# Every ability kind by its fixture name, filled as the family modules define their classes.
KINDS: dict[str, type[Ability]] = {}
# Where the kinds of each family act, unless a kind declares its own steps.
FAMILY_STEPS: dict[str, tuple[str, ...]] = {
    "bonuses": ("PRI-6", "SEC-4"),
    "matchups": ("PRI-3", "PRI-11"),
    "commands": ("CMD-4",),
    "bribery": ("PRI-1", "SEC-9"),
    "ranged": ("PRI-9",),
    "channelling": ("PRI-10",),
    "secondary": ("SEC-5", "SEC-7"),
    "leaving": ("RES-2",),
}


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

    def holds(self, side: Side) -> bool:
        """Whether ``side`` (the card owner's side of this combat) is the one the condition names."""
        return Side(self.value) is side


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
    # Issue 31 (gains during the combat): one of the card owner's creatures is bribed.
    OWN_BRIBED = "own_bribed"


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
    """One ability kind: a frozen dataclass whose fields are read from the fixtures by their type.

    A subclass with a ``kind`` registers itself, so the fixtures' name finds it and the engine can ask
    which kinds act in a step of the procedure (``steps``: the step ids of the design document)."""

    kind: ClassVar[str] = ""
    # The procedure steps (CMD-4, PRI-6, ...) in which the engine applies this kind: declared by the
    # class or, if not, its family's (FAMILY_STEPS); a function registered for it adds its own step.
    steps: ClassVar[tuple[str, ...]] = ()
    # A card played before the combat (set-up input ``earlier``) still acts in it through these kinds.
    from_earlier: ClassVar[bool] = False
    note: str = field(default="", kw_only=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            if cls.kind in KINDS:
                raise TypeError(f"two ability classes share the kind {cls.kind!r}")
            KINDS[cls.kind] = cls
            if "steps" not in cls.__dict__:
                cls.steps = FAMILY_STEPS.get(cls.__module__.rpartition(".")[2], ())

    def describe(self) -> str:
        raise NotImplementedError

    def lasts_into_combat(self) -> bool:
        """Whether a card played before the combat still acts in it through this ability: the kind's
        ``from_earlier``, unless an instance says so itself (a card laid on the board before the fight)."""
        return self.from_earlier

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


def _more_or_less(amount: int) -> str:
    """``3 more`` or ``3 less``: a change in words."""
    return f"{abs(amount)} {'more' if amount >= 0 else 'less'}"


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


class Outcome(str, Enum):
    BEATS = "beats"
    BEATEN = "beaten"


class Razed(str, Enum):
    STRONGHOLD = "stronghold"
    TERRAIN = "terrain"


class ShotEffect(str, Enum):
    CANCEL = "cancel"
    TAKE_OVER = "take_over"


class ChannelEffect(str, Enum):
    DESTROY_CHANNELLER = "destroy_channeller"
    SUBTRACT = "subtract"


class Castable(str, Enum):
    SPELL = "spell"
    HAND_ITEM = "hand_item"


class Guessed(str, Enum):
    """What a guess about a hidden match-up creature names."""

    BORDER = "border"
    SIZE = "size"


class ShotResult(str, Enum):
    """What a ranged attack with no printed value does instead of adding points."""

    PUSH = "push"
    DESTROYS_ON_WIN = "destroys_on_win"
    OFF_COLOUR = "off_colour"


def matchup_cards(option: str) -> dict[int, int]:
    """``2x3-4`` -> {2: 3, 4: 1}: how many cards are used in which primary match-up (``Offer.MATCHUP_CARDS``)."""
    planned: dict[int, int] = {}
    for part in option.split("-"):
        matchup, _, count = part.partition("x")
        if not matchup.isdigit() or int(matchup) < 1 or (count and (not count.isdigit() or int(count) < 1)):
            raise ValueError(f"{part!r}: write a match-up number, optionally x and a number of cards (2, or 2x3)")
        planned[int(matchup)] = planned.get(int(matchup), 0) + (int(count) if count else 1)
    return planned


A = TypeVar("A", bound=Ability)

# JSON names that are Python keywords get a trailing underscore on the dataclass field.
_FIELD_NAMES = {"from": "from_"}
_JSON_NAMES = {value: key for key, value in _FIELD_NAMES.items()}

Converter = Callable[[Any, str], Any]


def _keep(value: Any, where: str) -> Any:
    return value


def _converter(annotation: Any) -> Converter:
    """How a JSON value becomes a field of this annotation."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        if len(options) == 1:
            return _converter(options[0])
        converters = [_converter(option) for option in options]

        def first_that_fits(value: Any, where: str) -> Any:
            for convert in converters[:-1]:
                try:
                    return convert(value, where)
                except ValueError:
                    continue
            return converters[-1](value, where)

        return first_that_fits
    if origin is tuple:
        item = _converter(typing.get_args(annotation)[0])
        return lambda value, where: tuple(item(v, where) for v in value)
    if annotation is Selector:
        return _selector
    if annotation is Dice:
        return lambda value, where: Dice.parse(value)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        parse = getattr(annotation, "parse", None)
        enum: type[Enum] = annotation
        if parse is not None:
            return lambda value, where: parse(value)

        def member(value: Any, where: str) -> Any:
            try:
                return enum(value)
            except ValueError:
                raise ValueError(f"{value!r} is not one of {', '.join(repr(m.value) for m in enum)}") from None

        return member
    if annotation is int:
        return lambda value, where: value if isinstance(value, int) else int(value)
    return _keep


def _selector(value: Any, where: str) -> Selector:
    selector = Selector.parse(value, where)
    _check_ability_names(selector, where)
    return selector


_CONVERTERS: dict[str, dict[str, tuple[str, Converter]]] = {}


def _converters(cls: type[Ability]) -> dict[str, tuple[str, Converter]]:
    """JSON name -> (field name, converter) for one kind, read once from its annotations."""
    found = _CONVERTERS.get(cls.kind)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = {
            _JSON_NAMES.get(item.name, item.name): (item.name, _converter(hints[item.name])) for item in fields(cls)
        }
        _CONVERTERS[cls.kind] = found
    return found


def parse_ability(data: Mapping[str, Any], where: str) -> Ability:
    """Build one ability from its fixture JSON; ``where`` names the card for error messages."""
    kind = data.get("kind")
    cls = KINDS.get(str(kind))
    if cls is None:
        raise CatalogError(
            f"{where}: unknown ability kind {kind!r} (known: {', '.join(sorted(KINDS))})",
            code="ability.unknown_kind",
            where=where,
            kind=str(kind),
        )
    converters = _converters(cls)
    unknown = set(data) - set(converters) - {"kind"}
    if unknown:
        raise CatalogError(
            f"{where}: ability {kind!r} has unknown field(s) {sorted(unknown)} (its fields: "
            f"{', '.join(sorted(converters))})",
            code="ability.unknown_field",
            where=where,
            kind=str(kind),
            field=", ".join(sorted(unknown)),
        )
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "kind" or value is None:
            continue
        name, convert = converters[key]
        try:
            values[name] = convert(value, where)
        except (ValueError, TypeError) as exc:
            raise CatalogError(
                f"{where}: ability {kind!r} field {key!r}: {exc}",
                code="ability.bad_field",
                where=where,
                kind=str(kind),
                field=key,
                reason=str(exc),
            ) from exc
    missing = [
        _JSON_NAMES.get(item.name, item.name)
        for item in fields(cls)
        if item.init and item.default is MISSING and item.default_factory is MISSING and item.name not in values
    ]
    if missing:
        raise CatalogError(
            f"{where}: ability {kind!r} needs the field(s) {', '.join(missing)}",
            code="ability.missing_field",
            where=where,
            kind=str(kind),
            field=", ".join(missing),
        )
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        # A missing field (TypeError from the constructor) or fields that do not fit together (__post_init__).
        raise CatalogError(
            f"{where}: ability {kind!r}: {exc}", code="ability.invalid", where=where, kind=str(kind), reason=str(exc)
        ) from exc


def _check_ability_names(selector: Selector, where: str) -> None:
    if selector.has_ability is not None and selector.has_ability not in KINDS:
        raise ValueError(f"has_ability names no ability kind: {selector.has_ability!r}")
    for inner in (*selector.any_of, *((selector.negated,) if selector.negated else ())):
        _check_ability_names(inner, where)
