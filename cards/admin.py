"""Staff-only editing of the card database; every save runs the model's validation."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from cards.models import Card, CardClass, CardSet, Printing
from cards.validation import validate_classes
from edits.recording import EDITED_BY, record_related_changes, related_values


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
        try:
            validate_classes(cleaned.get("card_type") or "", cleaned.get("classes") or ())
        except ValidationError as exc:
            self.add_error(None, exc)
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

    # Who edits what is recorded in the edit history (edits.CardEdit), with the values before and after.
    def save_model(self, request: HttpRequest, obj: Card, form: Any, change: bool) -> None:
        setattr(obj, EDITED_BY, request.user)
        if change:
            obj._related_before = related_values(obj)
        super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        record_related_changes(form.instance, getattr(form.instance, "_related_before", None))

    def delete_model(self, request: HttpRequest, obj: Card) -> None:
        setattr(obj, EDITED_BY, request.user)
        super().delete_model(request, obj)

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
