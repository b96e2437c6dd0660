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


def test_a_ruling_that_lists_the_archer_names_it_in_its_answer(client: Client) -> None:
    # R-079 listed the Archer (the compiled rules offer it as the Wraith's other help against the Ice Spirit)
    # without a word about it, so the Archer's page showed a ruling that never said why it was there.
    html = client.get("/rulings/R-079/").content.decode()
    start = html.index('<p class="answer">')
    answer = html[start : html.index("</p>", start)]
    assert 'href="/cards/archer/"' in answer and 'href="/rulings/A-06/"' in answer
    assert "Archer" in client.get("/api/v1/rulings/R-079/").json()["answer"]
