"""Where a rule sits: its breadcrumbs, its neighbours and the blocks a page shows for it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.safestring import SafeString, mark_safe

from rulings.choices import EntryKind
from rulings.linking import TextLinker, mark
from rulings.models import RuleEntry


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
    differs_from: list[RuleEntry] = field(default_factory=list)
    arena_departures: list[RuleEntry] = field(default_factory=list)
    rulings: list[object] = field(default_factory=list)


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
    rows = RuleEntry.objects.under(entry).for_display()
    return render_blocks(rows, linker, entry.lineage.count("/"), highlight, hits)


def render_blocks(rows: Iterable[RuleEntry], linker: TextLinker, base_depth: int,
                  highlight: re.Pattern[str] | None = None, hits: set[int] | None = None) -> list[RuleBlock]:  # fmt: skip
    return [
        RuleBlock(
            entry=row,
            html=linker.render(row.text, row.ruleset.slug, highlight),
            title_html=mark_safe(mark(row.title, highlight)),  # noqa: S308 - mark() escapes
            depth=row.lineage.count("/") - base_depth,
            is_hit=bool(hits and row.id in hits),
            # Read once here: the template would otherwise build a related manager per lookup.
            url=row.get_absolute_url(),
            label=row.number if row.ruleset.is_standard else f"Arena {row.number}",
            engine_ids=[engine_id.code for engine_id in row.engine_ids.all()],
            differs_from=list(row.differs_from.all()),
            arena_departures=list(row.arena_departures.all()),
            rulings=list(row.rulings.all()),
        )
        for row in rows
    ]
