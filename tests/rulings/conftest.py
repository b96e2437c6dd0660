"""Rules search indexes go to a temporary directory, never to the developer's var/."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _rules_index_dir(settings, tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    path = tmp_path_factory.getbasetemp() / "rules-search-index"
    settings.SEARCH_INDEX_DIR = path
    return path
