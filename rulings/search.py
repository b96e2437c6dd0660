"""Search over the rules and rulings: every hit comes back inside its whole subsection.

Every word of the query must occur, in any of its forms, in a rule (or a ruling's question and
answer); the words are matched by the same Whoosh analyzer as the card search (see text_index).
Hits in the same subsection share one block.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings import text_index
from rulings.display import RulingRow, ruling_rows
from rulings.linking import TextLinker, highlighter
from rulings.models import RuleEntry, Ruling
from rulings.navigation import RuleBlock, blocks_under, render_blocks
from rulings.querysets import search_words

MAX_SECTIONS = 40


@dataclass
class SectionHit:
    container: RuleEntry
    blocks: list[RuleBlock]
    hit_count: int


@dataclass
class SearchResults:
    words: list[str]
    sections: list[SectionHit] = field(default_factory=list)
    rulings: list[RulingRow] = field(default_factory=list)
    section_total: int = 0

    @property
    def truncated(self) -> bool:
        return self.section_total > len(self.sections)


def search_rules(query: str, linker: TextLinker) -> SearchResults:
    words = search_words(query)
    results = SearchResults(words=words)
    if not words:
        return results
    rule_ids, ruling_ids = text_index.matching_ids(words)
    hits = list(
        RuleEntry.objects.filter(id__in=rule_ids).select_related("ruleset").order_by("ruleset__order", "position")
    )
    found_rulings = Ruling.objects.filter(id__in=ruling_ids).for_listing()
    words = text_index.surface_forms(
        words,
        [hit.text for hit in hits] + [f"{r.question} {r.answer}" for r in found_rulings],
    )
    containers: dict[tuple[int, str], list[RuleEntry]] = {}
    for hit in hits:
        # A hit in a rule shows its subsection; a section heading that matches shows only itself.
        parts = hit.lineage.strip("/").split("/")
        number = parts[1] if len(parts) > 1 else parts[0]
        containers.setdefault((hit.ruleset_id, number), []).append(hit)
    results.section_total = len(containers)
    wanted = list(containers.items())[:MAX_SECTIONS]
    entries = {(row.ruleset_id, row.number): row for row in RuleEntry.objects.select_related("ruleset").filter(
        ruleset_id__in={key[0] for key, _ in wanted}, number__in={key[1] for key, _ in wanted})}  # fmt: skip
    pattern = highlighter(words)
    for key, section_hits in wanted:
        container = entries[key]
        hit_ids = {hit.id for hit in section_hits}
        if container.kind == "section":
            rows = RuleEntry.objects.filter(id=container.id).for_display()
            blocks = render_blocks(rows, linker, container.lineage.count("/"), pattern, hit_ids)
        else:
            blocks = blocks_under(container, linker, pattern, hit_ids)
        results.sections.append(SectionHit(container, blocks, len(section_hits)))
    results.rulings = ruling_rows(found_rulings, linker, words)
    return results
