"""Saves made by new processes, each the first thing its process does with the index (it reads only the stored
bitmaps it needs, ``facet_updates._touched``), leave bitmaps holding the same cards in the same list order as a full
rebuild's, and another new process finds every change: renames that move the card a short way and far both ways, a
rename in place and number changes. On a small database in files (the test database is not visible to other processes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.child import scratch_environment

ROOT = Path(__file__).resolve().parents[2]
# Its processes use their own SQLite file whatever the suite runs on: the PostgreSQL pass would only repeat it.
pytestmark = pytest.mark.skipif("postgres" in os.environ.get("DATABASE_URL", ""), reason="runs once, in the SQLite pass")


def _run(env: dict[str, str], *args: str) -> str:
    completed = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return completed.stdout


def _small_fixtures(folder: Path) -> Path:
    (folder / "cards").mkdir(parents=True)
    (folder / "sets.json").write_bytes((ROOT / "fixtures" / "sets.json").read_bytes())
    cards = json.loads((ROOT / "fixtures" / "cards" / "base_set.json").read_text("utf-8"))
    (folder / "cards" / "base_set.json").write_text(json.dumps(cards[:80]), "utf-8")
    return folder


def test_saves_by_new_processes_equal_a_full_rebuild_and_other_processes_see_them(tmp_path: Path) -> None:
    env = scratch_environment(str(tmp_path))
    _run(env, "manage.py", "migrate", "--no-input", "-v", "0")
    _run(env, "manage.py", "loadcards", "--fixtures-dir", str(_small_fixtures(tmp_path / "fixtures")))
    _run(env, "manage.py", "rebuild_index")
    listed = json.loads(_run(env, "-m", "tests.search.fresh_process", "list"))
    (first, _), (second, _), (_, third_name) = listed[10:13]
    (up, _), (down, down_name) = listed[60], listed[2]
    steps = [
        (first, "name", f"{third_name} Quokka"),  # Moves two places, past its neighbours.
        (second, "aliases", json.dumps(["Wombat Of The Dunes"])),  # A new name; the card stays where it was.
        (second, "vitality", "77"),  # A value no card has.
        (first, "vitality", "3"),
        (up, "name", "Aaaa Numbat"),  # Moves far, to the front of the list.
        (down, "name", f"Zzzz {down_name}"),  # Moves far, to the end.
        (up, "vitality", "78"),
    ]
    for slug, field, value in steps:
        _run(env, "-m", "tests.search.fresh_process", "save", slug, field, value)
    found = json.loads(_run(env, "-m", "tests.search.fresh_process", "check", "quokka", 'name:"wombat of the dunes"',
                            "v=77", f"v=3 name:\"{third_name.lower()} quokka\"", "v=78 numbat", "name:zzzz*"))  # fmt: skip
    assert found == {"quokka": [first], 'name:"wombat of the dunes"': [second], "v=77": [second],
                     f"v=3 name:\"{third_name.lower()} quokka\"": [first], "v=78 numbat": [up], "name:zzzz*": [down]}  # fmt: skip
