"""The documented limits on a combat set-up, checked before any work starts.

A set-up reaches the engine as notation text (at most MAX_NOTATION_LENGTH characters, see setup_form) or as JSON (at most
MAX_SETUP_JSON_BYTES bytes, nested at most MAX_JSON_DEPTH deep, checked by the API's JSON parser). Once read,
a side may list at most MAX_CREATURES_PER_SIDE creatures and at most MAX_ENTRIES_PER_LIST entries in any
other list, and no number in it may exceed MAX_NUMBER: the engine's work grows with these, and no real
combat comes near them. Each refusal is an EngineError whose code starts with ``limit.``, so the API answers
400 and names the limit.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from engine.errors import NotationError
from engine.setup import CombatSetup, SideSetup

# Every creature but the zero-point Idiots stacks at least 1 of a shield's 30 points, so 30 covers any real
# shield (a few Idiots beside small creatures included) while keeping one resolution in milliseconds.
MAX_CREATURES_PER_SIDE = 30
MAX_ENTRIES_PER_LIST = 30
# Stones, dispels, die rolls, counts and channel amounts: printed numbers and dice stay far below this.
MAX_NUMBER = 999
# The JSON form spells out keys and quotes each card, about three times the notation's length.
MAX_SETUP_JSON_BYTES = 8000
MAX_JSON_DEPTH = 8
# An explore answer lists at most this many of its explored orders, and stops listing before its JSON passes
# this many bytes: each row spells out its whole set-up and a permalink, so a set-up of long made-up cards
# made hundreds of rows weigh tens of megabytes (and seconds to write). Its figures still cover every order
# explored; ``outcomes_listed`` says how many rows the list holds.
MAX_EXPLORE_ROWS = 1000
MAX_EXPLORE_BYTES = 500_000


class LimitExceeded(NotationError):
    """A set-up too large to read: like unreadable notation, nothing of it is resolved or shown in a form."""

    code = "limit.exceeded"


def check_setup(setup: CombatSetup) -> None:
    """Refuse a set-up larger than any real combat, before validating or resolving it."""
    for name, side in (("attacker", setup.attacker), ("defender", setup.defender)):
        _check_side(name, side)


def _check_side(name: str, side: SideSetup) -> None:
    if len(side.creatures) > MAX_CREATURES_PER_SIDE:
        raise LimitExceeded(
            f"The {name}'s shield lists {len(side.creatures):,} creatures; "
            f"the limit is {MAX_CREATURES_PER_SIDE} per side.",
            code="limit.creatures_per_side",
        )
    for item in fields(side):
        value = getattr(side, item.name)
        if isinstance(value, tuple) and len(value) > MAX_ENTRIES_PER_LIST:
            raise LimitExceeded(
                f"The {name}'s {item.name} list has {len(value):,} entries; the limit is {MAX_ENTRIES_PER_LIST}.",
                code="limit.entries_per_list",
            )
        for number in _numbers(value):
            if number > MAX_NUMBER:
                raise LimitExceeded(
                    f"The {name}'s {item.name} holds a number above {MAX_NUMBER}, the largest a set-up may use.",
                    code="limit.number",
                )


def _numbers(value: object) -> list[int]:
    """Every whole number inside a field value (tuples and the small decision dataclasses)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, tuple):
        return [number for entry in value for number in _numbers(entry)]
    if is_dataclass(value) and not isinstance(value, type):
        return [number for item in fields(value) for number in _numbers(getattr(value, item.name))]
    return []
