"""The shapes a query is read into: raw terms first, then a tree of AND, OR and NOT over them.

Pure data, no Django: the parser builds these, the interpreter checks each term against the
keyword table and the executor turns the checked tree into database and index queries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Term:
    """One term as typed: a bare word, a quoted phrase, or ``key<op>value``.

    ``tail`` is whatever followed a quoted value (``terrain:"dry heaps">=4`` has ``>=4``).
    """

    raw: str
    position: int
    key: str | None = None
    op: str | None = None
    value: str = ""
    quoted: bool = False
    tail: str = ""

    @property
    def is_word(self) -> bool:
        return self.key is None


@dataclass(frozen=True)
class Not:
    child: Node


@dataclass(frozen=True)
class And:
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Words:
    """Bare words or a quoted phrase, searched in names, aliases and summaries."""

    text: str
    phrase: bool
    raw: str
    position: int


@dataclass(frozen=True)
class Condition:
    """A checked ``keyword op value`` term; ``values`` are already in the stored vocabulary."""

    keyword: str
    op: str
    values: tuple[Any, ...]
    raw: str
    position: int
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


Node = Term | Not | And | Or | Words | Condition


def leaves(node: Node | None) -> list[Node]:
    """Every leaf of a tree, left to right."""
    if node is None:
        return []
    if isinstance(node, Not):
        return leaves(node.child)
    if isinstance(node, And | Or):
        return [leaf for child in node.children for leaf in leaves(child)]
    return [node]


def positive_words(node: Node | None, negated: bool = False) -> list[Words]:
    """The word terms a matching card may contain (those under a NOT cannot explain a match)."""
    if node is None:
        return []
    if isinstance(node, Not):
        return positive_words(node.child, not negated)
    if isinstance(node, And | Or):
        return [words for child in node.children for words in positive_words(child, negated)]
    return [node] if isinstance(node, Words) and not negated else []
