"""Staff-only editing of the card database; every save runs the model's validation."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin

from cards.choices import CardType
from cards.models import Card, CardClass, CardSet, Printing


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0
    fields = ("position", "card_set", "rarity", "rarity_read_from", "starter_only", "image", "classes")


class CardAdminForm(forms.ModelForm):
    class Meta:
        model = Card
        fields = "__all__"

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        # Classes are a many-to-many relation, which the model's own clean() cannot see.
        if cleaned.get("classes") and cleaned.get("card_type") != CardType.CREATURE:
            self.add_error("classes", "Only creatures have classes.")
        return cleaned


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = ("name", "card_type", "card_set", "border", "vitality", "rarity", "confidence", "automation_status")
    list_filter = ("card_set", "card_type", "border", "size", "confidence", "automation_status")
    search_fields = ("name", "slug", "summary")
    list_select_related = ("card_set",)
    filter_horizontal = ("classes",)
    inlines = [PrintingInline]
    fieldsets = (
        (None, {"fields": ("name", "slug", "aliases", "card_type", "card_set", "rarity", "summary")}),
        (
            "Creature",
            {
                "fields": (
                    "border", ("vitality", "stacking_vitality"), ("ocb", "ocb_against"), ("cmp", "receives_channeling"),
                    ("bribe_babes", "bribe_gold", "bribe_beer"), "classes", "size", ("flying", "ranged_attack", "command"),
                )
            },
        ),
        ("Other card kinds", {"fields": ("up_number", "shield_number", "terrain_types")}),
        ("Guardian", {"fields": ("guardian_stones", "guardian_base_draw", "guardian_ldl", "guardian_mdl", "guardian_luc")}),
        ("Stronghold", {"fields": ("stronghold_group", "stronghold_position", "stronghold_defend_bonus",
                                   "stronghold_counts_as_terrain")}),
        ("Engine", {"fields": ("abilities", "automation_status", "automation_reason")}),
        ("Provenance", {"fields": ("sources", "confidence", "notes", "import_fixes")}),
    )  # fmt: skip


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "kind", "order", "released")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(CardClass)
class CardClassAdmin(admin.ModelAdmin):
    list_display = ("name", "slug")
    search_fields = ("name",)
    prepopulated_fields = {"slug": ("name",)}
