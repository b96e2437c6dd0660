"""The search as the rest of the site uses it: read a query, then filter a card queryset with it."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field, replace
from typing import Any

from cards.search import following
from cards.search.budget import Budget
from cards.search.errors import IndexUnavailable, NoUsableTerm, QueryWarning
from cards.search.evaluate import Matches
from cards.search.execute import Plan, plan
from cards.search.facets import bits_from_ranks
from cards.search.results import BITMAP_ORDERS, LIST_ORDER, REVERSED_LIST_ORDER, SearchResults
from cards.search.storage import OpenIndex, open_index
from cards.search.syntax_tree import And, Condition, Node, Words, leaves
from cards.search.understand import Understood, understand

logger = logging.getLogger(__name__)
INDEX_FIELDS = {"immune", "attack", "terrain"}
# A card name has a few words; longer text is not read as a loosely typed name.
LOOSE_NAME_WORDS = 6


def _slug(text: str) -> str:
    return re.sub(r"[\s_]+", "_", text.strip().lower()).strip("_")


class DataVocabulary:
    """Spellings of the values that come from the data: sets, classes and ability facts."""

    def __init__(self, index: OpenIndex | None) -> None:
        self.index = index

    def spellings(self, keyword: str) -> dict[str, str] | None:
        from cards.models import CardClass, CardSet

        if self.index is not None and keyword in self.index.facets.spellings:
            return self.index.facets.spellings[keyword]
        if keyword == "set":
            found: dict[str, str] = {}
            for code, slug, name in CardSet.objects.values_list("code", "slug", "name"):
                found.update({code.lower(): code, slug: code, _slug(name): code})
            return found
        if keyword == "class":
            found = {}
            for slug, name in CardClass.objects.values_list("slug", "name"):
                found.update({slug: slug, slug.replace("-", "_"): slug, _slug(name): slug})
            return found
        if keyword in INDEX_FIELDS:
            if self.index is None:
                return None
            return {spelling: value for value in self.index.facets.keywords.get(keyword, {})
                    for spelling in (value, value.replace("_", "-"))}  # fmt: skip
        return None


@dataclass(frozen=True)
class LooseNameReading:
    """The labelled reading of a query of plain words that matched no card as typed: cards whose name is the
    text spelt loosely (spaces, hyphens and case ignored, or one slip in the name, or one slip per word)."""

    typed: str
    names: tuple[str, ...]
    edits: int

    def as_dict(self) -> dict[str, Any]:
        return {"reading": "loose_name", "typed": self.typed, "names": list(self.names), "edits": self.edits}


@dataclass(frozen=True)
class SearchOutcome:
    """What a search understood and what it had to say about the query."""

    understood: Understood
    plan: Plan
    index_available: bool
    notices: tuple[str, ...] = field(default=())
    budget: Budget = field(default_factory=Budget, compare=False)
    loose_name: LooseNameReading | None = None
    # The index's answer before the cards known only from fan pages were left out (None without an index or
    # when the answer is a loose name reading).
    everything: Matches | None = field(default=None, compare=False)

    @property
    def partial(self) -> bool:
        return self.budget.partial

    @property
    def warnings(self) -> tuple[QueryWarning, ...]:
        return self.understood.warnings + self.plan.warnings

    @property
    def highlight_stems(self) -> frozenset[str]:
        from core.text_analysis import stems

        return frozenset(stem for words in self.understood.words for stem in stems(words.text))

    def as_dict(self) -> dict[str, Any]:
        return {
            "query": self.understood.text,
            "warnings": [warning.as_dict() for warning in self.warnings],
            "index": "whoosh" if self.index_available else "unavailable (words matched as plain text)",
            "order": self.understood.order,
            "dir": self.understood.direction,
            "partial": self.partial,
            "partial_reasons": [shortfall.as_dict() for shortfall in self.budget.shortfalls],
            "loose_name": self.loose_name.as_dict() if self.loose_name is not None else None,
        }


def current_index() -> OpenIndex | None:
    following.follow()  # Another server may have saved a card; cheap unless the data revision moved.
    try:
        return open_index()
    except IndexUnavailable as exc:
        logger.warning("Search without an index: %s", exc.message)
        return None


def read_query(text: str) -> Understood:
    """Parse and check a query; raises NoUsableTerm when nothing in it can be searched."""
    index = current_index()
    understood = replace(understand(text, DataVocabulary(index)), index=index)
    if not understood.usable:
        raise NoUsableTerm("No term of the query could be used.", understood.warnings)
    return understood


def prepare(understood: Understood, printed_only: bool = False, budget: Budget | None = None) -> SearchOutcome:
    """The plan of a reading; ``printed_only`` leaves out the cards known only from fan pages. ``budget``
    bounds the work (one per request, shared with the did-you-mean; a fresh one when not given)."""
    budget = budget if budget is not None else Budget()
    # Opened once per search: the index the query was read against, when it was read by ``read_query``.
    index = understood.index if understood.index is not None else current_index()
    if index is None:
        needs_index = any(isinstance(leaf, Words) or (isinstance(leaf, Condition) and leaf.keyword == "name")
                          for leaf in leaves(understood.tree))  # fmt: skip
        notices = ("The search index is not built yet, so words were matched as plain text.",) if needs_index else ()
        return SearchOutcome(understood, plan(understood, None, printed_only), False, notices, budget)
    if any(isinstance(leaf, Words) for leaf in leaves(understood.tree)):
        index.searcher  # noqa: B018 - opened before the budget's clock starts: a new process's cost, not the query's
    if understood.tree is None:  # Only order: or dir:: the fan-page cards are left out by the plan itself.
        return SearchOutcome(understood, plan(understood, index, printed_only, budget), True, (), budget)
    # Answered with the fan-page cards, then without them: the list says how many it left out, from one reading.
    found = plan(understood, index, False, budget)
    everything = found.matches
    if everything is not None and printed_only:
        found = replace(found, matches=Matches(everything.bits & ~_unverified(index), index.facets,
                                               skipped=everything.skipped))  # fmt: skip
    if found.matches is not None and not found.matches.bits:
        loose = _loose_name(understood, index, printed_only)
        if loose is not None:
            reading, bits = loose
            matches = Matches(bits, index.facets)
            return SearchOutcome(understood, replace(found, matches=matches), True, (), budget, reading)
    return SearchOutcome(understood, found, True, (), budget, everything=everything)


def _unverified(index: OpenIndex) -> int:
    return index.facets.keyword("is", ("unverified",))


def plain_text(tree: Node | None) -> str | None:
    """The words of a query made only of words (no keyword, no minus, no "or"), else None."""
    if isinstance(tree, Words):
        return tree.text
    if isinstance(tree, And) and all(isinstance(child, Words) for child in tree.children):
        return " ".join(child.text for child in tree.children if isinstance(child, Words))
    return None


def _loose_name(understood: Understood, index: OpenIndex, printed_only: bool) -> tuple[LooseNameReading, int] | None:
    """A query of plain words that matched nothing, read as a card name typed loosely; None if no name is near."""
    from cards.search.spelling import LONGEST_LOOSE_NAME, SHORTEST_LOOSE_NAME, compact, loose_names, name_speller
    from core.text_analysis import plain_words

    text = plain_text(understood.tree)
    if text is None or not SHORTEST_LOOSE_NAME <= len(compact(text)) <= LONGEST_LOOSE_NAME:
        return None
    names = loose_names(index)
    match = names.find(text)
    words = plain_words(text)
    if match is None and len(set(words)) <= LOOSE_NAME_WORDS:
        speller, frequency = name_speller(index), index.searcher.reader().doc_frequency
        corrected = {word: speller.closest(word, lambda known: frequency("name_plain", known)) or word
                     for word in set(words) if speller.worth_correcting(word)}  # fmt: skip
        match = names.find(" ".join(corrected.get(word, word) for word in words))
        if match is not None:
            match = replace(match, edits=max(1, match.edits))
    if match is None:
        return None
    facets = index.facets
    bits = bits_from_ranks(match.ranks, facets.size)
    if printed_only:
        bits &= ~_unverified(index)
    if not bits:
        return None
    return LooseNameReading(text, match.names, match.edits), bits


def printed_only_for(understood: Understood) -> bool:
    """Whether a search leaves out the cards known only from fan pages: yes, unless its query names them."""
    from cards.models import CardSet
    from cards.search.execute import asks_for_unverified

    return not asks_for_unverified(understood.tree, CardSet.objects.unverified_codes)


def search(queryset: Any, understood: Understood, printed_only: bool = False,
           budget: Budget | None = None) -> tuple[Any, SearchOutcome]:  # fmt: skip
    """Filter (and, if the query says so, sort) a card queryset: the database answers it. A list that is only
    counted and paged takes ``found_cards`` instead, which answers from the bitmap."""
    outcome = prepare(understood, printed_only, budget)
    return narrowed(queryset, outcome), outcome


def narrowed(queryset: Any, outcome: SearchOutcome) -> Any:
    """The queryset filtered to the search's cards (and sorted, if the query says how)."""
    if outcome.plan.condition is not None:
        queryset = queryset.filter(outcome.plan.condition)
    if outcome.plan.ordering is not None:
        queryset = queryset.order_by(*outcome.plan.ordering)
    return queryset


def bitmap_order(understood: Understood, sort: str | None) -> str | None:
    """The order of the list as one the bitmap holds ("name" or "-name"), or None for any other: the query's
    ``order:``/``dir:`` win over the sort menu (``sort``), as in ``CardFilterSet.qs``."""
    if understood.order is not None or understood.direction is not None:
        if (understood.order or "name") != "name":
            return None
        return REVERSED_LIST_ORDER if understood.direction == "desc" else LIST_ORDER
    return sort if sort in BITMAP_ORDERS else None


def found_cards(rows: Any, outcome: SearchOutcome, order: str | None) -> SearchResults | None:
    """The search's cards counted and paged from the bitmap, or None when the index did not answer it or the
    order is one the bitmap does not hold (the caller then filters ``rows`` with ``narrowed``)."""
    if outcome.plan.matches is None or order is None:
        return None
    return SearchResults(outcome.plan.matches.for_one_search(), rows, order)
