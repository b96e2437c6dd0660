"""DataRevision moved from guardians_site to core: a database from before the move migrates and keeps its number."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import django.utils.timezone
import pytest
from django.db import DEFAULT_DB_ALIAS, migrations, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import ProjectState
from django.db.utils import ConnectionHandler

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


@pytest.fixture
def scratch(tmp_path: Path, django_db_blocker: Any) -> Iterator[BaseDatabaseWrapper]:
    """A database of its own in a temporary file: migrating the test database backwards and forwards would need
    a transactional test, whose flush afterwards empties the cards every later test on the worker reads."""
    handler = ConnectionHandler({DEFAULT_DB_ALIAS: {"ENGINE": "django.db.backends.sqlite3", "NAME": str(tmp_path / "old.sqlite3")}})
    scratch_connection = handler[DEFAULT_DB_ALIAS]
    # pytest-django guards the test database; this file is not it.
    with django_db_blocker.unblock():
        yield scratch_connection
        scratch_connection.close()


def _migrate(database: BaseDatabaseWrapper, target: tuple[str, str | None]) -> None:
    executor = MigrationExecutor(database)
    executor.loader.build_graph()
    executor.migrate([target])


def _tables(database: BaseDatabaseWrapper) -> list[str]:
    return database.introspection.table_names()


def _revision_number(database: BaseDatabaseWrapper) -> int:
    with database.cursor() as cursor:
        cursor.execute(f"SELECT number FROM {TABLE} WHERE id = 1")
        return int(cursor.fetchone()[0])


def _old_database_with_revision(database: BaseDatabaseWrapper, number: int) -> None:
    """The database as guardians_site left it: its table, with the revision row, and core not yet migrated."""
    assert TABLE not in _tables(database)
    before, after = ProjectState(), ProjectState()
    OLD_INITIAL.state_forwards("guardians_site", after)
    with database.schema_editor() as editor:
        OLD_INITIAL.database_forwards("guardians_site", editor, before, after)
    with database.cursor() as cursor:
        cursor.execute(f"INSERT INTO {TABLE} (id, number, changed_at) VALUES (1, %s, %s)",
                       [number, django.utils.timezone.now()])  # fmt: skip


def test_a_database_from_before_the_move_keeps_its_table_and_number(scratch: BaseDatabaseWrapper) -> None:
    _old_database_with_revision(scratch, 41)
    _migrate(scratch, CORE_FIRST)
    assert _revision_number(scratch) == 41
    assert DataRevision._meta.db_table == TABLE


def test_a_new_database_gets_the_table_from_core(scratch: BaseDatabaseWrapper) -> None:
    assert TABLE not in _tables(scratch)
    _migrate(scratch, CORE_FIRST)
    assert TABLE in _tables(scratch)
    with scratch.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {TABLE}")
        assert cursor.fetchone()[0] == 0
        cursor.execute(f"INSERT INTO {TABLE} (id, number, changed_at) VALUES (1, 3, %s)", [django.utils.timezone.now()])
    assert _revision_number(scratch) == 3
