"""On SQLite, saves made at the same moment queue for the write lock instead of failing "database is locked"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def test_the_sqlite_settings_use_wal_an_immediate_lock_and_a_busy_timeout() -> None:
    assert settings.SQLITE_OPTIONS["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in settings.SQLITE_OPTIONS["init_command"] and settings.SQLITE_OPTIONS["timeout"] >= 5


def test_four_threads_reading_then_writing_at_once_all_succeed(tmp_path: Path) -> None:
    # A process of its own, on a database file (the test database is in memory), with the site's settings.
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env.update(GUARDIANS_VAR_DIR=str(tmp_path), PYTHONPATH=str(ROOT), GUARDIANS_WARM_START="0")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "site" / "sqlite_writers.py")],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    # Every transaction committed, each saw the ones before it (no two read the same count), in WAL mode.
    assert done.stdout.splitlines()[0] == "failures=0 rows=100 distinct_seen=100 journal=wal", done.stdout
