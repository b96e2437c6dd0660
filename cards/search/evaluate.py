"""Answer a checked query tree in memory: every term is a bitmap of card ranks (see ``facets``).

Words come from the Whoosh index (or its stored bitmaps of frequent words), everything else from
the facet bitmaps; ``and``, ``or`` and ``-`` are ``&``, ``|`` and a complement. The meaning of each
keyword is the one the database filters of ``execute`` give when there is no index: the tests hold
both to the same card sets.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field

from cards.search.analysis import stems
from cards.search.facets import Bits, Facets, all_ranks, select_ranks
from cards.search.keywords import BY_SPELLING, NUMBER
from cards.search.memo import Answer
from cards.search.storage import OpenIndex
from cards.search.syntax_tree import And, Condition, Node, Not, Or, Words

COMPARE: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}  # fmt: skip
# The most ids a remembered Matches keeps once listed (8 bytes each; the ints are the facets' own).
KEPT_IDS = 1000
# Keywords whose "!=" means "has another value" (cards without any value do not match), as in the database.
VALUED = {"border", "size"}


@dataclass(eq=False)
class Matches:
    """The cards a query matched, as a bitmap over the list order, with what a list page asks of it."""

    bits: Bits
    facets: Facets
    # What the open index remembers of this answer (its pages), shared by every search for the same tree.
    answer: Answer | None = field(default=None, repr=False)
    remembered: bool = field(default=True, repr=False)
    _ids: list[int] | None = field(default=None, repr=False)

    @property
    def count(self) -> int:
        return self.answer.count if self.answer is not None else self.bits.bit_count()

    def ids(self) -> list[int]:
        """Every matching card id, in list order (name, then slug)."""
        if self._ids is not None:
            return self._ids
        found = self.facets.ids(all_ranks(self.bits))
        # A remembered plan keeps its Matches: a long list is built again when asked rather than held.
        if len(found) <= KEPT_IDS or not self.remembered:
            self._ids = found
        return found

    def for_one_search(self) -> Matches:
        """A copy for one queryset, keeping whatever id list it builds for as long as the queryset lives."""
        return Matches(self.bits, self.facets, self.answer, remembered=False)

    def page(self, offset: int, limit: int, descending: bool = False) -> tuple[int, ...]:
        """Card ids of one page in list order (or its reverse), without visiting the rest."""
        key = (offset, limit, descending)
        found = self.answer.pages.get(key) if self.answer is not None else None
        if found is None:
            found = tuple(self.facets.ids(select_ranks(self.bits, offset, limit, descending)))
            if self.answer is not None:
                self.answer.remember_page(key, found)
        return found


def evaluate(tree: Node, index: OpenIndex) -> Matches:
    """The tree's matches, computed once per index revision (``memo``)."""
    try:
        answer = index.answers.get(tree)
    except TypeError:  # A value that cannot be hashed: answered every time, never remembered.
        return Matches(_Evaluator(index).bits(tree), index.facets)
    if answer is None:
        answer = Answer(_Evaluator(index).bits(tree))
        index.answers.put(tree, answer)
    return Matches(answer.bits, index.facets, answer)


class _Evaluator:
    def __init__(self, index: OpenIndex) -> None:
        self.index = index
        self.facets = index.facets

    def bits(self, node: Node) -> Bits:
        if isinstance(node, Not):
            return self.facets.universe & ~self.bits(node.child)
        if isinstance(node, And):
            found = self.facets.universe
            for child in node.children:
                found &= self.bits(child)
                if not found:
                    break
            return found
        if isinstance(node, Or):
            found = 0
            for child in node.children:
                found |= self.bits(child)
            return found
        if isinstance(node, Words):
            return self.words(node)
        assert isinstance(node, Condition)
        return self.condition(node)

    def words(self, node: Words) -> Bits:
        found = stems(node.text)
        if len(found) == 1:
            return self.index.word(found[0])
        # Several words in one term ("fire-walker", a quoted phrase) must stand next to each other.
        return self.index.phrase(found)

    def condition(self, node: Condition) -> Bits:
        facets, keyword, op, values = self.facets, node.keyword, node.op, node.values
        if BY_SPELLING[keyword].kind == NUMBER:
            wanted = values[0]
            return facets.number(keyword, lambda value: COMPARE[op](value, wanted))
        if keyword == "name":
            if op == "prefix":
                return facets.name(values[0], prefix=True)
            found = facets.name(values[0], prefix=False)
            return facets.universe & ~found if op == "!=" else found
        if keyword == "terrain":
            return self.terrain(node)
        found = facets.keyword(keyword, values)
        if op != "!=":
            return found
        if keyword in VALUED:
            return facets.present(keyword) & ~found
        return facets.universe & ~found

    def terrain(self, node: Condition) -> Bits:
        facets, terrain = self.facets, node.values[0]
        present = facets.keyword("terrain", (terrain,))
        if node.op == "any":
            return present
        if node.op == "none":
            return facets.universe & ~present
        amount, compare = node.values[1], COMPARE[node.op]
        return facets.terrain(terrain, lambda value: compare(value, amount))
