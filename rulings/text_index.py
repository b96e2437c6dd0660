"""A Whoosh index of the rules, rulings and glossary, one per data revision.

Words go through the card search's own analyzer (``core.text_analysis.STEMMED``), so "bribing"
finds rules about bribes and bribery exactly as the card search would. Each document is one rule
entry (a heading, rule or subrule of either ruleset), one ruling or one glossary term, so a hit is
the thing itself, never a whole section.

The index is keyed by the data revision (``core.revision``) and the database it was
built from: ``manage.py rebuild_rules_index`` (run by ``make run``) writes the current revision's
index, and a search that finds no index for the current revision builds it first, so a change to
the rules data is picked up on the next search without a restart. Indexes are written to a
temporary directory and renamed into place, so a reader never sees half an index.
"""

from __future__ import annotations

import hashlib
import shutil
import threading
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from whoosh import fields, scoring
from whoosh import index as whoosh_index
from whoosh.filedb.filestore import RamStorage
from whoosh.index import Index
from whoosh.searching import Searcher

from cards.search.storage import database_identity
from core import revision
from core.text_analysis import PLAIN, STEMMED
from rulings.spelling import Speller

# Bumped whenever the documents or the schema change, so an index written by older code is not read.
LAYOUT_VERSION = 3
KEEP = 2
DIRECTORY = "rules"

STANDARD, ARENA, RULING, ERRATUM, GLOSSARY = "standard", "arena", "ruling", "erratum", "glossary"
KINDS = (STANDARD, ARENA, RULING, ERRATUM, GLOSSARY)
NAME_SEPARATOR = "\x1f"

SCHEMA = fields.Schema(
    key=fields.ID(stored=True, unique=True),
    kind=fields.ID(stored=True),
    # Headings, glossary terms and their aliases: a word here says more than one in running text.
    title=fields.TEXT(analyzer=STEMMED, field_boost=2.5),
    body=fields.TEXT(analyzer=STEMMED),
    # Every word as written (lower-cased, not stemmed): the vocabulary "did you mean" picks from.
    words=fields.TEXT(analyzer=PLAIN, phrase=False),
    # A heading's title or a term and its aliases, lower-cased: typing one exactly puts it first.
    names=fields.STORED,
)


# Titles are short (most documents have none), so a term with a few aliases would look "long" and be
# pushed down by BM25's length normalisation; titles are therefore barely normalised.
WEIGHTING = scoring.BM25F(title_B=0.2)


@dataclass
class RulesIndex:
    """An open index of one revision, with one long-lived searcher (the corpus never changes under it)."""

    name: str
    index: Index
    searcher: Searcher = field(init=False)
    # (key, kind, names) of each document number: reading stored fields hit by hit costs more than the search.
    stored: list[tuple[str, str, frozenset[str]]] = field(init=False)
    # What a hit shows, read once per revision: the corpus is small (about 760 rows) and never changes
    # under a revision, so a result page needs no query for its hits.
    corpus: Corpus = field(init=False)
    # "Did you mean", from the words of this revision's corpus.
    speller: Speller = field(init=False)

    def __post_init__(self) -> None:
        self.searcher = self.index.searcher(weighting=WEIGHTING)
        self.corpus = Corpus.load()
        reader = self.searcher.reader()
        self.speller = Speller((term.decode(), reader.doc_frequency("words", term)) for term in reader.lexicon("words"))
        self.stored = [("", "", frozenset())] * self.searcher.doc_count_all()
        for number, values in self.searcher.reader().iter_docs():
            names = frozenset(name for name in values.get("names", "").split(NAME_SEPARATOR) if name)
            self.stored[number] = (values["key"], values["kind"], names)


@dataclass
class Corpus:
    """The rule entries, rulings and glossary terms of a revision by primary key, and its text linker."""

    rules: dict[int, Any]
    rulings: dict[int, Any]
    terms: dict[int, Any]
    numbered: dict[tuple[int, str], Any]
    linker: Any
    # Each text rendered with its links once per revision (every query showing it shares it); a search
    # then only marks its words. Filled as texts are first shown.
    rendered: dict[tuple[str, str, str | None, tuple[str, str] | None], str] = field(default_factory=dict)

    def linked(self, text: str, ruleset: str, ruling: str | None = None, place: tuple[str, str] | None = None) -> str:
        """The text with its links; a ruling's text (``ruling``, its code) links only the cards it lists, and a
        rule entry's or glossary term's (``place``) no card whose name is an ordinary word there."""
        key = (ruleset, text, ruling, place)
        found = self.rendered.get(key)
        if found is None:
            found = self.rendered[key] = str(self.linker.render(text, ruleset, ruling=ruling, place=place))
        return found

    @classmethod
    def load(cls) -> Corpus:
        from rulings.linking import TextLinker
        from rulings.models import GlossaryTerm, RuleEntry, Ruling

        rules = {entry.pk: entry for entry in RuleEntry.objects.select_related("ruleset")}
        return cls(
            rules=rules,
            rulings={ruling.pk: ruling for ruling in Ruling.objects.all()},
            terms={term.pk: term for term in GlossaryTerm.objects.select_related("rule__ruleset")},
            numbered={(entry.ruleset_id, entry.number): entry for entry in rules.values()},
            linker=TextLinker.from_database(),
        )


_lock = threading.Lock()
_open: dict[str, RulesIndex] = {}


def index_root() -> Path:
    return Path(settings.SEARCH_INDEX_DIR) / DIRECTORY


def index_name(data: revision.Revision) -> str:
    """Names the revision by its number and the moment it was made, so a database created afresh (whose
    numbering starts again) never reads an index of its predecessor."""
    database = hashlib.sha1(f"{database_identity()}@{data.changed_at.isoformat()}".encode()).hexdigest()[:12]
    return f"rev-{data.number}-{database}-v{LAYOUT_VERSION}"


def documents() -> list[dict[str, str]]:
    from rulings.models import GlossaryTerm, RuleEntry, Ruling

    docs: list[dict[str, str]] = []
    for pk, ruleset, title, text in RuleEntry.objects.values_list("id", "ruleset__slug", "title", "text"):
        docs.append({"key": f"rule:{pk}", "kind": STANDARD if ruleset == STANDARD else ARENA,
                     "title": title, "body": text, "names": title.lower()})  # fmt: skip
    for ruling in Ruling.objects.prefetch_related("topics"):
        # A ruling's topics are tags, not a heading: they count like words of its text.
        topics = " ".join(topic.name for topic in ruling.topics.all())
        docs.append({"key": f"ruling:{ruling.pk}", "kind": ERRATUM if ruling.kind == ERRATUM else RULING,
                     "title": "", "body": f"{ruling.question}\n{ruling.answer}\n{topics}"})  # fmt: skip
    for term in GlossaryTerm.objects.all():
        docs.append({"key": f"term:{term.pk}", "kind": GLOSSARY,
                     "title": " ".join([term.term, *term.aliases]), "body": term.definition,
                     "names": NAME_SEPARATOR.join(name.lower() for name in [term.term, *term.aliases])})  # fmt: skip
    for doc in docs:
        doc["words"] = f"{doc['title']}\n{doc['body']}"
    return docs


def _write(index: Index) -> None:
    with index.writer() as writer:
        for doc in documents():
            writer.add_document(**doc)


def build(data: revision.Revision | None = None) -> Path:
    """Write the index of the current data and return its directory (kept if that revision's is already there)."""
    root = index_root()
    root.mkdir(parents=True, exist_ok=True)
    target = root / index_name(data or revision.current())
    scratch = root / f".building-{uuid.uuid4().hex}"
    scratch.mkdir()
    try:
        _write(whoosh_index.create_in(str(scratch), SCHEMA))
        # Another process may have built the same revision meanwhile: same data, so the first one stays
        # (replacing it could pull it from under a reader).
        if not target.exists():
            try:
                scratch.rename(target)
            except OSError:
                if not target.is_dir():
                    raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    _prune(root, keep=target.name)
    return target


def _prune(root: Path, keep: str) -> None:
    """Keep the newest few indexes (a process may still be reading the previous one)."""
    built = sorted((path for path in root.glob("rev-*") if path.is_dir()), key=lambda path: path.stat().st_mtime)
    for path in built[:-KEEP]:
        if path.name != keep:
            shutil.rmtree(path, ignore_errors=True)


def current() -> RulesIndex:
    """The index of the data as it is now: opened once per process and revision, built if missing."""
    data = revision.current()
    name = index_name(data)
    found = _open.get(name)
    if found is not None:
        return found
    with _lock:
        found = _open.get(name)
        if found is None:
            found = RulesIndex(name, _open_or_build(data))
            _open.clear()
            _open[name] = found
    return found


def _open_or_build(data: revision.Revision) -> Index:
    path = index_root() / index_name(data)
    if not path.is_dir():
        try:
            path = build(data)
        except OSError:
            # No writable index directory (a read-only deployment): the corpus is small enough to index in memory.
            index = RamStorage().create_index(SCHEMA)
            _write(index)
            return index
    return whoosh_index.open_dir(str(path))
