"""The JSON form of a set-up: the same fields as the dataclasses, with notation strings for the
small structured decisions (``"3:guardian*2"``), so both forms share one grammar."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any

from .actions import actions_from_dict, actions_to_dict
from .between_actions import between_from_dict, between_to_dict
from .errors import NotationError
from .made_up import made_up_record
from .notation import _PARSERS, SIDE_KEYS, _format_value, _terrain, reading_clauses, side_value, split_ranged
from .setup import FACE_DOWN, CombatSetup, SideSetup
from .standard_readings import StandardReadings, readings_from
from .unnamed_readings import read_unnamed

_LIST_FIELDS = {
    "rolls",
    "counts",
    "choices",
    "earlier",
    "creatures",
    "items",
    "hand",
    "channellers",
    "shields",
    "order",
    "ranged",
    "bribes",
    "spells",
    "channels",
    "secondaries",
}


def setup_to_dict(setup: CombatSetup) -> dict[str, Any]:
    def side(value: SideSetup) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in SIDE_KEYS:
            text = _format_value(name, side_value(value, name))
            if text is None:
                continue
            if name in _LIST_FIELDS:
                data[name] = [] if text == "none" else text.split(",")
            elif name in ("stones", "dispel"):
                data[name] = int(text)
            elif name == "destroy_shield":
                data[name] = True
            else:
                data[name] = text
        return data

    data: dict[str, Any] = {
        "terrain": setup.terrain,
        "attacker": side(setup.attacker),
        "defender": side(setup.defender),
    }
    if setup.actions:
        data["actions"] = actions_to_dict(setup.actions)
    if setup.between:
        data["between"] = between_to_dict(setup.between)
    if setup.made_up:
        data["made_up"] = [json.loads(card) for card in setup.made_up]
    if reading_clauses(setup):
        # Printed exactly where the notation prints its reading clauses (engine.standard_readings).
        data["readings"] = setup.readings.named()
    return data


def setup_from_dict(data: Any) -> CombatSetup:
    if not isinstance(data, Mapping):
        raise NotationError(
            "a set-up in JSON must be an object with attacker, defender and terrain", code="json.bad_setup"
        )
    unknown = set(data) - {"terrain", "attacker", "defender", "actions", "made_up", "between", "readings"}
    if unknown:
        raise NotationError(f"unknown set-up key(s): {', '.join(sorted(unknown))}", code="json.unknown_key")

    def side(key: str) -> SideSetup:
        raw = data.get(key) or {}
        if not isinstance(raw, Mapping):
            raise NotationError(f"{key} must be an object", code="json.bad_setup")
        known = {item.name for item in fields(SideSetup)} - {"secondary_ranged"}
        bad = set(raw) - known
        if bad:
            raise NotationError(
                f"{key}: unknown field(s) {', '.join(sorted(bad))}; known: {', '.join(sorted(known))}",
                code="json.unknown_key",
            )
        values: dict[str, Any] = {}
        for name, value in raw.items():
            where = f"{key}.{name}"
            if name in _LIST_FIELDS:
                if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                    raise NotationError(f"{where} must be a list of strings", code="json.bad_value")
                if name == "secondaries" and not value:
                    values[name] = ()
                    continue
                if not value:
                    continue
                values[name] = _PARSERS[name](",".join(value), where, -1)
            elif name in ("stones", "dispel"):
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise NotationError(f"{where} must be a whole number, 0 or more", code="json.bad_value")
                values[name] = value
            elif name == "destroy_shield":
                if not isinstance(value, bool):
                    raise NotationError(f"{where} must be true or false", code="json.bad_value")
                values[name] = value
            else:
                if value is None:
                    continue
                if not isinstance(value, str):
                    raise NotationError(f"{where} must be a card slug", code="json.bad_value")
                values[name] = _PARSERS[name](value, where, -1)
        return SideSetup(**split_ranged(values))

    terrain = data.get("terrain")
    if terrain is not None and not isinstance(terrain, str):
        raise NotationError("terrain must be a string or null", code="json.bad_value")
    if terrain is not None and terrain.startswith(f"{FACE_DOWN}:"):
        # The named face-down card is a slug, as in the notation, so the set-up prints back the same.
        terrain = _terrain(terrain, "terrain", -1)
    setup = CombatSetup(
        attacker=side("attacker"),
        defender=side("defender"),
        terrain=None if terrain in (None, "none") else terrain,
        actions=actions_from_dict(data["actions"]) if data.get("actions") else (),
        made_up=_made_up(data.get("made_up")),
        between=between_from_dict(data["between"]) if data.get("between") else (),
    )
    # No ``readings``: written before the field existed, read as its notation would be.
    return replace(setup, readings=_readings(data.get("readings"), setup))


def _readings(raw: Any, setup: CombatSetup) -> StandardReadings:
    if raw is None:
        return read_unnamed(setup)
    if not isinstance(raw, Mapping) or not all(isinstance(value, str) for value in raw.values()):
        raise NotationError('readings must be an object such as {"turn-answers": "just-before"}', code="json.bad_value")
    return readings_from(dict(raw))


def _made_up(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise NotationError("made_up must be a list of card records", code="json.bad_value")
    return tuple(made_up_record(item, f"made_up[{index}]") for index, item in enumerate(value))
