"""Presentation helpers of the combat pages: icons on creature tiles and signed numbers."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.forms import BoundField
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from cards.templatetags.card_tags import BRIBERY_ICONS
from combat import stepping

register = template.Library()


@register.simple_tag
def bribe_icons(icons: Iterable[str]) -> SafeString:
    """Bribery icons drawn like the card pages draw them, each with a text alternative."""
    known = [icon for icon in icons if icon in BRIBERY_ICONS]
    if not known:
        return format_html('<span class="muted">{}</span>', "no bribery icon")
    return format_html_join(
        " ",
        '<span class="bribe bribe-{}" role="img" aria-label="Bribeable with {}" title="Bribeable with {}">{}</span>',
        ((icon, BRIBERY_ICONS[icon][1], BRIBERY_ICONS[icon][1], BRIBERY_ICONS[icon][0]) for icon in known),
    )


@register.filter
def plus(value: int | None) -> str:
    """+3, 0, -6: how a modifier reads in a combat."""
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


@register.filter
def fate_label(fate: str) -> str:
    return stepping.fate_label(fate)


@register.simple_tag
def choice_select(field: BoundField) -> SafeString:
    """A <select> for a choice field, drawn here in one pass: Django's widget renders each of the
    hundred shield options through its own template, which made the form page slow."""
    current = "" if field.value() is None else str(field.value())
    options = format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        (
            (value, mark_safe(" selected") if str(value) == current else "", label)
            for value, label in field.field.choices
        ),
    )
    described = f"{field.id_for_label}-help" if field.help_text else ""
    return format_html(
        '<select name="{}" id="{}"{}>{}</select>',
        field.html_name,
        field.id_for_label,
        format_html(' aria-describedby="{}"', described) if described else "",
        options,
    )
