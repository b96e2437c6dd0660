"""The numbered rule each engine rule id stands for, read from the rules reference (rule 6.5.1, not PRI-1)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rulings.models import EngineRuleId

MAX_TEXT = 400


@dataclass(frozen=True)
class RuleRef:
    code: str
    number: str
    text: str
    url: str
    # A Guardians Arena rule is numbered apart from the standard rules: its label says which it is.
    arena: bool = False

    @property
    def label(self) -> str:
        prefix = "Arena rule" if self.arena else "Rule"
        return f"{prefix} {self.number}" if self.number else f"{prefix} {self.code}"

    @property
    def short_text(self) -> str:
        return self.text if len(self.text) <= MAX_TEXT else self.text[: MAX_TEXT - 1].rsplit(" ", 1)[0] + "\u2026"


def rule_refs(codes: Iterable[str]) -> dict[str, RuleRef]:
    """Each code's rule, in one query; a code the rules do not carry keeps the id link that explains so."""
    wanted = {code for code in codes if code}
    found = {
        row.code: RuleRef(
            row.code, row.rule.number, row.rule.text, row.rule.get_absolute_url(), not row.rule.ruleset.is_standard
        )
        for row in EngineRuleId.objects.filter(code__in=wanted).select_related("rule__ruleset")
    }
    for code in wanted - set(found):
        found[code] = RuleRef(code, "", "", f"/rules/id/{code}/")
    return found
