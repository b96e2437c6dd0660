"""The in-page references of an HTML page: every id it points to must be on it, and no id twice.

Shared by the site's and the combat pages' tests (tests/site/test_links_in_page.py,
tests/combat/test_links_in_page.py), which differ only in the pages they fetch.
"""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser

REFERRING = ("for", "aria-describedby", "aria-labelledby", "aria-controls", "aria-owns", "list")


class _References(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.references: list[tuple[str, str, str]] = []  # (tag, attribute, id)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id":
                self.ids.append(value)
            elif name in REFERRING:
                self.references.extend((tag, name, target) for target in value.split())
            elif name == "href" and value.startswith("#") and len(value) > 1:
                self.references.append((tag, name, value[1:]))


def id_problems(html: str) -> tuple[list[str], list[tuple[str, str, str]]]:
    """(ids given more than once, references whose id is not on the page); both empty on a sound page."""
    found = _References()
    found.feed(html)
    present = set(found.ids)
    repeated = [name for name, count in Counter(found.ids).items() if count > 1]
    return repeated, [ref for ref in found.references if ref[2] not in present]
