"""Name suggestions leave out the cards known only from fan pages (the Mud Castle parts), as the card list,
search and site search do, unless the request asks for them."""

from __future__ import annotations

import pytest
from django.test import Client

from cards.models import Card

pytestmark = pytest.mark.django_db


def _names(client: Client, url: str, **params: str) -> list[str]:
    response = client.get(url, params)
    assert response.status_code == 200, response.content
    return [item.get("name") or item.get("value") for item in response.json()["results"]]


def test_unverified_cards_are_suggested_only_when_asked(client: Client) -> None:
    unverified = set(Card.objects.unverified().values_list("name", flat=True))
    assert len(unverified) == 3 and all(name.startswith("Mud Castle") for name in unverified)
    suggested = _names(client, "/api/v1/cards/autocomplete/", q="mud")
    assert suggested == ["Mud Elemental"]  # still a printed card starting so
    assert set(_names(client, "/api/v1/cards/autocomplete/", q="mud", include="unverified")) == unverified | {"Mud Elemental"}
    assert _names(client, "/api/v1/cards/autocomplete/", q="castle") == []
    assert set(_names(client, "/api/v1/cards/autocomplete/", q="castle", include="unverified")) == unverified
    bad = client.get("/api/v1/cards/autocomplete/", {"q": "mud", "include": "everything"})
    assert bad.status_code == 400 and "include" in bad.content.decode()


def test_the_site_search_box_does_not_suggest_them(client: Client) -> None:
    body = client.get("/api/v1/search/suggest/", {"q": "mud"}).json()
    labels = " ".join(str(item) for item in body["results"])
    assert "Mud Elemental" in labels and "Mud Castle" not in labels
