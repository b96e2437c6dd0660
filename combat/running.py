"""The one way the site runs a combat: read the set-up, check it, resolve it.

Views and the API both go through here, so a set-up that fails on the page fails the same way
in the API, with the engine's stable problem codes.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from cards.engine_catalog import site_catalog
from combat.duels import EXPLORE_REFUSAL, EXPLORE_REFUSAL_CODE
from combat.limits import check_setup
from combat.setup_form import MAX_NOTATION_LENGTH
from combat.slots import explore_slot
from engine.arena import ArenaSetup, DuelLog, resolve_duel
from engine.catalog import CardCatalog
from engine.errors import EngineError, NotationError, Problem, SetupInvalid
from engine.explore import Exploration, explore
from engine.log import CombatLog, Notice
from engine.partial import PartialState, resolve_until
from engine.resolver import resolve
from engine.rulesets import AnySetup, any_from_dict, parse_any, resolve_any, validate_any
from engine.setup import CombatSetup

Result = TypeVar("Result")
# The duel's warnings about the set-up as written (engine.arena.validate.off_targets), not about a card's text.
SETUP_WARNING_PREFIX = "arena.target_"


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
    return _within_limits(parse_any(text.strip()))


def read_json(data: Mapping[str, Any] | Any) -> AnySetup:
    return _within_limits(any_from_dict(data))


def _within_limits(setup: AnySetup) -> AnySetup:
    """A shield combat larger than any real one is refused before any work starts (combat.limits)."""
    if isinstance(setup, CombatSetup):
        check_setup(setup)
    return setup


def problems_of(setup: AnySetup, cards: CardCatalog | None = None) -> list[Problem]:
    """Every problem of a set-up of either ruleset (a duel's include those only its play reveals)."""
    return validate_any(setup, cards or catalog())


def setup_warnings(setup: AnySetup, cards: CardCatalog | None = None) -> list[Notice]:
    """The warnings a duel's set-up earns as written, for a duel with no problem: each target its action cannot
    reach (``arena.target_*``). Such a duel resolves as it always has, so a shared permalink keeps its result,
    and the check says what it will pass over rather than refusing it or passing over it without a word."""
    if not isinstance(setup, ArenaSetup):
        return []
    try:
        log = resolve_duel(setup, cards or catalog())
    except EngineError:
        return []  # its problems are problems_of's to list
    return [notice for notice in log.result.notices if notice.code.startswith(SETUP_WARNING_PREFIX)]


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


# Exploring runs one resolution per play order. Time, not the number of orders, bounds it: after this many
# seconds it stops and says how many orders it explored. With the wait for a slot (combat.slots, 0.5 s at
# most) and rendering the rows, a page or API call stays well under 2 s.
EXPLORE_BUDGET_SECONDS = 0.5
# About how many play orders of an ordinary combat that budget resolves (orders sharing their first
# match-ups are resolved together, engine.explore_walk: 4,000-5,000 orders a second of CPU for 6 to 8
# creatures a side, measured by `python -m benchmarks engine`; less at low priority on a busy server).
# Beyond it, the step-through says an exploration will cover only part of them (it always says exactly
# which orders it covered).
EXPLORE_LIMIT = 1500


def explore_notation(text: str) -> Exploration:
    """Every primary play order of a set-up (as many as the time budget allows); raises SetupInvalid."""
    return explore_setup(read_notation(text), lambda exploration: exploration)


def explore_setup(setup: AnySetup, render: Callable[[Exploration], Result]) -> Result:
    """Explore a set-up and render the answer (e.g. as JSON bytes), both at low priority in an explore slot.

    Raises SetupInvalid, or ServerBusy when every slot stays taken (combat.slots).
    """
    if isinstance(setup, ArenaSetup):
        raise EngineError(EXPLORE_REFUSAL, code=EXPLORE_REFUSAL_CODE)
    # One catalog for the check and the exploration, even if the data changes in between.
    cards = catalog()
    problems = problems_of(setup, cards)
    if problems:
        raise SetupInvalid(problems)
    with explore_slot():
        return at_low_priority(lambda: render(explore(setup, cards, limit=None, budget=EXPLORE_BUDGET_SECONDS)))


# Explore is the one request that uses a whole second of CPU. Run at this niceness, it yields the CPU to
# every other request (searches, pages) in the other workers, and its time budget absorbs the wait: when
# the machine is busy it explores fewer orders and says so, instead of slowing everyone else down.
EXPLORE_NICENESS = 10


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


def at_low_priority(work: Callable[[], Result]) -> Result:
    """Run work in a helper thread whose scheduling priority is lowered (Linux sets it per thread), and
    wait for it; the lowered priority ends with the thread, so the worker process keeps its own."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), EXPLORE_NICENESS)
        except (AttributeError, OSError):  # Not Linux, or not allowed: run at normal priority.
            pass
        try:
            outcome["value"] = work()
        except BaseException as exc:  # Re-raised in the request's thread, where the API handler turns it into a 400.
            outcome["error"] = exc
        finally:
            from django.db import connections

            connections.close_all()  # Connections are per thread; this one's ends here.

    helper = threading.Thread(target=target, name="explore", daemon=True)
    helper.start()
    helper.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]
