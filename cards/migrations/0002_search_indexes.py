"""Database indexes for the columns the search filters on (numbers and fixed keywords).

They are created with plain SQL and left out of the model state on purpose: they only serve
speed, and the Card model (owned by the card database) stays as it is. Both statements are
valid on SQLite and PostgreSQL.
"""

from django.db import migrations

COLUMNS = ("stacking_vitality", "ocb", "cmp", "ranged_attack", "up_number", "shield_number", "size",
           "automation_status", "flying", "command")  # fmt: skip


def _create(column: str) -> str:
    return f"CREATE INDEX IF NOT EXISTS cards_card_search_{column} ON cards_card ({column})"


def _drop(column: str) -> str:
    return f"DROP INDEX IF EXISTS cards_card_search_{column}"


class Migration(migrations.Migration):
    dependencies = [("cards", "0001_initial")]

    operations = [migrations.RunSQL(_create(column), _drop(column)) for column in COLUMNS]
