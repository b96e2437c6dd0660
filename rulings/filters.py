"""The one filter definition behind the HTML rulings list and the rulings API.

Every filter is strict: an unknown card, rule, topic or choice is an error naming the parameter,
which the API turns into a 400 and the HTML list shows next to the field.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms

from cards.models import Card
from rulings.choices import Authority, RulingKind, RulingStatus
from rulings.models import STANDARD, RuleEntry, Ruling, Topic
from rulings.querysets import RulingQuerySet
from rulings.search import RulingWords, rulings_ranked


class RuleNumberField(forms.CharField):
    """A rule number as rulings cite it ("6.4.2", "6.5", "arena 6.3.2"), cleaned to its RuleEntry."""

    def clean(self, value: Any) -> RuleEntry | None:
        text = " ".join(str(super().clean(value) or "").split())
        if not text:
            return None
        ruleset, _, number = text.lower().partition(" ")
        if not number:
            ruleset, number = STANDARD, text
        entry = RuleEntry.objects.select_related("ruleset").filter(ruleset__slug=ruleset, number=number).first()
        if entry is None:
            # The typed text goes in params: the message is %-formatted later, and "%" may be in it.
            raise forms.ValidationError(
                "There is no rule numbered %(number)s.", code="unknown_rule", params={"number": repr(text)}
            )
        return entry


class RuleNumberFilter(django_filters.Filter):
    field_class = RuleNumberField


def card_named(text: str) -> Card | None:
    """A card by its slug or its name, in any letter case, as the card pages find one ("Wraith", "sand lord")."""
    wanted = " ".join(text.split())
    if not wanted:
        return None
    return (
        Card.objects.filter(slug=wanted.lower()).first()
        or Card.objects.filter(name__iexact=wanted).order_by("slug").first()
    )


class CardNameOrSlugField(forms.ModelChoiceField):  # type: ignore[type-arg]
    def to_python(self, value: Any) -> Card | None:
        if value in self.empty_values:
            return None
        card = card_named(str(value))
        if card is None:
            raise forms.ValidationError(self.error_messages["invalid_choice"], code="invalid_choice", params={"value": value})
        return card


class CardFilter(django_filters.ModelChoiceFilter):
    field_class = CardNameOrSlugField


class RulingFilterSet(django_filters.FilterSet):
    q = django_filters.CharFilter(
        label="Words in question or answer",
        method="filter_words",
        help_text='Searched like the rules search, best match first: "a phrase" as written, -word to leave out.',
    )
    card = CardFilter(
        label="Card",
        queryset=Card.objects.all(),
        to_field_name="slug",
        method="filter_card",
        empty_label="Any card",
        error_messages={"invalid_choice": "No card with name or slug %(value)r; /api/v1/cards/ gives each card's name and slug."},
    )
    rule = RuleNumberFilter(
        label="Rule number",
        method="filter_rule",
        help_text="Also finds rulings citing rules beneath it: 6.5 gives every bribery ruling.",
    )
    topic = django_filters.ModelChoiceFilter(
        label="Topic",
        queryset=Topic.objects.all(),
        to_field_name="slug",
        method="filter_topic",
        empty_label="Any topic",
        error_messages={"invalid_choice": "No ruling topic %(value)r; the Topic menu of /rulings/ lists them."},
    )
    authority = django_filters.ChoiceFilter(label="Authority", choices=Authority.choices, empty_label="Any authority")
    kind = django_filters.ChoiceFilter(label="Kind", choices=RulingKind.choices, empty_label="Any kind")
    status = django_filters.ChoiceFilter(label="Status", choices=RulingStatus.choices, empty_label="Any status")

    class Meta:
        model = Ruling
        fields: list[str] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.data = _with_card_slug(self.data)
        self.words_found: RulingWords | None = None  # set by filter_words when the list is filtered
        # Any card can be asked for, but the HTML menu only offers cards that have rulings.
        card_field = self.form.fields["card"]
        card_field.widget.choices = [("", "Any card")] + [
            (slug, name)
            for slug, name in Card.objects.filter(rulings__isnull=False).distinct().values_list("slug", "name")
        ]

    def filter_words(self, queryset: RulingQuerySet, name: str, value: str) -> RulingQuerySet:
        """Through the rules search's index (stems, phrases, exclusions, BM25 ranking), best match first."""
        found = self.words_found = rulings_ranked(value)
        if found is None:
            return queryset
        return queryset.exclude(pk__in=found.excluded) if found.excluded else queryset.in_rank_order(found.wanted)

    def filter_card(self, queryset: RulingQuerySet, name: str, value: Card) -> RulingQuerySet:
        return queryset.about_card(value)

    def filter_rule(self, queryset: RulingQuerySet, name: str, value: RuleEntry) -> RulingQuerySet:
        return queryset.citing(value)

    def filter_topic(self, queryset: RulingQuerySet, name: str, value: Topic) -> RulingQuerySet:
        return queryset.on_topic(value)


def _with_card_slug(data: Any) -> Any:
    """?card=Wraith reads as ?card=wraith, so the HTML menu shows the card it filters by (its options are slugs)."""
    asked = data.get("card") if data is not None else None
    card = card_named(asked) if isinstance(asked, str) else None
    if card is None or card.slug == asked:
        return data
    data = data.copy()
    data["card"] = card.slug
    return data
