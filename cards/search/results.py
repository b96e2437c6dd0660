"""A search answered in memory, as a queryset: counted and paged without scanning the matches in SQL.

``search()`` filters the card queryset with ``matches_condition`` (the matched ids, written into
the SQL only if the query is ever run as a whole) and attaches the ``Matches``. As long as nothing
else narrows the queryset, ``count()`` is the bitmap's popcount and a slice in list order (name,
then slug; its reverse; or by id) fetches just that page's rows by primary key, without ORDER BY,
then puts them in order (``pages``). Any other use (another filter, another sort, iterating
everything) runs the ordinary SQL, with the same answer.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django.db import DEFAULT_DB_ALIAS, connection
from django.db.models import BigIntegerField, BooleanField, Expression, F, Func, Q
from django.db.models.expressions import OrderBy
from django.db.models.lookups import In
from django.db.models.sql.where import AND, WhereNode

from cards.search.pages import GivenOrder, inline_ids, order_in_python, restore_ordering

if TYPE_CHECKING:
    from cards.search.evaluate import Matches

# Up to this many ids are written into the SQL as numbers; more travel as one JSON array parameter.
INLINE_IDS = 900
# The list order: names case ignored (``Card.sort_key``), ties broken by the slug, as the ranks are built.
NAME_ORDER = {"sort_key": False, "-sort_key": True}
ID_ORDER = {"pk": False, "id": False, "-pk": True, "-id": True}
# One field for every id expression: building a field per search costs more than the rest of the expression.
ID_FIELD = BigIntegerField()


class MatchedIds(Expression):
    """Card ids as the right-hand side of ``IN``: a page's, or a search's matches computed only when compiled."""

    output_field = ID_FIELD

    def __init__(self, matches: Matches | None = None, ids: tuple[int, ...] = ()) -> None:
        super().__init__()
        self.matches = matches
        self.fixed_ids = ids

    def __getstate__(self) -> dict[str, Any]:
        # A pickled query carries the ids, not the bitmaps of the revision they came from.
        state: dict[str, Any] = super().__getstate__()
        if state.get("matches") is not None:
            state["fixed_ids"], state["matches"] = tuple(state["matches"].ids()), None
        return state

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        if self.matches is None and len(self.fixed_ids) <= INLINE_IDS:
            return inline_ids(self.fixed_ids), []  # A page: the same page is asked again and again.
        ids = self.matches.ids() if self.matches is not None else self.fixed_ids
        if len(ids) <= INLINE_IDS:
            return inline_ids(tuple(ids)), []
        if connection.vendor == "sqlite":
            return "(SELECT value FROM json_each(%s))", [json.dumps(ids)]
        if connection.vendor == "postgresql":
            return "(SELECT unnest(%s::bigint[]))", [ids]
        return "(" + ", ".join(["%s"] * len(ids)) + ")", list(ids)


def matches_condition(matches: Matches) -> Q:
    if matches.count == 0:
        return Q(pk__in=[])
    if matches.count > INLINE_IDS and connection.vendor == "sqlite":
        # The unary plus keeps SQLite from looking each id up: with many ids, walking the name index
        # and testing membership finds the first page far sooner than sorting every match.
        unindexed_pk = Func(F("pk"), template="+%(expressions)s", output_field=ID_FIELD)
        return Q(In(unindexed_pk, MatchedIds(matches)))
    return Q(pk__in=MatchedIds(matches))


class KnownMatchesMixin:
    """Queryset behaviour for a search answered in memory (mixed into the card queryset)."""

    _search_matches: tuple[Matches, tuple[Any, ...]] | None = None
    # Set on a page fetched without ORDER BY (``pages``); never passed on to a copy.
    _given_order: GivenOrder | None = None

    def with_matches(self, matches: Matches) -> Any:
        """Filter by a search's answer, and remember it if nothing else filters the queryset yet."""
        unfiltered = not self.query.where.children  # type: ignore[attr-defined]
        filtered = self._chain()  # type: ignore[attr-defined]
        if matches.count == 0:
            return filtered.none()
        unindexed = matches.count > INLINE_IDS and connection.vendor == "sqlite"
        _add_ids_lookup(filtered.query, MatchedIds(matches), unindexed)
        if unfiltered:
            filtered._search_matches = (matches, tuple(filtered.query.where.children))
        return filtered

    def _clone(self) -> Any:
        clone = super()._clone()  # type: ignore[misc]
        clone._search_matches = self._search_matches
        if self._given_order is not None:
            restore_ordering(clone, self._given_order)
        return clone

    @property
    def ordered(self) -> bool:
        # A page sorted in Python is ordered, so first() and last() keep the list's order.
        return True if self._given_order is not None else super().ordered  # type: ignore[misc,no-any-return]

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        # The answer (and the bitmaps it points to) never changes: copies share it.
        memo[id(self._search_matches)] = self._search_matches
        return super().__deepcopy__(memo)  # type: ignore[misc]

    def __getstate__(self) -> dict[str, Any]:
        state: dict[str, Any] = super().__getstate__()  # type: ignore[misc]
        state.pop("_search_matches", None)
        return state

    def _known_matches(self) -> Matches | None:
        """The remembered answer if the queryset still asks exactly for it (the order aside)."""
        if self._search_matches is None or getattr(self, "_result_cache", None) is not None:
            return None
        matches, children = self._search_matches
        query = self.query  # type: ignore[attr-defined]
        where: WhereNode = query.where
        if (
            where.connector != "AND" or where.negated or len(where.children) != len(children)
            or any(a is not b for a, b in zip(where.children, children, strict=True))
            or query.is_sliced or query.combinator or query.annotations or query.extra or query.extra_tables
            or query.group_by is not None or query.select_for_update
            or self.db != DEFAULT_DB_ALIAS  # type: ignore[attr-defined]
        ):  # fmt: skip
            return None
        return matches

    def _known_order(self) -> str | None:
        """The order as "rank" or "-rank" (the list order or its reverse), "id" or "-id"; None for any other."""
        query = self.query  # type: ignore[attr-defined]
        if query.extra_order_by:
            return None
        if query.order_by:
            items = list(query.order_by)
        elif query.default_ordering:
            items = list(self.model._meta.ordering)  # type: ignore[attr-defined]
        else:
            return "rank"  # unordered: any order is right, the list order is as good as any
        keys: list[str] = []
        for item in items:
            if isinstance(item, str):
                keys.append(item)
            elif isinstance(item, OrderBy) and isinstance(item.expression, F):
                keys.append(("-" if item.descending else "") + item.expression.name)
            else:
                return None
        found: str | None = None
        if keys and keys[0] in NAME_ORDER:
            descending = NAME_ORDER[keys[0]]
            # Ties on the name are broken by the slug, as the ranks were; any tie-break is right without one.
            if keys[1:] in ([], ["-slug" if descending else "slug"]):
                found = "-rank" if descending else "rank"
        elif len(keys) == 1 and keys[0] in ID_ORDER:
            found = "-id" if ID_ORDER[keys[0]] else "id"
        if found is not None and not query.standard_ordering:
            found = found[1:] if found.startswith("-") else "-" + found
        return found

    def count(self) -> int:
        matches = self._known_matches()
        if matches is not None:
            return matches.count
        return super().count()  # type: ignore[misc,no-any-return]

    def exists(self) -> bool:
        matches = self._known_matches()
        if matches is not None:
            return matches.count > 0
        return super().exists()  # type: ignore[misc,no-any-return]

    def __getitem__(self, k: Any) -> Any:
        matches = self._known_matches()
        order = self._known_order() if matches is not None else None
        if matches is None or order is None or isinstance(k, bool):
            return super().__getitem__(k)  # type: ignore[misc]
        if isinstance(k, int):
            if k < 0:
                return super().__getitem__(k)  # type: ignore[misc]
            found = list(self._page(matches, order, k, k + 1))
            if not found:
                raise IndexError("list index out of range")
            return found[0]
        if not isinstance(k, slice) or (k.start is not None and k.start < 0) or (k.stop is not None and k.stop < 0):
            return super().__getitem__(k)  # type: ignore[misc]
        start = int(k.start or 0)
        stop = matches.count if k.stop is None else min(int(k.stop), matches.count)
        page = self._page(matches, order, start, stop)
        return list(page)[:: k.step] if k.step else page

    def _page(self, matches: Matches, order: str, start: int, stop: int) -> Any:
        """The rows ``start:stop`` in the queryset's order, fetched by primary key."""
        limit = max(0, stop - start)
        if order in ("rank", "-rank"):
            ids = matches.page(start, limit, descending=order == "-rank")
        else:
            everything = sorted(matches.ids(), reverse=order == "-id")
            ids = tuple(everything[start : start + limit])
        page = self._chain()  # type: ignore[attr-defined]
        page.query.where = WhereNode()
        page._search_matches = None
        if not ids:
            return page.none()
        _add_ids_lookup(page.query, MatchedIds(ids=ids), unindexed=False)
        order_in_python(page, ids)
        return page


class IdsIn(Expression):
    """``pk IN (ids)`` as one condition: what ``filter(pk__in=...)`` makes, built and compiled without the
    lookup machinery (resolving a path, preparing each value), which cost more than running a page's query.
    The column is its source expression, so the condition is relabelled like any other inside a subquery."""

    conditional = True
    output_field = BooleanField()
    # Known for this condition (a column and numbers), so not worked out again for every page.
    contains_aggregate = False
    contains_over_clause = False
    contains_column_references = True

    def __init__(self, column: Any, ids: MatchedIds, unindexed: bool) -> None:
        super().__init__()
        self.column, self.ids, self.unindexed = column, ids, unindexed

    def get_source_expressions(self) -> list[Any]:
        return [self.column]

    def set_source_expressions(self, exprs: list[Any]) -> None:
        (self.column,) = exprs

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        column, params = compiler.compile(self.column)
        ids, id_params = self.ids.as_sql(compiler, connection)
        # The unary plus keeps SQLite from looking each id up (see matches_condition).
        return f"{'+' if self.unindexed else ''}{column} IN {ids}", [*params, *id_params]


def _add_ids_lookup(query: Any, ids: MatchedIds, unindexed: bool) -> None:
    query.where.add(IdsIn(query.model._meta.pk.get_col(query.get_initial_alias()), ids, unindexed), AND)
