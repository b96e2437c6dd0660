"""The compact text form of a set-up, used in permalinks, error messages and tests.

    terrain=swamps a=wild-nymph,snogwart a.guardian=tes-let-leader-with-foresight a.stones=1
    a.channel=3:guardian*1 d=ugly-wart-fiend,devil-dog d.command=floyd-the-flying-pig

Clauses are separated by single spaces; each is ``key=value``. ``a``/``d`` list the attacker's and
defender's shield; ``a.<field>``/``d.<field>`` set the rest of that side. Lists are comma-separated
and keep their order. ``format_setup(parse_setup(text)) == text`` for every canonical text, and
``parse_setup(format_setup(setup)) == setup`` for every set-up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import fields, replace
from typing import Any

from .actions import format_actions, parse_actions
from .between_actions import BETWEEN_KEY, format_between, parse_between
from .enums import BriberyIcon
from .errors import NotationError, Shape
from .made_up import clause_key, clause_value, parse_clause
from .setup import (
    FACE_DOWN,
    Bribe,
    CardRef,
    Channel,
    Choice,
    CombatSetup,
    Count,
    Moment,
    RangedSupport,
    Roll,
    SecondaryAttack,
    SideSetup,
    SpellPlay,
    card_ref,
)
from .standard_readings import TODAY as TODAY_READINGS
from .standard_readings import can_matter, readings_from
from .unnamed_readings import read_unnamed

REFERENCE = r"[a-z0-9][a-z0-9-]*(?:#[1-9][0-9]*)?"
_REFERENCE = re.compile(rf"^{REFERENCE}$")
_MOMENT = r"(?:s?[1-9][0-9]*)"
_RANGED = re.compile(rf"^(?P<secondary>s?)(?P<round>[1-9][0-9]*):(?P<ref>{REFERENCE})$")
_BRIBE = re.compile(rf"^(?P<moment>{_MOMENT}):(?P<icon>[a-z]+)(?:@(?P<ref>{REFERENCE}))?$")
_SPELL = re.compile(rf"^(?P<moment>{_MOMENT}):(?P<card>{REFERENCE})(?:@(?P<ref>{REFERENCE}))?$")
_CHANNEL = re.compile(
    rf"^(?P<moment>{_MOMENT}):(?P<source>{REFERENCE})(?:\*(?P<amount>[1-9][0-9]*))?(?:@(?P<ref>{REFERENCE}))?$"
)
_ROLL = re.compile(rf"^(?P<ref>{REFERENCE}):(?P<value>[1-9][0-9]*)$")
_COUNT = re.compile(rf"^(?P<ref>{REFERENCE}):(?P<value>0|[1-9][0-9]*)$")
_CHOICE = re.compile(rf"^(?P<ref>{REFERENCE}):(?P<option>{REFERENCE})$")
_SECONDARY = re.compile(rf"^(?P<attacker>{REFERENCE})>(?P<target>{REFERENCE})$")
_NUMBER = re.compile(r"^(0|[1-9][0-9]*)$")
_MATCHUP_KEY = re.compile(r"^m[0-9]+$")

# Field name in SideSetup -> key in the notation, in canonical order.
SIDE_KEYS: dict[str, str] = {
    "creatures": "",
    "guardian": "guardian",
    "stones": "stones",
    "stronghold": "stronghold",
    "shields": "shield",
    "items": "items",
    "hand": "hand",
    "channellers": "channellers",
    "command": "command",
    "dispel": "dispel",
    "order": "order",
    "ranged": "ranged",
    "bribes": "bribe",
    "spells": "spell",
    "channels": "channel",
    "secondaries": "secondary",
    "destroy_shield": "destroy-shield",
    "rolls": "rolls",
    "counts": "counts",
    "choices": "choices",
    "earlier": "earlier",
}
_FIELD_FOR_KEY = {key: name for name, key in SIDE_KEYS.items()}


def _references(value: str, key: str, position: int) -> tuple[str, ...]:
    items = tuple(value.split(","))
    for item in items:
        if not _REFERENCE.match(item):
            raise NotationError.of(
                "not_a_slug",
                code="notation.bad_reference",
                position=position,
                clause=key,
                item=item,
                expected=Shape.SLUG,
            )
    return tuple(CardRef(item) for item in items)


def _single_reference(value: str, key: str, position: int) -> str:
    items = _references(value, key, position)
    if len(items) != 1:
        raise NotationError.of(
            "one_card", code="notation.bad_value", position=position, clause=key, item=value, count=str(len(items))
        )
    return items[0]


def _terrain(value: str, key: str, position: int) -> str:
    """A terrain card or type, or a card laid face down (``face-down``, or ``face-down:slug`` naming it)."""
    head, colon, named = value.partition(":")
    if colon and head == FACE_DOWN:
        return f"{FACE_DOWN}:{_single_reference(named, key, position)}"
    return _single_reference(value, key, position)


def _number(value: str, key: str, position: int) -> int:
    if not _NUMBER.match(value):
        raise NotationError.of(
            "not_a_number", code="notation.bad_value", position=position, clause=key, item=value, expected=Shape.NUMBER
        )
    return int(value)


def _each(
    pattern: re.Pattern[str], build: Callable[[re.Match[str]], Any], example: str, shape: Shape
) -> Callable[[str, str, int], tuple[Any, ...]]:
    def parse(value: str, key: str, position: int) -> tuple[Any, ...]:
        items = []
        for item in value.split(","):
            match = pattern.match(item)
            if not match:
                raise NotationError.of(
                    "bad_shape",
                    code="notation.bad_value",
                    position=position,
                    clause=key,
                    item=item,
                    expected=shape,
                    example=example,
                )
            try:
                items.append(build(match))
            except ValueError as exc:
                raise NotationError.of(
                    "bad_entry", code="notation.bad_value", position=position, clause=key, item=item, reason=str(exc)
                ) from exc
        return tuple(items)

    return parse


def _icon(text: str) -> BriberyIcon:
    try:
        return BriberyIcon(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a bribery card (babes, gold or beer)") from None


def _secondaries(value: str, key: str, position: int) -> tuple[SecondaryAttack, ...]:
    if value == "none":
        return ()
    return _each(
        _SECONDARY,
        lambda m: SecondaryAttack(CardRef(m["attacker"]), CardRef(m["target"])),
        "devil-dog>fire-walker",
        Shape.SECONDARY,
    )(value, key, position)


def _flag(value: str, key: str, position: int) -> bool:
    if value not in ("yes", "no"):
        raise NotationError.of(
            "not_a_flag", code="notation.bad_value", position=position, clause=key, item=value, expected=Shape.FLAG
        )
    return value == "yes"


_PARSERS: dict[str, Callable[[str, str, int], Any]] = {
    "creatures": _references,
    "items": _references,
    "hand": _references,
    "channellers": _references,
    "earlier": _references,
    "shields": _references,
    "order": _references,
    "guardian": _single_reference,
    "stronghold": _single_reference,
    "command": _single_reference,
    "stones": _number,
    "dispel": _number,
    "ranged": _each(
        _RANGED,
        lambda m: RangedSupport(int(m["round"]), CardRef(m["ref"]), secondary=bool(m["secondary"])),
        "3:archer",
        Shape.RANGED,
    ),
    "bribes": _each(
        _BRIBE,
        lambda m: Bribe(Moment.parse(m["moment"]), _icon(m["icon"]), card_ref(m["ref"])),
        "2:gold or 2:gold@archer",
        Shape.BRIBE,
    ),
    "spells": _each(
        _SPELL,
        lambda m: SpellPlay(Moment.parse(m["moment"]), CardRef(m["card"]), card_ref(m["ref"])),
        "2:power-lunch",
        Shape.SPELL,
    ),
    "channels": _each(
        _CHANNEL,
        lambda m: Channel(Moment.parse(m["moment"]), CardRef(m["source"]), int(m["amount"] or 1), card_ref(m["ref"])),
        "3:guardian*2 or 3:valkyrie-spirit",
        Shape.CHANNEL,
    ),
    "secondaries": _secondaries,
    "destroy_shield": _flag,
    "rolls": _each(_ROLL, lambda m: Roll(CardRef(m["ref"]), int(m["value"])), "mendu-sada-the-havoc:4", Shape.ROLLS),
    "counts": _each(_COUNT, lambda m: Count(CardRef(m["ref"]), int(m["value"])), "woodland-troll:3", Shape.COUNTS),
    "choices": _each(_CHOICE, lambda m: Choice(CardRef(m["ref"]), m["option"]), "female-titan:small", Shape.CHOICES),
}


def clauses(text: str) -> Iterator[tuple[str, str, int]]:
    """Each ``key=value`` clause of a set-up text with its position; a malformed or repeated key is refused.

    Shared by the standard reader below and the duel reader (engine/arena/notation.py).
    """
    seen: set[str] = set()
    position = 0
    for clause in text.split(" "):
        here = position
        position += len(clause) + 1
        if not clause:
            continue
        key, equals, value = clause.partition("=")
        if not equals or not value:
            raise NotationError.of(
                "not_a_clause", code="notation.syntax", position=here, item=clause, expected=Shape.CLAUSE
            )
        if key in seen:
            raise NotationError.of("twice", code="notation.duplicate_key", position=here, clause=key)
        seen.add(key)
        yield key, value, here


def parse_setup(text: str) -> CombatSetup:
    """Read a set-up; raises NotationError naming the clause and its position."""
    if not text.strip():
        raise NotationError.of("empty", code="notation.empty", position=0)
    sides: dict[str, dict[str, Any]] = {"a": {}, "d": {}}
    terrain: str | None = None
    matchups = []
    between = []
    made_up: list[str] = []
    named_readings: dict[str, str] = {}
    for key, value, here in clauses(text):
        if key.startswith("reading."):
            # reading.<key>=<choice> (engine.standard_readings): checked once every clause is read.
            named_readings[key.removeprefix("reading.")] = value
            try:
                readings_from(named_readings)
            except NotationError as exc:
                # Said at the clause that is wrong, as every notation problem is.
                raise NotationError(exc.message, position=here, code=exc.code) from None
            continue
        if key == "terrain":
            terrain = None if value == "none" else _terrain(value, key, here)
            continue
        if key == "ruleset":
            # The default is never printed; a duel is read by engine.rulesets.parse_any (engine/arena).
            if value != "standard":
                raise NotationError.of(
                    "not_standard", code="notation.bad_ruleset", position=here, clause=key, item=value
                )
            continue
        if key.startswith("made-up."):
            made_up.append(parse_clause(key, value, here))
            continue
        if _MATCHUP_KEY.match(key):
            matchups.append(parse_actions(key, value, here))
            continue
        if BETWEEN_KEY.match(key):
            between.append(parse_between(key, value, here))
            continue
        side, _, sub = key.partition(".")
        if side not in sides or (sub and sub not in _FIELD_FOR_KEY):
            raise NotationError.of(
                "unknown_key",
                code="notation.unknown_key",
                position=here,
                clause=key,
                keys=", ".join(k for k in SIDE_KEYS.values() if k),
            )
        name = _FIELD_FOR_KEY[sub] if sub else "creatures"
        sides[side][name] = _PARSERS[name](value, key, here)
    setup = CombatSetup(
        attacker=SideSetup(**split_ranged(sides["a"])),
        defender=SideSetup(**split_ranged(sides["d"])),
        terrain=terrain,
        actions=tuple(sorted(matchups, key=lambda matchup: matchup.round)),
        made_up=tuple(made_up),
        between=tuple(sorted(between, key=lambda plays: plays.after)),
    )
    # A text naming no reading predates the clause: where a reading can matter it is read as it was then.
    readings = readings_from(named_readings) if named_readings else read_unnamed(setup)
    return replace(setup, readings=readings)


_DEFAULTS = {item.name: item.default for item in fields(SideSetup)}


def split_ranged(values: dict[str, Any]) -> dict[str, Any]:
    """A side's fields with the ``ranged`` entries written for a secondary attack (``s1:archer``) moved to
    ``secondary_ranged``: they are never made, only refused (issue 31)."""
    written = values.get("ranged")
    if not written or not any(support.secondary for support in written):
        return values
    return {
        **values,
        "ranged": tuple(support for support in written if not support.secondary),
        "secondary_ranged": tuple(support for support in written if support.secondary),
    }


def side_value(side: SideSetup, name: str) -> Any:
    """The value a side's notation clause prints: ``ranged`` with its secondary entries after the others."""
    if name == "ranged":
        return side.ranged + side.secondary_ranged
    return getattr(side, name)


def _format_value(name: str, value: Any) -> str | None:
    if value == _DEFAULTS[name]:
        return None
    if name in ("stones", "dispel"):
        return str(value)
    if name == "destroy_shield":
        return "yes"
    if isinstance(value, str):
        return value
    if name == "secondaries" and value == ():
        return "none"
    parts = []
    for item in value:
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, RangedSupport):
            parts.append(f"{'s' if item.secondary else ''}{item.round}:{item.creature}")
        elif isinstance(item, Bribe):
            parts.append(f"{item.moment}:{item.icon.value}" + (f"@{item.target}" if item.target else ""))
        elif isinstance(item, SpellPlay):
            parts.append(f"{item.moment}:{item.card}" + (f"@{item.target}" if item.target else ""))
        elif isinstance(item, Channel):
            amount = f"*{item.amount}" if item.amount != 1 else ""
            parts.append(f"{item.moment}:{item.source}{amount}" + (f"@{item.target}" if item.target else ""))
        elif isinstance(item, (Roll, Count)):
            parts.append(f"{item.card}:{item.value}")
        elif isinstance(item, Choice):
            parts.append(f"{item.card}:{item.option}")
        elif isinstance(item, SecondaryAttack):
            parts.append(f"{item.attacker}>{item.target}")
    return ",".join(parts) if parts else None


def format_setup(setup: CombatSetup) -> str:
    """The canonical text of a set-up: fixed clause order, defaults left out."""
    clauses: list[str] = [f"{clause_key(card)}={clause_value(card)}" for card in setup.made_up]
    if setup.terrain is not None:
        clauses.append(f"terrain={setup.terrain}")
    for letter, side in (("a", setup.attacker), ("d", setup.defender)):
        for name, key in SIDE_KEYS.items():
            value = getattr(side, name)
            if name == "ranged" and side.secondary_ranged:
                value = side_value(side, name)
            text = _format_value(name, value)
            if text is not None:
                clauses.append(f"{letter}{'.' + key if key else ''}={text}")
    for matchup in setup.actions:
        clauses.append(f"{matchup.key}={format_actions(matchup)}")
    for plays in setup.between:
        clauses.append(f"{plays.key}={format_between(plays)}")
    clauses.extend(reading_clauses(setup))
    return " ".join(clauses)


def reading_clauses(setup: CombatSetup) -> list[str]:
    """``reading.<key>=<choice>`` for a set-up that names its readings, wherever one can matter (or one other than
    today's is chosen); none for a text written before the clause, which prints as it was written."""
    readings = setup.readings
    if not readings.written or (readings == TODAY_READINGS and not can_matter(setup)):
        return []
    return [f"reading.{key}={choice}" for key, choice in readings.named().items()]


def with_side(setup: CombatSetup, letter: str, **changes: Any) -> CombatSetup:
    """A copy of the set-up with one side's fields replaced (used by exploration and the UI)."""
    if letter == "a":
        return replace(setup, attacker=replace(setup.attacker, **changes))
    return replace(setup, defender=replace(setup.defender, **changes))
