"""The API guide's shell examples work as pasted: each is read from the rendered /api/ page and run by bash
against a live test server. The ETag round trip prints 304; the bulk download reads the file's address and
checksum from its entry (the file name changes with each data revision) and the checksum holds."""

from __future__ import annotations

import gzip
import html
import json
import re
import shutil
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser_fixtures import live_server

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("curl") or not shutil.which("bash"), reason="needs curl and bash"),
]


@pytest.fixture(scope="module")
def server_url(django_db_setup: None, django_db_blocker: object) -> Iterator[str]:
    with django_db_blocker.unblock(), live_server() as url:  # type: ignore[attr-defined]
        yield url


def _examples(server_url: str) -> list[str]:
    with urllib.request.urlopen(server_url + "/api/") as response:
        page = response.read().decode()
    return [html.unescape(block) for block in re.findall(r"<pre[^>]*><code>(.*?)</code></pre>", page, re.S)]


def _run(script: str, folder: Path) -> str:
    done = subprocess.run(["bash", "-c", script], cwd=folder, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_etag_example_gives_304_as_pasted(server_url: str, tmp_path: Path) -> None:
    example = next(block for block in _examples(server_url) if "If-None-Match" in block)
    assert "<" not in example  # nothing to fill in by hand
    assert _run(example, tmp_path).strip() == "304"


def test_the_bulk_example_finds_the_current_file_from_its_entry(server_url: str, tmp_path: Path) -> None:
    example = next(block for block in _examples(server_url) if "cards.json.gz" in block)
    with urllib.request.urlopen(server_url + "/api/v1/bulk-data/cards/") as response:
        entry = json.load(response)
    # The file name of this revision is not written into the example: it is read from the entry.
    file_name = entry["download_uri"].rsplit("/", 1)[1]
    assert file_name not in example
    output = _run(example, tmp_path)
    assert "cards.json.gz: OK" in output
    cards = json.loads(gzip.decompress((tmp_path / "cards.json.gz").read_bytes()))
    assert len(cards) == entry["records"] and any(card["slug"] == "sand-lord" for card in cards)
