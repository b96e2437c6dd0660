"""Rulings as pages show them: question and answer with their links and highlighted words, and
their sources as names a judge can cite, with links and dates."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from django.utils.safestring import SafeString

from core.sources import Source, describe
from rulings.linking import TextLinker, highlighter
from rulings.models import EngineRuleId, Ruling

SITE_RULING = "This site's ruling"
# A step id of the combat engine as text (PRI-7, ARN-13, ENG-11); ruling codes (R-001, A-04, E-03) are names.
ENGINE_STEP_ID = re.compile(r"(?<![\w-])[A-Z]{1,4}-\d+(?![\w-])")


def engine_ids_as_rules(text: str) -> str:
    """Text with each engine step id replaced by the citation of the rule carrying it ("ENG-18" becomes
    "11.4.18", "ARN-32" "arena 6.3.6"): readers see rule numbers, which the linker then links. A code that
    names a ruling stays, as the ruling's name."""
    rulings = set(Ruling.objects.values_list("code", flat=True))
    owners = {row.code: row.rule.citation for row in EngineRuleId.objects.select_related("rule__ruleset")}
    return ENGINE_STEP_ID.sub(lambda match: match[0] if match[0] in rulings else owners.get(match[0], match[0]), text)


@dataclass
class RulingRow:
    ruling: Ruling
    question: SafeString
    answer: SafeString
    note: SafeString
    sources: list[Source] = field(default_factory=list)

    @property
    def main_source(self) -> Source | None:
        return self.sources[0] if self.sources else None


def ruling_sources(ruling: Ruling, stating_rules: dict[str, str] | None = None) -> list[Source]:
    """The ruling's sources, most authoritative first. The site's own rulings start with "This site's
    ruling", linked to the rule that states it; the compiled rules link to the rule restating them."""
    cited = list(ruling.rules.all())
    first_rule = cited[0] if cited else None
    found: list[Source] = []
    if ruling.authority == "site":
        url = (stating_rules or {}).get(ruling.code) or (first_rule.get_absolute_url() if first_rule else "")
        found.append(Source("", SITE_RULING, url, "site", ruling.date, ruling.date_note))
    for key in ruling.sources:
        source = describe(key)
        if source.authority == "compiled-rules" and not source.is_external and first_rule is not None:
            where = f"rule {first_rule.citation}"
            source = replace(source, name=f"{source.name}, restated in {where}", url=first_rule.get_absolute_url())
        found.append(source)
    rank = {"site": 0, "faq-1996": 1, "compiled-rules": 2, "arena": 3, "community": 4, "card-data": 5}
    return sorted(found, key=lambda source: rank.get(source.authority, 9))


def stating_rules(rulings: Iterable[Ruling]) -> dict[str, str]:
    """Ruling code -> the permalink of the rule that carries it as an id (site rulings A-01...)."""
    codes = [ruling.code for ruling in rulings if ruling.authority == "site"]
    if not codes:
        return {}
    rows = EngineRuleId.objects.select_related("rule__ruleset").filter(code__in=codes)
    return {row.code: row.rule.get_absolute_url() for row in rows}


def ruling_rows(
    rulings: Iterable[Ruling], linker: TextLinker, words: list[str] | None = None, here: str | None = None
) -> list[RulingRow]:
    """Rulings with their linked text; ``here`` is the page they are shown on, which their text does not link."""
    rulings = list(rulings)
    pattern = highlighter(words or [])
    stating = stating_rules(rulings)
    return [
        RulingRow(
            ruling,
            linker.render(ruling.question, highlight=pattern, here=here, ruling=ruling.code),
            linker.render(ruling.answer, highlight=pattern, here=here, ruling=ruling.code),
            linker.render(ruling.note, here=here, ruling=ruling.code),
            ruling_sources(ruling, stating),
        )  # fmt: skip
        for ruling in rulings
    ]
