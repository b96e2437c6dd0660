"""One entry point for both rule sets: a set-up text or JSON object names its ruleset (``ruleset=arena``,
``"ruleset": "arena"``); without one it is a standard combat, so every standard permalink reads as before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .arena import (
    ArenaSetup,
    DuelLog,
    duel_from_dict,
    duel_to_dict,
    format_duel,
    is_arena_text,
    parse_duel,
    resolve_duel,
    validate_duel,
)
from .catalog import CardCatalog
from .errors import NotationError, Problem, SetupInvalid
from .jsonform import setup_from_dict, setup_to_dict
from .log import CombatLog
from .notation import format_setup, parse_setup
from .resolver import resolve
from .setup import CombatSetup
from .validate import validate

AnySetup = CombatSetup | ArenaSetup
RULESETS = ("standard", "arena")


def parse_any(text: str) -> AnySetup:
    return parse_duel(text) if is_arena_text(text) else parse_setup(text)


def format_any(setup: AnySetup) -> str:
    return format_duel(setup) if isinstance(setup, ArenaSetup) else format_setup(setup)


def any_from_dict(data: Any) -> AnySetup:
    if isinstance(data, Mapping) and "ruleset" in data:
        ruleset = data["ruleset"]
        if ruleset not in RULESETS:
            raise NotationError(
                f"ruleset must be one of {', '.join(RULESETS)}, got {ruleset!r}", code="json.bad_ruleset"
            )
        if ruleset == "arena":
            return duel_from_dict(data)
        data = {key: value for key, value in data.items() if key != "ruleset"}
    return setup_from_dict(data)


def any_to_dict(setup: AnySetup) -> dict[str, Any]:
    return duel_to_dict(setup) if isinstance(setup, ArenaSetup) else setup_to_dict(setup)


def ruleset_of(setup: AnySetup) -> str:
    return "arena" if isinstance(setup, ArenaSetup) else "standard"


def validate_any(setup: AnySetup, catalog: CardCatalog) -> list[Problem]:
    """Every problem; for a duel, also those only the play reveals (the secondary round's turn order)."""
    if not isinstance(setup, ArenaSetup):
        return validate(setup, catalog)
    problems = validate_duel(setup, catalog)
    if problems:
        return problems
    try:
        resolve_duel(setup, catalog)
    except SetupInvalid as exc:
        return list(exc.problems)
    return []


def resolve_any(setup: AnySetup, catalog: CardCatalog) -> CombatLog | DuelLog:
    return resolve_duel(setup, catalog) if isinstance(setup, ArenaSetup) else resolve(setup, catalog)
