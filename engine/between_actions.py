"""Plays between two primary match-ups (issue 31, site ruling ENG-23): the notation and JSON form.

Some cards are played after one primary match-up has been resolved and before the next is revealed (Eye of
Missile Mayhem). The clause ``b<N>`` holds the actions taken right after primary match-up N, in the order
taken, in the action grammar of ``m<N>`` (``engine.actions``)::

    m1=a:ranged:archer,d:pass,a:pass b1=a:item:eye-of-missile-mayhem

The JSON form keeps them apart from the match-ups' lists: ``"between": {"b1": ["a:item:eye-of-missile-mayhem"]}``.
``format_between(parse_between(key, text)) == text`` for every canonical text. Any action can be written
there; ``engine.between_step`` plays the ones that belong between match-ups (an item whose text acts then)
and refuses the rest with ``action.not_between_matchups``, so what a player may attempt is always writable.
A set-up without ``b`` clauses reads and prints exactly as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action, action_from_text, action_to_text
from .errors import NotationError

_KEY = re.compile(r"^b([1-9][0-9]*)$")
BETWEEN_KEY = re.compile(r"^b[0-9]+$")


@dataclass(frozen=True)
class BetweenActions:
    """The actions taken after primary match-up ``after`` and before the next one, in order."""

    after: int
    actions: tuple[Action, ...]

    @property
    def key(self) -> str:
        return f"b{self.after}"


def parse_between(key: str, value: str, position: int = -1) -> BetweenActions:
    """Read one ``b<N>=...`` clause (key and value apart, as the set-up notation splits them)."""
    match = _KEY.match(key)
    if match is None:
        raise NotationError.of("not_a_matchup", code="notation.unknown_key", position=position, clause=key)
    return BetweenActions(int(match[1]), tuple(action_from_text(item, key, position) for item in value.split(",")))


def format_between(between: BetweenActions) -> str:
    """The clause's value (without ``b<N>=``)."""
    return ",".join(action_to_text(action) for action in between.actions)


def between_to_dict(lists: Iterable[BetweenActions]) -> dict[str, list[str]]:
    return {between.key: [action_to_text(a) for a in between.actions] for between in lists}


def between_from_dict(data: Any) -> tuple[BetweenActions, ...]:
    """The JSON form: ``{"b1": ["a:item:eye-of-missile-mayhem"], ...}``, in match-up order."""
    if not isinstance(data, Mapping):
        raise NotationError('between must be an object such as {"b1": ["a:pass"]}', code="json.bad_value")
    found = []
    for key, value in data.items():
        if not isinstance(key, str) or not isinstance(value, list) or not value:
            raise NotationError(f"between.{key} must be a non-empty list of strings", code="json.bad_value")
        if not all(isinstance(item, str) for item in value):
            raise NotationError(f"between.{key} must be a list of strings", code="json.bad_value")
        found.append(parse_between(key, ",".join(value)))
    return tuple(sorted(found, key=lambda between: between.after))
