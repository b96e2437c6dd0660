"""Staff-only editing of the card database; every save runs the model's validation."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from cards.models import Card, CardClass, CardSet, Printing
from cards.validation import validate_classes
from edits.models import CardEdit
from edits.recording import EDITED_BY, record_related_changes, related_values


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0
    fields = ("position", "card_set", "rarity", "rarity_read_from", "starter_only", "image", "classes")


class CardAdminForm(forms.ModelForm):
    # The card's version when the form was opened. Our own field rather than django-concurrency: one integer
    # and one locked read cover the admin, the only door where a person holds a copy of a card while others
    # save, and the refusal can name the newer change from the edit history in our own words.
    seen_version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Card
        fields = "__all__"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial.setdefault("seen_version", self.instance.version)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        self._refuse_if_stale(cleaned.get("seen_version"))
        try:
            validate_classes(cleaned.get("card_type") or "", cleaned.get("classes") or ())
        except ValidationError as exc:
            self.add_error(None, exc)
        return cleaned

    def _refuse_if_stale(self, seen: int | None) -> None:
        """An optimistic lock: refuse the form when the card was saved since it was opened.

        The admin validates and saves in one transaction; the row is read locked (PostgreSQL: FOR UPDATE; SQLite
        takes its write lock at BEGIN, transaction_mode IMMEDIATE), so of two forms opened at the same version
        and saved at once, the second sees the first's new version and is refused instead of overwriting it.
        """
        if self.instance.pk is None:
            return
        current = Card.objects.select_for_update().filter(pk=self.instance.pk).values_list("version", flat=True).first()
        if current is None:
            raise ValidationError("This card was deleted after this form was opened; nothing was saved.")
        if seen is None or seen != current:
            raise ValidationError(stale_form_message(self.instance.slug), code="stale")
        self.instance.version = current


def stale_form_message(slug: str) -> str:
    """Names the change that made an open form stale, from the edit history."""
    newer = CardEdit.objects.filter(slug=slug).select_related("user").order_by("-at", "-pk").first()
    if newer is None:
        change = "Someone else saved this card"
    else:
        who = f"by {newer.user}" if newer.user else f"through {newer.get_door_display().lower()}"
        fields = f" ({newer.changed_fields})" if newer.changed_fields else ""
        change = f"This card was changed {who} at {newer.at:%Y-%m-%d %H:%M:%S} UTC{fields}"
    return (
        f"{change} after this form was opened. Nothing was saved: reload the card to see its current values, "
        "then make your change again."
    )


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
        (None, {"fields": ("name", "slug", "aliases", "card_type", "card_set", "rarity", "summary", "seen_version")}),
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
