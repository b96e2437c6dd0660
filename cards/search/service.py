"""The search as the rest of the site uses it: read a query, then filter a card queryset with it."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

from cards.search.errors import IndexUnavailable, NoUsableTerm, QueryWarning
from cards.search.execute import Plan, plan
from cards.search.storage import OpenIndex, open_index
from cards.search.syntax_tree import Condition, Words, leaves
from cards.search.understand import Understood, understand

logger = logging.getLogger(__name__)
INDEX_FIELDS = {"immune", "attack", "terrain"}


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
class SearchOutcome:
    """What a search understood and what it had to say about the query."""

    understood: Understood
    plan: Plan
    index_available: bool
    notices: tuple[str, ...] = field(default=())

    @property
    def warnings(self) -> tuple[QueryWarning, ...]:
        return self.understood.warnings + self.plan.warnings

    @property
    def highlight_stems(self) -> frozenset[str]:
        from cards.search.analysis import stems

        return frozenset(stem for words in self.understood.words for stem in stems(words.text))

    def as_dict(self) -> dict[str, Any]:
        return {
            "query": self.understood.text,
            "warnings": [warning.as_dict() for warning in self.warnings],
            "index": "whoosh" if self.index_available else "unavailable (words matched as plain text)",
            "order": self.understood.order,
            "dir": self.understood.direction,
        }


def current_index() -> OpenIndex | None:
    try:
        return open_index()
    except IndexUnavailable as exc:
        logger.warning("Search without an index: %s", exc.message)
        return None


def read_query(text: str) -> Understood:
    """Parse and check a query; raises NoUsableTerm when nothing in it can be searched."""
    understood = understand(text, DataVocabulary(current_index()))
    if not understood.usable:
        raise NoUsableTerm("No term of the query could be used.", understood.warnings)
    return understood


def prepare(understood: Understood, printed_only: bool = False) -> SearchOutcome:
    """The plan of a reading; ``printed_only`` leaves out the cards known only from fan pages."""
    index = current_index()
    if index is None:
        needs_index = any(isinstance(leaf, Words) or (isinstance(leaf, Condition) and leaf.keyword == "name")
                          for leaf in leaves(understood.tree))  # fmt: skip
        notices = ("The search index is not built yet, so words were matched as plain text.",) if needs_index else ()
        return SearchOutcome(understood, plan(understood, None, printed_only), False, notices)
    return SearchOutcome(understood, plan(understood, index, printed_only), True)


def printed_only_for(understood: Understood) -> bool:
    """Whether a search leaves out the cards known only from fan pages: yes, unless its query names them."""
    from cards.models import CardSet
    from cards.search.execute import asks_for_unverified

    return not asks_for_unverified(understood.tree, CardSet.objects.unverified_codes)


def search(queryset: Any, understood: Understood, printed_only: bool = False) -> tuple[Any, SearchOutcome]:
    """Filter (and, if the query says so, sort) a card queryset."""
    outcome = prepare(understood, printed_only)
    if outcome.plan.matches is not None and hasattr(queryset, "with_matches"):
        # Counted and paged from the in-memory answer while nothing else narrows the queryset.
        queryset = queryset.with_matches(outcome.plan.matches.for_one_search())
    elif outcome.plan.condition is not None:
        queryset = queryset.filter(outcome.plan.condition)
    if outcome.plan.ordering is not None:
        queryset = queryset.order_by(*outcome.plan.ordering)
    return queryset, outcome
