"""A copy of a combat's state that can be resolved on its own: exploring plays on from a saved state.

``fork(combat)`` copies everything a resolution changes (fighters, sides, the lists and tables of
effects in force, the steps so far) and shares what it only reads (the catalog, card definitions, the
set-up, frozen records). A fighter referred to from anywhere (a queue, a faced opponent, a bribery
lock, a table keyed by ``id(fighter)``) refers to its copy in the fork. ``copy.deepcopy`` does the
same job several times slower: it also copies the immutable records and the card definitions.
"""

from __future__ import annotations

import copy
from collections import Counter
from enum import Enum
from types import BuiltinFunctionType, FunctionType
from typing import Any

from .cards import CardDefinition
from .catalog import CardCatalog
from .combat_state import Combat
from .state import Contribution, Fighter, Shot, SideState
from .turns import TurnPlan

# Read, never changed, while a combat resolves: shared by the original and the fork.
_SHARED: set[type] = {
    str,
    int,
    bool,
    float,
    type(None),
    frozenset,
    type,
    FunctionType,
    BuiltinFunctionType,
    CardDefinition,
    CardCatalog,
    # Made once from the set-up by turns.referee and only read afterwards.
    TurnPlan,
}
# A combat's table of the effects present at each point: a cache shared by every combat holding the same
# kinds of ability (effects.effects_for), replaced, never changed, when a card brings new kinds.
# A side's table of its fighters by reference is a cache too: the copy starts it empty (state.SideState).
_SHARED_ATTRIBUTES = frozenset({"effects_at", "_by_reference"})
_SKIPPED_ATTRIBUTES = _SHARED_ATTRIBUTES | {"sides"}
# A combat's lists of frozen records (the log, the match-ups fought, notices): a new list, the same records
# (a test checks that they hold nothing else).
RECORD_LISTS = frozenset({"steps", "matchups", "notices", "warnings", "card_uses", "secondary_outcomes"})
# Mutable objects of the resolver, copied attribute by attribute.
_OBJECTS: frozenset[type] = frozenset({SideState, Contribution, Shot})
_known: dict[type, bool] = {}
# How a side's copy takes each attribute, by its declared type (mypy holds every write to it; a test keeps
# the table complete and checks the containers' items after resolving): the generic copy asks the type of
# every item, and sides are copied at every fork.
SIDE_SHARED = frozenset(
    {"side", "setup", "guardian", "stones", "command_card", "command_active", "command_cancelled", "borrowed"}
    | {"stronghold", "guardian_card"}
)
SIDE_FIGHTER_LISTS = ("fighters", "queue")
# Containers of immutable items (ints, card definitions, tuples of them): a shallow copy.
SIDE_FLAT_CONTAINERS = ("channellers", "used_channellers", "bonuses", "shield_cards", "earlier_cards")
SIDE_OTHERS = frozenset({"hand", "command_fighter", "bribery_locks", "_by_reference"})
# A fighter's attributes that hold another fighter (a test keeps this list complete).
FIGHTER_LINKS = ("faced", "beaten_by")
# Read by name where every fork reads them (a third link makes this line fail at import, so it cannot be missed).
_FACED, _BEATEN_BY = FIGHTER_LINKS


def _is_shared(kind: type) -> bool:
    """Immutable by construction: enums and frozen dataclasses (checked once per type)."""
    found = _known.get(kind)
    if found is None:
        params = getattr(kind, "__dataclass_params__", None)
        found = kind in _SHARED or issubclass(kind, (Enum, str)) or (params is not None and params.frozen)
        _known[kind] = found
    return found


class _Copier:
    def __init__(self, combat: Combat) -> None:
        # Each fighter -> its copy (fighters hash by identity); ``fighters`` re-keys tables keyed by id(fighter).
        twins: dict[Fighter, Fighter] = {}
        new = object.__new__
        for state in combat.sides.values():
            for fighter in state.fighters:
                twin = new(Fighter)
                # Replacing the attribute table is twice as fast as filling the new one.
                twin.__dict__ = fighter.__dict__.copy()
                twins[fighter] = twin
        self.twins = twins
        self.objects: dict[int, Any] = {}
        self._by_id: dict[int, Fighter] | None = None
        for twin in twins.values():
            attributes = twin.__dict__
            # Unrolled (no loop over the two names): done for every fighter at every fork.
            other = attributes[_FACED]
            if other is not None:
                attributes[_FACED] = twins[other]
            other = attributes[_BEATEN_BY]
            if other is not None:
                attributes[_BEATEN_BY] = twins[other]

    @property
    def fighters(self) -> dict[int, Fighter]:
        """id(original fighter) -> its copy, made when a table keyed by id(fighter) is met."""
        if self._by_id is None:
            self._by_id = {id(fighter): twin for fighter, twin in self.twins.items()}
        return self._by_id

    def key(self, value: Any) -> Any:
        if type(value) is int:
            twin = self.fighters.get(value)
            return id(twin) if twin is not None else value
        return self.value(value)

    def value(self, value: Any) -> Any:
        kind = type(value)
        known = _known
        table = self.twins
        # The common cases inline (a function call per element would cost more than the copy itself).
        if kind is Fighter:
            return table[value]
        if kind is list:
            return [
                item if known.get(type(item)) else table[item] if type(item) is Fighter else self.value(item)
                for item in value
            ]
        if kind is tuple:
            if all(known.get(type(item)) for item in value):
                return value
            return tuple(self.value(item) for item in value)
        if kind is dict:
            return {
                (k if type(k) is not int and known.get(type(k)) else self.key(k)): (
                    v if known.get(type(v)) else table[v] if type(v) is Fighter else self.value(v)
                )
                for k, v in value.items()
            }
        if kind is set:
            return {item if type(item) is not int and known.get(type(item)) else self.key(item) for item in value}
        if kind is Counter:
            return _counter(value)
        if _is_shared(kind):
            return value
        if kind is SideState:
            return self.side(value)
        if kind in _OBJECTS:
            done = self.objects.get(id(value))
            if done is None:
                done = object.__new__(kind)
                self.objects[id(value)] = done
                # Start from the whole table (most attributes are shared) and replace the mutable ones.
                copied = done.__dict__ = value.__dict__.copy()
                for name, item in value.__dict__.items():
                    held = type(item)
                    if known.get(held) or name in _SHARED_ATTRIBUTES:
                        continue
                    if not item and (held is list or held is dict or held is set):
                        copied[name] = held()
                    elif held is list:
                        copied[name] = [
                            x if known.get(type(x)) else table[x] if type(x) is Fighter else self.value(x) for x in item
                        ]
                    else:
                        copied[name] = self.value(item)
                if kind is SideState:
                    done._by_reference = {}  # A table of its fighters, rebuilt from the copied ones when read.
            return done
        # Anything else is copied in full, its fighters mapped to their copies.
        memo: dict[int, Any] = {key: twin for key, twin in self.fighters.items()}
        return copy.deepcopy(value, memo)

    def side(self, state: SideState) -> SideState:
        """A side's copy, attribute by attribute as SIDE_* declare (the same copy wherever it is met)."""
        done: SideState | None = self.objects.get(id(state))
        if done is not None:
            return done
        done = object.__new__(SideState)
        self.objects[id(state)] = done
        copied = done.__dict__ = state.__dict__.copy()
        table = self.twins
        for name in SIDE_FIGHTER_LISTS:
            copied[name] = [table[fighter] for fighter in copied[name]]
        for name in SIDE_FLAT_CONTAINERS:
            copied[name] = copied[name].copy()
        copied["hand"] = _counter(state.hand)
        if state.command_fighter is not None:
            copied["command_fighter"] = table[state.command_fighter]
        locks = state.bribery_locks
        copied["bribery_locks"] = {icon: table[holder] for icon, holder in locks.items()} if locks else {}
        copied["_by_reference"] = {}  # A table of its fighters, rebuilt from the copied ones when read.
        return done


def _counter(counts: Counter[Any]) -> Counter[Any]:
    # Counter(counts) and counts.copy() go through an abstract-class check; counts are plain ints.
    copied: Counter[Any] = dict.__new__(Counter)
    dict.update(copied, counts)
    return copied


def fork(combat: Combat) -> Combat:
    """An independent copy of ``combat``: resolving either leaves the other as it was."""
    copier = _Copier(combat)
    twin = object.__new__(Combat)
    known = _known
    # Start from the whole table (most attributes are shared) and replace the mutable ones.
    copied = twin.__dict__ = combat.__dict__.copy()
    # The sides first, without the generic copy's questions (the loop below skips them).
    copied["sides"] = {side: copier.side(state) for side, state in combat.sides.items()}
    for name, value in combat.__dict__.items():
        kind = type(value)
        if known.get(kind) or name in _SKIPPED_ATTRIBUTES:
            continue
        if name in RECORD_LISTS:
            copied[name] = value.copy()
        elif not value and (kind is list or kind is dict or kind is set):
            copied[name] = kind()
        else:
            copied[name] = copier.value(value)
    return twin


def release(combat: Combat) -> None:
    """Done with ``combat`` (a copy played to its end and counted): its fighters let go of one another, so that
    reference counting frees the copy at once. Creatures that met hold each other (``faced``), a cycle only the
    cycle collector would free: a walk drops thousands of copies, and collecting them cost a tenth of its time."""
    for state in combat.sides.values():
        for fighter in state.fighters:
            attributes = fighter.__dict__
            for name in FIGHTER_LINKS:
                attributes[name] = None
