"""Issue 31 item 8: a card settled as automated or out of scope says so, with the same reason, on its page and in
the API (the reason is the fixture's own words)."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from engine import default_catalog

pytestmark = pytest.mark.django_db

SETTLED = [
    ("gift-of-osirus", "out_of_scope", "Outside the combat engine"),
    ("cheesy-con-souvenir-tweezle", "out_of_scope", "Outside the combat engine"),
    ("alarm-bells", "out_of_scope", "Outside the combat engine"),
    ("secret-catacombs", "out_of_scope", "Outside the combat engine"),
    ("40-000-useless-warhammers", "automated", "Automated"),
    ("pirate-log-platform", "automated", "Automated"),
    ("summon-loghammers-sapper", "automated", "Automated"),
    ("obelisk-of-bablos", "automated", "Automated"),
    ("tablet-of-ancathus", "automated", "Automated"),
    ("harkin-spreader-of-the-wealth", "automated", "Automated"),
    ("wizards-tower", "automated", "Automated"),
    ("shield-terrain-ploogs-ox", "automated", "Automated"),
]


@pytest.mark.parametrize(("slug", "status", "label"), SETTLED)
def test_the_card_page_and_the_api_give_the_same_status_and_reason(
    client: Client, slug: str, status: str, label: str
) -> None:
    reason = default_catalog().get(slug).automation_reason
    detail = client.get(f"/api/v1/cards/{slug}/").json()
    assert detail["automation"] == {"status": status, "reason": reason}
    page = html.unescape(client.get(f"/cards/{slug}/").content.decode())
    assert f"badge-{status}" in page and label in page
    assert reason in page
