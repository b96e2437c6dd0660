"""One search box for the whole site: cards, rules, rulings and the glossary, grouped by kind.

An exact card name (or one of its other spellings), a rule number, a ruling id or an engine id goes
straight to its page. Anything else is asked of the card search (``cards.search``) and of the rules
search (``rulings.search``), each ranked its own way, and shown as groups with the best of each
first and a link to the full list. Suggestions for the header box come from ``suggest``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.db.models import Q
from django.urls import reverse
from django.utils.safestring import SafeString

from cards.models import Card
from cards.search.errors import SearchError
from cards.search.service import bitmap_order, found_cards, narrowed, prepare, printed_only_for, read_query
from cards.search.suggest import autocomplete
from core.text_analysis import normalise_name
from rulings import search as rules_search
from rulings import text_index
from rulings.linking import TextLinker
from rulings.models import GlossaryTerm, RuleEntry, Ruling

PER_GROUP = 5
SUGGESTIONS = 10
MAX_LENGTH = 200
RULES, RULINGS, GLOSSARY, CARDS = "rules", "rulings", "glossary", "cards"
RULES_KINDS = {RULES: ("standard", "arena"), RULINGS: ("ruling", "erratum"), GLOSSARY: ("glossary",)}
GROUP_LABELS = {CARDS: "Cards", RULES: "Rules", RULINGS: "Rulings and errata", GLOSSARY: "Glossary"}
# How the summary line counts a group: "1 card", "2 cards".
COUNT_NOUNS = {
    CARDS: ("card", "cards"),
    RULES: ("rule", "rules"),
    RULINGS: ("ruling or erratum", "rulings and errata"),
    GLOSSARY: ("glossary term", "glossary terms"),
}
RULES_FILTERS = {RULES: "standard,arena", RULINGS: "rulings,errata", GLOSSARY: "glossary"}


@dataclass
class Item:
    kind: str  # card, standard, arena, ruling, erratum, glossary
    label: str  # what the link says: the card name, "6.5.1", "R-010", the term
    title: str
    text: str
    url: str
    crumbs: list[tuple[str, str]] = field(default_factory=list)
    html: SafeString | str = ""
    score: float = 0.0


@dataclass
class Group:
    kind: str
    label: str
    total: int
    items: list[Item]
    more_url: str

    @property
    def counted(self) -> str:
        one, many = COUNT_NOUNS[self.kind]
        return f"{self.total} {one if self.total == 1 else many}"


@dataclass
class SiteSearch:
    query: str
    jump: rules_search.Jump | None = None
    groups: list[Group] = field(default_factory=list)
    corrected_from: str = ""
    searched: str = ""

    @property
    def total(self) -> int:
        return sum(group.total for group in self.groups)


def find_jump(text: str) -> rules_search.Jump | None:
    """An exact card name, rule number, ruling id or engine id; a bare "6" is a word here, not section 6."""
    name = normalise_name(text)
    if not name:
        return None
    card = Card.objects.filter(name__iexact=name).only("slug", "name").first()
    if card is None:  # another spelling ("Necropolis Park L"); few cards have one
        card = next((other for other in Card.objects.exclude(aliases=[]).only("slug", "name", "aliases")
                     if name in (normalise_name(alias) for alias in other.aliases)), None)  # fmt: skip
    if card is not None:
        return rules_search.Jump(card.name, card.get_absolute_url(), "card")
    return rules_search.find_jump(text, bare_numbers=False)


def site_search(text: str, per_group: int = PER_GROUP, linker: TextLinker | None = None) -> SiteSearch:
    text = text[:MAX_LENGTH]
    result = SiteSearch(text, searched=text)
    if not text.strip():
        return result
    result.jump = find_jump(text)
    cards = _cards(text, per_group)
    if cards is not None:
        result.groups.append(cards)
    linker = linker or text_index.current().corpus.linker
    rules = rules_search.search_rules(text, size=0, linker=linker)
    result.corrected_from = rules.corrected_from
    result.searched = rules.words.text if rules.corrected_from else text
    for kind in (RULES, RULINGS, GLOSSARY):
        matches = [match for match in rules.matches if match.kind in RULES_KINDS[kind]]
        hits = rules_search.build_hits(matches[:per_group], rules.words, linker) if per_group else []
        items = [Item(hit.kind, hit.label if kind != GLOSSARY else hit.target.term, hit.title, hit.text, hit.url,  # type: ignore[union-attr]
                      [(crumb.label, crumb.url) for crumb in hit.crumbs], hit.html, hit.score) for hit in hits]  # fmt: skip
        more = reverse("rulings:search") + "?" + urlencode({"q": result.searched, "in": RULES_FILTERS[kind]})
        result.groups.append(Group(kind, GROUP_LABELS[kind], len(matches), items, more))
    result.groups = sorted((group for group in result.groups if group.total), key=lambda group: -_rank(group, text))
    return result


def _rank(group: Group, text: str) -> int:
    """Which group leads: one holding an exact name (a card, heading or term named as typed), then cards whose
    names hold the words, then the rules, rulings and glossary, then cards that only mention the words."""
    typed = normalise_name(text)
    if any(normalise_name(item.title) == typed or normalise_name(item.label) == typed for item in group.items):
        return 2
    if group.kind != CARDS:
        return 0
    return 1 if group.items and _named(group.items[0].title, text) else -1


def _named(name: str, text: str) -> bool:
    words = [word for word in re.findall(r"[\w']+", text.lower()) if ":" not in word]
    return bool(words) and all(re.search(f"(^|[^a-z]){re.escape(word)}", name.lower()) for word in words)


def _cards(text: str, limit: int) -> Group | None:
    """Cards matching the query; those whose name holds every word first, then the card search's order."""
    try:
        understood = read_query(text)
        # As the card list counts them: cards known only from fan pages only when the query names them.
        outcome = prepare(understood, printed_only=printed_only_for(understood))
    except SearchError:
        return None
    rows = Card.objects.for_listing()
    order = bitmap_order(understood, "name")
    counted = found_cards(rows, outcome, order)
    found = counted.queryset() if counted is not None else narrowed(rows, outcome)
    total = counted.count() if counted is not None else found.count()
    if not total:
        return None
    words = [word for word in re.findall(r"[\w']+", text.lower()) if ":" not in word]
    # A word of the name starting with each typed word ("ice" finds Ice Ogre, not Grahzue: Lover of Vice).
    named = found.filter(*[Q(name__iregex=f"(^|[^a-z]){word}") for word in words]) if words else found.none()
    best = list(named[:limit])
    if len(best) < limit:
        best += list(found.exclude(pk__in=[card.pk for card in best])[: limit - len(best)])
    items = [Item("card", card.name, card.name, card.summary, card.get_absolute_url(),
                  [(card.card_set.name, card.card_set.get_absolute_url())]) for card in best]  # fmt: skip
    more = reverse("cards:card-list") + "?" + urlencode({"q": text})
    return Group(CARDS, GROUP_LABELS[CARDS], total, items, more)


@dataclass(frozen=True)
class Suggestion:
    kind: str
    value: str  # what goes into the box (and, submitted, jumps there)
    label: str
    url: str


NUMBER_START = re.compile(r"^(?:(standard|arena)\s+)?(\d{1,2}(?:\.\d{0,2}){0,2}[a-z]?)$")
CODE_START = re.compile(r"^([rae])-?(\d{0,3})$")


def suggest(text: str, limit: int = SUGGESTIONS) -> list[Suggestion]:
    """Completions for the header box: rule numbers and ruling ids typed so far, card names, glossary terms."""
    typed = " ".join(text.lower().split())[:MAX_LENGTH]
    if not typed:
        return []
    found: list[Suggestion] = []
    number = NUMBER_START.match(typed)
    if number:
        ruleset = number[1] or "standard"
        entries = RuleEntry.objects.select_related("ruleset").filter(
            ruleset__slug=ruleset, number__startswith=number[2]).order_by("position")[:limit]  # fmt: skip
        for entry in entries:
            value = entry.citation
            label = f"{entry.number} {entry.title}".strip() if entry.title else f"Rule {value}: {entry.text[:70]}"
            found.append(Suggestion("rule", value, label, entry.get_absolute_url()))
    code = CODE_START.match(typed)
    if code:
        prefix = f"{code[1].upper()}-{code[2]}"
        for ruling in Ruling.objects.filter(code__startswith=prefix).order_by("position")[:limit]:
            found.append(Suggestion("ruling", ruling.code, f"{ruling.code}: {ruling.question[:70]}",
                                    ruling.get_absolute_url()))  # fmt: skip
    if len(typed) >= 2:
        for card in autocomplete(typed, limit):
            found.append(Suggestion("card", card.name, f"{card.name} (card, {card.card_set.code})",
                                    card.get_absolute_url()))  # fmt: skip
        for term in GlossaryTerm.objects.filter(term__istartswith=typed).order_by("term")[:3]:
            found.append(Suggestion("glossary", term.term, f"{term.term} (glossary)", term.get_absolute_url()))
        headings = RuleEntry.objects.select_related("ruleset").filter(kind="subsection", title__istartswith=typed)
        for entry in headings.order_by("ruleset__order", "position")[:3]:
            found.append(Suggestion("rule", entry.citation, f"{entry} (rules)", entry.get_absolute_url()))
    return found[:limit]
