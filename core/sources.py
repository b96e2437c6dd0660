"""Where a ruling, card or worked example comes from, as a reader can cite it: a name, a link and a date.

The fixtures name their sources by seed file (``000_0d6fc4f132d18c2f.txt``) or URL. This module
turns each into what a judge can quote, using ``fixtures/rulings/sources.json``, which says for
every known source what it is, where to read it and what is known of its date. Dates are kept as
precise as the source allows ("1996", "2008-07", "2015-03-24"); an unknown date is "" and its
``date_note`` says so. Nothing here invents a date: blog posts are dated by the month in their
address, blog comments by the time stamp in theirs.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from django.conf import settings

from core.dates import site_date

SEED_PREFIX = "seed "
POST_PATH = re.compile(r"^/(?P<year>\d{4})/(?:(?P<month>\d{2})/)?(?P<slug>[^/]*?)(?:\.html)?$")
PARTIAL_DATE = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$")


class UnknownSource(ValueError):
    """A source that sources.json does not describe (only URLs can do without a description)."""


@dataclass(frozen=True)
class Source:
    key: str
    name: str
    url: str
    authority: str
    date: str  # "", "1996", "2008-07" or "2015-03-24"
    date_note: str

    @property
    def date_display(self) -> str:
        return display_date(self.date)

    @property
    def is_external(self) -> bool:
        return self.url.startswith("http")

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "url": self.url, "authority": self.authority, "date": self.date,
                "date_note": self.date_note}  # fmt: skip


def display_date(value: str) -> str:
    """"1996", "July 2008", "24 March 2015"; "" for an unknown date (the site's one format)."""
    return site_date(value)


def is_partial_date(value: str) -> bool:
    if not PARTIAL_DATE.match(value):
        return False
    try:
        datetime.strptime(value + "-01-01"[len(value) - 4 :], "%Y-%m-%d")
    except ValueError:
        return False
    return True


@lru_cache(maxsize=4)
def _registry(path: Path) -> tuple[dict[str, str | bool], ...]:
    return tuple(json.loads(path.read_text(encoding="utf-8")))


def registry_path() -> Path:
    return Path(settings.FIXTURES_DIR) / "rulings" / "sources.json"


def readable_sources(keys: list[str]) -> list[Source]:
    """A card's, set's or example's sources as names with links and dates (never a bare file name)."""
    return [describe(key) for key in keys]


def describe(key: str) -> Source:
    """The readable source behind a fixture's source string; raises UnknownSource for an unknown seed file."""
    raw = key.strip()
    # Card and example fixtures write "seed 000_...txt, Combat Examples, Example 1".
    where = ""
    if raw.startswith(SEED_PREFIX):
        raw = raw[len(SEED_PREFIX) :]
        raw, _, where = raw.partition(", ")
    for entry in _registry(registry_path()):
        match = str(entry["match"])
        if raw == match or (entry.get("prefix") and raw.startswith(match)):
            return _described(key, raw, entry, where)
    if raw.startswith(("http://", "https://")):
        host = urlparse(raw).netloc
        return Source(key, f"Page on {host}", raw, "community", "", "The page carries no date known here.")
    raise UnknownSource(f"unknown source {key!r}: describe it in fixtures/rulings/sources.json")


def _described(key: str, raw: str, entry: dict[str, str | bool], where: str) -> Source:
    name = str(entry["name"])
    url = str(entry.get("url") or raw)
    date, note = str(entry["date"]), str(entry["date_note"])
    if date == "from-url":
        date, name, note = _from_post_address(raw, name, note)
    if where:
        name = f"{name}, {where}"
    return Source(key, name, url, str(entry["authority"]), date, note)


def _from_post_address(url: str, host: str, note: str) -> tuple[str, str, str]:
    """A blog post's month (and title) from its address; a comment's day from its time stamp."""
    parsed = urlparse(url)
    match = POST_PATH.match(parsed.path)
    if not match:
        return "", host, "The page carries no date known here."
    date = match["year"] + (f"-{match['month']}" if match["month"] else "")
    slug = match["slug"]
    title = slug.replace("-", " ").capitalize() if slug else ""
    name = f"“{title}” on {host}" if title else f"Posts of {display_date(date)} on {host}"
    if not slug:
        note = "The archive page of that month." if match["month"] else "The archive page of that year."
    comment = parse_qs(parsed.query).get("showComment")
    if comment and comment[0].isdigit():
        stamp = datetime.fromtimestamp(int(comment[0]) / 1000, tz=UTC)
        return stamp.strftime("%Y-%m-%d"), f"A comment on {name}", "The day of the comment, from its time stamp."
    return date, name, note


# Which sources speak with a ruling's authority: its date is theirs.
AUTHORITY_SOURCES = {"faq-1996": ("faq-1996",), "compiled-rules": ("compiled-rules",), "community": ("community", "card-data")}


def ruling_date(authority: str, source_keys: list[str], own_date: str) -> tuple[str, str]:
    """A ruling's date and how it is known: the site's own rulings the day they were made; the others the
    date of the source that gives them their authority (the earliest, if several are dated)."""
    if authority == "site":
        return own_date, "The day this site made the ruling."
    sources = [describe(key) for key in source_keys]
    backing = [source for source in sources if source.authority in AUTHORITY_SOURCES.get(authority, ())]
    dated = sorted((source for source in backing if source.date), key=lambda source: source.date)
    if dated:
        first = dated[0]
        return first.date, f"The date of {first.name}: {first.date_note[0].lower()}{first.date_note[1:]}"
    if backing:
        return "", f"Date unknown. {backing[0].date_note}"
    return "", "Date unknown: no source of this ruling is dated."
