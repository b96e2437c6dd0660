"""A history for every rule (issue #32, item 4): the text of each version is stored (rules/versions/), any two
versions can be compared on a diff page with permalinks, each rule page shows its changes with the previous
text, and /rules/changes/ lists them by date. A change the log marks as wording changes no number and no
negation (a change of substance is never recorded as wording)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rulings import versions
from rulings.versions import ChangeKind

# A published snapshot never changes: a diff permalink shared once keeps showing the same changes. The newest
# version is the current one and still being written; test_the_current_version_is_the_rules_as_they_stand
# holds it to the rules text instead.
PUBLISHED = {
    "1.0": "312538782bb7a40d27d43f90c606db2d3f39b2b1b722925cc7b276f24bd2249f",
    "1.0.1": "7db08399338ce15ef73e824ec999fedd99cad4566f35c7b3316e586a6ca5e643",
    "1.1": "6f896e905e20e9cb45093a7c2ed30f2c4c258d3bf806b7d5aaf9556e08574aee",
    "1.2": "8a7711191256a71a2bf30f672fd586589143d6674f59e4870121991e4a8c2d62",
}


def test_every_version_of_the_change_log_has_its_text_stored() -> None:
    listed = [version.version for version in versions.versions()]
    assert listed == [version.version for version in versions.stored()]
    assert listed[:4] == ["1.0", "1.0.1", "1.1", "1.2"]


def test_a_published_snapshot_never_changes() -> None:
    for version, digest in PUBLISHED.items():
        assert versions.file_digest(version) == digest, f"rules/versions/{version}.json changed"


def test_the_current_version_is_the_rules_as_they_stand() -> None:
    newest = versions.stored()[-1]
    rules, glossary = versions.read_text_of(versions.ROOT)
    stored = versions.snapshot(newest.version)
    assert (stored.rules, stored.glossary) == (rules, glossary), (
        f"the rules text differs from rules/versions/{newest.version}.json: list the change in rules/CHANGES.md and "
        f"run `manage.py snapshot_rules {newest.version} --replace-current` (or store a new version)"
    )


# Wording changes the check reads wrongly, each with why it is wording all the same.
NEGATION_IN_WORDS = {
    "6.5.2b": "the refusal code action.nothing_to_bribe_back is replaced by its meaning, 'there is no bribe to answer'",
}


def test_a_change_marked_as_wording_changes_no_number_and_no_negation() -> None:
    kept = [version.version for version in versions.stored()]
    negations = {"not", "no", "never", "cannot", "only", "nobody", "none", "neither", "nor"}
    checked = 0
    for older, newer in zip(kept, kept[1:], strict=False):
        for change in versions.compare(older, newer):
            if change.kind is not ChangeKind.WORDING:
                continue
            checked += 1
            assert re.findall(r"\d+", change.before) == re.findall(r"\d+", change.after), change.number
            words = [set(re.findall(r"[a-z']+", text.lower())) & negations for text in (change.before, change.after)]
            if change.number not in NEGATION_IN_WORDS:
                assert words[0] == words[1], f"{change.number}: a negation changed, so it is a change of substance"
    assert checked >= 5


def test_the_word_diff_and_the_kinds_of_change() -> None:
    words = versions.word_diff("a spell saves the creature", "a spell does not save the creature")
    assert [(word.op, word.text) for word in words] == [
        ("same", "a spell"), ("removed", "saves"), ("added", "does not save"), ("same", "the creature")]
    changes = {(change.ruleset, change.number): change for change in versions.compare("1.1", "1.2")}
    assert changes[("standard", "6.6.2c")].kind is ChangeKind.SUBSTANCE
    assert changes[("standard", "6.4.4a")].kind is ChangeKind.WORDING
    assert changes[("arena", "6.7.5")].kind is ChangeKind.SUBSTANCE
    added = {(change.ruleset, change.number) for change in versions.compare("1.0", "1.0.1")}
    assert ("standard", "11.4.4") in added


@pytest.mark.django_db
def test_the_diff_page_compares_two_versions_with_anchors(client: Client) -> None:
    html = client.get("/rules/diff/1.1...1.2/").content.decode()
    assert 'id="standard-6.6.2c"' in html and "Change of substance" in html
    section = html.split('id="standard-6.6.2c"', 1)[1].split("</section>", 1)[0]
    assert "<del data-past-text>" in section and "<ins>" in section and 'href="#standard-6.6.2c"' in section
    assert client.get("/rules/diff/1.2...1.0/").url == "/rules/diff/1.0...1.2/"
    assert client.get("/rules/diff/1.0...1.2/", {"older": "1.1", "newer": "1.0.1"}).url == "/rules/diff/1.0.1...1.1/"
    missing = client.get("/rules/diff/1.0...9.9/")
    assert missing.status_code == 404


@pytest.mark.django_db
def test_a_rule_page_shows_its_history_with_the_previous_text(client: Client) -> None:
    html = client.get("/rules/6.6.2c/").content.decode()
    history = html.split('id="history-heading"', 1)[1].split("</section>", 1)[0]
    assert "Version 1.2" in history and "Change of substance" in history and "Previous text" in history
    assert "First published" in history and 'href="/rules/diff/1.1...1.2/#standard-6.6.2c"' in history


@pytest.mark.django_db
def test_the_changes_page_lists_versions_by_date_and_offers_a_comparison(client: Client) -> None:
    html = client.get("/rules/changes/").content.decode()
    assert 'action="/rules/diff/1.0...' in html and 'name="older"' in html
    order = [html.index(f'id="version-{name}"') for name in ("1.2", "1.1", "1.0.1", "1.0")]
    assert order == sorted(order)
    assert 'href="/rules/diff/1.1...1.2/#standard-6.6.2c"' in html


def test_every_ruling_change_states_its_kind_and_a_widening_is_substance() -> None:
    """A ruling's change history names the kind of each change in the data: no change is shown as wording by
    default. R-089's move from the centre card to all three stronghold cards changed what it decides."""
    import json

    rulings = json.loads((versions.ROOT / "fixtures" / "rulings" / "rulings.json").read_text(encoding="utf-8"))
    changes = [(ruling["id"], change) for ruling in rulings for change in ruling.get("changes", [])]
    assert changes and all(change.get("kind") in {"wording", "substance", "authority"} for _, change in changes)
    widened = [change for code, change in changes if code == "R-089" and change["date"] == "2026-11-26"]
    assert widened[0]["kind"] == "substance" and "centre card" in widened[0]["previous"]
    # A change said in words to correct, supersede or widen what a ruling says is never filed as wording.
    for code, change in changes:
        if change["kind"] == "wording":
            assert not re.search(r"\b(?:corrected|superseded|now covers|no longer)\b", change["change"]), code
