"""Small presentation helpers for card pages: bribery icons and stat formatting."""

from __future__ import annotations

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe

from cards.abilities import describe_ability
from cards.models import Card

register = template.Library()

# Symbol drawn on the tile, and the words a screen reader (and a hover) gets instead.
BRIBERY_ICONS = {
    "babes": ("\u2665", "Babes"),
    "gold": ("\u25cf", "Gold"),
    "beer": ("\u25ae", "Beer"),
}


@register.simple_tag
def bribery_icons(card: Card) -> SafeString:
    """The card's bribery icons as symbols, each with a text alternative."""
    if not card.bribery:
        return mark_safe('<span class="muted">none</span>')
    return format_html_join(
        " ",
        '<span class="bribe bribe-{}" role="img" aria-label="Bribeable with {}" title="Bribeable with {}">{}</span>',
        ((kind, BRIBERY_ICONS[kind][1], BRIBERY_ICONS[kind][1], BRIBERY_ICONS[kind][0]) for kind in card.bribery),
    )


@register.filter
def ability_text(ability: object) -> str:
    """One structured ability in plain words, as the combat engine reads it."""
    return describe_ability(ability)


@register.filter
def signed(value: int | None) -> str:
    """A modifier as printed on Guardians: +1, 0, -1."""
    if value is None:
        return "\u2014"
    return f"+{value}" if value > 0 else str(value)


@register.filter
def dash_if_none(value: object) -> object:
    return "\u2014" if value is None or value == "" else value


@register.filter
def yes_no(value: bool | None) -> str:
    if value is None:
        return "\u2014"
    return "yes" if value else "no"
