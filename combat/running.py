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
from combat.limits import check_setup
from combat.setup_form import MAX_NOTATION_LENGTH
from combat.slots import explore_slot
from engine.catalog import CardCatalog
from engine.errors import NotationError, Problem, SetupInvalid
from engine.explore import Exploration
from engine.log import Notice
from engine.partial import PartialState
from engine.rulesets import STANDARD, AnyLog, AnySetup, ruleset_of

Result = TypeVar("Result")


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
    text = text.strip()
    return _within_limits(ruleset_of(text).parse(text))


def read_json(data: Mapping[str, Any] | Any) -> AnySetup:
    return _within_limits(ruleset_of(data).from_dict(data))


def _within_limits(setup: AnySetup) -> AnySetup:
    """A shield combat larger than any real one is refused before any work starts (combat.limits)."""
    if ruleset_of(setup) is STANDARD:
        check_setup(STANDARD.setup_of(setup))
    return setup


def problems_of(setup: AnySetup, cards: CardCatalog | None = None) -> list[Problem]:
    """Every problem of a set-up of either rule set, found without resolving it (Ruleset.validate)."""
    return ruleset_of(setup).validate(setup, cards or catalog())


def setup_warnings(setup: AnySetup, cards: CardCatalog | None = None) -> list[Notice]:
    """The warnings a set-up with no problem earns as written: for a duel, each target its action cannot reach
    (``arena.target_*``). Such a duel resolves as it always has, so a shared permalink keeps its result, and the
    check says what it will pass over rather than refusing it or passing over it without a word."""
    return ruleset_of(setup).warnings(setup, cards or catalog())


def run(setup: AnySetup) -> AnyLog:
    """Resolve a set-up of either rule set; raises SetupInvalid listing every problem when it breaks the rules
    (each rule set's resolve checks the set-up first, a duel's secondary round as it reaches it)."""
    return ruleset_of(setup).resolve(setup, catalog())


def run_notation(text: str) -> AnyLog:
    return run(read_notation(text))


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

    Raises SetupInvalid, EngineError ``explore.not_for_duels`` for a duel, or ServerBusy when every slot stays
    taken (combat.slots).
    """
    ruleset = ruleset_of(setup)
    refusal = ruleset.explore_refusal()
    if refusal is not None:
        raise refusal  # before any check: nothing in the set-up is at fault
    # One catalog for the check and the exploration, even if the data changes in between.
    cards = catalog()
    problems = ruleset.validate(setup, cards)
    if problems:
        raise SetupInvalid(problems)
    with explore_slot():
        return at_low_priority(lambda: render(ruleset.explore(setup, cards, limit=None, budget=EXPLORE_BUDGET_SECONDS)))


# Explore is the one request that uses a whole second of CPU. Run at this niceness, it yields the CPU to
# every other request (searches, pages) in the other workers, and its time budget absorbs the wait: when
# the machine is busy it explores fewer orders and says so, instead of slowing everyone else down.
EXPLORE_NICENESS = 10


def run_until(setup: AnySetup, after: int) -> PartialState:
    """The state once the command step (0) or match-up ``after`` is over (engine.partial)."""
    ruleset = ruleset_of(setup)
    refusal = ruleset.partial_refusal()
    if refusal is not None:
        raise refusal
    cards = catalog()
    problems = ruleset.validate(setup, cards)
    if problems:
        raise SetupInvalid(problems)
    return ruleset.resolve_until(setup, cards, after=after)


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
