"""A card search names itself in the browser's tab and history, as the rules search does ("Search: bribe"):
every search was titled "Card list", so two tabs or two history entries could not be told apart."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _title(client: Client, query: dict[str, str]) -> str:
    found = re.search(r"<title>(.*?)</title>", client.get("/cards/", query).content.decode(), re.S)
    assert found
    return " ".join(found.group(1).split())


def test_a_card_search_puts_its_query_in_the_title(client: Client) -> None:
    assert _title(client, {}).startswith("Card list ·")
    assert _title(client, {"q": "t:creature v>5"}).startswith("Cards: t:creature v&gt;5 ·")
    assert len(_title(client, {"q": "dragon " * 100})) < 120  # a long query is cut short
