"""Answer a checked query tree in memory: every term is a bitmap of card slots (see ``facets``).

Words come from the Whoosh index (or its stored bitmaps of frequent words), everything else from
the facet bitmaps; ``and``, ``or`` and ``-`` are ``&``, ``|`` and a complement. The meaning of each
keyword is the one the database filters of ``execute`` give when there is no index: the tests hold
both to the same card sets.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cards.search.budget import Budget
from cards.search.facets import Bits, Facets
from cards.search.keywords import BY_SPELLING, NUMBER
from cards.search.storage import OpenIndex
from cards.search.syntax_tree import And, Condition, Node, Not, Or, Words
from core.text_analysis import stems

# Keywords whose "!=" means "has another value" (cards without any value do not match), as in the database.
VALUED = {"border", "size"}


@dataclass(eq=False)
class Matches:
    """The cards a query matched, as a bitmap over the list order, with what a list page asks of it."""

    bits: Bits
    facets: Facets
    _count: int | None = field(default=None, repr=False)
    _ids: list[int] | None = field(default=None, repr=False)
    # Word terms left out because the search's time budget ran out before they were read.
    skipped: tuple[Words, ...] = field(default=(), repr=False)

    @property
    def count(self) -> int:
        # A popcount over every card is asked several times per list page: counted once.
        if self._count is None:
            self._count = self.bits.bit_count()
        return self._count

    def ids(self) -> list[int]:
        """Every matching card id, in list order (name, then slug)."""
        if self._ids is None:
            self._ids = self.facets.ids(self.facets.ordered_ranks(self.bits))
        return self._ids

    def for_one_search(self) -> Matches:
        """A copy for one queryset, keeping whatever id list it builds for as long as the queryset lives."""
        return Matches(self.bits, self.facets, self._count, skipped=self.skipped)

    def page(self, offset: int, limit: int, descending: bool = False) -> tuple[int, ...]:
        """Card ids of one page in list order (or its reverse), without visiting the rest."""
        return tuple(self.facets.ids(self.facets.page_ranks(self.bits, offset, limit, descending)))


def evaluate(tree: Node, index: OpenIndex, budget: Budget | None = None) -> Matches:
    """The tree's matches, from the index revision's bitmaps (and Whoosh, for words).

    With a budget, word terms met once it has run out are left out (recorded in ``skipped``), as terms that
    cannot be understood are: ``and`` and ``or`` go on without them, and a query left with nothing matches
    every card. Each distinct word or phrase is read from the index once, however often it is typed.
    """
    evaluator = _Evaluator(index, budget)
    found = evaluator.bits(tree)
    return Matches(index.facets.universe if found is None else found, index.facets, skipped=tuple(evaluator.skipped))


class _Evaluator:
    def __init__(self, index: OpenIndex, budget: Budget | None = None) -> None:
        self.index = index
        self.facets = index.facets
        self.budget = budget
        self.known: dict[tuple[str, ...], Bits] = {}
        self.skipped: list[Words] = []

    def bits(self, node: Node) -> Bits | None:
        """The node's cards; None for a node left out because the budget ran out before it was read."""
        if isinstance(node, Not):
            child = self.bits(node.child)
            return None if child is None else self.facets.universe & ~child
        if isinstance(node, And):
            found: Bits | None = None
            for child in node.children:
                bits = self.bits(child)
                if bits is None:
                    continue
                found = bits if found is None else found & bits
                if not found:
                    break
            return found
        if isinstance(node, Or):
            either: Bits | None = None
            for child in node.children:
                bits = self.bits(child)
                if bits is not None:
                    either = bits if either is None else either | bits
            return either
        if isinstance(node, Words):
            return self.words(node)
        assert isinstance(node, Condition)
        return self.condition(node)

    def words(self, node: Words) -> Bits | None:
        found = stems(node.text)
        known = self.known.get(found)
        if known is not None:
            return known
        if self.budget is not None and self.budget.exhausted():
            self.skipped.append(node)
            return None
        # Several words in one term ("fire-walker", a quoted phrase) must stand next to each other.
        bits = self.index.word(found[0]) if len(found) == 1 else self.index.phrase(found)
        self.known[found] = bits
        return bits

    def condition(self, node: Condition) -> Bits:
        facets, keyword, op, values = self.facets, node.keyword, node.op, node.values
        if BY_SPELLING[keyword].kind == NUMBER:
            return facets.number(keyword, op, values[0])
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
        return facets.terrain(terrain, node.op, node.values[1])
