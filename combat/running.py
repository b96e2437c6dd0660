"""The one way the site runs a combat: read the set-up, check it, resolve it.

Views and the API both go through here, so a set-up that fails on the page fails the same way
in the API, with the engine's stable problem codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.engine_catalog import site_catalog
from combat.setup_form import MAX_NOTATION_LENGTH
from engine.arena import ArenaSetup, DuelLog
from engine.catalog import CardCatalog
from engine.errors import NotationError, Problem, SetupInvalid
from engine.explore import Exploration, explore
from engine.log import CombatLog
from engine.partial import PartialState, resolve_until
from engine.resolver import resolve
from engine.rulesets import AnySetup, any_from_dict, parse_any, resolve_any, validate_any
from engine.setup import CombatSetup


def catalog() -> CardCatalog:
    """The cards as the database holds them now (rebuilt once per data revision), not the fixture files."""
    return site_catalog()


def read_notation(text: str) -> AnySetup:
    """Parse a notation, refusing text far longer than any real set-up before reading it."""
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(
            f"the set-up is {len(text)} characters long; the limit is {MAX_NOTATION_LENGTH}",
            code="notation.too_long",
        )
    return parse_any(text.strip())


def read_json(data: Mapping[str, Any] | Any) -> AnySetup:
    return any_from_dict(data)


def problems_of(setup: AnySetup, cards: CardCatalog | None = None) -> list[Problem]:
    """Every problem of a set-up of either ruleset (a duel's include those only its play reveals)."""
    return validate_any(setup, cards or catalog())


def run(setup: CombatSetup) -> CombatLog:
    """Resolve a set-up; raises SetupInvalid listing every problem when it breaks the rules."""
    # One catalog for the check and the resolution, even if the data changes in between.
    cards = catalog()
    problems = problems_of(setup, cards)
    if problems:
        raise SetupInvalid(problems)
    # Checked just above: the engine need not validate the same set-up a second time.
    return resolve(setup, cards, checked=True)


def run_any(setup: AnySetup) -> CombatLog | DuelLog:
    """Resolve a set-up of either ruleset (a duel validates itself as it goes)."""
    if isinstance(setup, ArenaSetup):
        return resolve_any(setup, catalog())
    return run(setup)


def run_notation(text: str) -> CombatLog:
    setup = read_notation(text)
    if isinstance(setup, ArenaSetup):
        raise NotationError("a Guardians Arena duel is not a shield combat", code="notation.bad_ruleset")
    return run(setup)


# Exploring runs one resolution per play order; this keeps a page or API call under about 2 s.
EXPLORE_LIMIT = 2500


def explore_notation(text: str) -> Exploration:
    """Every primary play order of a set-up; raises SetupInvalid or TooManyOrders (engine errors)."""
    return explore_setup(read_notation(text))


def explore_setup(setup: AnySetup) -> Exploration:
    if isinstance(setup, ArenaSetup):
        raise NotationError("exploring play orders is for shield combats, not Arena duels", code="notation.bad_ruleset")
    cards = catalog()
    problems = problems_of(setup, cards)
    if problems:
        raise SetupInvalid(problems)
    return explore(setup, cards, limit=EXPLORE_LIMIT)


def run_until(setup: AnySetup, after: int) -> PartialState:
    """The state once the command step (0) or match-up ``after`` is over (engine.partial)."""
    if isinstance(setup, ArenaSetup):
        raise NotationError(
            "a partial answer stops a shield combat after its command step or a match-up; a duel has neither",
            code="notation.bad_ruleset",
        )
    cards = catalog()
    problems = problems_of(setup, cards)
    if problems:
        raise SetupInvalid(problems)
    return resolve_until(setup, cards, after=after)
