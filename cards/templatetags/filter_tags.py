"""How many filters of a list page's form are in use, for the label of its folded filter panel."""

from __future__ import annotations

from django import forms, template

register = template.Library()

# Fields that order or shape the list rather than narrow it.
NOT_FILTERS = frozenset({"sort"})


@register.filter
def filters_in_use(form: forms.Form) -> int:
    return sum(1 for name in form.fields if name not in NOT_FILTERS and str(form.data.get(name, "")).strip())
