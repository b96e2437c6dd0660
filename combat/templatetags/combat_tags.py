"""Presentation helpers of the combat pages: icons on creature tiles and signed numbers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django import template
from django.forms import BoundField
from django.template import Context
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from cards.templatetags.card_tags import BRIBERY_ICONS
from combat import card_links, stepping
from combat.card_links import CardNames
from combat.glossary import glossary_urls
from combat.glossary import link as glossary_link
from combat.rule_refs import rule_refs
from engine.errors import Problem
from engine.log import Notice, Step

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
    # Point at the help and the errors the way Django's widgets do for text inputs (help first, then
    # {auto_id}_error, which _field.html puts round the errors), so a screen reader reads both.
    described = " ".join(
        ([f"{field.id_for_label}-help"] if field.help_text else [])
        + ([f"{field.auto_id}_error"] if field.errors else [])
    )
    return format_html(
        '<select name="{}" id="{}"{}{}>{}</select>',
        field.html_name,
        field.id_for_label,
        mark_safe(' aria-invalid="true"') if field.errors else "",
        format_html(' aria-describedby="{}"', described) if described else "",
        options,
    )


@register.filter
def as_list(value: object) -> str:
    """A card list typed one per line, as one comma-separated line for a hidden field."""
    if not value:
        return ""
    parts = [part.strip() for part in str(value).replace("\r", "").replace("\n", ",").split(",")]
    return ",".join(part for part in parts if part)


BOARD_FIELDS = (
    "command",
    "order",
    "ranged",
    "bribes",
    "spells",
    "channels",
    "secondaries",
    "rolls",
    "counts",
    "choices",
)


@register.simple_tag
def board_problems(forms: Any) -> SafeString:
    """The problems of the decisions the board writes, said beside the board, each with its side and field."""
    items = [
        (side.side_name.capitalize(), side.fields[name].label, error)
        for side in forms.sides
        for name in BOARD_FIELDS
        if name in side.errors
        for error in side.errors[name]
    ]
    if not items:
        return mark_safe("")
    return format_html(
        '<ul class="board-problems field-error" role="alert">{}</ul>',
        format_html_join("", "<li><strong>{} · {}:</strong> {}</li>", items),
    )


def _glossary_urls(context: Context) -> dict[str, str]:
    """The glossary's anchors, read once per page by the view (``glossary_urls`` in the context), or here."""
    urls = context.get("glossary_urls")
    return urls if urls is not None else glossary_urls()


@register.simple_tag(takes_context=True)
def glossary(context: Context, term: str, word: str = "") -> SafeString:
    """A game word linked to its glossary entry (``{% glossary "stacking number" "Stacking" %}``); plain text when the
    glossary lacks it."""
    found = glossary_link(term, _glossary_urls(context), word=word)
    if found is None:
        return format_html("{}", word or term)
    return format_html('<a class="term" href="{}">{}</a>', found.url, found.word)


@register.simple_tag(takes_context=True)
def glossary_url(context: Context, term: str) -> str:
    found = glossary_link(term, _glossary_urls(context))
    return found.url if found is not None else ""


@register.simple_tag(takes_context=True)
def field_glossary(context: Context, field: BoundField) -> SafeString:
    """'In the glossary: Guardian, CMP.' for a set-up field whose label is a game word a newcomer may not know."""
    from combat.setup_form import FIELD_GLOSSARY

    if field.form.prefix == "d" and field.name != "stronghold":  # only the defender has a stronghold
        # The defender's fields repeat the attacker's words just above: linked once, they cost a keyboard user
        # half the extra Tab stops.
        return mark_safe("")
    return glossary_words(context, FIELD_GLOSSARY.get(field.name, ()))


@register.simple_tag(takes_context=True)
def glossary_words(context: Context, terms: Iterable[tuple[str, str]]) -> SafeString:
    """'In the glossary: ...' for (term, as read) pairs: only the terms the glossary has, nothing when none."""
    urls = _glossary_urls(context)
    found = [glossary_link(term, urls, word=word) for term, word in terms]
    links = [(item.url, item.word) for item in found if item is not None]
    if not links:
        return mark_safe("")
    return format_html(
        '<span class="field-terms">In the glossary: {}.</span>',
        format_html_join(", ", '<a class="term" href="{}">{}</a>', links),
    )


@register.filter
def linked_step(step: Step, names: CardNames) -> SafeString:
    """A step's sentence with each card its values name linked to its card page (read from the values, not the words)."""
    return card_links.step_html(step, names)


@register.filter
def step_sentence(step: Step) -> SafeString:
    """A step's sentence as a reader gets it (no refusal code), without links: for a list whose items are links."""
    return card_links.step_html(step, {})


@register.filter
def linked_notice(notice: Notice, names: CardNames) -> SafeString:
    """A warning in words, with each card its values name linked and the numbered rule it applies (rule 11.4.2,
    linked); its code stays in the API: a reader is never shown it (issue #32)."""
    sentence = card_links.notice_html(notice, names)
    if not notice.rule:
        return sentence
    ref = rule_refs([notice.rule])[notice.rule]
    return format_html('{} (<a href="{}">{}</a>)', sentence, ref.url, ref.label.lower())


@register.filter
def rule_for(rules: dict[str, Any], code: str) -> Any:
    return rules.get(code)


@register.filter
def side_names(sides: Iterable[Any]) -> str:
    """Sides of the engine as words: "the attacker and the defender"."""
    words = [f"the {getattr(side, 'value', side)}" for side in sides]
    return " and ".join(words)


# A side's notation field as the engine names it in a problem's fields ("a", "a.bribe"), never read from its message.
_SIDE_FIELD = re.compile(r"^(?P<side>[ad])(?:\.(?P<key>[a-z-]+))?$")


@register.filter
def plain_problem(problem: Problem) -> str:
    """An engine problem in the form's words (``_plain_problem``), then how to fix it where the form knows."""
    from combat.setup_form import with_fix

    return with_fix(_plain_problem(problem), problem)


@register.filter
def distinct(problems: Iterable[Problem]) -> list[tuple[Problem, int]]:
    """Each distinct problem once, with how many times it was found (combat.setup_form.distinct_problems)."""
    from combat.setup_form import distinct_problems

    return distinct_problems(problems)


def _plain_problem(problem: Problem) -> str:
    """An engine problem with its notation field said in words: "a.bribe: ..." -> "Attacker, Bribes: ...".

    Read from the problem's fields (the clause or field it names, its detail, the shape it expects), so the
    engine may reword its messages without the page losing its labels."""
    from combat.running import catalog
    from combat.setup_form import FIELD_SYNTAX, SIDE_FIELD_LABELS, field_for_key, unknown_card_detail

    named = unknown_card_detail(problem, catalog())
    if named:
        said = f"{problem.field}: {named}" if problem.field else named
        problem = Problem(problem.code, said, problem.field, problem.card, named, problem.values)
    message = problem.message[:1].upper() + problem.message[1:]
    if problem.detail and problem.values.get("round"):
        return f"Match-up {problem.values['round']}, order of actions: {problem.detail}"
    found = _SIDE_FIELD.match(problem.values.get("clause") or problem.field)
    label = SIDE_FIELD_LABELS.get(found["key"] or "") if found else None
    if found is None or not label or not problem.detail:
        return message
    side = "Attacker" if found["side"] == "a" else "Defender"
    # A notation error shows the shape an entry should have; say what each part of it means too.
    syntax = FIELD_SYNTAX.get(field_for_key(found["key"] or "")) if problem.values.get("expected") else None
    return f"{side}, {label}: {problem.detail}" + (f". {syntax}" if syntax else "")
