"""What other apps ask of the rules reference: the card page calls ``mentioning_card``, ``rulings_about``,
``glossary_urls`` and ``readable_sources``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cards.models import Card
from core.sources import readable_sources
from rulings import scenario_display
from rulings.display import RulingRow, ruling_rows
from rulings.linking import TextLinker
from rulings.models import RuleEntry, Ruling, WorkedExample


@dataclass(frozen=True)
class Mention:
    """A rule, ruling or worked example that names a card, as a label and a link."""

    label: str
    url: str

    def __str__(self) -> str:
        return self.label

    def get_absolute_url(self) -> str:
        return self.url


def mentioning_card(card: Card) -> list[Mention]:
    """Rules whose text names the card, then worked examples naming it (its rulings: ``rulings_about``)."""
    rules = RuleEntry.objects.filter(cards=card).select_related("ruleset", "parent__parent")
    examples = WorkedExample.objects.filter(cards=card)
    return [
        *(Mention(_rule_label(rule), rule.get_absolute_url()) for rule in rules),
        *(Mention(f"Worked example: {example.title}", example.get_absolute_url()) for example in examples),
    ]


def newest_first(rulings: list[Ruling]) -> list[Ruling]:
    """Dated rulings newest first (a year sorts before the days of that year), undated ones last."""
    dated = sorted((ruling for ruling in rulings if ruling.date), key=lambda ruling: ruling.date, reverse=True)
    return dated + [ruling for ruling in rulings if not ruling.date]


def rulings_about(card: Card, linker: TextLinker | None = None) -> list[RulingRow]:
    """Every ruling and erratum about the card, with its text, sources and date, newest first."""
    # What a card page shows of a ruling: its cited rules (for its sources) and what superseded it; not its
    # cards and topics, which the list's prefetch (``for_listing``) would read too.
    rulings = Ruling.objects.about_card(card).select_related("superseded_by").prefetch_related("rules__ruleset")
    found = newest_first(list(rulings))
    return ruling_rows(found, linker or TextLinker.from_database(), here=card.get_absolute_url())


# Statistic abbreviations on card pages -> the glossary term that explains them.
STATISTIC_TERMS = {"ocb": "OCB", "cmp": "CMP", "ldl": "LDL", "mdl": "MDL", "luc": "LUC", "up": "Up number",
                   "base_draw": "Base draw", "stones": "Power stone", "stacking": "Stacking number"}  # fmt: skip


def glossary_urls(linker: TextLinker | None = None) -> dict[str, str]:
    """Statistic key -> glossary anchor, for the terms the glossary has (from the revision's linker tables,
    which hold every term and alias with its anchor)."""
    urls = (linker or TextLinker.from_database()).term_urls
    return {key: urls[name.lower()] for key, name in STATISTIC_TERMS.items() if name.lower() in urls}


def scenarios_of(codes: list[str]) -> dict[str, Any]:
    """Each ruling code's scenario as a page shows it (``rulings.scenario_display.Shown``), for those with one."""
    return scenario_display.shown_for(codes)


def _rule_label(rule: RuleEntry) -> str:
    """'Rule 6.2.5b (6.2 The command step)': the number and the subsection it belongs to."""
    prefix = "Rule" if rule.ruleset.is_standard else "Arena rule"
    subsection = rule.parent if rule.kind == "rule" else (rule.parent.parent if rule.parent else None)
    if rule.is_heading or subsection is None:
        return f"{prefix} {rule.number}"
    return f"{prefix} {rule.number} ({subsection.number} {subsection.title})"


def card_page_part(card: Card) -> dict[str, Any]:
    """What the rules reference adds to a card's page (registered in ``rulings.apps``): the rules and examples
    that mention the card, its rulings in full, glossary links for its statistics and its sources by name."""
    card_rulings = rulings_about(card)
    return {
        "mentions": mentioning_card(card),
        "card_rulings": card_rulings,
        # "See it happen" beside each of the card's rulings that has a scenario (issue #32).
        "ruling_scenarios": scenarios_of([row.ruling.code for row in card_rulings]),
        "glossary": glossary_urls(),
        "sources": readable_sources(card.sources),
    }
