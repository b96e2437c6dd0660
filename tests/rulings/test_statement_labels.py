"""Every statement labelled (issue #32): each rule, rule part, ruling, erratum and glossary entry names who
stands behind it and since when, and every site reading among the rules is in the change history."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest
from django.test import Client

from rulings.authority import changes_listing, listed_on
from rulings.choices import Authority
from rulings.corpus import read_corpus
from rulings.errors import RulesCorpusError
from rulings.loading import load_rules
from rulings.models import GlossaryTerm, RuleEntry, Ruling
from tests.rulings.corpus_facts import ROOT, RULINGS_FILE

pytestmark = pytest.mark.django_db


def _unlabelled(rows: list[tuple[str, str, str, str]]) -> list[str]:
    return [name for name, authority, day, note in rows
            if authority not in Authority.values or not (day or note.strip())]  # fmt: skip


def test_every_rule_ruling_erratum_and_glossary_entry_has_an_authority_and_a_date_or_a_note() -> None:
    rules = [(str(entry), entry.authority, entry.date, entry.date_note) for entry in RuleEntry.objects.all()]
    rulings = [(ruling.code, ruling.authority, ruling.date, ruling.date_note) for ruling in Ruling.objects.all()]
    terms = [(term.term, term.authority, term.date, term.date_note) for term in GlossaryTerm.objects.all()]
    assert len(rules) > 500 and len(rulings) > 150 and len(terms) > 50
    assert Ruling.objects.filter(kind="erratum", code__startswith="E-").count() == 14
    assert _unlabelled(rules) == [] and _unlabelled(rulings) == [] and _unlabelled(terms) == []


def test_every_site_reading_among_the_rules_is_in_the_change_history_on_or_after_the_day_it_was_made() -> None:
    versions = read_corpus(ROOT / "rules", RULINGS_FILE).changes
    per_version = [changes_listing([version]) for version in versions if version.date]
    site = list(RuleEntry.objects.filter(authority=Authority.SITE).select_related("ruleset")
                .prefetch_related("engine_ids"))  # fmt: skip
    assert len(site) > 80
    missing = []
    for entry in site:
        made = date.fromisoformat(entry.date)
        ids = [row.code for row in entry.engine_ids.all()]
        listings = [
            found for listing in per_version if (found := listed_on(listing, entry.ruleset.slug, entry.number, ids))
        ]
        if not any(day >= made for day, _ in listings):
            missing.append(f"{entry} (made {entry.date})")
    assert missing == []


@pytest.mark.parametrize(
    ("ruleset", "number", "authority", "day"),
    [
        ("standard", "6.4.2a", "site", "2026-11-21"),  # carries site ruling A-11
        ("standard", "11.4.18", "site", "2026-12-07"),  # ENG-18, first listed in version 1.2
        ("standard", "11.4.4", "site", "2026-11-22"),  # ENG-4, version 1.0.1
        ("standard", "6.11.2", "faq-1996", "1996"),  # A-29, stated by the 1996 FAQ
        ("standard", "2.5.3a", "community", ""),  # fan content, by its own Authority: line
        ("standard", "6.4.1", "compiled-rules", ""),
        ("arena", "6.8.5", "site", "2026-11-26"),  # "Site ruling on ..."
        ("arena", "6.3.1", "arena", "2013-10-28"),  # an Arena rule pointing at a site ruling
        ("arena", "6.2.1", "arena", "2013-10-28"),
    ],
)
def test_a_rule_is_labelled_from_what_its_text_says(ruleset: str, number: str, authority: str, day: str) -> None:
    entry = RuleEntry.objects.get(ruleset__slug=ruleset, number=number)
    assert (entry.authority, entry.date) == (authority, day)
    if not day:
        assert entry.date_note


def test_a_glossary_entry_relying_on_a_site_ruling_is_the_sites() -> None:
    labelled = {term.term: (term.authority, term.date) for term in GlossaryTerm.objects.all()}
    assert labelled["C item"] == ("site", "2026-11-21")  # names A-21
    assert labelled["Off-colour bonus"][0] == "compiled-rules"


def test_the_rule_and_glossary_pages_say_the_label_in_words_and_the_api_gives_the_fields() -> None:
    client = Client()
    site_page = client.get("/rules/11.4.18/").content.decode()
    assert (
        "This site&#x27;s reading, 7 December 2026" in site_page or "This site's reading, 7 December 2026" in site_page
    )
    assert "Published rule (compiled rules, undated)" in client.get("/rules/6.4.1/").content.decode()
    assert "Published Guardians Arena rule, 28 October 2013" in client.get("/rules/arena/6.2.1/").content.decode()
    glossary = client.get("/rules/glossary/").content.decode()
    assert glossary.count('class="authority-label') == GlossaryTerm.objects.count()
    rule = client.get("/api/v1/rules/11.4.18/").json()
    assert (rule["authority"], rule["date"]) == ("site", "2026-12-07") and "CHANGES" in rule["date_note"]
    terms = client.get("/api/v1/glossary/").json()
    first = terms["results"][0] if isinstance(terms, dict) else terms[0]
    assert {"authority", "date", "date_note"} <= set(first)


def test_a_site_reading_nothing_dates_is_refused_naming_file_and_line(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules, ignore=shutil.ignore_patterns("tools"))
    path = rules / "standard" / "06-combat.md"
    text = path.read_text(encoding="utf-8")
    old = "6.4.1. "
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, "6.4.1. Site ruling: ", 1), encoding="utf-8")
    with pytest.raises(RulesCorpusError) as caught:
        load_rules(rules, RULINGS_FILE)
    assert caught.value.code == "unresolved_reference" and caught.value.line == line
    assert "6.4.1" in str(caught.value)
