"""The engine is a fully typed library: mypy --strict must pass on it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_passes_mypy_strict() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "engine"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "Success" in completed.stdout
