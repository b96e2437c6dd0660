"""The registry of effects: which ability kinds act at which point of the procedure.

A function that performs what some ability kinds do registers itself with ``acts_in(point, *kinds)``;
the point is a step id of the design document, with a word saying where in the step when a step has
several (``"PRI-9 start"``). A step of the procedure then asks ``effects_in(combat, point)`` for the
effects whose kinds some card of this combat holds, and calls them; it never checks for a kind
itself. Registering also tells each kind the steps it acts in (``steps_of``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .abilities import Ability

if TYPE_CHECKING:
    from .combat_state import Combat

Effect = TypeVar("Effect", bound=Callable[..., Any])


@dataclass(frozen=True)
class Registered:
    point: str
    kinds: frozenset[type[Ability]]
    effect: Callable[..., Any]
    order: int = 0


_AT: dict[str, list[Registered]] = {}


def acts_in(point: str, *kinds: type[Ability], order: int = 0) -> Callable[[Effect], Effect]:
    """Register the decorated function as what ``kinds`` do at ``point``; effects of one point run by
    ``order``, then in the order registered."""

    def register(effect: Effect) -> Effect:
        entries = _AT.setdefault(point, [])
        entries.append(Registered(point, frozenset(kinds), effect, order))
        entries.sort(key=lambda entry: entry.order)
        for kind in kinds:
            step = point.split(" ")[0]
            if step not in kind.steps:
                kind.steps = tuple(sorted((*kind.steps, step)))
        return effect

    return register


def effects_in(combat: Combat, point: str) -> list[Callable[..., Any]]:
    """The effects registered at ``point`` whose kinds a card of this combat holds."""
    found = combat.effects_at.get(point)
    if found is None:
        present = combat.kinds_present
        found = [entry.effect for entry in _AT.get(point, ()) if not entry.kinds.isdisjoint(present)]
        combat.effects_at[point] = found
    return found


# The effects found at each point depend only on the kinds present: combats holding the same kinds of
# ability (every order an exploration tries, every step of the same permalink) share one table.
_TABLES: dict[frozenset[type[Ability]], dict[str, list[Callable[..., Any]]]] = {}


def effects_for(kinds: set[type[Ability]]) -> dict[str, list[Callable[..., Any]]]:
    """The table, filled as points are asked for, of the effects present for these kinds."""
    key = frozenset(kinds)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 256:
            _TABLES.clear()
        table = _TABLES[key] = {}
    return table


def now_present(combat: Combat, abilities: Iterable[Ability]) -> None:
    """Cards that enter the combat after the set-up (a command spell, a creature joining) bring their kinds."""
    combat.kinds_present.update(type(ability) for ability in abilities)
    combat.effects_at = effects_for(combat.kinds_present)


def run_effects(combat: Combat, point: str, *args: Any) -> None:
    """Call every effect present at ``point`` with the combat and ``args``."""
    found = combat.effects_at.get(point)
    for effect in effects_in(combat, point) if found is None else found:
        effect(combat, *args)


def any_effect(combat: Combat, point: str, *args: Any) -> bool:
    """Call the effects present at ``point`` in order until one says it settled the matter (returns True)."""
    found = combat.effects_at.get(point)
    for effect in effects_in(combat, point) if found is None else found:
        if effect(combat, *args):
            return True
    return False


def steps_of(kind: type[Ability]) -> tuple[str, ...]:
    """The step ids in which a kind acts: declared by the kind (or its family) and added by registering."""
    return kind.steps


def registered() -> dict[str, list[Registered]]:
    """Every point and its effects, for the documentation and the tests."""
    return {point: list(entries) for point, entries in _AT.items()}
