"""Template helpers for search results: matched words highlighted, so a result shows why it matched."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from cards.search.highlight import highlight, matched_stems

register = template.Library()


def _stems(context: Any) -> frozenset[str]:
    outcome = context.get("search")
    return outcome.highlight_stems if outcome is not None else frozenset()


@register.simple_tag(takes_context=True)
def search_highlight(context: Any, text: str) -> SafeString:
    """The text with the searched words marked; plain escaped text when there is no search."""
    stems = _stems(context)
    return highlight(str(text), stems) if stems else mark_safe(escape(text))


@register.simple_tag(takes_context=True)
def search_match(context: Any, card: Any) -> SafeString:
    """A line showing the summary with its matched words, only when the summary explains the match."""
    stems = _stems(context)
    if not stems or not matched_stems(card.summary, stems):
        return mark_safe("")
    return format_html('<p class="match-line"><span class="visually-hidden">Matched in the summary: </span>{}</p>',
                       highlight(card.summary, stems))  # fmt: skip
