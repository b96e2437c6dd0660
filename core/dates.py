"""The site's one way of writing a date: "7 December 2026", "July 2008" or "1996" when only that much is known.

Pages pass every date through the ``site_date`` template filter (core/templatetags/site_dates.py),
so a day read from a ruling's source, a rules version or a data change looks the same everywhere."""

from __future__ import annotations

import datetime

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")  # fmt: skip


def site_date(value: object) -> str:
    """A date, a datetime or a partial ISO date ("1996", "2008-07", "2015-03-24") in the site's words;
    "" for nothing, and a text that is not a date as it is (better shown than lost)."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime.date):  # a datetime is a date too: its day is what is shown
        return f"{value.day} {MONTHS[value.month - 1]} {value.year}"
    text = str(value).strip()
    parts = text[:10].split("-")
    if not all(part.isdigit() for part in parts) or len(parts) > 3 or len(parts[0]) != 4:
        return text
    numbers = [int(part) for part in parts]
    if len(numbers) > 1 and not 1 <= numbers[1] <= 12:
        return text
    if len(numbers) == 1:
        return str(numbers[0])
    if len(numbers) == 2:
        return f"{MONTHS[numbers[1] - 1]} {numbers[0]}"
    return f"{numbers[2]} {MONTHS[numbers[1] - 1]} {numbers[0]}"
