"""One exception family for the engine. Every error carries a stable code that callers (the API,
the command line) can rely on; messages name the card or the text at fault.

Messages are for people. A caller that needs a part of one (the clause at fault, the item that could
not be read, the sentence without the field it opens with) reads it from the error's fields: the
wording of a message may change, its fields and codes do not (the warnings' ``render.NOTICES`` work
the same way: a stable code plus values).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as _field
from enum import Enum

_MATCHUP_CLAUSE = re.compile(r"^m(?P<round>[1-9][0-9]*)$")
_CLAUSE_OPENING = "{clause}: "

# The set-up reader's sentences, by form, written from the error's values the way render.NOTICES writes
# the warnings: every fact a message states is also a field of the error (NotationError.of).
NOTATION_FORMS: dict[str, str] = {
    "not_a_slug": "{clause}: {item!r} is not a card slug (lower-case words joined by hyphens, optionally #2 for a "
    "second copy)",
    "one_card": "{clause} takes one card, got {count}",
    "not_a_number": "{clause} takes a whole number, got {item!r}",
    "not_a_flag": "{clause} takes yes or no, got {item!r}",
    "bad_shape": "{clause}: {item!r} should look like {example}",
    "bad_entry": "{clause}: {reason}",
    "not_a_clause": "{item!r} should be key=value",
    "twice": "{clause} is given twice",
    "empty": "the set-up is empty: give at least a=... and d=...",
    "not_standard": "ruleset={item} is not a standard combat: read it with engine.rulesets.parse_any",
    "unknown_key": "unknown key {clause!r}; keys are terrain, m1, m2, ... (ordered actions), a, d and a./d. followed "
    "by one of {keys}",
    "not_a_matchup": "{clause!r} is not a match-up (m1, m2, ...)",
    "bad_action": "{clause}: {reason}; an action looks like {example}",
}


class Shape(str, Enum):
    """What a piece of notation should have looked like, when its shape (not its value) is at fault.
    A side's list clauses are named by their notation key (``bribe`` for ``a.bribe=2:gold``)."""

    CLAUSE = "key=value"
    SLUG = "slug"
    NUMBER = "number"
    FLAG = "yes-no"
    ACTION = "action"
    RANGED = "ranged"
    BRIBE = "bribe"
    SPELL = "spell"
    CHANNEL = "channel"
    SECONDARY = "secondary"
    ROLLS = "rolls"
    COUNTS = "counts"
    CHOICES = "choices"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a set-up. ``code`` is stable; ``message`` is for people.

    ``detail`` is the message without the field it opens with (``a.rolls: X needs a roll`` -> ``X needs
    a roll``), '' when the message names no field; ``values`` are the problem's facts as strings (the clause,
    the match-up round, the item at fault, the shape it should have: see ``NotationError.values``)."""

    code: str
    message: str
    field: str = ""
    card: str = ""
    detail: str = ""
    values: Mapping[str, str] = _field(default_factory=dict, hash=False)

    @classmethod
    def at(cls, code: str, where: str, detail: str, card: str = "", **values: str) -> Problem:
        """A problem of one field, its message opening with the field's name."""
        return cls(code, f"{where}: {detail}", field=where, card=card, detail=detail, values=values)

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "message": self.message,
            "field": self.field,
            "card": self.card,
            "values": dict(self.values),
        }


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "engine.error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message

    @property
    def values(self) -> dict[str, str]:
        """The error's facts as strings, for programs; empty when it has none beyond its code."""
        return {}

    @property
    def problems(self) -> tuple[Problem, ...]:
        return (Problem(self.code, self.message, values=self.values),)


class NotationError(EngineError):
    """A set-up written in the compact notation could not be read.

    Besides the message: ``clause`` is the key of the clause at fault (``a.bribe``, ``m2``; '' when the
    error is about the whole text), ``item`` the entry of its list that could not be read, ``detail`` the
    message without the clause it opens with, ``reason`` what is wrong with the item without the shape
    hint ('' when only its shape is wrong), ``expected`` the shape it should have had when the shape is at
    fault (None when the shape was right and a value was not)."""

    code = "notation.syntax"

    def __init__(
        self,
        message: str,
        *,
        position: int = -1,
        code: str | None = None,
        clause: str = "",
        item: str = "",
        detail: str = "",
        reason: str = "",
        expected: Shape | None = None,
        example: str = "",
        facts: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message, code=code)
        # Any other fact the message states (``count`` of cards given, the ``keys`` a side may use).
        self.facts = dict(facts or {})
        self.position = position
        self.clause = clause
        self.item = item
        self.detail = detail
        self.reason = reason
        self.expected = expected
        self.example = example

    @classmethod
    def of(
        cls,
        form: str,
        *,
        code: str,
        position: int = -1,
        clause: str = "",
        item: str = "",
        reason: str = "",
        expected: Shape | None = None,
        example: str = "",
        **extra: str,
    ) -> NotationError:
        """The reader's error of one form (``NOTATION_FORMS``), its message written from the values given.

        ``detail`` is the form's sentence after the clause it opens with; ``reason`` is what is wrong with the
        item beyond its shape ('' when only the shape is wrong)."""
        values = {"clause": clause, "item": item, "reason": reason, "example": example, **extra}
        template = NOTATION_FORMS[form]
        rest = template.removeprefix(_CLAUSE_OPENING)
        return cls(
            template.format_map(values),
            position=position,
            code=code,
            clause=clause,
            item=item,
            detail=rest.format_map(values) if rest != template else "",
            reason=reason,
            expected=expected,
            example=example,
            facts=extra,
        )

    @property
    def round(self) -> int | None:
        """The match-up of an ``m<N>=`` clause, None for any other clause."""
        found = _MATCHUP_CLAUSE.match(self.clause)
        return int(found["round"]) if found else None

    @property
    def values(self) -> dict[str, str]:
        found = {
            "clause": self.clause,
            "round": str(self.round) if self.round is not None else "",
            "item": self.item,
            "expected": self.expected.value if self.expected is not None else "",
            "example": self.example,
            **self.facts,
        }
        return {name: value for name, value in found.items() if value}

    @property
    def problems(self) -> tuple[Problem, ...]:
        where = f"position {self.position}" if self.position >= 0 else ""
        return (Problem(self.code, self.message, field=where, detail=self.detail, values=self.values),)


class SetupInvalid(EngineError):
    """A set-up that breaks the rules; lists every problem at once."""

    code = "setup.invalid"

    def __init__(self, problems: tuple[Problem, ...] | list[Problem]) -> None:
        self._problems = tuple(problems)
        summary = "; ".join(problem.message for problem in self._problems)
        super().__init__(f"the set-up has {len(self._problems)} problem(s): {summary}")

    @property
    def values(self) -> dict[str, str]:
        return {"count": str(len(self._problems))}

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self._problems


class CatalogError(EngineError):
    """The card fixtures (or a made-up card) could not be read into card definitions.

    ``code`` says what is wrong (``ability.unknown_kind``, ``ability.unknown_field``, ``ability.missing_field``,
    ``ability.bad_field``, ``ability.invalid``; ``catalog.invalid`` for the rest); ``values`` name where: the card and ability
    (``where``), the ability's ``kind``, the ``field`` at fault and the ``reason``."""

    code = "catalog.invalid"

    def __init__(self, message: str, *, code: str | None = None, **values: str) -> None:
        super().__init__(message, code=code)
        self._values = values

    @property
    def values(self) -> dict[str, str]:
        return dict(self._values)


class UnknownCard(EngineError):
    code = "card.unknown"

    def __init__(self, reference: str, suggestions: tuple[str, ...] = ()) -> None:
        hint = f" (did you mean {', '.join(suggestions)}?)" if suggestions else ""
        super().__init__(f"no card called {reference!r}{hint}")
        self.reference = reference
        self.suggestions = suggestions

    @property
    def values(self) -> dict[str, str]:
        found = {"reference": self.reference, "suggestions": ", ".join(self.suggestions)}
        return {name: value for name, value in found.items() if value}


class StopAfter(Exception):  # noqa: N818 - a signal, not an error: it never leaves the engine
    """Raised when a combat reaches the point a partial answer asked for (``Combat.stop_after``);
    ``partial.resolve_until`` catches it and reads the state."""
