"""A Whoosh index of the rules and rulings, built with the card search's own analyzer.

Words are stemmed the same way as in the card search, so "bribing" finds rules about bribes and
bribery. The corpus is small (about 500 rule entries and 160 rulings), so the index lives in
memory and is rebuilt whenever the loaded rules change (checked by a cheap fingerprint).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from whoosh import fields, query
from whoosh.filedb.filestore import RamStorage
from whoosh.index import Index

from cards.search.analysis import STEMMED, stems
from rulings.models import RuleEntry, Ruling

SCHEMA = fields.Schema(
    key=fields.ID(stored=True, unique=True),
    body=fields.TEXT(analyzer=STEMMED),
)
WORD = re.compile(r"[A-Za-z0-9']+")


@dataclass(frozen=True)
class _Built:
    fingerprint: tuple[int, ...]
    index: Index


_lock = threading.Lock()
_built: _Built | None = None


def _fingerprint() -> tuple[int, ...]:
    entries = RuleEntry.objects.order_by("-id").values_list("id", flat=True)
    rulings = Ruling.objects.order_by("-id").values_list("id", flat=True)
    return (entries.count(), entries.first() or 0, rulings.count(), rulings.first() or 0)


def _index() -> Index:
    global _built
    fingerprint = _fingerprint()
    with _lock:
        if _built is None or _built.fingerprint != fingerprint:
            index = RamStorage().create_index(SCHEMA)
            with index.writer() as writer:
                for pk, title, text in RuleEntry.objects.values_list("id", "title", "text"):
                    writer.add_document(key=f"rule:{pk}", body=f"{title}\n{text}")
                for pk, question, answer in Ruling.objects.values_list("id", "question", "answer"):
                    writer.add_document(key=f"ruling:{pk}", body=f"{question}\n{answer}")
            _built = _Built(fingerprint, index)
        return _built.index


def _query(words: list[str]) -> query.Query:
    """Every word must occur, in any of its forms or as the start of a longer word."""
    parts: list[query.Query] = []
    for word in words:
        word_stems = stems(word)
        if word_stems:
            # A stem or a longer word built on it: "bribe" also finds "bribery" (stem "briberi").
            parts.append(query.And([query.Prefix("body", stem) for stem in word_stems]))
    return query.And(parts) if parts else query.NullQuery


def matching_ids(words: list[str]) -> tuple[list[int], list[int]]:
    """Ids of the rule entries and of the rulings that contain every word."""
    wanted = _query(words)
    rules: list[int] = []
    rulings: list[int] = []
    if wanted is query.NullQuery:
        return rules, rulings
    with _index().searcher() as searcher:
        for hit in searcher.search(wanted, limit=None):
            kind, _, pk = hit["key"].partition(":")
            (rules if kind == "rule" else rulings).append(int(pk))
    return rules, rulings


def surface_forms(words: list[str], texts: list[str]) -> list[str]:
    """The words as they appear in the matched texts ("bribery", "bribed"), for highlighting."""
    wanted = {stem for word in words for stem in stems(word)}
    forms: set[str] = set(words)
    for text in texts:
        for token in WORD.findall(text):
            if any(stem.startswith(w) for stem in stems(token) for w in wanted):
                forms.add(token.lower())
    return sorted(forms)
