"""A searched page's rows, fetched by primary key without ORDER BY and put in order in Python.

The page's ids are already in the queryset's order (the bitmaps are laid out in the list order), so
the database has nothing to sort: placing a page of rows by a dict look-up is cheaper than having
Django resolve and compile the ordering (about a third of the page's cost) and the database sort.
Only the page queryset itself is fetched this way; anything made from it (``values()``, ``filter()``,
``first()``, another slice) gets the ordering back and asks the database as usual. Rows that do not
carry their primary key (``values_list("name")``) keep the SQL ordering.

(Reusing a page's compiled statement per shape, which read Django's compiler internals, saved 9-16%
of a bare page answer and 3% of a card list page on 50,000 cards: below what its fragility was worth.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import Any

from django.db.models.query import (
    BaseIterable,
    FlatValuesListIterable,
    ModelIterable,
    NamedValuesListIterable,
    ValuesIterable,
    ValuesListIterable,
)


@dataclass(frozen=True)
class GivenOrder:
    """The page's ids in order, how to read a row's id, and the ordering its SQL left out."""

    ids: tuple[int, ...]
    iterable: type[BaseIterable]
    key: Any  # None: the row is the id itself
    order_by: tuple[Any, ...]
    default_ordering: bool


@lru_cache(maxsize=256)
def inline_ids(ids: tuple[int, ...]) -> str:
    # Integers taken from the database's own primary keys: safe to write into the statement.
    return "(" + ", ".join(str(int(pk)) for pk in ids) + ")"


class InGivenOrder(BaseIterable):
    """The page's own iterable, run without ORDER BY, its rows then sorted into the given order."""

    def __iter__(self) -> Any:
        given: GivenOrder = self.queryset._given_order
        rows = list(given.iterable(self.queryset, chunked_fetch=self.chunked_fetch, chunk_size=self.chunk_size))
        # Placed by a dict look-up per id (a card deleted since the bitmaps were built is simply missing).
        if given.key is None:
            found = set(rows)  # Distinct ids among the page's: all of them when none was deleted meanwhile.
            return iter(list(given.ids) if len(found) == len(given.ids) else [pk for pk in given.ids if pk in found])
        by_id = {given.key(row): row for row in rows}
        return iter([by_id[pk] for pk in given.ids if pk in by_id])


def _row_key(queryset: Any) -> tuple[bool, Any]:
    """(True, how to read the primary key off one row), or (False, None) when rows do not carry it."""
    iterable, fields = queryset._iterable_class, tuple(queryset._fields or ())
    names = ("pk", queryset.model._meta.pk.attname)
    if iterable is ModelIterable:
        return True, attrgetter("pk")
    if iterable is ValuesIterable:
        if not fields:
            return True, itemgetter(names[1])
        found = next((name for name in names if name in fields), None)
        return (True, itemgetter(found)) if found else (False, None)
    if iterable is FlatValuesListIterable:
        return (True, None) if len(fields) == 1 and fields[0] in names else (False, None)
    if iterable in (ValuesListIterable, NamedValuesListIterable):
        found = next((name for name in names if name in fields), None)
        return (True, itemgetter(fields.index(found))) if found else (False, None)
    return False, None


def order_in_python(page: Any, ids: tuple[int, ...]) -> None:
    """Drop the page's SQL ordering and sort its rows by ``ids`` instead, when its rows say their id."""
    usable, key = _row_key(page)
    query = page.query
    if not usable or query.extra_order_by:
        return
    page._given_order = GivenOrder(ids, page._iterable_class, key, tuple(query.order_by), query.default_ordering)
    query.clear_ordering(force=True)
    page._iterable_class = InGivenOrder


def restore_ordering(clone: Any, given: GivenOrder) -> None:
    """A queryset made from a page: the SQL ordering and the iterable it had before."""
    clone._iterable_class = given.iterable
    clone.query.order_by = given.order_by
    clone.query.default_ordering = given.default_ordering
    clone._given_order = None
