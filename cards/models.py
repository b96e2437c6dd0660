"""The card database: sets, cards, their printings and creature classes.

A card's facts are stored as plain columns wherever the site filters or sorts on them, so the
same queries run on SQLite and PostgreSQL; lists that are only ever shown (aliases, sources,
notes, structured abilities) stay JSON.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

from cards.choices import AutomationStatus, Border, Bribery, CardType, Confidence, SetKind, Size, StrongholdPosition
from cards.querysets import CardQuerySet, CardSetQuerySet, PrintingQuerySet
from cards.validation import validate_card

RARITY_WORDS = {"C": "Common", "U": "Uncommon", "R": "Rare"}


def _between(low: int, high: int) -> list[Any]:
    return [MinValueValidator(low), MaxValueValidator(high)]


class CardSet(models.Model):
    code = models.CharField(max_length=8, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=12, choices=SetKind.choices)
    order = models.PositiveSmallIntegerField(help_text="Position in set lists (release order).")
    released = models.CharField(max_length=20, blank=True)
    description = models.TextField(blank=True)
    sources = models.JSONField(default=list, blank=True)

    objects = CardSetQuerySet.as_manager()

    class Meta:
        ordering = ["order", "code"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("cards:set-detail", kwargs={"slug": self.slug})

    @property
    def is_unverified(self) -> bool:
        return self.kind == SetKind.UNVERIFIED


class CardClass(models.Model):
    """A creature class (Undead, Pirate, ...); a related table keeps class filters indexed."""

    name = models.CharField(max_length=60, unique=True)
    slug = models.SlugField(max_length=60, unique=True)

    class Meta:
        # Dictionary order ("Sea beast" before "Sea Serpent"), as the glossary: a plain sort puts capitals
        # first on SQLite. Names that differ only in case tie on Lower; the raw name then breaks the tie.
        ordering = [Lower("name"), "name"]
        verbose_name_plural = "card classes"

    def __str__(self) -> str:
        return self.name


def name_sort_key(name: str) -> str:
    """The key the card list sorts names by: case ignored, so "Rock of Far Rolling" comes before "Rock Rat".

    Written as the hex of the case-folded UTF-8 bytes: hex digits compare the same under every collation
    (SQLite's bytes, PostgreSQL's C or en_US), so both databases, and the search's ranks, agree on the order
    even where names carry punctuation that a locale collation would skip.
    """
    return name.casefold().encode().hex()


class Card(models.Model):
    slug = models.SlugField(max_length=80, unique=True, help_text="Stable permalink; never change it.")
    name = models.CharField(max_length=100, db_index=True)
    sort_key = models.TextField(editable=False, default="", help_text="name_sort_key(name), kept by save().")
    aliases = models.JSONField(default=list, blank=True)
    card_type = models.CharField(max_length=24, choices=CardType.choices, db_index=True)
    card_set = models.ForeignKey(
        CardSet, on_delete=models.PROTECT, related_name="primary_cards", help_text="The set of the first printing."
    )
    rarity = models.CharField(max_length=4, blank=True)

    # Creature statistics.
    border = models.CharField(max_length=10, choices=Border.choices, blank=True, db_index=True)
    vitality = models.SmallIntegerField(null=True, blank=True, validators=_between(-10, 40), db_index=True)
    stacking_vitality = models.SmallIntegerField(null=True, blank=True, validators=_between(0, 40))
    ocb = models.SmallIntegerField("off-colour bonus", null=True, blank=True, validators=_between(0, 20))
    ocb_against = models.CharField(max_length=10, choices=Border.choices, blank=True)
    cmp = models.SmallIntegerField("CMP given", null=True, blank=True, validators=_between(0, 20))
    receives_channeling = models.BooleanField(null=True, blank=True)
    bribe_babes = models.BooleanField(default=False)
    bribe_gold = models.BooleanField(default=False)
    bribe_beer = models.BooleanField(default=False)
    classes = models.ManyToManyField(CardClass, blank=True, related_name="cards")
    size = models.CharField(max_length=8, choices=Size.choices, blank=True)
    flying = models.BooleanField(default=False)
    ranged_attack = models.SmallIntegerField(null=True, blank=True, validators=_between(0, 20))
    command = models.BooleanField(default=False)

    # Numbers of the other card kinds.
    up_number = models.SmallIntegerField(null=True, blank=True, validators=_between(-10, 40))
    shield_number = models.SmallIntegerField(null=True, blank=True, validators=_between(0, 40))
    terrain_types = models.JSONField(default=list, blank=True)

    guardian_stones = models.SmallIntegerField(null=True, blank=True, validators=_between(0, 20))
    guardian_base_draw = models.SmallIntegerField(null=True, blank=True, validators=_between(0, 10))
    guardian_ldl = models.SmallIntegerField("LDL", null=True, blank=True, validators=_between(-5, 5))
    guardian_mdl = models.SmallIntegerField("MDL", null=True, blank=True, validators=_between(-5, 5))
    guardian_luc = models.SmallIntegerField("LUC", null=True, blank=True, validators=_between(-5, 5))

    stronghold_group = models.CharField(max_length=60, blank=True)
    stronghold_position = models.CharField(max_length=8, choices=StrongholdPosition.choices, blank=True)
    stronghold_defend_bonus = models.SmallIntegerField(null=True, blank=True, validators=_between(0, 20))
    stronghold_counts_as_terrain = models.CharField(max_length=40, blank=True)

    # Own-words text and the engine's structured abilities (a later issue fills these).
    summary = models.TextField(blank=True)
    abilities = models.JSONField(default=list, blank=True)
    automation_status = models.CharField(
        max_length=16, choices=AutomationStatus.choices, default=AutomationStatus.NOT_AUTOMATED
    )
    automation_reason = models.TextField(blank=True)

    # Provenance.
    sources = models.JSONField(default=list, blank=True)
    confidence = models.CharField(max_length=10, choices=Confidence.choices, default=Confidence.STATED)
    notes = models.JSONField(default=list, blank=True)
    import_fixes = models.JSONField(default=list, blank=True)

    # Advanced by every save, whatever the door: the admin's form carries the number it was opened at and is
    # refused when the card has moved on since (cards.admin), so an older form never writes old values back.
    version = models.PositiveIntegerField(default=1, editable=False)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["sort_key", "slug"]
        indexes = [models.Index(fields=["card_set", "name"]), models.Index(fields=["sort_key", "slug"])]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.sort_key = name_sort_key(self.name)
        if not self._state.adding:
            self.version += 1
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "version", *(["sort_key"] if "name" in update_fields else [])}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("cards:card-detail", kwargs={"slug": self.slug})

    @property
    def other_names(self) -> list[str]:
        """The aliases a reader would take for other names: not the name itself in other capitals (a source's
        "Tes let, Leader with Foresight"), each once. The search keeps every alias as given."""
        seen = {self.name.casefold()}
        names = []
        for alias in self.aliases:
            if alias.casefold() not in seen:
                seen.add(alias.casefold())
                names.append(alias)
        return names

    def clean(self) -> None:
        validate_card(self)

    @property
    def is_creature(self) -> bool:
        return self.card_type == CardType.CREATURE

    @property
    def bribery(self) -> list[str]:
        """Bribery icons in the printed order: Babes, Gold, Beer."""
        flags = ((Bribery.BABES, self.bribe_babes), (Bribery.GOLD, self.bribe_gold), (Bribery.BEER, self.bribe_beer))
        return [str(kind) for kind, present in flags if present]

    @property
    def is_channeller(self) -> bool:
        return self.is_creature and self.cmp is not None

    @property
    def is_unverified(self) -> bool:
        return self.card_set.is_unverified


class Printing(models.Model):
    """One printing of a card; four cards were printed twice (three as promos)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="printings")
    position = models.PositiveSmallIntegerField(help_text="0 for the first printing.")
    rarity = models.CharField(max_length=4, blank=True)
    rarity_read_from = models.CharField(
        max_length=16, blank=True, help_text="The rarity token as the image name spells it (Uncom2, C1, Starter)."
    )
    starter_only = models.BooleanField(default=False)
    image = models.CharField(max_length=120, blank=True, help_text="Image file name in the LackeyCCG plugin.")
    classes = models.JSONField(default=list, blank=True, help_text="Classes as printed on this printing.")

    objects = PrintingQuerySet.as_manager()

    class Meta:
        ordering = ["card", "position"]
        constraints = [models.UniqueConstraint(fields=["card", "position"], name="one_printing_per_position")]

    def __str__(self) -> str:
        return f"{self.card.name} ({self.card_set.code})"

    @property
    def rarity_label(self) -> str:
        """The rarity in words: "Uncommon (U2)", "Common (C, no number)", "Starter decks only", "No rarity"."""
        if self.starter_only:
            return "Starter decks only"
        word = RARITY_WORDS.get(self.rarity[:1])
        if word is None:
            return "No rarity printed in the sources"
        return f"{word} ({self.rarity})" if len(self.rarity) > 1 else f"{word} (no number)"
