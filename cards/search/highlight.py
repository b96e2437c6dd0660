"""Mark the words of a text that a search matched, using the index's own analyzer."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from core.text_analysis import STEMMED


def highlight(text: str, wanted_stems: Iterable[str]) -> SafeString:
    """The text, escaped, with every word whose stem was searched for wrapped in <mark>."""
    wanted = set(wanted_stems)
    if not text or not wanted:
        return mark_safe(escape(text or ""))
    pieces: list[str] = []
    cursor = 0
    for token in STEMMED(text, chars=True):
        if token.text in wanted:
            pieces.append(escape(text[cursor : token.startchar]))
            pieces.append(f"<mark>{escape(text[token.startchar : token.endchar])}</mark>")
            cursor = token.endchar
    pieces.append(escape(text[cursor:]))
    return mark_safe("".join(pieces))


def matched_stems(text: str, wanted_stems: Iterable[str]) -> list[str]:
    """The searched words found in the text, as written there, in order and without repeats."""
    wanted = set(wanted_stems)
    found: list[str] = []
    for token in STEMMED(text or "", chars=True):
        word = text[token.startchar : token.endchar]
        if token.text in wanted and word.lower() not in (w.lower() for w in found):
            found.append(word)
    return found
