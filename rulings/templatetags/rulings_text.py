"""Ruling codes in plain text as links to the ruling: a code shown to a reader is the name of a ruling
he can open, never a bare id (issue #32, "what users see is words")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rulings.models import Ruling

register = template.Library()
RULING_CODE = re.compile(r"(?<![\w-])([RAE]-\d{2,3})(?![\w-])")


@register.filter
def ruling_links(text: object) -> SafeString:
    """Escaped text whose ruling codes ("site ruling A-13", "erratum E-03") link to their rulings."""
    escaped = str(escape(text))
    codes = set(RULING_CODE.findall(escaped))
    if not codes:
        return mark_safe(escaped)  # noqa: S308 - escaped above
    known = set(Ruling.objects.filter(code__in=codes).values_list("code", flat=True))

    def link(match: re.Match[str]) -> str:
        code = match[1]
        return f'<a href="{reverse("rulings:ruling", kwargs={"code": code})}">{code}</a>' if code in known else code

    return mark_safe(RULING_CODE.sub(link, escaped))  # noqa: S308 - the text was escaped, the links are ours


DOTTED_CODE = re.compile(r"\b([a-z]+(?:_[a-z]+)*\.[a-z]+_[a-z_]+)\b")


@register.filter
def codes_as_code(text: object) -> SafeString:
    """Escaped text with each dotted code ("arena.target_ignored") set as <code>: for the documentation pages
    that name codes for API users, so that they read as identifiers, not as prose."""
    return mark_safe(DOTTED_CODE.sub(r"<code>\1</code>", str(escape(text))))  # noqa: S308 - escaped first


@register.filter
def entry_for(table: Mapping[str, Any] | None, key: str) -> Any:
    """A mapping's entry for a key, or None: a card page's scenario for one of its rulings (issue #32)."""
    return (table or {}).get(key)
