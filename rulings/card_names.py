"""Which cards a ruling's text names: the one matcher behind a ruling's card list (checked by the tests) and
the card links in its rendered text (``TextLinker.render(..., ruling=code)``).

How a card counts as named (case-insensitive, whole words, commas and curly apostrophes ignored):
- its printed name or one of the aliases in its card fixture ("Sorceror", "Vitale's Dark Cloud");
- a short form derived from the name, when no other card has the same short form:
  the part before the first comma of a titled card ("Tes Let", "Uras", "Champs"),
  the part before " the " of a card named "X the Y" ("Floyd", "Jamchops"),
  and a stronghold part's name without its position ("Necropolis Park Stronghold" names Left, Center and
  Right: the rulings speak of the stronghold as one thing);
- followed by a plural or verb ending ("Clerics", "Valkyrie Spirits", "a Power Lunched Sand Lord");
- and not only as part of a longer card name that the same words spell out ("Party Animal" inside "Major
  Party Animal", "Voodoo Hat" inside "10 Gallon Voodoo Hat", "Mountains" inside "Uras, Overlord of Mountains").
A class or kind ("an Overlord", "Angels") does not name a card: the ruling must say which card it means.

A ruling lists every card its question or answer names, except where the name is an ordinary word there (a
terrain type, a bribery icon, a creature class): those are kept in NAMED_NOT_LISTED with the reason. The text
links exactly the cards the ruling lists, so an excepted word is never a link to the wrong card's page.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cache, cached_property

POSITION = re.compile(r"\s*\((?:left|center|centre|right)\)$", re.IGNORECASE)
ENDINGS = r"(?:s|es|ed)?"
# Same length as the text, so a match's span is also a span of the text as written.
_IGNORED = str.maketrans({"\u2019": "'", ",": " "})

# A card a ruling's question or answer names but does not list: (ruling id, card slug) -> why the card's page
# should not show the ruling, and why the word is not a link to that card. Terrain cards are listed where the
# ruling is about what the terrain card does or how it is changed or destroyed; a terrain named as the ground a
# fight or a bonus happens on is excepted. The bribery cards are listed where the ruling is about when that card
# may be played (a Fiend's ban, the late bribery window); a bribery icon, or a bribe as the ordinary way to
# remove a creature, is excepted.
NAMED_NOT_LISTED: dict[tuple[str, str], str] = {
    ("R-005", "the-dry-heaps"): "the terrain type Slor's command sets; no Dry Heaps card is in play",
    ("R-010", "babes"): "the Sand Lord's bribery icon; the ruling is about the two creatures, not the Babes card",
    ("R-010", "gold"): "the Swordsman's bribery icon; the ruling is about the two creatures, not the Gold card",
    ("R-011", "babes"): "the Merchant's bribery icon: an ordinary bribe is one way to stop its destruction",
    ("R-011", "gold"): "the Swordsman's bribery icon, which is what the Merchant destroys",
    ("R-015", "mountains"): "the terrain type Uras's command sets, not the Mountains card",
    ("R-015", "the-dry-heaps"): "the terrain type Slor's command sets and the Sand Lord's bonus terrain",
    ("R-015", "woods"): "the terrain of the Sand Lord's penalty, not a rule of the Woods card",
    ("R-026", "gold"): "the Super Model's bribery icon: an ordinary bribe is one way to save the Baal-a-Gog",
    ("R-028", "woods"): "the terrain of the compiled rules' example, which plays no part in the ruling",
    ("R-053", "babes"): "the Merchant's bribery icon: an ordinary bribe is one way to stop its destruction",
    ("R-056", "mountains"): "the terrain type Uras's command sets, not the Mountains card",
    ("R-056", "the-dry-heaps"): "the terrain type Slor's command sets and the Sand Lord's bonus terrain",
    ("R-056", "woods"): "the terrain of the Sand Lord's penalty, not a rule of the Woods card",
    ("R-078", "swamp"): "the terrain of the compiled rules' example, which the ruling says changes nothing",
    ("R-080", "gold"): "the Super Model's bribery icon: an ordinary bribe is one way to save the Baal-a-Gog",
    ("R-084", "beer"): "the bribery icon of the creatures Major Party Animal sets aside, not the Beer card",
    ("R-085", "vampire"): "Vampire is the creature class the question asks about, not the Vampire card",
    ("R-090", "swamp"): "the terrain the Bulbous Clamjack's own text names; the Swamp card has no rules text",
    ("R-104", "angel"): "Angels is the creature class, whose examples the ruling names; not the Angel card",
    ("A-28", "babes"): "the bribery icon the Super Model destroys and the Merchant's own icon",
    ("A-28", "gold"): "the bribery icon the Merchant destroys and the Super Model's own icon",
}


# The same decision for the rule entries and glossary definitions, whose text finds cards by printed name (every
# one is a link, and a rule entry's card-mention list): (ruleset or "glossary", rule number or term, card slug) ->
# why that name is an ordinary word in that entry, so it is neither a link to the card's page nor a mention on it.
# Where the word is a glossary alias ("Gold"), it links that term instead. The conventions are those of the
# rulings above: a terrain named as a type, or as the ground a bonus or penalty happens on, is excepted, and
# the Woods ban on ranged attacks or Hammer of Doom destroying a Woods card is about the card (as
# and A-24 list it); a bribery card named as an icon ("can be bribed by Gold", "a Babes icon") is excepted,
# and bribing with the card or banning it is about the card (as and E-08 list it).
RULE_WORDS_NOT_CARDS: dict[tuple[str, str, str], str] = {
    ("standard", "2.2.6", "beer"): "the icon each bribery card matches, named beside its picture",
    ("standard", "2.2.6", "gold"): "the icon each bribery card matches, named beside its picture",
    ("standard", "2.2.6", "babes"): "the icon each bribery card matches, named beside its picture",
    ("standard", "2.5.3a", "swamp"): "the terrain type the Mud Castle's side parts count as",
    ("standard", "2.7.1", "mountains"): "the list of the basic terrain types",
    ("standard", "2.7.1", "rivers-and-lakes"): "the list of the basic terrain types",
    ("standard", "2.7.1", "spires"): "the list of the basic terrain types",
    ("standard", "2.7.1", "swamp"): "the list of the basic terrain types",
    ("standard", "2.7.1", "the-dry-heaps"): "the list of the basic terrain types",
    ("standard", "2.7.1", "woods"): "the list of the basic terrain types",
    ("standard", "6.2.5c", "woods"): "the terrain type a command's change of type sets for the ranged-attack test",
    ("standard", "6.4.4c", "mountains"): "the ground of the example, where Kikijub gets its terrain bonus",
    ("standard", "6.4.4d", "woods"): "the ground of the example, where the Sand Lord takes its penalty",
    ("standard", "6.6.2", "gold"): "the icon of the creatures a \"destroys X\" ability removes",
    ("standard", "6.6.3", "babes"): "the icon of the creatures the Super Model destroys, and the Merchant's own icon",
    ("standard", "6.6.3", "gold"): "the icon of the creatures the Merchant destroys, and the Super Model's own icon",
    ("standard", "6.8.4", "the-dry-heaps"): "the terrain type of the Sand Lord's bonus",
    ("standard", "6.8.4", "woods"): "the terrain type of the Sand Lord's penalty",
    ("glossary", "Terrain", "mountains"): "the list of the terrain types",
    ("glossary", "Terrain", "rivers-and-lakes"): "the list of the terrain types",
    ("glossary", "Terrain", "spires"): "the list of the terrain types",
    ("glossary", "Terrain", "swamp"): "the list of the terrain types",
    ("glossary", "Terrain", "the-dry-heaps"): "the list of the terrain types",
    ("glossary", "Terrain", "woods"): "the list of the terrain types",
}


@cache
def ordinary_words(place: tuple[str, str] | None) -> frozenset[str]:
    """The card slugs whose names are ordinary words in a rule entry ((ruleset, number)) or glossary
    definition (("glossary", term))."""
    return frozenset(slug for (*where, slug) in RULE_WORDS_NOT_CARDS if tuple(where) == place)


def normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text.translate(_IGNORED)).strip()


def short_forms(name: str) -> set[str]:
    forms = set()
    if "," in name:
        forms.add(name.split(",", 1)[0])
    head, found, _ = name.partition(" the ")
    if found and " " not in head:
        forms.add(head)
    if POSITION.search(name):
        # "the Necropolis Park stronghold" is a description as much as a name: any case will do.
        forms.add(POSITION.sub("", name).lower())
    return {normalised(form) for form in forms} - {normalised(name)}


def _stronghold_form(form: str) -> bool:
    return form.lower().endswith("stronghold")


class CardNames:
    """The forms that name each card, and where a text names the cards asked about.

    Built from (slug, printed name, aliases) rows: the tests read them from the card fixtures, the linker from
    the database, so both apply the same rules to the same names."""

    def __init__(self, cards: Iterable[tuple[str, str, Iterable[str]]]) -> None:
        rows = [(slug, name, list(aliases)) for slug, name, aliases in cards]
        full = {slug: {normalised(each).lower() for each in [name, *aliases]} for slug, name, aliases in rows}
        derived = {slug: {form for form in short_forms(name) if form.lower() not in full[slug]}
                   for slug, name, _ in rows}  # fmt: skip
        taken = {form for forms in full.values() for form in forms}
        # A stronghold's three parts share their short form on purpose; any other shared short form is ambiguous.
        owners = Counter(form for forms in derived.values() for form in forms if not _stronghold_form(form))
        # Full names and aliases in lower case (matched in any case); short forms as written (matched as written:
        # a short name is a proper name, so "Eats" names Eats, Cockroach King and "it eats" does not).
        self.forms: dict[str, frozenset[str]] = {
            slug: frozenset(full[slug] | {form for form in derived[slug] if form.lower() not in taken
                                          and (owners[form] == 1 or _stronghold_form(form))})
            for slug in full
        }  # fmt: skip
        self._patterns: dict[str, re.Pattern[str]] = {}

    def pattern(self, slug: str) -> re.Pattern[str]:
        found = self._patterns.get(slug)
        if found is None:
            # Longest first, so a match spans the whole name ("Uras, Overlord of Mountains", not "Uras"); any run
            # of spaces between words, so spans stay those of the text as written.
            alternatives = [rf"(?i:{_spaced(form)})" if form.islower() else _spaced(form)
                            for form in sorted(self.forms[slug], key=lambda form: (-len(form), form))]  # fmt: skip
            found = self._patterns[slug] = re.compile(rf"(?<!\w)(?:{'|'.join(alternatives)}){ENDINGS}(?!\w)")
        return found

    @cached_property
    def longer_names(self) -> dict[str, tuple[str, ...]]:
        """Card slug -> the other cards one of whose forms holds one of this card's forms as whole words."""
        forms = {slug: {form.lower() for form in own} for slug, own in self.forms.items()}
        by_word: dict[str, set[str]] = {}
        for slug, own in forms.items():
            for form in own:
                for word in form.split():
                    by_word.setdefault(word, set()).add(slug)
        return {
            slug: tuple(sorted(
                other
                for form in own
                for other in by_word[form.split()[0]] - {slug}
                if any(f" {form} " in f" {outer} " and form != outer for outer in forms[other])
            ))
            for slug, own in forms.items()
        }  # fmt: skip

    def named_cards(self, text: str, slugs: Iterable[str] | None = None) -> set[str]:
        """The cards (of ``slugs``, or of all cards) that the text names."""
        return {slug for _, _, slug in self.spans(text, self.forms if slugs is None else slugs)}

    def names(self, text: str, slug: str) -> bool:
        return slug in self.named_cards(text, [slug])

    def spans(self, text: str, slugs: Iterable[str]) -> list[tuple[int, int, str]]:
        """(start, end, slug) of every place the text names one of the cards, in the text's order; a place that
        names several cards at once (a stronghold's parts) comes once per card."""
        plain = text.translate(_IGNORED)
        lowered = re.sub(r"\s+", " ", plain).lower()
        found = []
        for slug in slugs:
            # A cheap test first: a match spells one of the card's forms out (so checking every card stays fast).
            if slug not in self.forms or not any(form.lower() in lowered for form in self.forms[slug]):
                continue
            outer = [match.span() for other in self.longer_names[slug] for match in self.pattern(other).finditer(plain)]
            found += [(start, end, slug) for start, end in (match.span() for match in self.pattern(slug).finditer(plain))
                      if not any(o_start <= start and end <= o_end and o_end - o_start > end - start
                                 for o_start, o_end in outer)]  # fmt: skip
        return sorted(found)


def _spaced(form: str) -> str:
    return r"\s+".join(re.escape(word) for word in form.split(" "))
