"""What the card and rulings lists say they show: the count of what matched (never "every card" when nothing
did), and which slice of it this page holds when there is more than one page."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from cards.models import Card
from rulings.models import Ruling

pytestmark = pytest.mark.django_db


def _lead(client: Client, path: str) -> str:
    html = client.get(path).content.decode()
    found = re.search(r'<p class="lead">(.*?)</p>', html, re.S)
    assert found, path
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split())


def test_the_unfiltered_card_list_counts_every_printed_card_and_the_page_it_shows(client: Client) -> None:
    printed = Card.objects.filter(printings__card_set__kind__in=["core", "expansion", "promo"]).distinct().count()
    lead = _lead(client, "/cards/")
    assert lead.startswith(f"Every printed Guardians card: {printed}") and "1–60 shown" in lead


def test_a_search_counts_its_matches_not_every_card(client: Client) -> None:
    assert _lead(client, "/cards/?q=zzzzqqq") == "No match for this search."
    guardians = Card.objects.filter(card_type="guardian").count()
    assert _lead(client, "/cards/?type=guardian") == f"{guardians} matches for these filters."
    assert _lead(client, "/cards/?q=(((") == "Nothing was searched: a filter could not be read (see below)."
    lead = _lead(client, "/cards/?type=creature&page=2")
    assert re.fullmatch(r"\d+ matches for these filters; 61–120 shown\.", lead), lead


def test_the_rulings_list_says_how_many_of_its_rulings_this_page_shows(client: Client) -> None:
    total = Ruling.objects.count()
    assert f"{total} in all; 1–25 shown." in _lead(client, "/rulings/")
    assert f"{total} in all; 26–50 shown." in _lead(client, "/rulings/?page=2")
    assert _lead(client, "/rulings/?q=zzzzqqq").endswith("No match for these filters.")
    assert _lead(client, "/rulings/?kind=erratum").endswith(
        f"{Ruling.objects.filter(kind='erratum').count()} matches for these filters."
    )
