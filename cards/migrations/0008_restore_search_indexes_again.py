"""The search-column indexes of 0002 once more: 0007 (the card's edit version) rebuilt the card table on
SQLite, which keeps only the indexes the model state knows, as 0004 did before 0006. ``IF NOT EXISTS``
leaves a database that kept them (PostgreSQL) as it is; tests/cards/test_search_column_indexes.py notices
the next migration that drops them.
"""

from django.db import migrations

# As in 0002 (copied: a migration keeps the history it was written with).
COLUMNS = ("stacking_vitality", "ocb", "cmp", "ranged_attack", "up_number", "shield_number", "size",
           "automation_status", "flying", "command")  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("cards", "0007_card_version")]

    operations = [
        migrations.RunSQL(
            f"CREATE INDEX IF NOT EXISTS cards_card_search_{column} ON cards_card ({column})", migrations.RunSQL.noop
        )
        for column in COLUMNS
    ]
