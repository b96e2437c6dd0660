"""Rule sets as objects: one ``Ruleset`` per rule set (the standard shield combat, the Guardians Arena duel),
found by name (``find_ruleset``) or from a set-up, its text or its JSON form (``ruleset_of``).

A rule set parses, prints, validates (never by resolving), resolves, explores (or refuses to, with a
code) and stops part of the way (or refuses to); it lists the readings of its open rules
(``engine.readings``). Callers (the site, the API, the command line) ask the set-up's rule set to do these
things instead of testing the set-up's type: this module is the one place that knows which type is whose.
Listing a set-up's legal actions is ``engine.options`` (``options(setup, catalog)`` for a standard combat,
``duel_options(setup, catalog)`` for a duel); it joins this object as ``options`` when both are merged.

A set-up text or JSON object names its rule set (``ruleset=arena``, ``"ruleset": "arena"``); without one
it is a standard combat, so every standard permalink reads as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Protocol

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
from .arena.duel import derived_problems, secondary_opener, secondary_problems, with_made_up
from .arena.readings import ARENA_OPEN_RULES, readings_from
from .arena.setup_notices import setup_notices
from .arena.validate import turn_problems
from .catalog import CardCatalog
from .errors import EngineError, NotationError, Problem
from .explore import Exploration, explore
from .jsonform import setup_from_dict, setup_to_dict
from .log import CombatLog, Notice
from .notation import format_setup, parse_setup
from .options import DuelOptions, Options, duel_options, options
from .partial import PartialState, resolve_until
from .readings import OpenRule
from .resolver import resolve
from .setup import CombatSetup
from .standard_readings import STANDARD_OPEN_RULES
from .standard_readings import readings_from as standard_readings_from
from .validate import validate

AnySetup = CombatSetup | ArenaSetup
AnyLog = CombatLog | DuelLog

# Why exploring every play order is refused for a duel (code EXPLORE_REFUSAL_CODE): the site shows it as is.
EXPLORE_REFUSAL_CODE = "explore.not_for_duels"
EXPLORE_REFUSAL = (
    "Exploring varies the play order of a shield's creatures, and a duel has none to vary: one creature a "
    "side enters the Duel Zone, and the rest are the players' own choices turn by turn (which card to play, "
    "in what order), each of which you can try by changing the duel and reading its result"
)
PARTIAL_REFUSAL = (
    "a partial answer stops a shield combat after its command step or a match-up; an Arena duel has neither"
)


class Ruleset(Protocol):
    """What every rule set does; ``name`` is its word in the notation and JSON (``ruleset=arena``)."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def readings(self) -> tuple[OpenRule, ...]: ...

    def owns(self, item: object) -> bool:
        """Whether a set-up or a log is this rule set's."""
        ...

    def parse(self, text: str) -> AnySetup: ...

    def format(self, setup: AnySetup) -> str: ...

    def from_dict(self, data: Any) -> AnySetup: ...

    def to_dict(self, setup: AnySetup) -> dict[str, Any]: ...

    def validate(self, setup: AnySetup, catalog: CardCatalog) -> list[Problem]:
        """Every problem of the set-up; never resolves it (no log is written)."""
        ...

    def warnings(self, setup: AnySetup, catalog: CardCatalog) -> list[Notice]:
        """What a check says of a set-up with no problem (``validate`` first): each part it will pass over, as a
        coded warning."""
        ...

    def resolve(self, setup: AnySetup, catalog: CardCatalog, *, checked: bool = False) -> AnyLog: ...

    def explore(
        self, setup: AnySetup, catalog: CardCatalog, *, limit: int | None = None, budget: float | None = None
    ) -> Exploration:
        """Every primary play order; raises ``explore_refusal()`` when the rule set has none to vary."""
        ...

    def explore_refusal(self) -> EngineError | None:
        """The coded refusal ``explore`` raises for every set-up of this rule set; None when it explores."""
        ...

    def resolve_until(self, setup: AnySetup, catalog: CardCatalog, *, after: int) -> PartialState:
        """The state part of the way; raises ``partial_refusal()`` when the rule set has no such points."""
        ...

    def partial_refusal(self) -> EngineError | None: ...

    def with_reading(self, setup: AnySetup, key: str, choice: str) -> AnySetup:
        """The set-up read under ``choice`` for the open rule ``key`` (written into it)."""
        ...

    def options(self, setup: AnySetup, catalog: CardCatalog) -> Options | DuelOptions:
        """What the rules let each side do next in the set-up as it stands (``engine.options``)."""
        ...


def _wrong(setup: object, ruleset: str) -> EngineError:
    return EngineError(f"{type(setup).__name__} is not a {ruleset} set-up", code="ruleset.wrong_setup")


class StandardRuleset:
    """The standard shield combat of the Guardians rules."""

    name = "standard"
    title = "Standard combat"
    readings: tuple[OpenRule, ...] = STANDARD_OPEN_RULES

    def owns(self, item: object) -> bool:
        return isinstance(item, CombatSetup | CombatLog)

    def setup_of(self, setup: object) -> CombatSetup:
        """The set-up as this rule set's type; raises EngineError ``ruleset.wrong_setup`` for another's."""
        if not isinstance(setup, CombatSetup):
            raise _wrong(setup, self.name)
        return setup

    def log_of(self, log: object) -> CombatLog:
        if not isinstance(log, CombatLog):
            raise _wrong(log, self.name)
        return log

    def parse(self, text: str) -> CombatSetup:
        return parse_setup(text)

    def format(self, setup: AnySetup) -> str:
        return format_setup(self.setup_of(setup))

    def from_dict(self, data: Any) -> CombatSetup:
        if isinstance(data, Mapping) and "ruleset" in data:
            data = {key: value for key, value in data.items() if key != "ruleset"}
        return setup_from_dict(data)

    def to_dict(self, setup: AnySetup) -> dict[str, Any]:
        return setup_to_dict(self.setup_of(setup))

    def validate(self, setup: AnySetup, catalog: CardCatalog) -> list[Problem]:
        return validate(self.setup_of(setup), catalog)

    def warnings(self, setup: AnySetup, catalog: CardCatalog) -> list[Notice]:
        self.setup_of(setup)
        return []

    def resolve(self, setup: AnySetup, catalog: CardCatalog, *, checked: bool = False) -> CombatLog:
        return resolve(self.setup_of(setup), catalog, checked=checked)

    def explore(
        self, setup: AnySetup, catalog: CardCatalog, *, limit: int | None = None, budget: float | None = None
    ) -> Exploration:
        return explore(self.setup_of(setup), catalog, limit=limit, budget=budget)

    def explore_refusal(self) -> EngineError | None:
        return None

    def resolve_until(self, setup: AnySetup, catalog: CardCatalog, *, after: int) -> PartialState:
        return resolve_until(self.setup_of(setup), catalog, after=after)

    def partial_refusal(self) -> EngineError | None:
        return None

    def with_reading(self, setup: AnySetup, key: str, choice: str) -> CombatSetup:
        combat = self.setup_of(setup)
        return replace(combat, readings=standard_readings_from({**combat.readings.named(), key: choice}))

    def options(self, setup: AnySetup, catalog: CardCatalog) -> Options:
        return options(self.setup_of(setup), catalog)


class ArenaRuleset:
    """The Guardians Arena duel: one creature a side in the Duel Zone, a primary and a secondary round."""

    name = "arena"
    title = "Guardians Arena duel"
    readings: tuple[OpenRule, ...] = ARENA_OPEN_RULES

    def owns(self, item: object) -> bool:
        return isinstance(item, ArenaSetup | DuelLog)

    def setup_of(self, setup: object) -> ArenaSetup:
        """The set-up as this rule set's type; raises EngineError ``ruleset.wrong_setup`` for another's."""
        if not isinstance(setup, ArenaSetup):
            raise _wrong(setup, self.name)
        return setup

    def log_of(self, log: object) -> DuelLog:
        if not isinstance(log, DuelLog):
            raise _wrong(log, self.name)
        return log

    def parse(self, text: str) -> ArenaSetup:
        return parse_duel(text)

    def format(self, setup: AnySetup) -> str:
        return format_duel(self.setup_of(setup))

    def from_dict(self, data: Any) -> ArenaSetup:
        if not isinstance(data, Mapping):
            raise NotationError("a duel set-up is a JSON object", code="json.bad_setup")
        return duel_from_dict(data)

    def to_dict(self, setup: AnySetup) -> dict[str, Any]:
        return duel_to_dict(self.setup_of(setup))

    def validate(self, setup: AnySetup, catalog: CardCatalog) -> list[Problem]:
        """Every problem of the duel, those of its secondary round's turn order included: who acts first there
        follows the primary round (6.6.1), which is played alone for it, without writing a log."""
        duel = self.setup_of(setup)
        problems = validate_duel(duel, catalog)
        if problems:
            return problems
        try:
            cards = with_made_up(duel, catalog)
        except EngineError as exc:
            return list(exc.problems)
        problems = derived_problems(duel, cards)
        if problems or not duel.secondary:
            return problems
        return secondary_problems(duel, cards, secondary_opener(duel, cards))

    def warnings(self, setup: AnySetup, catalog: CardCatalog) -> list[Notice]:
        """Each target its action cannot reach (``arena.target_*``), found from the set-up as written."""
        duel = self.setup_of(setup)
        cards = with_made_up(duel, catalog)
        first = secondary_opener(duel, cards) if duel.secondary else None
        played = first is not None and not turn_problems(duel.secondary, first, "secondary", "6.6.1")
        return setup_notices(duel, cards, secondary_played=played)

    def resolve(self, setup: AnySetup, catalog: CardCatalog, *, checked: bool = False) -> DuelLog:
        # A duel checks itself as it is played (its secondary round's order needs the primary round).
        return resolve_duel(self.setup_of(setup), catalog)

    def explore(
        self, setup: AnySetup, catalog: CardCatalog, *, limit: int | None = None, budget: float | None = None
    ) -> Exploration:
        self.setup_of(setup)
        raise self.explore_refusal()

    def explore_refusal(self) -> EngineError:
        return EngineError(EXPLORE_REFUSAL, code=EXPLORE_REFUSAL_CODE)

    def resolve_until(self, setup: AnySetup, catalog: CardCatalog, *, after: int) -> PartialState:
        self.setup_of(setup)
        raise self.partial_refusal()

    def partial_refusal(self) -> EngineError:
        return NotationError(PARTIAL_REFUSAL, code="notation.bad_ruleset")

    def with_reading(self, setup: AnySetup, key: str, choice: str) -> ArenaSetup:
        duel = self.setup_of(setup)
        return replace(duel, readings=readings_from({**duel.readings.named(), key: choice}))

    def options(self, setup: AnySetup, catalog: CardCatalog) -> DuelOptions:
        return duel_options(self.setup_of(setup), catalog)


STANDARD = StandardRuleset()
ARENA = ArenaRuleset()
RULESETS: tuple[Ruleset, ...] = (STANDARD, ARENA)
RULESET_NAMES = tuple(ruleset.name for ruleset in RULESETS)


def find_ruleset(name: str) -> Ruleset:
    """The rule set of that name; raises EngineError ``ruleset.unknown`` naming the known ones."""
    for ruleset in RULESETS:
        if ruleset.name == name:
            return ruleset
    raise EngineError(f"ruleset must be one of {', '.join(RULESET_NAMES)}, got {name!r}", code="ruleset.unknown")


def ruleset_of(item: object) -> Ruleset:
    """The rule set of a set-up or a log, of a set-up text (``ruleset=arena`` marks a duel) or of a JSON
    set-up (its ``ruleset`` field); a text or object that names none is a standard combat."""
    if isinstance(item, str):
        return ARENA if is_arena_text(item) else STANDARD
    if isinstance(item, Mapping):
        if "ruleset" not in item:
            return STANDARD
        name = item["ruleset"]
        if name not in RULESET_NAMES:
            raise NotationError(
                f"ruleset must be one of {', '.join(RULESET_NAMES)}, got {name!r}", code="json.bad_ruleset"
            )
        return find_ruleset(str(name))
    for ruleset in RULESETS:
        if ruleset.owns(item):
            return ruleset
    raise EngineError(f"{type(item).__name__} is no rule set's set-up or log", code="ruleset.unknown")


# The one-call forms, for callers holding a text, an object or a set-up of either rule set.
def parse_any(text: str) -> AnySetup:
    return ruleset_of(text).parse(text)


def any_from_dict(data: Any) -> AnySetup:
    return ruleset_of(data).from_dict(data)


def format_any(setup: AnySetup) -> str:
    return ruleset_of(setup).format(setup)


def any_to_dict(setup: AnySetup) -> dict[str, Any]:
    return ruleset_of(setup).to_dict(setup)


def validate_any(setup: AnySetup, catalog: CardCatalog) -> list[Problem]:
    return ruleset_of(setup).validate(setup, catalog)


def resolve_any(setup: AnySetup, catalog: CardCatalog) -> AnyLog:
    return ruleset_of(setup).resolve(setup, catalog)
