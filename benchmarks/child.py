"""Run a benchmark's measuring part in a child process on a scratch SQLite file and index directory.

Shared by the search and rules-search benchmarks: neither may touch the developer's database or index,
and both measure the site as served (``DJANGO_DEBUG=0``: with DEBUG on, Django records every query).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def scratch_environment(scratch: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{scratch}/bench.sqlite3",
        "GUARDIANS_SEARCH_INDEX_DIR": f"{scratch}/index",
        "GUARDIANS_VAR_DIR": scratch,
        "DJANGO_SETTINGS_MODULE": "guardians_site.settings",
        "DJANGO_DEBUG": "0",
    }


def run_module(module: str, title: str) -> list[str]:
    """``python -m module`` in a fresh scratch directory; its output lines, or the failure and its output."""
    with tempfile.TemporaryDirectory(prefix=f"{module.rsplit('.', 1)[-1]}-") as scratch:
        completed = subprocess.run([sys.executable, "-m", module], cwd=ROOT, env=scratch_environment(scratch),
                                   capture_output=True, text=True)  # fmt: skip
    if completed.returncode != 0:
        return [f"{title} failed:", completed.stdout, completed.stderr]
    return completed.stdout.rstrip("\n").split("\n")
