"""Readings of open rules: where the published rules are silent or ambiguous and the site has chosen, each
choice is a named reading of its rule set, which a set-up may select and its result names.

An ``OpenRule`` is one such place: the rule it reads, the named choices, the default (what the published
text says where it speaks) and the choice a set-up written before the question had a name is read under
(``before``), so a link shared then keeps its result. A rule set lists its open rules (``Ruleset.readings``);
engine/README.md lists every one with the rule it reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import NotationError


@dataclass(frozen=True)
class Choice:
    """One reading of an open rule: its name in the notation and the JSON form, and what it does."""

    name: str
    summary: str


@dataclass(frozen=True)
class OpenRule:
    """A place the rules leave open, with the site's named readings of it.

    ``key``: the notation clause is ``reading.<key>=<choice>`` and the JSON field ``readings.<key>``;
    ``rule``: the engine rule id (and the numbered rule) of the step that applies the reading;
    ``default``: today's reading; ``before``: the reading of a set-up that names none, written before
    ``since`` (a date, YYYY-MM-DD) when this reading became a choice."""

    key: str
    rule: str
    number: str
    question: str
    choices: tuple[Choice, ...]
    default: str
    before: str
    since: str

    def choice(self, name: str) -> Choice:
        for choice in self.choices:
            if choice.name == name:
                return choice
        raise NotationError(
            f"reading.{self.key} must be one of {', '.join(c.name for c in self.choices)}, got {name!r}",
            code="notation.bad_reading",
        )

    def other(self, name: str) -> str:
        """The first reading that is not ``name``: what a result links to as its alternative."""
        return next(choice.name for choice in self.choices if choice.name != name)
