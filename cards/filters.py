"""The one filter definition behind the HTML spoiler list and the cards API.

Every filter is strict: a value outside its choices is an error naming the parameter, which the
API turns into a 400 and the HTML list shows next to the field.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

import django_filters
from django import forms
from drf_spectacular.utils import extend_schema_field

from cards.choices import Border, Bribery, CardType, Size
from cards.models import Card, CardClass, CardSet
from cards.querysets import CardQuerySet
from cards.search.budget import Budget
from cards.search.execute import asks_for_unverified
from cards.search.forms import SearchFilter
from cards.search.results import SearchResults, SortedByDatabase, as_queryset
from cards.search.service import SearchOutcome, bitmap_order, found_cards, narrowed, prepare
from cards.search.understand import Understood
from core.widgets import PlainSelect

YES_NO = (("true", "Yes"), ("false", "No"))
RARITY_CHOICES = (("common", "Common"), ("uncommon", "Uncommon"), ("rare", "Rare"))
INCLUDE_CHOICES = (("unverified", "Also cards known only from fan pages"),)

SORT_CHOICES = (
    ("name", "Name (A-Z)"),
    ("-name", "Name (Z-A)"),
    ("vitality", "Vitality (low first)"),
    ("-vitality", "Vitality (high first)"),
    ("set", "Set (oldest first)"),
    ("-set", "Set (newest first)"),
)


class YesNoFilter(django_filters.ChoiceFilter):
    """A yes/no filter that rejects anything but "true" or "false" (a BooleanFilter ignores junk)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("choices", YES_NO)
        kwargs.setdefault("empty_label", "Any")
        super().__init__(*args, **kwargs)


@extend_schema_field({"type": "number", "maximum": 1e50})
class VitalityFilter(django_filters.NumberFilter):
    """A Vitality bound: any decimal number up to django-filter's cap of 1e50, stated so in the schema rather
    than as an integer, since links with a decimal have always worked. The database reads a decimal bound as
    its whole part (4.5 is 4), as it always has."""


def _yes_no(method_name: str) -> Callable[[CardQuerySet, str, str], CardQuerySet]:
    """Filter method that calls a queryset method with the chosen yes/no as its argument."""

    def apply(queryset: CardQuerySet, name: str, value: str) -> CardQuerySet:
        return getattr(queryset, method_name)(value == "true")

    return apply


class CardFilterSet(django_filters.FilterSet):
    q = SearchFilter(label="Search", method="filter_search")
    set = django_filters.ModelChoiceFilter(
        label="Set",
        queryset=CardSet.objects.all(),
        to_field_name="code",
        method="filter_set",
        empty_label="Any set",
        error_messages={"invalid_choice": "No set with code %(value)r; /api/v1/sets/ lists the codes (RE, DN, ...)."},
    )
    type = django_filters.ChoiceFilter(
        label="Type", choices=CardType.choices, field_name="card_type", empty_label="Any type"
    )
    border = django_filters.ChoiceFilter(label="Border", choices=Border.choices, empty_label="Any border")
    bribery = django_filters.ChoiceFilter(
        label="Bribery icon", choices=Bribery.choices, method="filter_bribery", empty_label="Any"
    )
    rarity = django_filters.ChoiceFilter(
        label="Rarity", choices=RARITY_CHOICES, method="filter_rarity", empty_label="Any rarity"
    )
    starter = YesNoFilter(label="Starter decks only", method=_yes_no("starter_only"))
    size = django_filters.ChoiceFilter(label="Size", choices=Size.choices, empty_label="Any size")
    vitality_min = VitalityFilter(label="Vitality from", field_name="vitality", lookup_expr="gte")
    vitality_max = VitalityFilter(label="Vitality to", field_name="vitality", lookup_expr="lte")
    flying = YesNoFilter(label="Flying", method=_yes_no("flying"))
    ranged_attack = YesNoFilter(label="Ranged attack", method=_yes_no("with_ranged_attack"))
    command = YesNoFilter(label="Command ability", method=_yes_no("with_command"))
    receives_channeling = YesNoFilter(label="Can receive channelling", method=_yes_no("receiving_channeling"))
    channeller = YesNoFilter(label="Channeller (gives CMP)", method=_yes_no("channellers"))
    sort = django_filters.ChoiceFilter(label="Sort by", choices=SORT_CHOICES, method="sort_cards", empty_label=None)
    include = django_filters.ChoiceFilter(
        label="Unverified cards", choices=INCLUDE_CHOICES, method="include_cards", empty_label="Printed cards only"
    )

    class Meta:
        model = Card
        fields: list[str] = []

    # Set while the queryset is filtered: what the search understood, for warnings and highlighting.
    search_outcome: SearchOutcome | None = None

    @cached_property
    def budget(self) -> Budget:
        """The request's one search budget: the search, its unscoped count and its did-you-mean share it."""
        return Budget()

    def filter_search(self, queryset: CardQuerySet, name: str, value: Understood) -> CardQuerySet:
        return narrowed(queryset, self._search_outcome(value))  # type: ignore[no-any-return]

    def _search_outcome(self, understood: Understood) -> SearchOutcome:
        """The query's answer, prepared once per request whichever way the list is then read."""
        if self.search_outcome is None:
            self.search_outcome = prepare(understood, printed_only=self.printed_only, budget=self.budget)
        return self.search_outcome

    def filter_rarity(self, queryset: CardQuerySet, name: str, value: str) -> CardQuerySet:
        return queryset.of_rarity(value)

    def include_cards(self, queryset: CardQuerySet, name: str, value: str) -> CardQuerySet:
        return queryset  # read by ``printed_only``; the cards are left out (or not) there

    @cached_property
    def printed_only(self) -> bool:
        """Unverified cards (known only from fan pages) are left out unless the request names them:
        ``include=unverified``, an unverified set, or ``is:unverified`` / ``set:`` in the query."""
        data = self.form.cleaned_data if self.is_bound and self.form.is_valid() else {}
        if data.get("include") == "unverified":
            return False
        chosen_set = data.get("set")
        if chosen_set is not None and chosen_set.is_unverified:
            return False
        query = data.get("q")
        if query is not None and asks_for_unverified(query.tree, CardSet.objects.unverified_codes):
            return False
        return True

    def unverified_hidden(self) -> int:
        """How many cards known only from fan pages this request would show if it asked for them."""
        if not self.printed_only or not self.is_valid():
            return 0
        data = self.form.cleaned_data
        if data.get("q") is not None and not self._narrowing():
            # Only the query narrows the list: its answer before the fan-page cards were left out says it.
            outcome = self.search_outcome
            loose = outcome is not None and outcome.loose_name is not None
            matches = outcome.everything if outcome is not None else None
            if matches is None and not loose:
                matches = prepare(data["q"], printed_only=False, budget=self.budget).plan.matches
            if matches is not None and not loose:
                return (matches.bits & matches.facets.keyword("is", ("unverified",))).bit_count()
        widened = self.data.copy() if hasattr(self.data, "copy") else dict(self.data)
        widened["include"] = "unverified"
        everything = type(self)(widened, queryset=self.queryset)
        return as_queryset(everything.qs).unverified().count() if everything.is_valid() else 0

    def filter_set(self, queryset: CardQuerySet, name: str, value: CardSet) -> CardQuerySet:
        return queryset.printed_in(value)

    def filter_bribery(self, queryset: CardQuerySet, name: str, value: str) -> CardQuerySet:
        return queryset.bribeable_by(value)

    def filter_class(self, queryset: CardQuerySet, name: str, value: CardClass) -> CardQuerySet:
        return queryset.in_class(value)

    def sort_cards(self, queryset: CardQuerySet, name: str, value: str) -> CardQuerySet:
        return queryset.sorted_by(value)

    @property
    def qs(self) -> CardQuerySet | SearchResults | SortedByDatabase:
        """The matching cards: a search only sorted by name is counted and paged from the index's bitmap
        (``SearchResults``); anything else is a queryset the database answers."""
        if getattr(self, "_found", None) is None:
            found = self._from_bitmap()  # (An empty answer is falsy: compared with None, not by truth.)
            self._found = found if found is not None else self._as_queryset()
        return self._found

    def _as_queryset(self) -> CardQuerySet:
        queryset: CardQuerySet = super().qs
        if self.printed_only and not (self.is_bound and self.form.cleaned_data.get("q")):
            queryset = queryset.printed()
        search_order = self.search_outcome.plan.ordering if self.search_outcome else None
        if search_order:
            # order: and dir: typed in the query win over the sort menu, which always sends a value.
            queryset = queryset.order_by(*search_order)
        # Sorting by name is the default, also when the sort parameter is absent.
        elif not (self.is_bound and self.form.is_valid() and self.form.cleaned_data.get("sort")):
            queryset = queryset.sorted_by("name")
        return queryset

    def _from_bitmap(self) -> SearchResults | SortedByDatabase | None:
        """The search's answer as the bitmap holds it, when only the query narrows the list and its order is
        the list order or its reverse; None otherwise."""
        if not (self.is_bound and self.form.is_valid()):
            return None
        data = self.form.cleaned_data
        understood = data.get("q")
        if understood is None or self._narrowing():
            return None
        # Only the query narrows the list: no other filter needs to run (and no queryset need be built).
        outcome = self._search_outcome(understood)
        found = found_cards(self.queryset, outcome, bitmap_order(understood, data.get("sort") or "name"))
        if found is None and outcome.plan.matches is not None:
            # Sorted by the database (by Vitality, by set), but still counted from the bitmap.
            return SortedByDatabase(outcome.plan.matches, self.queryset, self._as_queryset())
        return found

    def _narrowing(self) -> list[str]:
        """The filters other than the query that narrow the list (the sort and the scope do not)."""
        data = self.form.cleaned_data
        return [name for name, value in data.items() if value not in (None, "") and name not in ("q", "sort", "include")]


def _add_class_filter() -> None:
    """Add the "class" filter after "bribery"; "class" is a keyword, so it cannot be declared above."""
    class_filter = django_filters.ModelChoiceFilter(
        label="Class",
        queryset=CardClass.objects.all(),
        to_field_name="slug",
        method="filter_class",
        empty_label="Any class",
        error_messages={"invalid_choice": "No creature class %(value)r; the Class menu of /cards/ lists them."},
    )
    ordered = {}
    for name, existing in CardFilterSet.base_filters.items():
        ordered[name] = existing
        if name == "bribery":
            ordered["class"] = class_filter
    CardFilterSet.base_filters = ordered


_add_class_filter()


def _plain_selects() -> None:
    """Every menu of the form renders through PlainSelect (the same HTML, without a template per option)."""
    for item in CardFilterSet.base_filters.values():
        if issubclass(item.field_class, forms.ChoiceField):
            item.extra.setdefault("widget", PlainSelect)


_plain_selects()
