"""DataRevision moved from guardians_site to core: a database from before the move migrates and keeps its number."""

from __future__ import annotations

import django.utils.timezone
import pytest
from django.db import connection, migrations, models
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import ProjectState

from core.models import DataRevision

CORE_FIRST = ("core", "0001_data_revision_moved_from_guardians_site")
TABLE = "guardians_site_datarevision"

# What guardians_site/migrations/0001_initial.py did, before the move (that file is gone with the app).
OLD_INITIAL = migrations.CreateModel(
    name="DataRevision",
    fields=[
        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
        ("number", models.PositiveBigIntegerField(default=1)),
        ("changed_at", models.DateTimeField(default=django.utils.timezone.now)),
    ],
    options={"verbose_name": "data revision"},
)


def _migrate(target: tuple[str, str | None]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])


def _tables() -> list[str]:
    return connection.introspection.table_names()


def _old_database_with_revision(number: int) -> None:
    """The database as guardians_site left it: its table, with the revision row, and core not yet migrated."""
    _migrate(("core", None))
    assert TABLE not in _tables()
    before, after = ProjectState(), ProjectState()
    OLD_INITIAL.state_forwards("guardians_site", after)
    with connection.schema_editor() as editor:
        OLD_INITIAL.database_forwards("guardians_site", editor, before, after)
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {TABLE} (id, number, changed_at) VALUES (1, %s, %s)",
                       [number, django.utils.timezone.now()])  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_a_database_from_before_the_move_keeps_its_table_and_number() -> None:
    _old_database_with_revision(41)
    _migrate(CORE_FIRST)
    assert DataRevision.objects.get(pk=1).number == 41
    assert DataRevision._meta.db_table == TABLE


@pytest.mark.django_db(transaction=True)
def test_a_new_database_gets_the_table_from_core() -> None:
    _migrate(("core", None))
    assert TABLE not in _tables()
    _migrate(CORE_FIRST)
    assert TABLE in _tables()
    assert DataRevision.objects.count() == 0
    DataRevision.objects.create(pk=1, number=3)
    assert DataRevision.objects.get(pk=1).number == 3
