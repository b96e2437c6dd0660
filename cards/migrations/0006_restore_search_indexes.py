"""The search-column indexes of 0002 again, where a later migration lost them.

0002 creates them with plain SQL, outside the model state. On SQLite, 0004 adds a column by rebuilding
the card table, and a rebuild keeps only the indexes the model state knows: the ten 0002 indexes were
dropped. Without them a numeric filter in SQL reads every card (``ranged>=4`` on 50,000 cards: about
15 ms against 2.6 ms). ``IF NOT EXISTS`` leaves a database that kept them (PostgreSQL) as it is.
"""

from django.db import migrations

# As in 0002 (copied: a migration keeps the history it was written with).
COLUMNS = ("stacking_vitality", "ocb", "cmp", "ranged_attack", "up_number", "shield_number", "size",
           "automation_status", "flying", "command")  # fmt: skip


class Migration(migrations.Migration):
    dependencies = [("cards", "0005_class_dictionary_order")]

    operations = [
        migrations.RunSQL(
            f"CREATE INDEX IF NOT EXISTS cards_card_search_{column} ON cards_card ({column})", migrations.RunSQL.noop
        )
        for column in COLUMNS
    ]
