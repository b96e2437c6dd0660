"""Guardians Arena duels: the set-up, its notation and JSON forms, its checks and the duel procedure.

from engine import default_catalog
from engine.arena import parse_duel, resolve_duel

log = resolve_duel(parse_duel("ruleset=arena a=swordsman d=sand-lord p=a:pass,d:pass s=d:pass,a:pass"), default_catalog())
log.result.winner, log.result.places
"""

from __future__ import annotations

from .duel import resolve_duel
from .notation import duel_from_dict, duel_to_dict, format_duel, is_arena_text, parse_duel
from .result import CardPlace, DuelLog, DuelResult, Place, RoundTotals
from .setup import ArenaPlay, ArenaSetup, DuelSide, PlayKind, Ruleset
from .support import ArenaStatus, ArenaSupport, arena_support
from .validate import check_duel, validate_duel

__all__ = [
    "ArenaPlay",
    "ArenaSetup",
    "ArenaStatus",
    "ArenaSupport",
    "CardPlace",
    "DuelLog",
    "DuelResult",
    "DuelSide",
    "Place",
    "PlayKind",
    "RoundTotals",
    "Ruleset",
    "arena_support",
    "check_duel",
    "duel_from_dict",
    "duel_to_dict",
    "format_duel",
    "is_arena_text",
    "parse_duel",
    "resolve_duel",
    "validate_duel",
]
