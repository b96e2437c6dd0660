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


@pytest.mark.parametrize(("code", "card", "name", "ruling"), [("R-079", "archer", "Archer", "A-06"),
                                                          ("E-07", "merchant", "Merchant", "A-13")])
def test_a_ruling_names_in_its_answer_the_card_its_source_gave_it_for(
    client: Client, code: str, card: str, name: str, ruling: str
) -> None:
    # R-079 listed the Archer (the compiled rules offer it as the Wraith's other help against the Ice Spirit) and
    # E-07 the Merchant (the passage where the Sorcerer fights as a primary attacker) without a word about them,
    # so each card's page showed a ruling that never said why it was there.
    html = client.get(f"/rulings/{code}/").content.decode()
    start = html.index('<p class="answer">')
    answer = html[start : html.index("</p>", start)]
    assert f'href="/cards/{card}/"' in answer and f'href="/rulings/{ruling}/"' in answer
    assert name in client.get(f"/api/v1/rulings/{code}/").json()["answer"]
