"""The rules corpus as loaded: numbers unique and stable, rulings citing real rules and cards."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from cards.models import Card
from rulings.models import GlossaryTerm, RuleEntry, Ruling
from tests.rulings.corpus_facts import ROOT, numbers_in_text, rule_numbers, rulings

pytestmark = pytest.mark.django_db


def test_the_corpus_checker_passes() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "rules" / "tools" / "check.py")], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("ok")


@pytest.mark.parametrize("ruleset", ["standard", "arena"])
def test_loaded_numbers_are_the_files_numbers_in_reading_order(ruleset: str) -> None:
    from_files = rule_numbers(ruleset)
    assert len(from_files) == len(set(from_files)), "a number is used twice"
    loaded = list(RuleEntry.objects.in_ruleset(ruleset).order_by("position").values_list("number", flat=True))
    assert loaded == from_files


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git to read the last published version")
@pytest.mark.parametrize("ruleset", ["standard", "arena"])
def test_every_published_number_still_exists(ruleset: str) -> None:
    """Numbers are permanent (rules/CHANGES.md): whatever the last commit published must still resolve."""
    try:
        names = _git("ls-tree", "--name-only", "HEAD", f"rules/{ruleset}/").split()
    except subprocess.CalledProcessError:
        pytest.skip("not a git checkout")
    if not names:
        pytest.skip("the rules are not committed yet")
    published = numbers_in_text(ruleset, {name: _git("show", f"HEAD:{name}") for name in names})
    current = set(RuleEntry.objects.in_ruleset(ruleset).values_list("number", flat=True))
    assert [number for number in published if number not in current] == []


def test_every_ruling_cites_existing_rules_and_cards() -> None:
    expected = {raw["id"]: raw for raw in rulings()}
    assert Ruling.objects.count() == len(expected)
    card_slugs = set(Card.objects.values_list("slug", flat=True))
    for ruling in Ruling.objects.for_listing():
        raw = expected[ruling.code]
        assert sorted(entry.citation for entry in ruling.rules.all()) == sorted(raw["rules"]), ruling.code
        assert sorted(card.slug for card in ruling.cards.all()) == sorted(raw["cards"]), ruling.code
        assert set(raw["cards"]) <= card_slugs
        assert sorted(topic.name for topic in ruling.topics.all()) == sorted(raw["topics"])


def test_superseded_rulings_name_their_replacement() -> None:
    raw = {item["id"]: item for item in rulings()}
    for ruling in Ruling.objects.filter(status="superseded"):
        assert ruling.note
        assert (ruling.superseded_by.code if ruling.superseded_by else None) == raw[ruling.code].get("superseded_by")


def test_every_glossary_term_points_at_a_rule_of_its_ruleset() -> None:
    text = (ROOT / "rules" / "glossary.md").read_text(encoding="utf-8")
    assert GlossaryTerm.objects.count() == text.count("\n### ")
    arena_terms = set(GlossaryTerm.objects.filter(rule__ruleset__slug="arena").values_list("term", flat=True))
    assert {"Duel Zone", "Initiative", "Stock"} <= arena_terms


def test_every_glossary_terms_rule_uses_the_term_or_one_of_its_aliases() -> None:
    """The rule a term points to (or one numbered beneath it) uses every word of the term or of an alias, as the
    search reads words ("channelling cap": "channelling ... this cap"). "Control" pointed to 7.1.4, which
    never says control, and a judge following the link found a rule about totals."""
    from core.text_analysis import stems

    unused = {}
    for term in GlossaryTerm.objects.select_related("rule"):
        words = {word for entry in RuleEntry.objects.under(term.rule) for word in stems(f"{entry.title} {entry.text}")}
        if not any(set(stems(name)) <= words for name in (term.term, *term.aliases)):
            unused[term.term] = term.rule.citation
    assert unused == {}
