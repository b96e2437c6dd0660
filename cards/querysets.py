"""Named queries over cards; views, the API and the FilterSet call these instead of raw lookups."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models import Exists, F, OuterRef, Q

from cards.choices import Bribery, CardType, SetKind

if TYPE_CHECKING:
    from cards.models import Card, CardClass, CardSet

BRIBERY_FLAGS = {Bribery.BABES: "bribe_babes", Bribery.GOLD: "bribe_gold", Bribery.BEER: "bribe_beer"}

# Sort keys offered to people, each mapped to a stable, portable ordering (nulls last on both databases).
SORTS: dict[str, list[Any]] = {
    "name": [F("sort_key").asc(), F("slug").asc()],
    "-name": [F("sort_key").desc(), F("slug").desc()],
    "vitality": [F("vitality").asc(nulls_last=True), F("sort_key").asc(), F("slug").asc()],
    "-vitality": [F("vitality").desc(nulls_last=True), F("sort_key").asc(), F("slug").asc()],
    "set": [F("card_set__order").asc(), F("sort_key").asc(), F("slug").asc()],
    "-set": [F("card_set__order").desc(), F("sort_key").asc(), F("slug").asc()],
}


RARITY_LETTERS = {"common": "C", "uncommon": "U", "rare": "R"}


def rarity_values(code: str) -> list[str]:
    """The search values a printed rarity code answers to: its word, and the code itself when it has a number."""
    word = next((name for name, letter in RARITY_LETTERS.items() if code[:1] == letter), None)
    if word is None:
        return []
    return [word, code.lower()] if len(code) > 1 else [word]


class PrintingQuerySet(models.QuerySet["Printing"]):
    def rarity_counts_by_set(self) -> list[dict[str, Any]]:
        """Per set (in set order), printings per rarity code: common, uncommon, rare, then starter-only, none."""
        counts: dict[str, dict[str, int]] = {}
        names: dict[str, str] = {}
        rows = (
            self.values("card_set__code", "card_set__name", "card_set__order", "rarity", "starter_only")
            .annotate(total=models.Count("pk"))
            .order_by("card_set__order", "card_set__code")
        )
        for row in rows:
            code = row["card_set__code"]
            names[code] = row["card_set__name"]
            label = "starter" if row["starter_only"] else (row["rarity"] or "none")
            found = counts.setdefault(code, {})
            found[label] = found.get(label, 0) + row["total"]
        return [{"code": code, "name": names[code], "counts": sorted(found.items(), key=_rarity_order)}
                for code, found in counts.items()]  # fmt: skip


def _rarity_order(item: tuple[str, int]) -> tuple[int, str]:
    label = item[0]
    return ("CUR".find(label[0]) if label[0] in "CUR" else 3 + ("starter", "none").index(label), label)


class CardSetQuerySet(models.QuerySet["CardSet"]):
    def unverified_codes(self) -> set[str]:
        return set(self.filter(kind=SetKind.UNVERIFIED).values_list("code", flat=True))

    def with_card_counts(self) -> CardSetQuerySet:
        """Each set with the number of cards printed in it (promo reprints included)."""
        return self.annotate(card_count=models.Count("printings__card", distinct=True)).order_by("order", "code")


class CardQuerySet(models.QuerySet["Card"]):
    def for_listing(self) -> CardQuerySet:
        """Everything a list row or tile shows, fetched in a fixed number of queries."""
        return self.select_related("card_set").prefetch_related("classes", "printings__card_set")

    def as_links(self) -> CardQuerySet:
        """Just enough to link to each card, sorted by name."""
        return (
            self.select_related("card_set").only("slug", "name", "card_set__code", "card_set__name").sorted_by("name")
        )

    def creatures(self) -> CardQuerySet:
        return self.filter(card_type=CardType.CREATURE)

    def of_type(self, card_type: str) -> CardQuerySet:
        return self.filter(card_type=card_type)

    def printed_in(self, card_set: CardSet) -> CardQuerySet:
        """Cards with any printing in the set, so promo reprints count for the promo set too."""
        from cards.models import Printing

        return self.filter(Exists(Printing.objects.filter(card=OuterRef("pk"), card_set=card_set)))

    def printed(self) -> CardQuerySet:
        """Cards of the printed sets: everything but the cards known only from fan pages."""
        return self.exclude(card_set__kind=SetKind.UNVERIFIED)

    def unverified(self) -> CardQuerySet:
        return self.filter(card_set__kind=SetKind.UNVERIFIED)

    def of_rarity(self, value: str) -> CardQuerySet:
        """Cards with a printing of the rarity: a word (common) or a code with its number (c1)."""
        from cards.models import Printing

        printings = Printing.objects.filter(card=OuterRef("pk"))
        if value in RARITY_LETTERS:
            printings = printings.filter(rarity__startswith=RARITY_LETTERS[value])
        else:
            printings = printings.filter(rarity__iexact=value)
        return self.filter(Exists(printings))

    def starter_only(self, wanted: bool = True) -> CardQuerySet:
        """Cards sold only in starter decks (no booster rarity)."""
        from cards.models import Printing

        starter = Exists(Printing.objects.filter(card=OuterRef("pk"), starter_only=True))
        return self.filter(starter) if wanted else self.exclude(starter)

    def with_border(self, border: str) -> CardQuerySet:
        return self.filter(border=border)

    def bribeable_by(self, kind: str) -> CardQuerySet:
        return self.filter(**{BRIBERY_FLAGS[Bribery(kind)]: True})

    def in_class(self, card_class: CardClass) -> CardQuerySet:
        return self.filter(classes=card_class)

    def of_size(self, size: str) -> CardQuerySet:
        return self.filter(size=size)

    def vitality_at_least(self, value: int) -> CardQuerySet:
        return self.filter(vitality__gte=value)

    def vitality_at_most(self, value: int) -> CardQuerySet:
        return self.filter(vitality__lte=value)

    def flying(self, wanted: bool = True) -> CardQuerySet:
        return self.filter(flying=wanted)

    def with_ranged_attack(self, wanted: bool = True) -> CardQuerySet:
        return self.filter(ranged_attack__isnull=not wanted)

    def with_command(self, wanted: bool = True) -> CardQuerySet:
        return self.filter(command=wanted)

    def receiving_channeling(self, wanted: bool = True) -> CardQuerySet:
        return self.filter(receives_channeling=wanted)

    def channellers(self, wanted: bool = True) -> CardQuerySet:
        """Creatures that give CMP to their Guardian."""
        channelling = Q(card_type=CardType.CREATURE, cmp__isnull=False)
        return self.filter(channelling) if wanted else self.exclude(channelling)

    def name_contains(self, text: str) -> CardQuerySet:
        return self.filter(name__icontains=text.strip())

    def sorted_by(self, key: str) -> CardQuerySet:
        return self.order_by(*SORTS.get(key, SORTS["name"]))

    def sharing_a_class_with(self, card: Card) -> CardQuerySet:
        # Exists rather than a join, so no DISTINCT is needed and any ordering stays valid.
        memberships = self.model.classes.through.objects.filter(card=OuterRef("pk"), cardclass__in=card.classes.all())
        return self.filter(Exists(memberships)).exclude(pk=card.pk)

    def from_same_set_as(self, card: Card) -> CardQuerySet:
        return self.filter(card_set=card.card_set_id).exclude(pk=card.pk)

    def count_by_type(self) -> list[dict[str, Any]]:
        return list(
            self.order_by().values("card_type").annotate(total=models.Count("pk")).order_by("-total", "card_type")
        )
