"""loadrules: idempotent, all or nothing, and precise about where a problem is."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rulings import loading
from rulings.errors import RulesCorpusError
from rulings.loading import load_rules
from rulings.models import (
    ChangeLogSection,
    EngineRuleId,
    GlossaryTerm,
    RuleEntry,
    Ruleset,
    Ruling,
    Topic,
    WorkedExample,
)
from tests.rulings.corpus_facts import ROOT, RULINGS_FILE

pytestmark = pytest.mark.django_db
SCENARIOS = ROOT / "fixtures" / "examples"


@pytest.fixture()
def corpus(tmp_path: Path) -> tuple[Path, Path]:
    """A private copy of rules/ and rulings.json to break."""
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules, ignore=shutil.ignore_patterns("tools"))
    rulings_file = tmp_path / "rulings.json"
    shutil.copy(RULINGS_FILE, rulings_file)
    return rules, rulings_file


def _edit(path: Path, old: str, new: str) -> int:
    """Replace the first occurrence of old and return its 1-based line number."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def _edit_ruling(rulings_file: Path, code: str, **changes: object) -> int:
    data = json.loads(rulings_file.read_text(encoding="utf-8"))
    next(item for item in data if item["id"] == code).update(changes)
    text = json.dumps(data, indent=1)
    rulings_file.write_text(text, encoding="utf-8")
    return _line_of(text, code)


def _line_of(text: str, code: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), start=1) if f'"id": "{code}"' in line)


def test_a_second_load_changes_nothing() -> None:
    out = StringIO()
    call_command("loadrules", stdout=out)
    assert out.getvalue().strip().endswith("0 links changed; 0 changed in all.")


def test_the_report_counts_each_row_once_as_created_updated_or_unchanged(corpus: tuple[Path, Path]) -> None:
    rules, rulings_file = corpus
    for model in (Ruling, WorkedExample, GlossaryTerm, EngineRuleId, Topic, ChangeLogSection, RuleEntry, Ruleset):
        model.objects.all().delete()
    fresh = load_rules(rules, rulings_file, SCENARIOS)
    # A fresh load creates every row; a superseded ruling, written again once its successor exists, is not "updated".
    assert Ruling.objects.filter(superseded_by__isnull=False).exists()
    assert fresh.updated == {} and fresh.unchanged == {} and fresh.deleted == {}
    assert fresh.created["rulings"] == Ruling.objects.count() == len(json.loads(rulings_file.read_text()))
    assert fresh.created["rule entries"] == RuleEntry.objects.count() and fresh.created["glossary terms"] > 50
    again = load_rules(rules, rulings_file, SCENARIOS)
    assert again.created == {} and again.updated == {} and again.changed == 0
    assert again.unchanged["rulings"] == Ruling.objects.count() and again.unchanged["rule entries"] == RuleEntry.objects.count()
    code = Ruling.objects.filter(superseded_by__isnull=False).values_list("code", flat=True).first()
    _edit_ruling(rulings_file, code, answer="Reworded for the test.")
    edited = load_rules(rules, rulings_file, SCENARIOS)
    assert edited.updated == {"rulings": 1} and edited.unchanged["rulings"] == Ruling.objects.count() - 1
    assert "updated 1 rulings; deleted nothing; unchanged " in edited.summary()


def test_a_changed_rule_is_updated_in_place(corpus: tuple[Path, Path]) -> None:
    rules, rulings_file = corpus
    before = RuleEntry.objects.get(ruleset__slug="standard", number="6.5.1")
    _edit(rules / "standard" / "06-combat.md", "6.5.1. ", "6.5.1. Reworded. ")
    report = load_rules(rules, rulings_file, SCENARIOS)
    assert report.updated == {"rule entries": 1} and report.created == {} and report.deleted == {}
    after = RuleEntry.objects.get(ruleset__slug="standard", number="6.5.1")
    assert after.id == before.id and after.text.startswith("Reworded. ")
    assert after.rulings.count() == before.rulings.count()


Breaker = Callable[[Path, Path], tuple[str, int]]


def _skip_a_rule_number(rules: Path, rulings_file: Path) -> tuple[str, int]:
    return "rules/standard/06-combat.md", _edit(rules / "standard" / "06-combat.md", "6.5.2. ", "6.5.3. ")


def _paragraph_without_number(rules: Path, rulings_file: Path) -> tuple[str, int]:
    return "rules/standard/06-combat.md", _edit(rules / "standard" / "06-combat.md", "6.5.2. ", "")


def _id_on_two_rules(rules: Path, rulings_file: Path) -> tuple[str, int]:
    return "rules/standard/06-combat.md", _edit(
        rules / "standard" / "06-combat.md", "{ids: CMD-2}", "{ids: CMD-2, CMD-1}"
    )


def _dangling_cross_reference(rules: Path, rulings_file: Path) -> tuple[str, int]:
    return "rules/standard/06-combat.md", _edit(rules / "standard" / "06-combat.md", "(see 2.2.7)", "(see 2.2.70)")


def _arena_difference_to_nowhere(rules: Path, rulings_file: Path) -> tuple[str, int]:
    line = _edit(
        rules / "arena" / "06-combat.md", "Differs from standard: see 6.1.2.", "Differs from standard: see 6.1.99."
    )
    return "rules/arena/06-combat.md", line - 1  # the paragraph starts on the line above


def _glossary_term_without_rule(rules: Path, rulings_file: Path) -> tuple[str, int]:
    line = _edit(rules / "glossary.md", "rule: 6.3.1\n", "rule: 6.3.99\n")
    text = (rules / "glossary.md").read_text(encoding="utf-8").splitlines()
    return "rules/glossary.md", max(n for n in range(1, line) if text[n - 1].startswith("### "))


def _ruling_cites_missing_rule(rules: Path, rulings_file: Path) -> tuple[str, int]:
    return "rulings.json", _edit_ruling(rulings_file, "R-010", rules=["6.99.1"])


def _ruling_names_unknown_card(rules: Path, rulings_file: Path) -> tuple[str, int]:
    return "rulings.json", _edit_ruling(rulings_file, "R-020", cards=["no-such-card"])


def _ruling_with_bad_authority(rules: Path, rulings_file: Path) -> tuple[str, int]:
    return "rulings.json", _edit_ruling(rulings_file, "A-03", authority="hearsay")


@pytest.mark.parametrize(
    ("breaker", "code"),
    [
        (_skip_a_rule_number, "numbering"),
        (_paragraph_without_number, "malformed_paragraph"),
        (_id_on_two_rules, "duplicate"),
        (_dangling_cross_reference, "unresolved_reference"),
        (_arena_difference_to_nowhere, "unresolved_reference"),
        (_glossary_term_without_rule, "unresolved_reference"),
        (_ruling_cites_missing_rule, "unresolved_reference"),
        (_ruling_names_unknown_card, "unknown_card"),
        (_ruling_with_bad_authority, "invalid_value"),
    ],
)
def test_a_broken_corpus_is_refused_naming_file_and_line(
    corpus: tuple[Path, Path], breaker: Breaker, code: str
) -> None:
    rules, rulings_file = corpus
    path, line = breaker(rules, rulings_file)
    with pytest.raises(RulesCorpusError) as caught:
        load_rules(rules, rulings_file)
    assert caught.value.code == code
    assert caught.value.path.endswith(path) and caught.value.line == line, str(caught.value)


def test_topics_that_would_share_an_address_are_refused(corpus: tuple[Path, Path]) -> None:
    rules, rulings_file = corpus
    _edit_ruling(rulings_file, "R-001", topics=["Bribery"])
    text = rulings_file.read_text(encoding="utf-8")
    clash = next(item["id"] for item in json.loads(text) if "bribery" in item["topics"])
    with pytest.raises(RulesCorpusError, match="share the slug 'bribery'") as caught:
        load_rules(rules, rulings_file)
    assert caught.value.line == _line_of(text, clash)


def test_a_failure_during_the_write_leaves_the_database_as_it_was(
    corpus: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules, rulings_file = corpus
    _edit(rules / "standard" / "06-combat.md", "6.5.1. ", "6.5.1. Reworded. ")
    _edit_ruling(rulings_file, "R-001", answer="Changed.")

    def fail(self: object) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(loading._Sync, "_sync_changes", fail)  # the last step, after rules and rulings are written
    with pytest.raises(RuntimeError):
        load_rules(rules, rulings_file, SCENARIOS)
    assert not RuleEntry.objects.get(ruleset__slug="standard", number="6.5.1").text.startswith("Reworded")
    assert Ruling.objects.get(code="R-001").answer != "Changed."


def test_the_command_reports_the_place_and_writes_nothing(corpus: tuple[Path, Path]) -> None:
    rules, rulings_file = corpus
    line = _edit(rules / "standard" / "06-combat.md", "6.5.2. ", "6.5.3. ")
    with pytest.raises(
        CommandError, match=rf"^Nothing loaded\. .*06-combat\.md:{line}: rule 6\.5\.3 found where 6\.5\.2"
    ):
        call_command("loadrules", rules_dir=rules, rulings_file=rulings_file)
