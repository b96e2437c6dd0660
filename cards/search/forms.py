"""The ``q`` parameter as a form field and a django-filter filter, shared by the HTML list and the API."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms

from cards.search.errors import NoUsableTerm, QueryWarning
from cards.search.keywords import RANGE_TERMS
from cards.search.service import read_query
from cards.search.understand import Understood


class SearchQueryField(forms.CharField):
    """Cleans query text into an understood query; fails only when no term of it is usable."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 1000)
        super().__init__(*args, **kwargs)
        self.widget.input_type = "search"  # type: ignore[attr-defined]
        self.widget.attrs.update({"autocomplete": "off", "list": "card-name-suggestions",
                                  "data-autocomplete": "/api/v1/cards/autocomplete/"})  # fmt: skip

    def clean(self, value: Any) -> Understood | None:
        text = super().clean(value)
        if not text or not text.strip():
            return None
        try:
            return read_query(text)
        except NoUsableTerm as exc:
            messages = ["Nothing in this query could be searched; see the query syntax page."]
            messages += [describe(warning) for warning in exc.warnings]
            # Each message goes in as a parameter: query text may hold "%", which would break formatting.
            raise forms.ValidationError(
                [forms.ValidationError("%(text)s", code="no_usable_term", params={"text": m}) for m in messages]
            ) from exc


def describe(warning: QueryWarning) -> str:
    hint = f" Try {warning.suggestion}." if warning.suggestion else ""
    return f"{warning.term} (at character {warning.position + 1}): {warning.message}{hint}"


class SearchFilter(django_filters.CharFilter):
    field_class = SearchQueryField


ANY_YES_NO = (("", "Any"), ("yes", "Yes"), ("no", "No"))


# A from/to pair of fields per number the keyword table offers on the form: "vitality_min", "vitality_max".
RANGE_FIELDS = {
    f"{keyword.name}_{end}": (f"{keyword.form_range[0]} {label}", keyword.form_range[1], keyword.form_range[2])
    for keyword in RANGE_TERMS if keyword.form_range for end, label in (("min", "from"), ("max", "to"))
}  # fmt: skip


class AdvancedSearchForm(forms.Form):
    """Every part of the query language as a plain form field; the view turns it into query text."""

    words = forms.CharField(required=False, label="Words in the name, summary or abilities")
    phrase = forms.CharField(required=False, label="Exact phrase")
    name = forms.CharField(required=False, label="Whole name (end with * for a prefix)")
    type = forms.ChoiceField(required=False, label="Type")
    border = forms.ChoiceField(required=False, label="Border")
    set = forms.ChoiceField(required=False, label="Set")
    card_class = forms.ChoiceField(required=False, label="Class")
    bribe = forms.ChoiceField(required=False, label="Bribery icon")
    rarity = forms.ChoiceField(required=False, label="Rarity")
    size = forms.ChoiceField(required=False, label="Size")
    immune = forms.CharField(required=False, label="Immune to (fire, fear, aoe, a class...)")
    attack = forms.CharField(required=False, label="Attack type (fire, fear, methane, aoe, ranged...)")
    is_flying = forms.ChoiceField(required=False, label="Flying", choices=ANY_YES_NO)
    is_command = forms.ChoiceField(required=False, label="Command ability", choices=ANY_YES_NO)
    is_unbribeable = forms.ChoiceField(required=False, label="Unbribeable creature", choices=ANY_YES_NO)
    is_channeler = forms.ChoiceField(required=False, label="Channeller (gives CMP)", choices=ANY_YES_NO)
    is_receiver = forms.ChoiceField(required=False, label="Receives channelling", choices=ANY_YES_NO)
    is_automated = forms.ChoiceField(required=False, label="Automated by the combat engine", choices=ANY_YES_NO)
    is_starter = forms.ChoiceField(required=False, label="Sold only in starter decks", choices=ANY_YES_NO)
    is_unverified = forms.ChoiceField(required=False, label="Known only from a fan page", choices=ANY_YES_NO)
    order = forms.ChoiceField(required=False, label="Sort by")
    direction = forms.ChoiceField(required=False, label="Direction",
                                  choices=(("", "Ascending"), ("desc", "Descending")))  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from cards.choices import Border, Bribery, CardType, Size
        from cards.models import CardClass, CardSet
        from cards.search.keywords import RARITY_SPELLINGS, SORT_KEYS

        super().__init__(*args, **kwargs)
        for name, (label, lowest, highest) in RANGE_FIELDS.items():
            self.fields[name] = forms.IntegerField(required=False, label=label, min_value=lowest, max_value=highest)
        any_choice = [("", "Any")]
        choices: dict[str, list[tuple[str, str]]] = {
            "type": any_choice + list(CardType.choices),
            "border": any_choice + list(Border.choices),
            "set": any_choice + [(s.code.lower(), f"{s.name} ({s.code})") for s in CardSet.objects.all()],
            "card_class": any_choice + [(c.name, c.name) for c in CardClass.objects.all()],
            "bribe": any_choice + list(Bribery.choices) + [("none", "None (unbribeable creature)")],
            "rarity": any_choice
            + [(value, value.capitalize()) for value in ("common", "uncommon", "rare")]
            + [(value, value.upper()) for value, _ in RARITY_SPELLINGS if value[-1].isdigit()],
            "size": any_choice + list(Size.choices),
            "order": [("", "Name")] + [(key, key.capitalize()) for key in SORT_KEYS if key != "name"],
        }
        for name, field_choices in choices.items():
            self.fields[name].choices = field_choices  # type: ignore[attr-defined]

    GROUPS = (
        ("Text", ("words", "phrase", "name")),
        ("Kind of card", ("type", "border", "set", "card_class", "bribe", "rarity", "size", "immune",
                          "attack")),
        ("Numbers", tuple(RANGE_FIELDS)),
        ("Properties", ("is_flying", "is_command", "is_unbribeable", "is_channeler", "is_receiver", "is_automated",
                        "is_starter", "is_unverified")),
        ("Order", ("order", "direction")),
    )  # fmt: skip

    def groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [(legend, [self[name] for name in names]) for legend, names in self.GROUPS]
