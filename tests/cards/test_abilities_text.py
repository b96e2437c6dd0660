"""Card pages and the API show each card's structured abilities in plain words, and its status."""

from __future__ import annotations

import pytest

from cards.abilities import describe_abilities
from cards.models import Card

pytestmark = pytest.mark.django_db


def test_every_card_ability_reads_as_plain_words() -> None:
    for card in Card.objects.all():
        for text in describe_abilities(card.abilities):
            assert "unreadable" not in text, (card.slug, text)
            assert text.endswith(".") or text.endswith(")"), (card.slug, text)


def test_card_page_shows_abilities_and_status(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/cards/sand-lord/").content.decode()
    assert "-6 Vitality when the fight is in Woods." in html
    assert "+6 Vitality when the fight is in Dry Heaps." in html
    assert "Automated" in html or "automated" in html


def test_api_gives_abilities_in_plain_words(client) -> None:  # type: ignore[no-untyped-def]
    data = client.get("/api/v1/cards/super-model/").json()
    assert data["abilities"] == [{"kind": "destroys", "target": {"bribeable_by": "babes"}}]
    assert data["abilities_text"] == ["Destroys creatures bribeable by Babes it meets, before any other effect."]
    assert data["automation"]["status"] == "automated"
