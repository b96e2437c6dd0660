"""The corrected query a search offers keeps the filters and view the visitor chose: following it from a
filtered table must not land on every card as tiles, or drop the set they were looking in."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tests.search.conftest import _search_index, search_index_dir

pytestmark = pytest.mark.django_db
__all__ = ["_search_index", "search_index_dir"]  # fixtures: did-you-mean reads the index's words


def test_did_you_mean_keeps_the_other_filters(client: Client) -> None:
    page = client.get("/cards/", {"q": "drgon", "type": "creature", "view": "tiles", "page": "2"}).content.decode()
    found = re.search(r'Did you mean <a href="([^"]+)">dragon</a>', page)
    assert found, "no corrected query offered"
    link = html.unescape(found.group(1))
    assert "q=dragon" in link and "type=creature" in link and "view=tiles" in link and "page=" not in link
    assert client.get(link).status_code == 200


def test_a_random_card_is_offered_only_when_something_matched(client: Client) -> None:
    """With no match the link only came back to the same empty list."""
    assert "/cards/random/" not in client.get("/cards/", {"q": "zzzzqqq"}).content.decode()
    assert "/cards/random/?q=dragon" in client.get("/cards/", {"q": "dragon"}).content.decode()
