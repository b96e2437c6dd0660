from __future__ import annotations

import re

from django import template

from core.dates import site_date as site_date_words

register = template.Library()
ISO_DAY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


@register.filter
def site_date(value: object) -> str:
    """Any date as the site writes dates: "7 December 2026" (core/dates.py)."""
    return site_date_words(value)


@register.filter
def dates_in_words(text: str) -> str:
    """A plain text with each full ISO date in it ("Version 1.1 (2026-11-26)") written the site's way."""
    return ISO_DAY.sub(lambda found: site_date_words(found.group(0)), str(text))
