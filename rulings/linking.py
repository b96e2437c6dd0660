"""Turn plain rule text into HTML with links: rule numbers, rulings, examples, card names, glossary terms.

Rule files carry no markup (rules/README.md), so every link on a rule page is found here. A
match becomes a link only when its target exists; everything else is escaped text. Words of a
search can be highlighted with <mark> in the same pass.

In rule text and glossary definitions a printed card name is a link, except where the entry uses it as an
ordinary word (rulings.card_names.RULE_WORDS_NOT_CARDS: "in the Mountains", "can be bribed by Gold"), which links
the glossary term of that name if there is one. A ruling's text links the cards the ruling lists, found by
rulings.card_names (the matcher its card list is checked with): a name the ruling uses as an ordinary word
there ("Woods" as the ground of a fight, a "Beer-bribable" creature, the class "Vampire") is not a link to
that card's page.
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rulings.card_names import CardNames, ordinary_words
from rulings.models import ARENA, STANDARD, rule_path

# "see 6.4.4", "standard 6.9.2", "(6.12)"; a version number ("version 4.7") is not a rule.
RULE_REFERENCE = (
    r"(?:(?P<scope>standard|arena) )?(?<![\w.])(?<!version )(?P<number>\d{1,2}(?:\.\d{1,2}){1,2}[a-z]?)(?![\w]|\.\d)"
)
RULING_REFERENCE = r"(?<![\w-])(?P<ruling>[RAE]-\d{2,3})(?![\w-])"
# What may stand between two numbers of one list ("standard 11.4.4 and 11.4.6", "arena 6.3.6, 6.3.7"): the
# scope word of the first number carries over it, and over nothing longer.
LIST_JOINER = re.compile(r"(?:,|,?\s+(?:and|or|to))\s+")
LIST_ITEM = re.compile(r"(<li>.*?</li>)", re.DOTALL)
# A change entry about the Arena variant names it before its first rule number ("Guardians Arena, ... arena
# 6.3.4 (...), 6.3.5 (...)"); its bare numbers are Arena rules.
ARENA_ENTRY = re.compile(r"^(?:(?!\d{1,2}\.\d).)*?\bGuardians Arena\b", re.DOTALL)
HTML_TAG = re.compile(r"(<[^>]+>)")
# The linker of the latest data revision this process read (``TextLinker.from_database``).
_linkers: dict[int, TextLinker] = {}
_linker_lock = threading.Lock()


def trie_alternation(words: Iterable[str]) -> str:
    """A regex matching any of the words, longest first, written as a trie.

    A flat alternation of ~800 names makes the regex engine try every name at every position;
    sharing prefixes ("Ice (?:Ogre|Spirit|Storm)") makes rendering a whole section several times faster.
    """
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_pattern(trie)


def _trie_pattern(node: dict[str, Any]) -> str:
    branches = [re.escape(char) + _trie_pattern(child) for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    # A word may end here; the optional group is greedy, so longer names are tried first.
    return f"(?:{body})?" if "" in node else body


@lru_cache(maxsize=8)
def _names_pattern(card_names: tuple[str, ...], terms: tuple[str, ...], examples: tuple[str, ...]) -> re.Pattern[str]:
    parts = [RULE_REFERENCE, RULING_REFERENCE]
    if examples:
        parts.append(rf"(?<![\w-])(?P<example>{trie_alternation(examples)})(?![\w-])")
    if card_names:
        parts.append(rf"(?<!\w)(?P<card>{trie_alternation(card_names)})(?!\w)")
    if terms:
        parts.append(rf"(?<!\w)(?P<term>(?i:{trie_alternation(term.lower() for term in terms)}))(?!\w)")
    return re.compile("|".join(parts))


@lru_cache(maxsize=2048)
def _card_path(slug: str) -> str:
    return reverse("cards:card-detail", kwargs={"slug": slug})


def card_names_in(text: str, card_names: Iterable[str]) -> set[str]:
    """The card names that occur in the text as whole words (what the rule pages will link)."""
    pattern = _names_pattern(tuple(sorted(card_names)), (), ())
    return {match["card"] for match in pattern.finditer(text) if match["card"]}


def highlighter(words: Iterable[str]) -> re.Pattern[str] | None:
    return _highlighter(tuple(sorted({word for word in words if word}, key=lambda word: (-len(word), word))))


@lru_cache(maxsize=256)
def _highlighter(words: tuple[str, ...]) -> re.Pattern[str] | None:
    if not words:
        return None
    return re.compile("|".join(re.escape(word) for word in words), re.IGNORECASE)


def mark(text: str, pattern: re.Pattern[str] | None) -> str:
    """Escape text, wrapping each highlighted word in <mark>."""
    if pattern is None:
        return str(escape(text))
    out, last = [], 0
    for match in pattern.finditer(text):
        out.append(escape(text[last : match.start()]))
        out.append(f"<mark>{escape(match.group())}</mark>")
        last = match.end()
    out.append(escape(text[last:]))
    return "".join(out)


def numbered_example_names(titles_and_slugs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The names of numbered worked examples ("Example 2d", "Command example 1", "Bribery possibility 3"),
    the part of a title before its colon, to their slugs. Unnumbered titles ("Ranged attack: ...") are
    left out: they are ordinary words, and some are glossary terms."""
    names = {}
    for title, slug in titles_and_slugs:
        name = title.partition(":")[0].strip()
        if re.search(r"\s\d+[a-z]?$", name):
            names[name] = slug
    return names


@dataclass
class TextLinker:
    """Everything the site can link to from rule text. Build one per page with ``TextLinker.from_database``."""

    card_slugs: dict[str, str] = field(default_factory=dict)  # printed name -> slug
    term_urls: dict[str, str] = field(default_factory=dict)  # lower-case term or alias -> glossary anchor
    rule_numbers: dict[str, set[str]] = field(default_factory=dict)  # ruleset slug -> numbers
    ruling_codes: set[str] = field(default_factory=set)
    example_slugs: set[str] = field(default_factory=set)
    # "Example 2d" -> example-2d: the numbered examples as the rules and errata name them.
    example_names: dict[str, str] = field(default_factory=dict)
    # Ruling code -> the slugs of the cards it lists: the only cards its text links.
    ruling_cards: dict[str, frozenset[str]] = field(default_factory=dict)
    # (slug, printed name, aliases) of every card, for the matcher of rulings' card names; without them, the
    # printed names of ``card_slugs``.
    card_rows: list[tuple[str, str, list[str]]] = field(default_factory=list)

    @classmethod
    def from_database(cls) -> TextLinker:
        """The linker of the current data revision: its tables (about 1,200 rows) are read once per revision."""
        from core import page_cache, revision

        if page_cache.sees_uncommitted_changes():  # Changes the revision does not count yet: read them.
            return cls._read_database()
        number = revision.current().number
        with _linker_lock:
            found = _linkers.get(number)
        if found is None:
            found = cls._read_database()
            with _linker_lock:
                _linkers.clear()
                _linkers[number] = found
        return found

    @classmethod
    def _read_database(cls) -> TextLinker:
        from cards.models import Card
        from rulings.models import GlossaryTerm, RuleEntry, Ruling, WorkedExample

        numbers: dict[str, set[str]] = {}
        for ruleset, number in RuleEntry.objects.values_list("ruleset__slug", "number"):
            numbers.setdefault(ruleset, set()).add(number)
        glossary = reverse("rulings:glossary")
        term_urls: dict[str, str] = {}
        for term in GlossaryTerm.objects.only("term", "slug", "aliases"):
            for name in [term.term, *term.aliases]:
                term_urls.setdefault(name.lower(), f"{glossary}#{term.slug}")
        ruling_cards: dict[str, set[str]] = {}
        for code, slug in Ruling.cards.through.objects.values_list("ruling__code", "card__slug"):
            ruling_cards.setdefault(code, set()).add(slug)
        card_rows = [
            (slug, name, list(aliases)) for slug, name, aliases in Card.objects.values_list("slug", "name", "aliases")
        ]
        return cls(
            card_slugs={name: slug for slug, name, _ in card_rows},
            term_urls=term_urls,
            rule_numbers=numbers,
            ruling_codes=set(Ruling.objects.values_list("code", flat=True)),
            example_slugs=set(WorkedExample.objects.values_list("slug", flat=True)),
            example_names=numbered_example_names(WorkedExample.objects.values_list("title", "slug")),
            ruling_cards={code: frozenset(slugs) for code, slugs in ruling_cards.items()},
            card_rows=card_rows,
        )

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        # Cached: sorting ~800 names for every rendered text cost more than the rendering itself.
        return _names_pattern(
            tuple(sorted(self.card_slugs)),
            tuple(sorted(self.term_urls)),
            tuple(sorted(self.example_slugs | set(self.example_names))),
        )

    @cached_property
    def pattern_without_cards(self) -> re.Pattern[str]:
        """The pattern of a ruling's text, whose card names come from ``card_names`` instead."""
        return _names_pattern(
            (), tuple(sorted(self.term_urls)), tuple(sorted(self.example_slugs | set(self.example_names)))
        )

    @cached_property
    def card_names(self) -> CardNames:
        return CardNames(self.card_rows or [(slug, name, []) for name, slug in self.card_slugs.items()])

    def render(
        self,
        text: str,
        ruleset: str = "standard",
        highlight: re.Pattern[str] | None = None,
        here: str | None = None,
        ruling: str | None = None,
        place: tuple[str, str] | None = None,
    ) -> SafeString:
        """Escaped HTML of plain text with its links; each card or term is linked once per text, and nothing
        to ``here``, the page the text is shown on (a card's rulings do not link the card to itself). The text
        of a ruling (``ruling``, its code) links only the cards the ruling lists, where it names them; the text
        of a rule entry or glossary term (``place``: (ruleset, number) or ("glossary", term)) links no card
        whose name is an ordinary word there."""
        out: list[str] = []
        linked: set[str] = set()
        last = 0
        for start, end, url, css in self._links(text, ruleset, ruling, ordinary_words(place)):
            if url == here or (url in linked and css is not None):
                continue
            linked.add(url)
            out.append(mark(text[last:start], highlight))
            out.append(f'<a href="{escape(url)}"{css or ""}>{mark(text[start:end], highlight)}</a>')
            last = end
        out.append(mark(text[last:], highlight))
        return mark_safe("".join(out))  # noqa: S308 - every piece above went through escape()

    def _links(
        self, text: str, ruleset: str, ruling: str | None, words: frozenset[str] = frozenset()
    ) -> list[tuple[int, int, str, str | None]]:
        """(start, end, url, class attribute) of each link the text may get, in order; the class is None for a
        rule number or ruling code, which are linked every time, and "" or ' class="term"' for the rest."""
        found: list[tuple[int, int, str, str | None]] = []
        listed: tuple[str, int] | None = None  # the scope of the last rule number, and where that number ends
        cards = [] if ruling is None else self._ruling_card_spans(text, ruling)
        for match in (self.pattern if ruling is None else self.pattern_without_cards).finditer(text):
            scope = None
            if match["number"]:
                scope = match["scope"]
                if scope is None and listed and LIST_JOINER.fullmatch(text, listed[1], match.start()):
                    scope = listed[0]
                listed = (scope, match.end()) if scope else None
            if any(start < match.end() and match.start() < end for start, end, _, _ in cards):
                continue  # a listed card's name holds the words ("Tes Let, Leader with Foresight")
            url = self._target(match, scope or ruleset)
            if match.groupdict().get("card") and self.card_slugs[match["card"]] in words:
                # An ordinary word here: the glossary term it is an alias of ("Gold": Bribery card), or nothing.
                url = self.term_urls.get(match["card"].lower())
                if url is not None:
                    found.append((match.start(), match.end(), url, ' class="term"'))
                continue
            if url is not None:
                css = (
                    None
                    if match["number"] or match["ruling"]
                    else ' class="term"'
                    if match.groupdict().get("term")
                    else ""
                )
                found.append((match.start(), match.end(), url, css))
        return sorted(found + cards)

    def _ruling_card_spans(self, text: str, ruling: str) -> list[tuple[int, int, str, str | None]]:
        """Where the text names a card its ruling lists; a place that names several (a stronghold's three
        parts) links the first of them."""
        spans: list[tuple[int, int, str, str | None]] = []
        for start, end, slug in self.card_names.spans(text, sorted(self.ruling_cards.get(ruling, ()))):
            if not spans or start >= spans[-1][1]:
                spans.append((start, end, _card_path(slug), ""))
        return spans

    def highlight(self, linked: str, highlight: re.Pattern[str] | None) -> SafeString:
        """Mark words in HTML made by ``render`` (text and links only): the same output as rendering with the
        highlight, without matching every card name again."""
        if highlight is None:
            return mark_safe(linked)  # noqa: S308 - made by render()
        pieces = [piece if piece.startswith("<") else mark(html.unescape(piece), highlight)
                  for piece in HTML_TAG.split(linked) if piece]  # fmt: skip
        return mark_safe("".join(pieces))  # noqa: S308 - tags from render(), text re-escaped by mark()

    def render_html(self, markup: str, ruleset: str = "standard") -> SafeString:
        """Add links to the text nodes of trusted HTML (rendered Markdown), leaving tags and links as they are."""
        out: list[str] = []
        inside_link = 0
        for piece in HTML_TAG.split(markup):
            if piece.startswith("<"):
                if re.match(r"<a[\s>]", piece):
                    inside_link += 1
                elif piece.startswith("</a"):
                    inside_link -= 1
                out.append(piece)
            elif inside_link or not piece.strip():
                out.append(piece)
            else:
                out.append(self.render(html.unescape(piece), ruleset))
        return mark_safe("".join(out))  # noqa: S308 - tags come from our Markdown, text went through render()

    def render_list_items(self, markup: str) -> SafeString:
        """Links in the list items of trusted HTML (a change log): each item is read in the ruleset it names
        first. Headings and paragraphs are left alone: "Version 1.1" is not rule 1.1."""
        out = []
        for piece in LIST_ITEM.split(markup):
            if LIST_ITEM.fullmatch(piece):
                # Markdown keeps the source's line breaks; a name broken over two lines ("Dispel\n  Magic")
                # is still one name.
                piece = re.sub(r"\s*\n\s*", " ", piece)
                text = html.unescape(HTML_TAG.sub("", piece))
                piece = self.render_html(piece, ARENA if ARENA_ENTRY.match(text) else STANDARD)
            out.append(piece)
        return mark_safe("".join(out))  # noqa: S308 - tags come from our Markdown, text went through render()

    def _target(self, match: re.Match[str], ruleset: str) -> str | None:
        """Where the match links to; a rule number without a scope word is read in ``ruleset``."""
        if match["number"]:
            scope = match["scope"] or ruleset
            if match["number"] not in self.rule_numbers.get(scope, set()):
                return None
            return rule_path(scope, match["number"])
        if match["ruling"]:
            code = match["ruling"]
            return reverse("rulings:ruling", kwargs={"code": code}) if code in self.ruling_codes else None
        # A pattern holds the groups of the names it has (a ruling's text has no card group).
        found = match.groupdict()
        if found.get("example"):
            slug = self.example_names.get(found["example"], found["example"])
            return reverse("rulings:example", kwargs={"slug": slug})
        if found.get("card"):
            return _card_path(self.card_slugs[found["card"]])
        return self.term_urls.get(found["term"].lower())
