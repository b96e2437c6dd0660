"""The Guardians combat engine: a pure, typed library (no Django) that resolves one FPG combat exactly.

    from engine import default_catalog, parse_setup, resolve

    log = resolve(parse_setup("terrain=swamps a=sand-lord d=swordsman,archer"), default_catalog())
    log.result.winner, [step.text for step in log.steps]

The names below are the public surface; everything else is the engine's own business and may
change. engine/README.md maps every step of the combat procedure to the function that performs it.
"""

from __future__ import annotations

from .cards import CardDefinition
from .catalog import CardCatalog, default_catalog
from .enums import CardUse, Fate, Phase, Role, Side, StepKind, Terrain, Winner
from .errors import CatalogError, EngineError, NotationError, Problem, SetupInvalid, Shape, UnknownCard
from .explore import Exploration, OrderOutcome, explore
from .jsonform import setup_from_dict, setup_to_dict
from .log import (
    CardOutcome,
    CombatLog,
    CombatResult,
    CommandOutcome,
    CreatureOutcome,
    Notice,
    SecondaryOutcome,
    Step,
    Term,
)
from .notation import format_setup, parse_setup
from .options import (
    ActionOption,
    Decision,
    DuelOptions,
    OptionKind,
    Options,
    Reason,
    Turn,
    duel_options,
    duel_why_not,
    next_actions,
    options,
    why_not,
)
from .partial import PartialState, resolve_until
from .readings import Choice, OpenRule
from .render import render
from .resolver import resolve
from .rulesets import ARENA, RULESETS, STANDARD, Ruleset, find_ruleset, ruleset_of
from .setup import CombatSetup, SideSetup
from .validate import check, validate

__all__ = [
    "ARENA",
    "RULESETS",
    "STANDARD",
    "ActionOption",
    "Decision",
    "DuelOptions",
    "OptionKind",
    "Options",
    "Reason",
    "Turn",
    "duel_options",
    "duel_why_not",
    "next_actions",
    "options",
    "why_not",
    "CardCatalog",
    "CardDefinition",
    "CardOutcome",
    "CardUse",
    "CatalogError",
    "Choice",
    "CombatLog",
    "CombatResult",
    "CombatSetup",
    "CommandOutcome",
    "CreatureOutcome",
    "EngineError",
    "Exploration",
    "Fate",
    "NotationError",
    "Notice",
    "OpenRule",
    "OrderOutcome",
    "PartialState",
    "Phase",
    "Problem",
    "Role",
    "Ruleset",
    "SecondaryOutcome",
    "SetupInvalid",
    "Shape",
    "Side",
    "SideSetup",
    "Step",
    "StepKind",
    "Term",
    "Terrain",
    "UnknownCard",
    "Winner",
    "check",
    "default_catalog",
    "explore",
    "find_ruleset",
    "format_setup",
    "parse_setup",
    "render",
    "resolve",
    "resolve_until",
    "ruleset_of",
    "setup_from_dict",
    "setup_to_dict",
    "validate",
]
