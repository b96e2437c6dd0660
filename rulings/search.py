"""Rules search: an address goes straight to its page; words find rules, rulings and glossary terms.

Each hit is one rule entry, ruling or term (never a whole section), ranked by Whoosh (BM25F over
the heading or term and the text), shown with its place in the book as a breadcrumb and the
matched words highlighted. A query whose words match nothing is retried with each unknown word
replaced by the closest word of the corpus ("bribary" -> "bribery"), and says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from whoosh import query as wq
from whoosh.searching import Searcher

from core.text_analysis import stems
from rulings import text_index
from rulings.linking import TextLinker, highlighter, mark
from rulings.models import ARENA, STANDARD, EngineRuleId, GlossaryTerm, RuleEntry, Ruling
from rulings.search_query import Address, Term, WordsQuery, read_address, read_words

PAGE_SIZE = 20
# Filters a judge can pick, and the kinds of document each one keeps.
FILTERS: dict[str, tuple[str, ...]] = {
    "standard": (text_index.STANDARD,),
    "arena": (text_index.ARENA,),
    "rulings": (text_index.RULING,),
    "errata": (text_index.ERRATUM,),
    "glossary": (text_index.GLOSSARY,),
}
FILTER_LABELS = {"standard": "Standard rules", "arena": "Arena rules", "rulings": "Rulings",
                 "errata": "Errata", "glossary": "Glossary"}  # fmt: skip
# With equal relevance the standard rules come first: they are what a judge rules by; Arena is a variant.
KIND_WEIGHT = {text_index.STANDARD: 1.0, text_index.RULING: 0.95, text_index.ERRATUM: 0.95,
               text_index.GLOSSARY: 0.9, text_index.ARENA: 0.8}  # fmt: skip
# Stems at least this long also match longer words built on them ("bribe" finds "bribery").
PREFIX_FROM = 4
PREFIX_BOOST = 0.3


@dataclass(frozen=True)
class Jump:
    label: str
    url: str
    kind: str  # "rule", "ruling", "engine-id", "card"
    key: str = ""  # the index document it names ("rule:12", "ruling:40"), if any
    index_kind: str = ""  # and that document's kind (standard, arena, ruling, erratum)


def resolve_address(address: Address) -> Jump | None:
    """The page an address names, if it exists."""
    if address.kind == "rule":
        entry = RuleEntry.objects.select_related("ruleset").filter(
            ruleset__slug=address.ruleset, number=address.number).first()  # fmt: skip
        return _rule_jump(entry, str(entry), "rule") if entry else None
    if address.kind == "ruling":
        codes = [f"{address.code}-{address.digits:03d}", f"{address.code}-{address.digits:02d}"]
        ruling = Ruling.objects.filter(code__in=codes).first()
        if ruling is not None:
            kind = text_index.ERRATUM if ruling.kind == text_index.ERRATUM else text_index.RULING
            return Jump(f"{ruling.get_kind_display()} {ruling.code}", ruling.get_absolute_url(), "ruling",
                        f"ruling:{ruling.pk}", kind)  # fmt: skip
        return _engine_jump(codes)
    return _engine_jump([address.code])


def _engine_jump(codes: list[str]) -> Jump | None:
    found = EngineRuleId.objects.select_related("rule__ruleset").filter(code__in=codes).first()
    if found is None:
        return None
    return _rule_jump(found.rule, f"{found.code}: {found.rule}", "engine-id")


def _rule_jump(entry: RuleEntry, label: str, kind: str) -> Jump:
    index_kind = text_index.STANDARD if entry.ruleset.slug == STANDARD else text_index.ARENA
    return Jump(label, entry.get_absolute_url(), kind, f"rule:{entry.pk}", index_kind)


def find_jump(text: str, bare_numbers: bool = True) -> Jump | None:
    address = read_address(text, bare_numbers)
    return resolve_address(address) if address else None


# --- Matching --------------------------------------------------------------------------------------


def _term_query(term: Term) -> wq.Query:
    if term.is_phrase:
        return wq.Or([wq.Phrase("title", list(term.stems)), wq.Phrase("body", list(term.stems))])
    stem = term.stems[0]
    parts: list[wq.Query] = [wq.Term("title", stem), wq.Term("body", stem)]
    if len(stem) >= PREFIX_FROM:
        # Longer words built on the stem, in the text only: expanding titles too cost more than it found.
        parts.append(wq.Prefix("body", stem, boost=PREFIX_BOOST))
    return wq.Or(parts)


# Words of a question ("what happens on a tie") that a rule need not contain: they count when present.
QUESTION_WORDS = frozenset(
    "a an the of on in to is are was be been being what when where who whom which why how does do did can could "
    "may might must should would will if and or for with by at it its this that there then happen happens "
    "i me my we you your".split()
)


def required_terms(words: WordsQuery) -> tuple[list[Term], list[Term]]:
    """The terms a hit must contain and the question words that only rank (all are required if nothing else)."""
    required = [term for term in words.wanted if term.quoted or term.text not in QUESTION_WORDS]
    if not required:
        return list(words.wanted), []
    return required, [term for term in words.wanted if term not in required]


def whoosh_query(words: WordsQuery) -> wq.Query:
    required, optional = required_terms(words)
    wanted: wq.Query = wq.And([_term_query(term) for term in required])
    if optional:
        wanted = wq.AndMaybe(wanted, wq.Or([_term_query(term) for term in optional]))
    loose = [term for term in words.wanted if not term.quoted]
    if len(loose) > 1:
        # Words typed side by side rank higher where they stand side by side ("secondary attack").
        together = [stem for term in loose for stem in term.stems]
        wanted = wq.AndMaybe(wanted, wq.Or([wq.Phrase("title", together), wq.Phrase("body", together)]))
    if words.excluded:
        return wq.AndNot(wanted, wq.Or([_term_query(term) for term in words.excluded]))
    return wanted


@dataclass(frozen=True)
class Match:
    key: str
    kind: str
    score: float


def ranked(words: WordsQuery, kinds: Iterable[str] = (), opened: text_index.RulesIndex | None = None) -> list[Match]:
    """Every matching document, best first."""
    if not words.usable:
        return []
    opened = opened or text_index.current()
    kinds = list(kinds)
    only = wq.Or([wq.Term("kind", kind) for kind in kinds]) if kinds else None
    results = opened.searcher.search(whoosh_query(words), limit=None, filter=only)
    typed = " ".join(term.text for term in required_terms(words)[0])
    found: list[tuple[bool, Match]] = []
    for score, number in results.top_n:
        key, kind, names = opened.stored[number]
        found.append((typed in names, Match(key, kind, score * KIND_WEIGHT[kind])))
    # A heading or glossary term named exactly as typed comes first (standard rules before the glossary
    # before Arena); then relevance. Stable: equal scores keep book order.
    found.sort(key=lambda pair: (not pair[0], -KIND_WEIGHT[pair[1].kind] if pair[0] else 0, -pair[1].score))
    return [match for _, match in found]


RULING_KINDS = (text_index.RULING, text_index.ERRATUM)


@dataclass(frozen=True)
class RulingWords:
    """What the rulings list's words (``/rulings/?q=``) found, read as the rules search reads them."""

    wanted: list[int]  # the matching rulings and errata, best first
    excluded: list[int]  # for words that only exclude ("-bribe"): the rulings to leave out
    words: WordsQuery  # the words searched (corrected, if nothing matched as typed)
    corrected_from: str = ""


def rulings_ranked(text: str) -> RulingWords | None:
    """None when the text holds no word to search for. A query whose words match nothing is retried with
    each unknown word replaced by the closest word of the corpus, as the rules search does."""
    words = read_words(text)
    if not words.usable and not words.excluded:
        return None
    opened = text_index.current()
    if not words.usable:  # Only exclusions: every ruling but those.
        left_out = ranked(WordsQuery(words.text, words.excluded, ()), RULING_KINDS, opened)
        return RulingWords([], [_pk(match) for match in left_out], words)
    found = RulingWords([_pk(match) for match in ranked(words, RULING_KINDS, opened)], [], words)
    if not found.wanted:
        replacements = corrections(words, opened)
        corrected = words.replaced(replacements) if replacements else None
        matches = ranked(corrected, RULING_KINDS, opened) if corrected else []
        if corrected and matches:
            return RulingWords([_pk(match) for match in matches], [], corrected, words.text)
    return found


def _pk(match: Match) -> int:
    return int(match.key.partition(":")[2])


def corrections(words: WordsQuery, opened: text_index.RulesIndex | None = None) -> dict[str, str]:
    """For each wanted word that occurs nowhere, the closest word that does."""
    opened = opened or text_index.current()
    found: dict[str, str] = {}
    for term in words.wanted:
        if term.is_phrase or _occurs(opened.searcher, term.stems[0]):
            continue
        suggestion = opened.speller.suggest(term.text)
        if suggestion and suggestion != term.text:
            found[term.text] = suggestion
    return found


def _occurs(searcher: Searcher, stem: str) -> bool:
    """Whether the word matches anything as the search reads it (its stem, or a longer word built on it)."""
    return any(searcher.doc_frequency(name, stem) for name in ("title", "body")) or (
        len(stem) >= PREFIX_FROM and any(True for _ in searcher.reader().expand_prefix("body", stem))
    )


# --- What a page shows -----------------------------------------------------------------------------


@dataclass
class Crumb:
    label: str
    url: str


@dataclass
class Hit:
    kind: str  # one of text_index.KINDS
    ref: str  # "6.5.1", "R-010", "bribery"
    label: str  # "6.5.1", "Arena 6.3.2", "R-010", "Glossary"
    url: str
    title: str
    text: str
    title_html: SafeString
    html: SafeString
    crumbs: list[Crumb]
    score: float
    target: RuleEntry | Ruling | GlossaryTerm

    @property
    def kind_label(self) -> str:
        if isinstance(self.target, RuleEntry) and self.target.is_heading:
            return self.target.get_kind_display()
        return {"standard": "Rule", "arena": "Arena rule", "ruling": "Ruling", "erratum": "Erratum",
                "glossary": "Glossary"}[self.kind]  # fmt: skip


@dataclass
class RulesSearch:
    text: str
    words: WordsQuery
    filters: list[str]
    matches: list[Match] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)
    page: int = 1
    size: int = PAGE_SIZE  # hits per page; 0 for a count without hits (the site search's groups)
    corrected_from: str = ""
    highlighted: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.matches)

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.size)) if self.size else 1

    @property
    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(FILTERS, 0)
        by_kind = {kind: name for name, kinds in FILTERS.items() for kind in kinds}
        for match in self.matches:
            counts[by_kind[match.kind]] += 1
        return counts


    @property
    def count_summary(self) -> str:
        return ", ".join(f"{FILTER_LABELS[name].lower()}: {count}" for name, count in self.counts.items() if count)


def clean_filters(values: Iterable[str]) -> list[str]:
    """The known filter names among the values (comma-separated values allowed), in a fixed order."""
    asked = {part.strip().lower() for value in values for part in value.split(",")}
    return [name for name in FILTERS if name in asked]


SCOPE_WORD = re.compile(r"^\s*(arena|standard)\s+(?=[^\s\d])", re.IGNORECASE)


def split_scope(text: str, filters: Iterable[str]) -> tuple[str, list[str]]:
    """"arena capture" searches "capture" in the Arena rules, as "arena 6.3.2" names an Arena rule."""
    chosen = clean_filters(filters)
    scope = SCOPE_WORD.match(text)
    if scope is None:
        return text, chosen
    return text[scope.end() :], clean_filters([*chosen, scope[1].lower()])


def search_rules(text: str, filters: Iterable[str] = (), page: int = 1, size: int = PAGE_SIZE,
                 linker: TextLinker | None = None) -> RulesSearch:  # fmt: skip
    text, chosen = split_scope(text, filters)
    words = read_words(text)
    kinds = [kind for name in chosen for kind in FILTERS[name]]
    result = RulesSearch(text, words, chosen, size=size)
    if not words.usable:
        return result
    opened = text_index.current()  # one revision for the whole search
    result.matches = ranked(words, kinds, opened)
    if not result.matches:
        replacements = corrections(words, opened)
        if replacements:
            corrected = words.replaced(replacements)
            result.matches = ranked(corrected, kinds, opened)
            if result.matches:
                result.corrected_from, result.words = words.text, corrected
    result.page = max(1, min(page, result.pages))
    start = (result.page - 1) * size
    shown = result.matches[start : start + size]
    result.hits = build_hits(shown, result.words, linker, opened)
    result.highlighted = sorted({form for hit in result.hits for form in _forms_in(hit, result.words)})
    return result


def _forms_in(hit: Hit, words: WordsQuery) -> set[str]:
    return set(surface_forms(words, [hit.title, hit.text]))


def surface_forms(words: WordsQuery, texts: Iterable[str]) -> list[str]:
    """The words as written in the texts that the query matched ("bribed", "bribery"), for <mark>."""
    # Question words ("what", "a") only rank; marking every "a" would hide the words that matter.
    exact = {stem for term in required_terms(words)[0] for stem in term.stems}
    prefixes = tuple(stem for stem in exact if len(stem) >= PREFIX_FROM)
    forms: set[str] = set()
    for text in texts:
        for token in re.findall(r"[A-Za-z0-9']+", text):
            for stem in stems(token):
                if stem in exact or (prefixes and stem.startswith(prefixes)):
                    forms.add(token.lower())
    return sorted(forms)


def build_hits(matches: list[Match], words: WordsQuery, linker: TextLinker | None = None,
               opened: text_index.RulesIndex | None = None) -> list[Hit]:  # fmt: skip
    """Everything a result list shows for these matches, from the revision's corpus (no query)."""
    corpus = (opened or text_index.current()).corpus
    render = _Renderer(corpus, linker)
    hits: list[Hit] = []
    for match in matches:
        prefix, _, raw_pk = match.key.partition(":")
        pk = int(raw_pk)
        if prefix == "rule" and pk in corpus.rules:
            hits.append(_rule_hit(corpus.rules[pk], match, corpus.numbered, render, words))
        elif prefix == "ruling" and pk in corpus.rulings:
            hits.append(_ruling_hit(corpus.rulings[pk], match, render, words))
        elif prefix == "term" and pk in corpus.terms:
            hits.append(_term_hit(corpus.terms[pk], match, render, words))
    return hits


@dataclass
class _Renderer:
    """Rule text with its links and the search's words marked; the links of each text are found once per
    revision (``Corpus.linked``), unless a caller brings a linker of its own."""

    corpus: text_index.Corpus
    linker: TextLinker | None = None

    def __call__(
        self, text: str, ruleset: str, pattern: re.Pattern[str] | None, ruling: str | None = None,
        place: tuple[str, str] | None = None,
    ) -> SafeString:
        if self.linker is not None and self.linker is not self.corpus.linker:
            return self.linker.render(text, ruleset, pattern, ruling=ruling, place=place)
        return self.corpus.linker.highlight(self.corpus.linked(text, ruleset, ruling, place), pattern)


def _pattern(words: WordsQuery, *texts: str):  # type: ignore[no-untyped-def]
    return highlighter(surface_forms(words, texts))


def _rule_hit(entry: RuleEntry, match: Match, crumbs: dict[tuple[int, str], RuleEntry], render: _Renderer,
              words: WordsQuery) -> Hit:  # fmt: skip
    ruleset = entry.ruleset
    trail = [Crumb(ruleset.name, ruleset.get_absolute_url())]
    for number in entry.lineage.strip("/").split("/")[:-1]:
        above = crumbs.get((entry.ruleset_id, number))
        if above is not None:
            trail.append(Crumb(f"{above.number} {above.title}".strip(), above.get_absolute_url()))
    pattern = _pattern(words, entry.title, entry.text)
    return Hit(
        kind=match.kind, ref=entry.citation, label=entry.number if ruleset.slug == STANDARD else f"Arena {entry.number}",
        url=entry.get_absolute_url(), title=entry.title, text=entry.text,
        title_html=mark_safe(mark(entry.title, pattern)),  # noqa: S308 - mark() escapes
        html=render(entry.text, ARENA if ruleset.slug == ARENA else STANDARD, pattern,
                    place=(ruleset.slug, entry.number)),
        crumbs=trail, score=match.score, target=entry,
    )  # fmt: skip


def _ruling_hit(ruling: Ruling, match: Match, render: _Renderer, words: WordsQuery) -> Hit:
    pattern = _pattern(words, ruling.question, ruling.answer)
    listing = reverse("rulings:ruling-list")
    trail = [Crumb("Rulings", listing), Crumb(ruling.get_kind_display(), f"{listing}?kind={ruling.kind}")]
    return Hit(
        kind=match.kind, ref=ruling.code, label=ruling.code, url=ruling.get_absolute_url(), title=ruling.question,
        text=ruling.answer, title_html=render(ruling.question, STANDARD, pattern, ruling.code),
        html=render(ruling.answer, STANDARD, pattern, ruling.code), crumbs=trail, score=match.score, target=ruling,
    )  # fmt: skip


def _term_hit(term: GlossaryTerm, match: Match, render: _Renderer, words: WordsQuery) -> Hit:
    title = term.term + (f" ({', '.join(term.aliases)})" if term.aliases else "")
    pattern = _pattern(words, title, term.definition)
    return Hit(
        kind=match.kind, ref=term.slug, label="Glossary", url=term.get_absolute_url(), title=title,
        text=term.definition, title_html=mark_safe(mark(title, pattern)),  # noqa: S308 - mark() escapes
        html=render(term.definition, term.rule.ruleset.slug, pattern, place=("glossary", term.term)),
        crumbs=[Crumb("Glossary", reverse("rulings:glossary"))], score=match.score, target=term,
    )  # fmt: skip
