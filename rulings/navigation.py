"""Where a rule sits: its breadcrumbs, its neighbours and the blocks a page shows for it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from rulings.choices import EntryKind
from rulings.linking import TextLinker, mark
from rulings.models import EngineRuleId, RuleEntry, Ruling, rule_path


@dataclass(frozen=True)
class RuleLink:
    """A rule a block points to (an Arena departure, the standard rule it departs from)."""

    number: str
    url: str

    def get_absolute_url(self) -> str:
        return self.url


@dataclass(frozen=True)
class RulingLink:
    """A ruling citing a block's rule: its id, its question (the link's title) and its page."""

    code: str
    question: str
    url: str

    def get_absolute_url(self) -> str:
        return self.url


@dataclass
class RuleBlock:
    """One entry as a page shows it: the entry, its linked text and how deep it sits."""

    entry: RuleEntry
    html: SafeString
    title_html: SafeString
    depth: int
    is_hit: bool = False
    url: str = ""
    label: str = ""
    engine_ids: list[str] = field(default_factory=list)
    differs_from: list[RuleLink] = field(default_factory=list)
    arena_departures: list[RuleLink] = field(default_factory=list)
    rulings: list[RulingLink] = field(default_factory=list)


def ancestors(entry: RuleEntry) -> list[RuleEntry]:
    """The section and subsection (and rule, for a subrule) above the entry, outermost first."""
    numbers = entry.lineage.strip("/").split("/")[:-1]
    found = {row.number: row for row in RuleEntry.objects.filter(ruleset_id=entry.ruleset_id, number__in=numbers)}
    return [found[number] for number in numbers if number in found]


def neighbours(entry: RuleEntry) -> tuple[RuleEntry | None, RuleEntry | None]:
    """Previous and next entry: sections step through sections, subsections through subsections,
    and rules and subrules through the rules in reading order."""
    kinds = [entry.kind] if entry.is_heading else [EntryKind.RULE, EntryKind.SUBRULE]
    same = RuleEntry.objects.select_related("ruleset").filter(ruleset_id=entry.ruleset_id, kind__in=kinds)
    previous = same.filter(position__lt=entry.position).order_by("-position").first()
    following = same.filter(position__gt=entry.position).order_by("position").first()
    return previous, following


def blocks_under(entry: RuleEntry, linker: TextLinker, highlight: re.Pattern[str] | None = None,
                 hits: set[int] | None = None) -> list[RuleBlock]:  # fmt: skip
    """The entry and everything beneath it, each with its rendered text."""
    under = RuleEntry.objects.under(entry)
    rows = list(under.select_related("ruleset"))
    related = _related_links(under.values("id"))
    return render_blocks(rows, linker, entry.lineage.count("/"), highlight, hits, related)


@dataclass
class _Related:
    """What the blocks of a page link to besides their text, by rule id."""

    engine_ids: dict[int, list[str]] = field(default_factory=dict)
    differs_from: dict[int, list[RuleLink]] = field(default_factory=dict)
    arena_departures: dict[int, list[RuleLink]] = field(default_factory=dict)
    rulings: dict[int, list[RulingLink]] = field(default_factory=dict)


def _related_links(ids: QuerySet[Any]) -> _Related:
    """Engine ids, departures and citing rulings of the rules in ``ids``, as plain values in four queries: a
    section's blocks prefetched as related managers spent a third of the page building them."""
    related = _Related()
    for rule_id, code in EngineRuleId.objects.filter(rule_id__in=ids).order_by("code").values_list("rule_id", "code"):
        related.engine_ids.setdefault(rule_id, []).append(code)
    departures = RuleEntry.differs_from.through.objects
    for arena_id, number, slug in (
        departures.filter(from_ruleentry_id__in=ids)
        .order_by("to_ruleentry__ruleset__order", "to_ruleentry__position")
        .values_list("from_ruleentry_id", "to_ruleentry__number", "to_ruleentry__ruleset__slug")
    ):  # fmt: skip
        related.differs_from.setdefault(arena_id, []).append(RuleLink(number, rule_path(slug, number)))
    for standard_id, number, slug in (
        departures.filter(to_ruleentry_id__in=ids)
        .order_by("from_ruleentry__ruleset__order", "from_ruleentry__position")
        .values_list("to_ruleentry_id", "from_ruleentry__number", "from_ruleentry__ruleset__slug")
    ):  # fmt: skip
        related.arena_departures.setdefault(standard_id, []).append(RuleLink(number, rule_path(slug, number)))
    citing = Ruling.rules.through.objects.filter(ruleentry_id__in=ids).order_by("ruling__position")
    for rule_id, code, question in citing.values_list("ruleentry_id", "ruling__code", "ruling__question"):
        url = reverse("rulings:ruling", kwargs={"code": code})
        related.rulings.setdefault(rule_id, []).append(RulingLink(code, question, url))
    return related


def render_blocks(rows: Iterable[RuleEntry], linker: TextLinker, base_depth: int,
                  highlight: re.Pattern[str] | None = None, hits: set[int] | None = None,
                  related: _Related | None = None) -> list[RuleBlock]:  # fmt: skip
    links = related or _Related()
    return [
        RuleBlock(
            entry=row,
            html=linker.render(row.text, row.ruleset.slug, highlight, place=(row.ruleset.slug, row.number)),
            title_html=mark_safe(mark(row.title, highlight)),  # noqa: S308 - mark() escapes
            depth=row.lineage.count("/") - base_depth,
            is_hit=bool(hits and row.id in hits),
            # Read once here: the template would otherwise build a related manager per lookup.
            url=row.get_absolute_url(),
            label=row.number if row.ruleset.is_standard else f"Arena {row.number}",
            engine_ids=links.engine_ids.get(row.id, []),
            differs_from=links.differs_from.get(row.id, []),
            arena_departures=links.arena_departures.get(row.id, []),
            rulings=links.rulings.get(row.id, []),
        )
        for row in rows
    ]
