"""A system check: the search index exists for this database and holds the current data.

Without it the site still answers, but matches words as plain text (``immune fire`` finds one card
instead of fifteen), so ``manage.py check`` (and ``make serve``, which builds the index) says so.
"""

from __future__ import annotations

from typing import Any

from django.core.checks import Warning, register
from django.db import DatabaseError


@register("search")
def search_index_is_current(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    from cards.search import storage
    from core import revision

    pointer = storage.read_pointer()
    if pointer is None or not storage.answers_here(pointer):
        return [Warning(
            "The card search index is missing (or was built for another database or version of the site): "
            "searches match words as plain text.", hint="Run manage.py rebuild_index.", id="cards.W001")]  # fmt: skip
    try:
        data = revision.current().number
    except DatabaseError:  # No tables yet (a check before the first migrate): nothing to compare.
        return []
    if pointer.data_revision < data:
        return [Warning(
            f"The card search index holds data revision {pointer.data_revision}, the database {data}: "
            "changes made without the site (a load, a restore) are not searchable.",
            hint="Run manage.py rebuild_index.", id="cards.W002")]  # fmt: skip
    return []
