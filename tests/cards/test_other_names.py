"""A card page's "also known as" names other names: the Tes Let page read "Also known as Tes Let, Tes let,
Leader with Foresight", a source's lower-case spelling of its own name whose comma blurred it with the
real short name. Each other name is quoted, so a comma inside one cannot split it."""

from __future__ import annotations

import pytest
from django.test import Client

from cards.models import Card

pytestmark = pytest.mark.django_db


def test_other_names_leave_out_the_name_in_other_capitals() -> None:
    card = Card(name="Tes Let, Leader with Foresight", aliases=["Tes Let", "Tes let, Leader with Foresight", "tes let"])
    assert card.other_names == ["Tes Let"]


def test_the_card_page_quotes_each_other_name(client: Client) -> None:
    html = client.get("/cards/tes-let-leader-with-foresight/").content.decode()
    assert "Also known as “Tes Let”." in html
