"""Card and set addresses in any letter case, and a set by its code, lead to the one canonical page, as ruling
ids already do (/rulings/r-001/ -> /rulings/R-001/); the API finds them the same way and says what it could
not find in the words the set endpoint uses."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

REDIRECTS = {
    "/cards/ARCHER/": "/cards/archer/",
    "/cards/Sand-Lord/": "/cards/sand-lord/",
    "/sets/PROMOS/": "/sets/promos/",
    "/sets/PR/": "/sets/promos/",
    "/sets/dn/": "/sets/drifters-nexus/",
}


@pytest.mark.parametrize(("asked", "canonical"), REDIRECTS.items(), ids=REDIRECTS.keys())
def test_other_forms_of_an_address_redirect_to_the_canonical_page(client: Client, asked: str, canonical: str) -> None:
    response = client.get(asked)
    assert response.status_code == 301 and response["Location"] == canonical
    assert client.get(canonical).status_code == 200


def test_missing_cards_and_sets_are_still_404(client: Client) -> None:
    assert client.get("/cards/NO-SUCH-CARD/", follow=True).status_code == 404
    assert client.get("/sets/ZZ/").status_code == 404


def test_the_api_finds_a_card_in_any_case_and_names_a_missing_slug(client: Client) -> None:
    assert client.get("/api/v1/cards/ARCHER/").json()["slug"] == "archer"
    missing = client.get("/api/v1/cards/no-such-card/")
    assert missing.status_code == 404
    assert missing.json()["error"]["message"] == "No card with slug 'no-such-card'."
