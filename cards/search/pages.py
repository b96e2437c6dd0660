"""A searched page's rows, fetched by primary key without ORDER BY and put in order in Python.

The page's ids are already in the list's order (the bitmaps are laid out in it), so the database has
nothing to sort: placing a page of rows by a dict look-up is cheaper than having Django compile the
ordering and the database sort.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=256)
def inline_ids(ids: tuple[int, ...]) -> str:
    # Integers taken from the database's own primary keys: safe to write into the statement.
    return "(" + ", ".join(str(int(pk)) for pk in ids) + ")"


def fetch_in_order(rows: Any, ids: tuple[int, ...]) -> list[Any]:
    """The cards with these ids, in the order of ``ids`` (a card deleted since the bitmaps were built is
    simply missing)."""
    by_id = {card.pk: card for card in rows.filter(pk__in=ids).order_by()}
    return [by_id[pk] for pk in ids if pk in by_id]
