"""A search answered from the index, as a plain sequence of cards that the paginators take.

``SearchResults`` holds the matched bitmap and the queryset the rows come from. ``count()`` and
``len()`` are the bitmap's popcount; a slice in list order (name, then slug, or its reverse) reads
that page's ids off the bitmap and fetches just those rows by primary key (``pages``). Django's
``Paginator`` and DRF's ``PageNumberPagination`` need nothing more. Anything else (another filter,
another sort) goes through ``queryset()``: an ordinary ``filter(pk__in=...)`` the database answers.

Only Django's public API is used here: no queryset is made to pretend it knows its answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from django.db import connection
from django.db.models import BigIntegerField, Expression, F, Func, Q
from django.db.models.lookups import In

from cards.search.pages import fetch_in_order, inline_ids

if TYPE_CHECKING:
    from cards.models import Card
    from cards.search.evaluate import Matches

# Up to this many ids are written into the SQL as numbers; more travel as one JSON array parameter.
INLINE_IDS = 900
# One field for every id expression: building a field per search costs more than the rest of the expression.
ID_FIELD = BigIntegerField()
# The two orders the bitmap holds: its list order (name key, then slug) and the reverse.
LIST_ORDER = "name"
REVERSED_LIST_ORDER = "-name"
BITMAP_ORDERS = (LIST_ORDER, REVERSED_LIST_ORDER)


class MatchedIds(Expression):
    """A search's matched card ids as the right-hand side of ``IN``, worked out only when the SQL is built."""

    output_field = ID_FIELD

    def __init__(self, matches: Matches) -> None:
        super().__init__()
        self.matches = matches

    def __getstate__(self) -> dict[str, Any]:
        # A pickled query carries the ids, not the bitmaps of the revision they came from.
        state: dict[str, Any] = super().__getstate__()
        if state.get("matches") is not None:
            state["fixed_ids"], state["matches"] = tuple(state["matches"].ids()), None
        return state

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        ids = self.matches.ids() if self.matches is not None else list(getattr(self, "fixed_ids", ()))
        if len(ids) <= INLINE_IDS:
            return inline_ids(tuple(ids)), []
        if connection.vendor == "sqlite":
            return "(SELECT value FROM json_each(%s))", [json.dumps(ids)]
        if connection.vendor == "postgresql":
            return "(SELECT unnest(%s::bigint[]))", [ids]
        return "(" + ", ".join(["%s"] * len(ids)) + ")", list(ids)


def matches_condition(matches: Matches) -> Q:
    """The matched cards as an ordinary filter, for a queryset that narrows or sorts them further."""
    if matches.count == 0:
        return Q(pk__in=[])
    if matches.count > INLINE_IDS and connection.vendor == "sqlite":
        # The unary plus keeps SQLite from looking each id up: with many ids, walking the name index
        # and testing membership finds the first page far sooner than sorting every match.
        unindexed_pk = Func(F("pk"), template="+%(expressions)s", output_field=ID_FIELD)
        return Q(In(unindexed_pk, MatchedIds(matches)))
    return Q(pk__in=MatchedIds(matches))


class SearchResults(Sequence["Card"]):
    """The cards a search matched, in list order or its reverse, counted and paged from the bitmap.

    ``rows`` is the queryset the card rows are read from (with its ``select_related`` and
    ``prefetch_related``), not narrowed by any filter: the count is the bitmap's, so a filter on ``rows``
    would make pages disagree with it. Its ordering is replaced by the bitmap's.
    """

    # Django's Paginator warns about an unordered object list; this one always has an order.
    ordered = True

    def __init__(self, matches: Matches, rows: Any, order: str = LIST_ORDER) -> None:
        if order not in BITMAP_ORDERS:
            raise ValueError(f"A bitmap answer is kept in list order only, not {order!r}")
        self.matches = matches
        self.rows = rows
        self.order = order

    def count(self) -> int:  # type: ignore[override]
        # Sequence.count(value) counts one value; the paginators call count() for the total.
        return self.matches.count

    def __len__(self) -> int:
        return self.matches.count

    def exists(self) -> bool:
        return self.matches.count > 0

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> list[Card]: ...

    def __getitem__(self, index: int | slice) -> Card | list[Card]:
        total = self.matches.count
        if isinstance(index, slice):
            start, stop, step = index.indices(total)
            if step != 1:
                return self[start:stop][::step] if step > 0 else list(self)[index]
            return self._page(start, stop)
        position = index + total if index < 0 else index
        if not 0 <= position < total:
            raise IndexError("search result index out of range")
        found = self._page(position, position + 1)
        if not found:  # Deleted since the bitmap was built.
            raise IndexError("search result index out of range")
        return found[0]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._page(0, self.matches.count))

    def ids(self, start: int = 0, stop: int | None = None) -> tuple[int, ...]:
        """The matched ids from ``start`` to ``stop`` in this order, read off the bitmap."""
        stop = self.matches.count if stop is None else min(stop, self.matches.count)
        return self.matches.page(start, max(0, stop - start), descending=self.order == REVERSED_LIST_ORDER)

    def _page(self, start: int, stop: int) -> list[Card]:
        ids = self.ids(start, stop)
        return fetch_in_order(self.rows, ids) if ids else []

    def queryset(self) -> Any:
        """The same cards as a queryset the database answers, to narrow or sort further."""
        ordering = ("sort_key", "slug") if self.order == LIST_ORDER else ("-sort_key", "-slug")
        return self.rows.filter(matches_condition(self.matches)).order_by(*ordering)


    def reordered(self, key: str, ordering: list[Any]) -> Any:
        """Sorted by a sort menu value: kept on the bitmap for the list order or its reverse, else the
        database sorts ``queryset()`` by ``ordering``."""
        if key in BITMAP_ORDERS:
            return SearchResults(self.matches, self.rows, key)
        return SortedByDatabase(self.matches, self.rows, self.queryset().order_by(*ordering))


class SortedByDatabase(Sequence["Card"]):
    """A search's cards in an order the bitmap does not hold (by Vitality, by set): the database sorts and
    pages ``sorted_cards``, while the total is still the bitmap's popcount, so no COUNT query is run."""

    def __init__(self, matches: Matches, rows: Any, sorted_cards: Any) -> None:
        self.matches = matches
        self.rows = rows  # As for SearchResults: what a bitmap order would read its pages from.
        self.sorted_cards = sorted_cards

    @property
    def ordered(self) -> bool:
        return bool(self.sorted_cards.ordered)

    def count(self) -> int:  # type: ignore[override]
        return self.matches.count

    def __len__(self) -> int:
        return self.matches.count

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> list[Card]: ...

    def __getitem__(self, index: int | slice) -> Card | list[Card]:
        if isinstance(index, slice):
            return list(self.sorted_cards[index])
        return self.sorted_cards[index]  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.sorted_cards)

    def queryset(self) -> Any:
        return self.sorted_cards

    def reordered(self, key: str, ordering: list[Any]) -> Any:
        if key in BITMAP_ORDERS:
            return SearchResults(self.matches, self.rows, key)
        return SortedByDatabase(self.matches, self.rows, self.sorted_cards.order_by(*ordering))


def as_queryset(found: Any) -> Any:
    """A queryset of the same cards, whether ``found`` is a queryset already or a search's results."""
    return found.queryset() if isinstance(found, (SearchResults, SortedByDatabase)) else found
