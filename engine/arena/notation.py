"""The compact text and JSON forms of a duel set-up.

    ruleset=arena terrain=woods a=swordsman a.stock=power-lunch a.under=archer d=sand-lord
    d.pen=devil-dog p=a:ranged:archer,d:pass,a:pass s=d:creature:devil-dog,a:pass,d:pass

``ruleset=arena`` comes first and marks the set-up as a duel; the standard notation never prints a
ruleset, so every standard permalink is unchanged. ``reading.<key>=<choice>`` clauses follow it: the
readings of the Arena's open rules (``engine.arena.readings``), printed for every duel written since
2026-12-07; a text without any was written before and is read as it was then. ``p``/``s`` are the primary and secondary
rounds' actions in order, each written as a match-up action (``engine.actions``) or, in the
secondary round, ``d:creature:slug`` and ``a:shield:slug@target``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

from ..actions import Action, action_from_text, action_to_text
from ..enums import Side
from ..errors import NotationError
from ..jsonform import _made_up
from ..made_up import clause_key, clause_value, parse_clause
from ..notation import _PARSERS, _flag, _format_value, _number, _references, _single_reference, _terrain, clauses
from ..setup import CardRef
from .readings import BEFORE_READINGS, ArenaReadings, readings_from
from .setup import ArenaPlay, ArenaSetup, DuelSide, PlayKind, RoundAction, Ruleset

# Field of DuelSide -> key after a./d., in canonical order ("" is the duellist clause a=...).
DUEL_KEYS: dict[str, str] = {
    "duellists": "",
    "guardian": "guardian",
    "stones": "stones",
    "up": "up",
    "items": "items",
    "stock": "stock",
    "pen": "pen",
    "under": "under",
    "bearer": "bearer",
    "victorious": "victorious",
    "capture": "capture",
    "sacrifice": "sacrifice",
    "rolls": "rolls",
    "counts": "counts",
    "choices": "choices",
}
_FIELD_FOR_KEY = {key: name for name, key in DUEL_KEYS.items()}
_SINGLE = {"guardian", "bearer", "capture"}
_NUMBERS = {"stones", "up", "victorious"}
_FLAGS = {"sacrifice"}
# Rolls, counts and choices: read and printed by the standard notation's own parsers (engine.notation).
_DECISIONS = {"rolls", "counts", "choices"}
_ROUNDS = {"p": "primary", "s": "secondary"}
_REF = r"[a-z0-9][a-z0-9-]*(?:#[1-9][0-9]*)?"
_PLAY = re.compile(rf"^(?P<side>[ad]):(?P<kind>creature|shield):(?P<card>{_REF})(?:@(?P<target>{_REF}))?$")


def _field_parser(name: str) -> Callable[[str, str, int], Any]:
    if name in _DECISIONS:
        return _PARSERS[name]
    if name in _FLAGS:
        return _flag
    if name in _SINGLE:
        return _single_reference
    if name in _NUMBERS:
        return _number
    return _references


def round_action(text: str, where: str, position: int = -1) -> RoundAction:
    match = _PLAY.match(text)
    if match is not None:
        side = Side.ATTACKER if match["side"] == "a" else Side.DEFENDER
        target = CardRef(match["target"]) if match["target"] else None
        return ArenaPlay(side, PlayKind(match["kind"]), CardRef(match["card"]), target)
    return action_from_text(text, where, position)


def round_action_text(action: RoundAction) -> str:
    if isinstance(action, Action):
        return action_to_text(action)
    text = f"{action.side.letter}:{action.kind.value}:{action.card}"
    return text + (f"@{action.target}" if action.target else "")


def _round(value: str, key: str, position: int) -> tuple[RoundAction, ...]:
    return tuple(round_action(item, key, position) for item in value.split(","))


def is_arena_text(text: str) -> bool:
    return any(clause == "ruleset=arena" for clause in text.split(" "))


def parse_duel(text: str) -> ArenaSetup:
    """Read a duel set-up; raises NotationError naming the clause and its position."""
    sides: dict[str, dict[str, Any]] = {"a": {}, "d": {}}
    rounds: dict[str, tuple[RoundAction, ...]] = {}
    terrain: str | None = None
    made_up: list[str] = []
    readings: dict[str, str] = {}
    ruleset_given = False
    for key, value, here in clauses(text):
        if key.startswith("reading."):
            readings[key.removeprefix("reading.")] = value
            _readings(readings, here)
            continue
        if key == "ruleset":
            ruleset_given = True
            if value != Ruleset.ARENA.value:
                raise NotationError(
                    f"ruleset {value!r} is not a duel ruleset (arena)", position=here, code="notation.bad_ruleset"
                )
            continue
        if key == "terrain":
            terrain = None if value == "none" else _terrain(value, key, here)
            continue
        if key in _ROUNDS:
            rounds[_ROUNDS[key]] = _round(value, key, here)
            continue
        if key.startswith("made-up."):
            made_up.append(parse_clause(key, value, here))
            continue
        side, _, sub = key.partition(".")
        if side not in sides or (sub and sub not in _FIELD_FOR_KEY):
            raise NotationError(
                f"unknown key {key!r} in a duel; keys are ruleset, terrain, made-up.<slug>, p, s, a, d and a./d. followed by one of "
                + ", ".join(k for k in DUEL_KEYS.values() if k),
                position=here,
                code="notation.unknown_key",
            )
        name = _FIELD_FOR_KEY[sub] if sub else "duellists"
        sides[side][name] = _field_parser(name)(value, key, here)
    if not ruleset_given:
        raise NotationError("a duel set-up starts with ruleset=arena", position=0, code="notation.bad_ruleset")
    return ArenaSetup(
        attacker=DuelSide(**sides["a"]),
        defender=DuelSide(**sides["d"]),
        terrain=terrain,
        primary=rounds.get("primary", ()),
        secondary=rounds.get("secondary", ()),
        made_up=tuple(made_up),
        readings=_readings(readings, -1) if readings else BEFORE_READINGS,
    )


def _readings(named: dict[str, str], position: int) -> ArenaReadings:
    try:
        return readings_from(named)
    except NotationError as exc:
        raise NotationError(exc.message, position=position, code=exc.code) from None


def reading_clauses(readings: ArenaReadings) -> list[str]:
    """The ``reading.<key>=<choice>`` clauses of a duel whose set-up names its readings; none for a text
    written before readings existed, which prints as it was written."""
    if not readings.written:
        return []
    return [f"reading.{key}={choice}" for key, choice in readings.named().items()]


_DEFAULTS = {item.name: item.default for item in fields(DuelSide)}


def _value_text(name: str, value: Any) -> str | None:
    if value == _DEFAULTS[name]:
        return None
    if name in _DECISIONS:
        return _format_value(name, value)
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, (int, str)):
        return str(value)
    return ",".join(str(item) for item in value)


def format_duel(setup: ArenaSetup) -> str:
    """The canonical text: ``ruleset=arena`` first, fixed clause order, defaults left out."""
    clauses = [
        "ruleset=arena",
        *reading_clauses(setup.readings),
        *(f"{clause_key(card)}={clause_value(card)}" for card in setup.made_up),
    ]
    if setup.terrain is not None:
        clauses.append(f"terrain={setup.terrain}")
    for letter, side in (("a", setup.attacker), ("d", setup.defender)):
        for name, key in DUEL_KEYS.items():
            text = _value_text(name, getattr(side, name))
            if text is not None:
                clauses.append(f"{letter}{'.' + key if key else ''}={text}")
    for key, name in _ROUNDS.items():
        actions: tuple[RoundAction, ...] = getattr(setup, name)
        if actions:
            clauses.append(f"{key}=" + ",".join(round_action_text(action) for action in actions))
    return " ".join(clauses)


def duel_to_dict(setup: ArenaSetup) -> dict[str, Any]:
    def side(value: DuelSide) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in DUEL_KEYS:
            item = getattr(value, name)
            if item == _DEFAULTS[name]:
                continue
            if name in _DECISIONS:
                data[name] = (_format_value(name, item) or "").split(",")
                continue
            data[name] = list(item) if isinstance(item, tuple) else item
        return data

    return {
        "ruleset": Ruleset.ARENA.value,
        "terrain": setup.terrain,
        "attacker": side(setup.attacker),
        "defender": side(setup.defender),
        "primary": [round_action_text(action) for action in setup.primary],
        "secondary": [round_action_text(action) for action in setup.secondary],
        **({"made_up": [json.loads(card) for card in setup.made_up]} if setup.made_up else {}),
        **({"readings": setup.readings.named()} if setup.readings.written else {}),
    }


def duel_from_dict(data: Mapping[str, Any]) -> ArenaSetup:
    unknown = set(data) - {"ruleset", "terrain", "attacker", "defender", "primary", "secondary", "made_up", "readings"}
    if unknown:
        raise NotationError(f"unknown duel set-up key(s): {', '.join(sorted(unknown))}", code="json.unknown_key")

    def side(key: str) -> DuelSide:
        raw = data.get(key) or {}
        if not isinstance(raw, Mapping):
            raise NotationError(f"{key} must be an object", code="json.bad_setup")
        bad = set(raw) - set(DUEL_KEYS)
        if bad:
            raise NotationError(
                f"{key}: unknown field(s) {', '.join(sorted(bad))}; known: {', '.join(DUEL_KEYS)}",
                code="json.unknown_key",
            )
        values: dict[str, Any] = {}
        for name, value in raw.items():
            where = f"{key}.{name}"
            if value is None:
                continue
            if name in _FLAGS:
                if not isinstance(value, bool):
                    raise NotationError(f"{where} must be true or false", code="json.bad_value")
                values[name] = value
            elif name in _NUMBERS:
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise NotationError(f"{where} must be a whole number, 0 or more", code="json.bad_value")
                values[name] = value
            elif name in _DECISIONS:
                if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                    raise NotationError(
                        f'{where} must be a list of strings such as "woodland-troll:3"', code="json.bad_value"
                    )
                if value:
                    values[name] = _PARSERS[name](",".join(value), where, -1)
            elif name in _SINGLE:
                if not isinstance(value, str):
                    raise NotationError(f"{where} must be a card slug", code="json.bad_value")
                values[name] = _single_reference(value, where, -1)
            else:
                if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                    raise NotationError(f"{where} must be a list of strings", code="json.bad_value")
                if value:
                    values[name] = _references(",".join(value), where, -1)
        return DuelSide(**values)

    rounds: dict[str, tuple[RoundAction, ...]] = {}
    for name in ("primary", "secondary"):
        raw = data.get(name) or []
        if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
            raise NotationError(f'{name} must be a list of actions such as "a:pass"', code="json.bad_value")
        rounds[name] = tuple(round_action(item, name) for item in raw)
    terrain = data.get("terrain")
    if terrain is not None and not isinstance(terrain, str):
        raise NotationError("terrain must be a string or null", code="json.bad_value")
    if terrain is not None and terrain != "none":
        terrain = _terrain(terrain, "terrain", -1)
    return ArenaSetup(
        attacker=side("attacker"),
        defender=side("defender"),
        terrain=None if terrain in (None, "none") else terrain,
        primary=rounds["primary"],
        secondary=rounds["secondary"],
        made_up=_made_up(data.get("made_up")),
        readings=_json_readings(data.get("readings")),
    )


def _json_readings(raw: Any) -> ArenaReadings:
    """``readings``: an object of open rule keys and chosen readings; absent, the set-up is read as one written
    before readings existed, as its notation would be."""
    if raw is None:
        return BEFORE_READINGS
    if not isinstance(raw, Mapping) or not all(isinstance(v, str) for v in raw.values()):
        raise NotationError('readings must be an object such as {"secondary-passes": "step-6"}', code="json.bad_value")
    return readings_from(dict(raw))
