"""Bulk files: exported per data revision, listed in Scryfall's shape, downloadable with their checksums."""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from cards.models import Card
from core import revision
from rulings.models import GlossaryTerm, RuleEntry, Ruling
from sitewide import bulkdata

pytestmark = pytest.mark.django_db

KINDS = ["cards", "cards-csv", "rules", "rulings", "glossary", "worked-examples"]


def _download(client: Client, url: str) -> bytes:
    response = client.get(url.removeprefix("http://testserver"))
    assert response.status_code == 200 and response["Content-Type"] == "application/gzip"
    return b"".join(response.streaming_content)


def test_export_writes_every_kind_once_per_revision(capsys: Any) -> None:
    earlier = bulkdata.current_manifest()  # exported by an earlier request, or now
    call_command("export_bulk", "--force")
    manifest = bulkdata.read_manifest()
    assert manifest is not None and manifest["revision"] == revision.current().number
    assert [item["type"] for item in manifest["files"]] == KINDS
    for item in manifest["files"]:
        data = (bulkdata.bulk_dir() / item["path"]).read_bytes()
        assert len(data) == item["size"] and hashlib.sha256(data).hexdigest() == item["sha256"]
        assert f"-r{manifest['revision']}." in item["filename"]
    # Exports are reproducible, so a second export of the revision (another server's) changes nothing.
    assert [f["sha256"] for f in manifest["files"]] == [f["sha256"] for f in earlier["files"]]
    capsys.readouterr()
    call_command("export_bulk")
    assert "nothing to do" in capsys.readouterr().out


def test_each_listed_file_downloads_with_its_checksum_and_records(client: Client) -> None:
    listing = client.get("/api/v1/bulk-data/").json()
    assert listing["object"] == "list" and listing["revision"] == revision.current().number
    items = {item["type"]: item for item in listing["data"]}
    assert list(items) == KINDS
    expected_records = {
        "cards": Card.objects.count(), "cards-csv": Card.objects.count(), "rules": RuleEntry.objects.count(),
        "rulings": Ruling.objects.count(), "glossary": GlossaryTerm.objects.count(),
    }  # fmt: skip
    for kind, item in items.items():
        assert {"type", "updated_at", "size", "content_type", "download_uri", "sha256"} <= set(item)
        data = _download(client, item["download_uri"])
        assert len(data) == item["size"] and hashlib.sha256(data).hexdigest() == item["sha256"], kind
        text = gzip.decompress(data).decode()
        assert len(text.encode()) == item["uncompressed_size"]
        if item["content_type"] == "text/csv":
            rows = list(csv.DictReader(io.StringIO(text)))
            assert len(rows) == item["records"] == expected_records[kind]
            sand_lord = next(row for row in rows if row["slug"] == "sand-lord")
            assert (sand_lord["vitality"], sand_lord["border"], sand_lord["printings"]) == ("11", "elemental", "RE:C1")
        else:
            records = json.loads(text)
            if kind == "rules":
                assert {tree["ruleset"] for tree in records} == {"standard", "arena"}
            else:
                assert len(records) == item["records"]
            if kind in expected_records:
                assert item["records"] == expected_records[kind], kind
    cards = json.loads(gzip.decompress(_download(client, items["cards"]["download_uri"])))
    api_card = client.get("/api/v1/cards/sand-lord/").json()
    bulk_card = next(card for card in cards if card["slug"] == "sand-lord")
    assert bulk_card["printings"] == api_card["printings"] and bulk_card["url"] == "/api/v1/cards/sand-lord/"


def test_a_data_change_regenerates_the_files(client: Client) -> None:
    before = client.get("/api/v1/bulk-data/cards/").json()
    card = Card.objects.get(slug="sand-lord")
    card.summary = card.summary + " (edited)"
    card.save()
    revision.bump()  # in a test the transaction never commits, so the on-commit bump is done by hand
    after = client.get("/api/v1/bulk-data/cards/").json()
    assert after["revision"] == before["revision"] + 1 and after["sha256"] != before["sha256"]
    cards = json.loads(gzip.decompress(_download(client, after["download_uri"])))
    assert next(c for c in cards if c["slug"] == "sand-lord")["summary"].endswith("(edited)")
    old_name = before["download_uri"].rsplit("/", 1)[1]
    assert client.get(f"/api/v1/bulk-data/files/{old_name}").status_code == 404


def test_unknown_bulk_types_and_files_are_json_404s(client: Client) -> None:
    assert client.get("/api/v1/bulk-data/everything/").json()["error"]["code"] == "not_found"
    assert client.get("/api/v1/bulk-data/files/passwords.gz").json()["error"]["code"] == "not_found"
    assert client.get("/api/v1/bulk-data/files/..%2Fmanifest.json").status_code == 404


def test_the_card_files_say_how_many_are_printed_and_how_to_tell_the_unverified_apart(client: Client) -> None:
    """The card files hold the 676 printed cards and the 3 Mud Castle cards known only from a fan page; their
    descriptions say so, and the field they name (set) picks out exactly the unverified ones."""
    printed, unverified = Card.objects.printed().count(), Card.objects.unverified().count()
    assert (printed, unverified) == (676, 3)
    sets = client.get("/api/v1/sets/").json()["results"]
    unverified_sets = {card_set["code"] for card_set in sets if card_set["kind"] == "unverified"}
    assert unverified_sets == {"FAN"}
    for kind in ("cards", "cards-csv"):
        item = client.get(f"/api/v1/bulk-data/{kind}/").json()
        description = item["description"]
        assert "every printed card" not in description.lower(), kind
        assert "676 printed" in description and "3 unverified" in description and "FAN" in description, description
        assert item["records"] == printed + unverified
    cards = json.loads(
        gzip.decompress(_download(client, client.get("/api/v1/bulk-data/cards/").json()["download_uri"]))
    )
    told_apart = sorted(card["slug"] for card in cards if card["set"] in unverified_sets)
    assert told_apart == ["mud-castle-center", "mud-castle-left", "mud-castle-right"]
    assert len(cards) - len(told_apart) == printed


def test_a_manifest_of_the_earlier_format_is_exported_again(client: Client) -> None:
    # A site already serving this revision's files under format 1 would otherwise keep their old descriptions
    # until the data next changed.
    manifest = bulkdata.current_manifest()
    stale = {**manifest, "format": 1, "files": [{**item, "description": "Every printed card."} for item in manifest["files"]]}  # fmt: skip
    (bulkdata.bulk_dir() / bulkdata.MANIFEST).write_text(json.dumps(stale), encoding="utf-8")
    assert "676 printed" in client.get("/api/v1/bulk-data/cards/").json()["description"]
