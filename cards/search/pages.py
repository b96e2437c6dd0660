"""A searched page's rows, fetched by primary key without ORDER BY and put in order in Python.

The page's ids are already in the queryset's order (the bitmaps are laid out in the list order), so
the database has nothing to sort: placing a page of rows by a dict look-up is cheaper than having
Django resolve and compile the ordering (about a third of the page's cost) and the database sort.
Only the page queryset itself is fetched this way; anything made from it (``values()``, ``filter()``,
``first()``, another slice) gets the ordering back and asks the database as usual. Rows that do not
carry their primary key (``values_list("name")``) keep the SQL ordering.

A page's statement differs from the previous page's of the same shape only by its list of ids, so
its compiled form is kept per shape (``PageTemplate``) and only the ids are written in: compiling
the statement cost Django more than SQLite spends running it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial
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


@dataclass(frozen=True)
class PageTemplate:
    """A compiled page statement split around its ids, and the compiler state that reads its rows."""

    before: str
    after: str
    select: Any
    klass_info: Any
    annotation_col_map: Any
    col_count: int
    has_extra_select: bool


# Keyed by everything that shapes a page's statement besides its ids (``_page_shape``); a site has a
# handful of shapes (the list, the API, a values() or two), so the bound only guards against misuse.
_TEMPLATES: dict[tuple[Any, ...], PageTemplate] = {}
MAX_TEMPLATES = 64


def _page_shape(query: Any, connection: Any, ids_sql: str) -> tuple[Any, ...] | None:
    """The statement's shape, or None when the page asks for anything a template does not capture."""
    where = query.where
    if (
        query.annotations or query.extra or query.extra_tables or query.combinator or query.distinct
        or query.select_related or query.select_for_update or query.is_sliced or query.subquery
        or query.order_by or query.extra_order_by or query.group_by is not None
        or len(where.children) != 1 or where.negated or len(ids_sql) > 20_000
    ):  # fmt: skip
        return None
    return (
        connection.alias, query.model, tuple(query.values_select), query.default_cols, tuple(query.alias_map),
        frozenset(query.deferred_loading[0]), query.deferred_loading[1], type(where.children[0]),
        getattr(where.children[0], "unindexed", None),
    )  # fmt: skip


def _templated_compiler(query: Any, ids: tuple[int, ...], using: Any = None, connection: Any = None,
                        elide_empty: bool = True) -> Any:  # fmt: skip
    """The page query's compiler, with its statement taken from (or kept as) the shape's template."""
    compiler = type(query).get_compiler(query, using, connection, elide_empty)
    ids_sql = inline_ids(ids)
    shape = _page_shape(query, compiler.connection, ids_sql)
    if shape is None:
        return compiler
    template = _TEMPLATES.get(shape)
    if template is not None:
        compiler.select, compiler.klass_info = template.select, template.klass_info
        compiler.annotation_col_map, compiler.col_count = template.annotation_col_map, template.col_count
        compiler.has_extra_select = template.has_extra_select
        statement = template.before + ids_sql + template.after

        def as_sql(with_limits: bool = True, with_col_aliases: bool = False) -> tuple[str, list[Any]]:
            if not with_limits or with_col_aliases:
                return type(compiler).as_sql(compiler, with_limits, with_col_aliases)  # type: ignore[no-any-return]
            return statement, []

        compiler.as_sql = as_sql
        return compiler
    compile_statement = compiler.as_sql

    def as_sql_and_keep(with_limits: bool = True, with_col_aliases: bool = False) -> tuple[str, list[Any]]:
        sql, params = compile_statement(with_limits, with_col_aliases)
        # Only a statement whose one variable part is the ids, written once, can be reused.
        reusable = with_limits and not with_col_aliases and not params and sql.count(ids_sql) == 1
        if reusable and len(_TEMPLATES) < MAX_TEMPLATES:
            before, after = sql.split(ids_sql)
            _TEMPLATES[shape] = PageTemplate(before, after, compiler.select, compiler.klass_info,
                                             compiler.annotation_col_map, compiler.col_count,
                                             compiler.has_extra_select)  # fmt: skip
        return sql, params

    compiler.as_sql = as_sql_and_keep
    return compiler


class InGivenOrder(BaseIterable):
    """The page's own iterable, run without ORDER BY, its rows then sorted into the given order."""

    def __iter__(self) -> Any:
        given: GivenOrder = self.queryset._given_order
        query = self.queryset.query
        # Only while this page's own rows are read: a copy of the query (a subquery, a later filter) must
        # compile afresh, and a copy would inherit an attribute left on the query.
        query.get_compiler = partial(_templated_compiler, query, given.ids)
        try:
            rows = list(given.iterable(self.queryset, chunked_fetch=self.chunked_fetch, chunk_size=self.chunk_size))
        finally:
            del query.get_compiler
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
