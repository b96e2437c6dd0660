"""The rulings list's menus written in one pass: a template loop over a few hundred cards and topics cost
the page more than its rulings did (Django's per-option widget templates cost more still)."""

from __future__ import annotations

from django import template
from django.forms import BoundField
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def select_options(field: BoundField) -> SafeString:
    """Every choice of a menu as an <option>, the field's current value selected."""
    current = "" if field.value() is None else str(field.value())
    return format_html_join(
        "", "{}", ((_option(str(value), label, str(value) == current),) for value, label in field.field.widget.choices)
    )


def _option(value: str, label: object, selected: bool) -> SafeString:
    if selected:
        return format_html('<option value="{}" selected>{}</option>', value, label)
    return format_html('<option value="{}">{}</option>', value, label)
