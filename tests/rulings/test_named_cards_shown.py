"""A card a ruling names and lists shows the ruling wherever a judge looks from the card: its page, the rulings
list filtered by it, and both API answers; a card the ruling names only as a word (an excepted name) does not.

Before 2026-11-26 the Devil Dog's page lacked A-08, the Sun Spirit's E-02 and E-03, and so on, although each ruling
names the card: test_ruling_card_names.py finds such rulings, this checks what the pages then show."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

# Listed on 2026-11-26 (one per kind of reason) and one name left unlisted on purpose.
LINKED = [("A-08", "devil-dog"), ("E-02", "sun-spirit"), ("R-118", "valkyrie-spirit"), ("A-12", "babes"),
          ("R-057", "woods")]  # fmt: skip
EXCEPTED = ("R-026", "gold")  # the Super Model's Gold icon, not the Gold card


def codes_on_card_page(client: Client, slug: str) -> set[str]:
    html = client.get(f"/cards/{slug}/").content.decode()
    start = html.index('<section class="card-rulings"')
    section = html[start : html.index("</section>", start)]
    return _codes(section)


def codes_in_rulings_list(client: Client, slug: str) -> set[str]:
    return _codes(client.get("/rulings/", {"card": slug}).content.decode())


def _codes(html: str) -> set[str]:
    return set(re.findall(r'href="/rulings/([RAE]-\d{2,3})/"', html))


def codes_in_api(client: Client, slug: str) -> tuple[set[str], set[str]]:
    card = client.get(f"/api/v1/cards/{slug}/").json()
    listed = client.get("/api/v1/rulings/", {"card": slug, "page_size": 200}).json()
    return {ruling["id"] for ruling in card["rulings"]}, {ruling["id"] for ruling in listed["results"]}


@pytest.mark.parametrize(("code", "slug"), LINKED)
def test_a_listed_card_shows_the_ruling_that_names_it(client: Client, code: str, slug: str) -> None:
    card_api, rulings_api = codes_in_api(client, slug)
    assert code in codes_on_card_page(client, slug)
    assert code in codes_in_rulings_list(client, slug)
    assert code in card_api and code in rulings_api


def test_an_excepted_name_leaves_the_card_without_the_ruling(client: Client) -> None:
    code, slug = EXCEPTED
    card_api, rulings_api = codes_in_api(client, slug)
    shown = codes_on_card_page(client, slug) | codes_in_rulings_list(client, slug) | card_api | rulings_api
    assert code not in shown and "A-02" in shown  # A-02's late Gold bribe is listed; R-026's icon is not
