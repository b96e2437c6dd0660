"""A card's rulings, shown on its page, link the other cards and terms they name but not the card itself:
the Archer's page linked "Archer" in its rulings back to the page being read."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_cards_rulings_do_not_link_to_the_card_itself(client: Client) -> None:
    html = client.get("/cards/archer/").content.decode()
    start = html.index('<section class="card-rulings"')
    rulings = html[start : html.index("</section>", start)]
    assert "Archer" in rulings and 'href="/cards/swordsman/"' in rulings
    assert 'href="/cards/archer/"' not in rulings


def test_the_same_ruling_links_the_card_from_the_rulings_list(client: Client) -> None:
    html = client.get("/rulings/E-06/").content.decode()
    assert 'href="/cards/archer/"' in html
