"""The state of a combat between two match-ups as a hashable value: the solver's transposition key.

Two lines that leave the combat in the same state when a match-up is over have the same future: the rest of the
combat reads only that state (and the later match-ups' lists, which neither line has written yet). So the state
is the key, not the decisions that led to it, and a subtree searched once serves every line that reaches it.

The key is everything a resolution changes (``Combat``'s attributes, each side's, each fighter's) except what only
records or points into the log: the steps and notices, a fate's step number, the set-up as written and the
referee's plan of the lists written so far (the state already holds what they did), and the tables of effects that
are caches. Fighters are named by side and reference (a table keyed by ``id(fighter)`` is re-keyed the same way),
cards by their whole frozen value. The brute-force check (tests/engine/test_solver_brute.py) holds the solver's
values, which rely on this key, to a search that uses no table at all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import fields
from enum import Enum
from typing import Any

from ..cards import CardDefinition
from ..catalog import CardCatalog
from ..combat_state import Combat
from ..effects import run_effects
from ..errors import StopAfter
from ..resolver import play
from ..setup import CombatSetup
from ..state import Contribution, Fighter, SideState

# A combat's attributes that record, cache or restate the set-up rather than hold state.
_SKIPPED = frozenset(
    {"given", "setup", "plan", "steps", "notices", "warnings", "catalog", "effects_at", "kinds_present",
     "card_uses", "refusals_pending", "moment", "stop_after", "for_reader", "reading", "words_of"}
)
_FIGHTER_SKIPPED = frozenset({"fate_step"})
_SIDE_SKIPPED = frozenset({"setup", "_by_reference"})


class _Canon:
    def __init__(self, combat: Combat) -> None:
        self.catalog = combat.catalog
        self.names: dict[int, tuple[str, str]] = {}
        for state in combat.sides.values():
            for fighter in state.fighters:
                self.names[id(fighter)] = (state.side.value, fighter.reference)

    def of(self, value: Any) -> Hashable:
        kind = type(value)
        if value is None or kind in (str, bool, float) or isinstance(value, Enum):
            plain: Hashable = value
            return plain
        if kind is int:
            named: Hashable = self.names.get(value, value)
            return named
        if kind is Fighter:
            return self.names[id(value)]
        if kind is list or kind is tuple:
            return (kind.__name__, tuple(self.of(item) for item in value))
        if kind is Counter:
            return ("counter", frozenset((self.of(k), n) for k, n in value.items() if n))
        if kind is dict:
            return ("dict", frozenset((self.of(k), self.of(v)) for k, v in value.items()))
        if kind is set or kind is frozenset:
            return ("set", frozenset(self.of(item) for item in value))
        if kind is CardDefinition:
            return self.card(value)
        if kind is SideState:
            return self.attributes(value, _SIDE_SKIPPED)
        if kind is Contribution:
            return self.attributes(value, frozenset())
        if callable(value) and hasattr(value, "__qualname__"):
            return ("callable", value.__qualname__)
        try:
            hash(value)
        except TypeError:
            if hasattr(value, "__dict__"):
                return self.attributes(value, frozenset())
            return (kind.__name__, repr(value))
        return (kind.__name__, value)

    def attributes(self, value: Any, skipped: frozenset[str]) -> Hashable:
        return (
            type(value).__name__,
            tuple((name, self.of(item)) for name, item in sorted(vars(value).items()) if name not in skipped),
        )

    def card(self, card: CardDefinition) -> Hashable:
        """A printed card by its slug; a changed copy (class, size or text changed in the combat) by its fields."""
        if self.catalog.get(card.slug) is card:
            return ("card", card.slug)
        return ("changed", tuple((f.name, repr(getattr(card, f.name))) for f in fields(card) if not f.name.startswith("_")))

    def fighter(self, fighter: Fighter) -> Hashable:
        return self.attributes(fighter, _FIGHTER_SKIPPED)


def fingerprint(combat: Combat) -> Hashable:
    canon = _Canon(combat)
    fighters = tuple(canon.fighter(f) for side in sorted(combat.sides) for f in combat.sides[side].fighters)
    rest = tuple((name, canon.of(value)) for name, value in sorted(vars(combat).items()) if name not in _SKIPPED)
    return hash((fighters, rest)), fighters, rest


def state_after(setup: CombatSetup, catalog: CardCatalog, after: int) -> Hashable | None:
    """The combat's state once match-up ``after`` is over (None if the combat is over before: no match-up is
    left, so the set-up itself is the key)."""
    combat = Combat(setup, catalog)
    combat.stop_after = after
    run_effects(combat, "CMB-2")
    try:
        play(combat)
    except StopAfter:
        return fingerprint(combat)
    return None
