"""What other apps ask of the rules reference. The card page calls ``mentioning_card``."""

from __future__ import annotations

from dataclasses import dataclass

from cards.models import Card
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
    """Rules whose text names the card, then rulings about it, then worked examples naming it."""
    rules = RuleEntry.objects.filter(cards=card).select_related("ruleset", "parent__parent")
    rulings = Ruling.objects.about_card(card)
    examples = WorkedExample.objects.filter(cards=card)
    return [
        *(Mention(_rule_label(rule), rule.get_absolute_url()) for rule in rules),
        *(Mention(f"Ruling {ruling.code}: {ruling.question}", ruling.get_absolute_url()) for ruling in rulings),
        *(Mention(f"Worked example: {example.title}", example.get_absolute_url()) for example in examples),
    ]


def _rule_label(rule: RuleEntry) -> str:
    """'Rule 6.2.5b (6.2 The command step)': the number and the subsection it belongs to."""
    prefix = "Rule" if rule.ruleset.is_standard else "Arena rule"
    subsection = rule.parent if rule.kind == "rule" else (rule.parent.parent if rule.parent else None)
    if rule.is_heading or subsection is None:
        return f"{prefix} {rule.number}"
    return f"{prefix} {rule.number} ({subsection.number} {subsection.title})"
