"""Read the project's card fixtures into card definitions, without Django."""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from .abilities import Ability
from .cards import CardDefinition
from .errors import CatalogError, UnknownCard

DEFAULT_FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "cards"


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    text = text.replace("'", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


class CardCatalog:
    """Every card by slug, findable also by name or alias written loosely."""

    def __init__(self, cards: Iterable[CardDefinition]) -> None:
        self._by_slug: dict[str, CardDefinition] = {}
        self._by_key: dict[str, str] = {}
        for card in cards:
            if card.slug in self._by_slug:
                raise CatalogError(f"card slug {card.slug!r} appears twice")
            self._by_slug[card.slug] = card
        for card in self._by_slug.values():
            for label in (card.name, *card.aliases):
                self._by_key.setdefault(_key(label), card.slug)
        for slug in self._by_slug:
            self._by_key[slug] = slug
        self._slugs_with: dict[type[Ability], frozenset[str]] = {}

    def __len__(self) -> int:
        return len(self._by_slug)

    def __iter__(self) -> Iterator[CardDefinition]:
        return iter(self._by_slug.values())

    def __contains__(self, reference: object) -> bool:
        return isinstance(reference, str) and self.find(reference) is not None

    def find(self, reference: str) -> CardDefinition | None:
        card = self._by_slug.get(reference)
        if card is not None:
            return card
        slug = self._by_key.get(_key(reference))
        return self._by_slug.get(slug) if slug else None

    def slugs_with(self, kind: type[Ability]) -> frozenset[str]:
        """The cards that have an ability of ``kind``: a set-up holding none of them can skip its checks."""
        found = self._slugs_with.get(kind)
        if found is None:
            found = self._slugs_with[kind] = frozenset(card.slug for card in self if card.first(kind) is not None)
        return found

    def get(self, reference: str) -> CardDefinition:
        card = self.find(reference)
        if card is None:
            raise UnknownCard(reference, self.suggest(reference))
        return card

    def suggest(self, reference: str, limit: int = 3) -> tuple[str, ...]:
        matches = difflib.get_close_matches(_key(reference), list(self._by_key), n=limit * 3, cutoff=0.6)
        slugs: list[str] = []
        for match in matches:
            slug = self._by_key[match]
            if slug not in slugs:
                slugs.append(slug)
        return tuple(slugs[:limit])

    def with_made_up(self, cards: Iterable[Mapping[str, Any] | CardDefinition]) -> CardCatalog:
        """A new catalog: every card of this one plus made-up cards, for "what if" questions.

        Each made-up card is a ``CardDefinition`` or a record shaped like a card fixture (``slug``,
        ``name``, ``type`` and whatever else it needs, abilities included). A record that says nothing
        about automation is taken as automated: its abilities are exactly what its author wrote. A
        made-up card may not take the slug, name or alias of a card already here. This catalog is
        left unchanged (``default_catalog()`` is shared by everyone in the process)::

            catalog = default_catalog().with_made_up([
                {"slug": "test-giant", "name": "Test Giant", "type": "creature", "border": "mortal",
                 "vitality": 9, "abilities": [{"kind": "bonus", "amount": 2}]},
            ])
            resolve(parse_setup("a=test-giant d=swordsman"), catalog)
        """
        made_up: list[CardDefinition] = []
        for card in cards:
            if not isinstance(card, CardDefinition):
                record = dict(card)
                record.setdefault("automation", {"status": "automated"})
                card = CardDefinition.from_fixture(record)
            for label in (card.slug, card.name, *card.aliases):
                if self.find(label) is not None:
                    raise CatalogError(f"made-up card {card.slug!r}: {label!r} already names {self.get(label).slug!r}")
            made_up.append(card)
        return CardCatalog([*self, *made_up])

    @classmethod
    def from_fixture_dir(cls, directory: Path = DEFAULT_FIXTURES) -> CardCatalog:
        cards: list[CardDefinition] = []
        files = sorted(directory.glob("*.json"))
        if not files:
            raise CatalogError(f"no card fixtures found in {directory}")
        for path in files:
            try:
                records = json.loads(path.read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                raise CatalogError(f"{path.name}: not valid JSON ({exc})") from exc
            if not isinstance(records, list):
                raise CatalogError(f"{path.name}: expected a list of cards")
            for record in records:
                try:
                    cards.append(CardDefinition.from_fixture(record))
                except CatalogError as exc:
                    raise CatalogError(f"{path.name}: {exc}") from exc
        return cls(cards)


@lru_cache(maxsize=4)
def default_catalog(directory: str | None = None) -> CardCatalog:
    """The project's cards, read once per process."""
    return CardCatalog.from_fixture_dir(Path(directory) if directory else DEFAULT_FIXTURES)
