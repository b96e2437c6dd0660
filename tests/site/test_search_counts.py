"""The site search's summary line counts each group in words that agree with the number."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _summary(client: Client, query: str) -> str:
    page = client.get("/search/", {"q": query}).content.decode()
    return re.sub(r"\s+", " ", re.search(r'<p role="status">(.*?)</p>', page, re.DOTALL).group(1))  # type: ignore[union-attr]


def test_one_card_is_one_card_not_one_cards(client: Client) -> None:
    summary = _summary(client, "wraith channel")
    assert "1 card." in summary or "1 card," in summary
    assert "1 cards" not in summary
    # Several rulings: how many follows the rulings data (it grew from 2 when rulings came to name the Wraith they list).
    assert re.search(r"\b(?:[2-9]|[1-9]\d+) rulings and errata\b", summary)


NOUNS = {"card": "cards", "rule": "rules", "ruling or erratum": "rulings and errata", "glossary term": "glossary terms"}


@pytest.mark.parametrize("query", ["immune", "wraith channel", "lunch"])
def test_each_count_agrees_with_its_number(client: Client, query: str) -> None:
    counts = re.findall(r"(\d+) ([a-z ]+?)(?=, \d|\.$)", _summary(client, query))
    assert counts
    for number, noun in counts:
        singular = next(one for one, many in NOUNS.items() if noun in (one, many))
        assert noun == (singular if number == "1" else NOUNS[singular]), (number, noun)
