"""Check each parsed term against the keyword table and the data's vocabulary.

A term that cannot be understood is dropped with a warning naming it, its position and the
closest valid spelling; the rest of the query stands. ``order:`` and ``dir:`` become sort
directives instead of conditions.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from cards.search.errors import QueryWarning
from cards.search.keywords import (
    BY_SPELLING,
    CHOICE,
    COMPARISONS,
    DIRECTION,
    FLAG,
    NAME,
    NUMBER,
    ORDER,
    TERRAIN,
    Keyword,
)
from cards.search.parser import ParsedQuery, parse
from cards.search.syntax_tree import And, Condition, Node, Not, Or, Term, Words
from core.text_analysis import normalise_name, stems

INTEGER = re.compile(r"[+-]?\d+")
# No printed statistic comes near four digits; the bound keeps a typo from reaching the database's small integers.
LARGEST = 9999
TAIL_COMPARISON = re.compile(r"(!=|<=|>=|=|<|>|:)(.*)", re.DOTALL)


class Vocabulary(Protocol):
    """Values that come from the data rather than from the keyword table."""

    def spellings(self, keyword: str) -> dict[str, str] | None:
        """Accepted spellings (lower case) mapped to stored values, or None to accept any value."""


@dataclass(frozen=True)
class Understood:
    text: str
    tree: Node | None
    order: str | None
    direction: str | None
    warnings: tuple[QueryWarning, ...]
    # The index the query was read against (``service.read_query``), kept so the rest of the same search (its
    # answer, its did-you-mean) uses that one instead of opening the index again. Not part of the reading.
    index: Any = field(default=None, compare=False, repr=False)

    @property
    def usable(self) -> bool:
        return self.tree is not None or self.order is not None or self.direction is not None

    @property
    def words(self) -> list[Words]:
        from cards.search.syntax_tree import positive_words

        return positive_words(self.tree)


def understand(text: str, vocabulary: Vocabulary) -> Understood:
    parsed = parse(text)
    return _Interpreter(parsed, vocabulary).run()


class _Interpreter:
    def __init__(self, parsed: ParsedQuery, vocabulary: Vocabulary) -> None:
        self.parsed = parsed
        self.vocabulary = vocabulary
        self.warnings: list[QueryWarning] = list(parsed.warnings)
        self.order: str | None = None
        self.direction: str | None = None

    def run(self) -> Understood:
        tree = self.node(self.parsed.tree, negated=False)
        warnings = tuple(sorted(self.warnings, key=lambda warning: warning.position))
        return Understood(self.parsed.text, tree, self.order, self.direction, warnings)

    def warn(self, code: str, message: str, term: Term, suggestion: str = "") -> None:
        self.warnings.append(QueryWarning(code, message, term.raw, term.position, suggestion))

    def node(self, node: Node | None, negated: bool) -> Node | None:
        if node is None:
            return None
        if isinstance(node, Not):
            child = self.node(node.child, not negated)
            return Not(child) if child is not None else None
        if isinstance(node, And | Or):
            children = [c for c in (self.node(child, negated) for child in node.children) if c is not None]
            if not children:
                return None
            return children[0] if len(children) == 1 else type(node)(tuple(children))
        assert isinstance(node, Term)
        return self.term(node, negated)

    def term(self, term: Term, negated: bool) -> Node | None:
        if term.is_word:
            if not stems(term.value):
                self.warn("search.nothing_to_search", "This term has no letters or digits to search for.", term)
                return None
            return Words(term.value, term.quoted, term.raw, term.position)
        assert term.key is not None and term.op is not None
        keyword = BY_SPELLING.get(term.key)
        if keyword is None and not term.value and term.op == ":":
            # "Grahzue:" is a word typed with its colon (a card is called "Grahzue: Lover of Vice").
            return Words(term.key, False, term.raw, term.position)
        if keyword is None:
            nearest = difflib.get_close_matches(term.key, BY_SPELLING, n=1, cutoff=0.5)
            self.warn(
                "search.unknown_keyword",
                f"'{term.key}' is not a search keyword" + (f"; did you mean '{nearest[0]}:'?" if nearest else "."),
                term,
                nearest[0] if nearest else "",
            )
            return None
        if term.op not in keyword.operators:
            self.warn(
                "search.bad_operator",
                f"'{keyword.name}' takes {' '.join(keyword.operators)}, not {term.op}.",
                term,
                f"{term.key}{keyword.operators[0]}{term.value}",
            )
            return None
        if not term.value.strip():
            self.warn("search.empty_value", f"'{term.key}{term.op}' needs a value.", term, keyword.examples[0])
            return None
        if term.tail and keyword.kind != TERRAIN:
            self.warn("search.bad_value", f"Unexpected text after the quoted value: {term.tail!r}.", term)
            return None
        if keyword.kind in (ORDER, DIRECTION):
            return self.directive(keyword, term, negated)
        handler = {NUMBER: self.number, CHOICE: self.choice, FLAG: self.choice, NAME: self.name, TERRAIN: self.terrain}
        return handler[keyword.kind](keyword, term)

    def number(self, keyword: Keyword, term: Term) -> Node | None:
        value = term.value.strip()
        if not INTEGER.fullmatch(value):
            self.warn("search.bad_value", f"'{keyword.name}' compares with a whole number, not {value!r}.", term,
                      f"{term.key}{term.op}{_digits(value) or 0}")  # fmt: skip
            return None
        if abs(int(value)) > LARGEST:
            self.warn("search.bad_value", f"'{keyword.name}' compares with a number from -{LARGEST} to {LARGEST}; "
                      f"{value} is {_beyond(value)} than any value a card can have.", term,
                      f"{term.key}{term.op}{_clamped(value)}")  # fmt: skip
            return None
        op = "=" if term.op == ":" else term.op
        return Condition(keyword.name, op, (int(value),), term.raw, term.position)

    def choice(self, keyword: Keyword, term: Term) -> Node | None:
        spellings = self.spellings(keyword)
        wanted = _slug(term.value)
        op = "!=" if term.op == "!=" else "="
        if spellings is None:
            return Condition(keyword.name, op, (wanted,), term.raw, term.position)
        if wanted in spellings:
            return Condition(keyword.name, op, (spellings[wanted],), term.raw, term.position)
        if keyword.name == "type":
            containing = sorted({value for spelling, value in spellings.items() if wanted and wanted in spelling})
            if containing:
                return Condition(keyword.name, op, tuple(containing), term.raw, term.position)
        self.unknown_value(keyword, term, spellings)
        return None

    def unknown_value(self, keyword: Keyword, term: Term, spellings: dict[str, str]) -> None:
        nearest = difflib.get_close_matches(_slug(term.value), spellings, n=1, cutoff=0.4)
        known = sorted(set(spellings.values()))
        listed = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
        self.warn(
            "search.bad_value",
            f"'{keyword.name}' does not know {term.value!r}" + (f"; did you mean '{nearest[0]}'?" if nearest else ".")
            + f" Known: {listed}.",
            term,
            f"{keyword.name}:{_quoted(nearest[0])}" if nearest else "",
        )  # fmt: skip

    def name(self, keyword: Keyword, term: Term) -> Node | None:
        text = normalise_name(term.value)
        prefix = text.endswith("*")
        text = text.rstrip("*").strip()
        if not text:
            self.warn("search.empty_value", "'name:' needs some letters before the *.", term, keyword.examples[0])
            return None
        op = "!=" if term.op == "!=" else ("prefix" if prefix else "=")
        return Condition(keyword.name, op, (text,), term.raw, term.position)

    def terrain(self, keyword: Keyword, term: Term) -> Node | None:
        value, op, amount = term.value, ":", None
        tail = term.tail
        if not term.quoted:
            split = re.search(r"(!=|<=|>=|=|<|>)", value)
            if split:
                value, tail = value[: split.start()], value[split.start() :]
        if tail:
            comparison = TAIL_COMPARISON.fullmatch(tail)
            if not comparison or not INTEGER.fullmatch(comparison.group(2).strip()):
                self.warn("search.bad_value", "A terrain modifier compares with a whole number, as in "
                          "terrain:\"dry heaps\">=4.", term, 'terrain:"dry heaps">=4')  # fmt: skip
                return None
            modifier = comparison.group(2).strip()
            if abs(int(modifier)) > LARGEST:
                self.warn("search.bad_value", f"A terrain modifier is a number from -{LARGEST} to {LARGEST}; "
                          f"{modifier} is {_beyond(modifier)} than any modifier a card can have.", term,
                          f"{term.key}{term.op}{_quoted(value)}{comparison.group(1)}{_clamped(modifier)}")  # fmt: skip
                return None
            op = "=" if comparison.group(1) == ":" else comparison.group(1)
            amount = int(comparison.group(2))
        if term.op == "!=":
            op = "none"
        spellings = self.spellings(keyword)
        wanted = _slug(value)
        if spellings is not None and wanted not in spellings:
            self.unknown_value(keyword, term, spellings)
            return None
        stored = spellings[wanted] if spellings is not None else wanted
        values = (stored,) if amount is None else (stored, amount)
        return Condition(keyword.name, "any" if op == ":" else op, values, term.raw, term.position)

    def directive(self, keyword: Keyword, term: Term, negated: bool) -> None:
        spellings = dict(keyword.values)
        wanted = _slug(term.value)
        if wanted not in spellings:
            self.unknown_value(keyword, term, spellings)
            return None
        if negated:
            self.warn("search.negated_directive", f"'{keyword.name}:' cannot be negated; the minus was ignored.", term)
        if keyword.kind == ORDER:
            self.order = spellings[wanted]
        else:
            self.direction = spellings[wanted]
        return None

    def spellings(self, keyword: Keyword) -> dict[str, str] | None:
        if keyword.values:
            return dict(keyword.values)
        return self.vocabulary.spellings(keyword.name)


def _slug(text: str) -> str:
    return re.sub(r"[\s_]+", "_", text.strip().lower()).strip("_")


def _beyond(value: str) -> str:
    return "smaller" if int(value) < 0 else "larger"


def _clamped(value: str) -> int:
    return max(-LARGEST, min(LARGEST, int(value)))


def _digits(text: str) -> str:
    return "".join(char for char in text if char.isdigit())[:4]


def _quoted(value: str) -> str:
    spaced = value.replace("_", " ")
    return f'"{spaced}"' if " " in spaced else spaced


__all__ = ["COMPARISONS", "Understood", "Vocabulary", "understand"]
