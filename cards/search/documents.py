"""The Whoosh schema and the one function that turns a card into an index document.

Words (names, aliases, summaries, the abilities in plain words) are what the index is for; every
statistic is indexed too, so the index alone can answer any query, though numbers and keywords are
answered from the facet bitmaps (``facets``), which are quicker for them.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from whoosh.fields import ID, KEYWORD, NUMERIC, TEXT, FieldType, Schema

from cards.choices import AutomationStatus, CardType, SetKind
from cards.querysets import rarity_values
from cards.search.keywords import NUMBER_FIELDS
from core.text_analysis import PLAIN, STEMMED, VALUE_SEPARATOR, WHOLE_VALUES, normalise_name, word_pair

if TYPE_CHECKING:
    from cards.models import Card

TERRAIN_PREFIX = "terrain_"
logger = logging.getLogger(__name__)
# The fields plain words (and quoted phrases) are looked up in: names and aliases, the summary, and
# each structured ability as the engine describes it in plain words (what the card page shows).
WORD_FIELDS = ("name", "summary", "abilities")
# Every two words next to each other in one plain-words field, as one term: a two-word phrase is a
# single look-up (and a longer one only checks word positions on the cards holding all its pairs).
PAIR_FIELD = "pairs"


def _number() -> NUMERIC:
    # Card numbers are small; a wide shift step keeps each value to a few index terms.
    return NUMERIC(int, bits=32, signed=True, shift_step=8)


# How each indexed field is made. Its names alone say which schema an index was built with
# (``FIELD_NAMES``, checked on every index opening) without building the schema's analysers.
_FIELDS: dict[str, Callable[[], FieldType]] = {
    "slug": lambda: ID(stored=True, unique=True),
    "pk": lambda: NUMERIC(int, bits=64, stored=True, sortable=True),
    "name": lambda: TEXT(analyzer=STEMMED, phrase=True),
    "name_plain": lambda: TEXT(analyzer=PLAIN, phrase=False, spelling=True),
    "name_whole": lambda: TEXT(analyzer=WHOLE_VALUES, phrase=False),
    "summary": lambda: TEXT(analyzer=STEMMED, phrase=True),
    "abilities": lambda: TEXT(analyzer=STEMMED, phrase=True),
    "classes": lambda: KEYWORD(lowercase=True, commas=True),
    **{name: lambda: KEYWORD(lowercase=True)
       for name in ("type", "border", "size", "set", "bribe", "rarity", "flags", "immune", "attack", "terrain")},
    PAIR_FIELD: lambda: KEYWORD(commas=True),
    **{name: _number for name in NUMBER_FIELDS},
}  # fmt: skip
FIELD_NAMES: tuple[str, ...] = tuple(sorted(_FIELDS))


def build_schema() -> Schema:
    schema = Schema(**{name: make() for name, make in _FIELDS.items()})
    schema.add(TERRAIN_PREFIX + "*", _number(), glob=True)
    return schema


def value_slug(text: str) -> str:
    """A free-form value (a class, a terrain, an attack type) as one index term."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def immunities(abilities: Iterable[Any]) -> set[str]:
    """What the card is immune to: attack types, "aoe", and every value named in an ``against``."""
    found: set[str] = set()
    for ability in _abilities(abilities, "immunity"):
        if ability.get("attack_type"):
            found.add(value_slug(str(ability["attack_type"])))
        if ability.get("aoe"):
            found.add("aoe")
        found.update(_mentioned_values(ability.get("against")))
    return found


def attacks(abilities: Iterable[Any], ranged_attack: int | None) -> set[str]:
    found = {value_slug(str(a["type"])) for a in _abilities(abilities, "attack_type") if a.get("type")}
    for ability in _abilities(abilities, "aoe"):
        found.add("aoe")
        if ability.get("type"):
            found.add(value_slug(str(ability["type"])))
    if ranged_attack:
        found.add("ranged")
    return found


def terrain_modifiers(abilities: Iterable[Any]) -> dict[str, int]:
    """Terrain slug to the card's modifier there (summed if the data lists a terrain twice)."""
    found: dict[str, int] = {}
    for ability in _abilities(abilities, "terrain_modifier"):
        if ability.get("terrain") and isinstance(ability.get("amount"), int):
            key = value_slug(str(ability["terrain"]))
            found[key] = found.get(key, 0) + ability["amount"]
    return found


def flags(card: Card) -> set[str]:
    found = set()
    if card.flying:
        found.add("flying")
    if card.command:
        found.add("command")
    if card.card_type == CardType.CREATURE and not (card.bribe_babes or card.bribe_gold or card.bribe_beer):
        found.add("unbribeable")
    if card.card_type == CardType.CREATURE and card.cmp is not None:
        found.add("channeler")
    if card.receives_channeling:
        found.add("receiver")
    if card.automation_status == AutomationStatus.AUTOMATED:
        found.add("automated")
    return found


def printing_flags(card: Card) -> set[str]:
    """The flags that come from a card's printings and set (prefetched): starter-only, unverified."""
    found = set()
    if any(p.starter_only for p in card.printings.all()):
        found.add("starter")
    if card.card_set.kind == SetKind.UNVERIFIED:
        found.add("unverified")
    return found


def word_texts(card: Card) -> dict[str, str]:
    """The text of each plain-words field (``WORD_FIELDS``) of a card."""
    names = [card.name, *[str(alias) for alias in card.aliases or []]]
    return {"name": "\n".join(names), "summary": card.summary or "", "abilities": abilities_text(card.abilities)}


def analysed_words(texts: dict[str, str]) -> tuple[set[str], set[str]]:
    """A card's words and word pairs (from ``word_texts``) as the index holds them (``PAIR_FIELD``)."""
    words: set[str] = set()
    pairs: set[str] = set()
    for text in texts.values():
        tokens = [token.text for token in STEMMED(text)]
        words.update(tokens)
        pairs.update(word_pair(first, second) for first, second in zip(tokens, tokens[1:], strict=False))
    return words, pairs


def abilities_text(abilities: Any) -> str:
    """The abilities in the engine's plain words, one per line, as the card page and the API show them."""
    from cards.abilities import describe_abilities

    try:
        return "\n".join(describe_abilities(abilities))
    except Exception:  # An engine fault must not stop the index from being built; the card keeps its other words.
        logger.exception("Could not describe the abilities %r for the search index.", abilities)
        return ""


def document(card: Card) -> dict[str, Any]:
    """The index document of a card whose classes and printings are prefetched."""
    names = [card.name, *[str(alias) for alias in card.aliases or []]]
    modifiers = terrain_modifiers(card.abilities or [])
    texts = word_texts(card)
    doc: dict[str, Any] = {
        "slug": card.slug,
        "pk": card.pk,
        **texts,
        PAIR_FIELD: ",".join(sorted(analysed_words(texts)[1])),
        "name_plain": "\n".join(names),
        "name_whole": VALUE_SEPARATOR.join(normalise_name(name) for name in names),
        "classes": ",".join(value_slug(c.name) for c in card.classes.all()),
        "type": card.card_type,
        "border": card.border or "",
        "size": card.size or "",
        "set": " ".join(sorted({p.card_set.code.lower() for p in card.printings.all()} | {card.card_set.code.lower()})),
        "bribe": " ".join(card.bribery) or ("none" if card.card_type == CardType.CREATURE else ""),
        "rarity": " ".join(sorted({value for p in card.printings.all() for value in rarity_values(p.rarity)})),
        "flags": " ".join(sorted(flags(card) | printing_flags(card))),
        "immune": " ".join(sorted(immunities(card.abilities or []))),
        "attack": " ".join(sorted(attacks(card.abilities or [], card.ranged_attack))),
        "terrain": " ".join(sorted(modifiers)),
    }
    for field, column in NUMBER_FIELDS.items():
        value = getattr(card, column)
        if value is not None:
            doc[field] = value
    for terrain, amount in modifiers.items():
        doc[TERRAIN_PREFIX + terrain] = amount
    return {key: value for key, value in doc.items() if value != ""}


def _abilities(abilities: Iterable[Any], kind: str) -> Iterable[dict[str, Any]]:
    return (a for a in abilities if isinstance(a, dict) and a.get("kind") == kind)


def _mentioned_values(condition: Any) -> set[str]:
    """Every plain value inside an ``against`` condition ({"class": "Undead"}, {"any_of": [...]})."""
    if isinstance(condition, dict):
        return {v for value in condition.values() for v in _mentioned_values(value)}
    if isinstance(condition, list):
        return {v for value in condition for v in _mentioned_values(value)}
    if isinstance(condition, str):
        return {value_slug(condition)}
    return set()
