"""The search-column indexes made with plain SQL (migrations 0002 and 0006) survive every migration.

They are outside the model state, so a migration that rebuilds the card table on SQLite drops them
without a word (0004 did); this test notices the next one.
"""

from __future__ import annotations

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db

COLUMNS = ("stacking_vitality", "ocb", "cmp", "ranged_attack", "up_number", "shield_number", "size",
           "automation_status", "flying", "command")  # fmt: skip


def test_every_search_column_keeps_its_index_after_all_migrations() -> None:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, "cards_card")
    indexed = {tuple(details["columns"]) for details in constraints.values() if details["index"]}
    assert [column for column in COLUMNS if (column,) not in indexed] == []


def test_a_numeric_filter_is_found_through_its_index() -> None:
    from cards.models import Card

    plan = Card.objects.filter(ranged_attack__gte=4).order_by().explain()
    if connection.vendor == "sqlite":
        assert "cards_card_search_ranged_attack" in plan
