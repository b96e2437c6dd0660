"""A ruling revised after publication says so beside its date, on its own page and on each card's page.

The first rulings revised (R-079 naming its Archer, E-07 its Merchant) carried one change entry, and the
date line counted entries: one entry was taken for the publication record, so the card pages hid the revision.
"""

from __future__ import annotations

import pytest
from django.test import Client

from rulings.models import Ruling

PUBLISHED = {"date": "2026-11-21", "change": "Published with the harvested answer corrected."}
REVISED = {"date": "2026-11-26", "change": "The answer now names the Archer."}


@pytest.mark.parametrize(
    ("status", "changes", "expected"),
    [
        ("current", [], ""),
        ("current", [PUBLISHED], ""),
        ("current", [REVISED], "2026-11-26"),
        ("current", [PUBLISHED, REVISED], "2026-11-26"),
        ("superseded", [PUBLISHED], "2026-11-21"),
    ],
)
def test_only_changes_after_publication_are_revisions(
    status: str, changes: list[dict[str, str]], expected: str
) -> None:
    assert Ruling(code="R-999", status=status, changes=changes).last_revised == expected


@pytest.mark.django_db
def test_a_card_page_shows_when_its_ruling_was_revised(client: Client) -> None:
    html = client.get("/cards/archer/").content.decode()
    start = html.index('id="card-ruling-R-079"')
    entry = html[start : html.index("</article>", start)]
    assert "revised 26 November 2026" in entry  # the site's one date format
    assert "(revised 26 November 2026)" in client.get("/rulings/?q=Archer").content.decode()
