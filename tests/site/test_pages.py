"""The HTML pages: home, spoiler list, card pages, set pages and the friendly errors."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from cards.models import Card

pytestmark = pytest.mark.django_db


def test_home_explains_the_game_and_links_everywhere(client: Client) -> None:
    html = client.get("/").content.decode()
    assert "collectible card game" in html
    for link in ('href="/cards/"', 'href="/sets/"', 'href="/rules/"', 'href="/combat/"', 'href="/api/"'):
        assert link in html
    assert "Browse all 676 printed cards" in html and "3 unverified" in html


def test_every_card_page_renders(client: Client) -> None:
    slugs = list(Card.objects.values_list("slug", "name"))
    assert len(slugs) == 679
    failures = []
    for slug, name in slugs:
        response = client.get(f"/cards/{slug}/")
        if response.status_code != 200 or name.replace("'", "&#x27;").encode() not in response.content:
            failures.append((slug, response.status_code))
    assert failures == []


def test_card_page_shows_every_stat_and_its_provenance(client: Client) -> None:
    html = client.get("/cards/rock-giant/").content.decode()
    assert "<h1>Rock Giant</h1>" in html
    assert 'aria-label="Bribeable with Beer"' in html
    assert "Beer bribery flag found in the Gold column and moved to Beer." in html
    assert "Stated by the sources" in html or "Partly verified" in html
    assert re.search(r"<dt>Ranged attack</dt><dd>6</dd>", html)
    assert "Abilities" in html and "Rules and rulings that mention this card" not in html
    assert "Same class" in html and "/cards/hill-giant/" in html or "Giant" in html


def test_card_page_lists_both_printings(client: Client) -> None:
    html = client.get("/cards/land-drake/").content.decode()
    assert "Dagger Isle</a> (DI)" in html and "Promotional cards</a> (PR)" in html


def test_guardian_page_shows_guardian_stats(client: Client) -> None:
    html = client.get("/cards/finn-swamp-king/").content.decode()
    # Each label links to its glossary entry.
    assert re.search(r"<dt><a [^>]*>Power stones</a></dt><dd>6</dd>", html)
    assert re.search(r"<dt><a [^>]*><abbr [^>]*>LDL</abbr></a></dt><dd>-1</dd>", html)
    assert re.search(r"<dt><a [^>]*><abbr [^>]*>LUC</abbr></a></dt><dd>\+1</dd>", html)


def test_unverified_card_is_flagged(client: Client) -> None:
    assert b"Treat it as unverified" in client.get("/cards/mud-castle-left/").content


def test_card_list_filters_sorts_and_paginates(client: Client) -> None:
    response = client.get("/cards/", {"set": "DI", "border": "elemental", "bribery": "babes", "sort": "-vitality"})
    html = response.content.decode()
    assert response.status_code == 200
    names = re.findall(r'<th scope="row"><a href="/cards/[^"]+/">([^<]+)</a>', html)
    assert names == ["Captain Red Noseoid", "Chephros", "Druk", "Reverend Smilin&#x27; Jackoid"]
    assert "4 matches" in html


def test_card_list_pages_through_all_cards(client: Client) -> None:
    html = client.get("/cards/", {"page": 12}).content.decode()
    assert "Page 12 of 12" in html and 'rel="prev"' in html


def test_tile_view_draws_cards_with_their_border(client: Client) -> None:
    html = client.get("/cards/", {"view": "tiles", "class": "elemental-lord"}).content.decode()
    assert html.count('class="card-tile tile-elemental"') == 3
    assert 'role="img" aria-label="Bribeable with Babes"' in html


def test_bad_filter_value_is_shown_next_to_the_form(client: Client) -> None:
    response = client.get("/cards/", {"border": "purple"})
    assert response.status_code == 400
    assert b"Some filters could not be used" in response.content and b"<code>border</code>" in response.content


def test_filter_form_fields_have_labels(client: Client) -> None:
    html = client.get("/cards/").content.decode()
    for field_id in re.findall(r'<(?:select|input)[^>]*id="([^"]+)"', html):
        assert re.search(rf'<label[^>]*\bfor="{re.escape(field_id)}"', html), field_id


def test_set_pages(client: Client) -> None:
    html = client.get("/sets/").content.decode()
    assert "Dagger Isle" in html and "124 cards" not in html and "123 cards" in html
    promos = client.get("/sets/promos/").content.decode()
    assert re.search(r"Creature item</a></td><td class=\"num\">3<", promos)
    assert "7 cards" in promos and "/cards/land-drake/" in promos


def test_filters_fold_away_unless_they_need_fixing(client: Client) -> None:
    folded = client.get("/cards/?border=mortal&sort=name").content.decode()
    assert '<details class="filter-panel">' in folded and "(1 in use)" in folded
    unfolded = client.get("/cards/?vitality_min=lots").content.decode()
    assert '<details class="filter-panel" open>' in unfolded
    rulings = client.get("/rulings/?kind=erratum").content.decode()
    assert '<details class="filter-panel">' in rulings and "(1 in use)" in rulings


def test_friendly_404(client: Client) -> None:
    response = client.get("/cards/no-such-card/")
    assert response.status_code == 404
    assert b"Page not found" in response.content and b'href="/cards/"' in response.content


def test_lists_leave_out_unverified_cards_and_say_how_many(client: Client) -> None:
    html = client.get("/cards/", {"type": "stronghold"}).content.decode()
    assert "18 matches" in html and "Mud Castle" not in html
    assert 'id="unverified-hidden"' in html and "3 cards known only from a fan page" in html
    assert "include=unverified" in html
    shown = client.get("/cards/", {"type": "stronghold", "include": "unverified"}).content.decode()
    assert "21 matches" in shown and "Mud Castle (Left)" in shown and 'id="unverified-hidden"' not in shown
    searched = client.get("/cards/", {"q": "castle"}).content.decode()
    assert "Mud Castle" not in searched and "3 cards known" in searched
    asked = client.get("/cards/", {"q": "is:unverified"}).content.decode()
    assert "3 matches" in asked and "Mud Castle (Center)" in asked
    by_set = client.get("/cards/", {"set": "FAN"}).content.decode()
    assert "3 matches" in by_set and 'id="unverified-hidden"' not in by_set
    assert 'id="unverified-hidden"' not in client.get("/cards/", {"q": "t:spell"}).content.decode()


def test_rarity_and_starter_as_keywords_and_on_pages(client: Client) -> None:
    starter = client.get("/cards/", {"q": "is:starter t:stronghold"}).content.decode()
    assert "9 matches" in starter and "Sabu Amantek (Right)" in starter
    assert "40 matches" in client.get("/cards/", {"q": "r:uncommon s:dn"}).content.decode()
    assert "10 matches" in client.get("/cards/", {"q": "rarity:u2 set:dn"}).content.decode()
    assert "24 matches" in client.get("/cards/", {"q": "is:command -t:creature"}).content.decode()
    spell = client.get("/cards/ice-storm/").content.decode()
    assert re.search(r"<dt>Command ability</dt><dd>Yes", spell) and "Common (C1)" in spell
    card = client.get("/cards/eats-cockroach-king/").content.decode()
    assert "Uncommon (U2)" in card and "<code>U2</code>" in card
    stronghold = client.get("/cards/carreg-amroth-left/").content.decode()
    assert re.search(r"<dt>Starter decks only</dt><dd>yes</dd>", stronghold)
    assert "<code>Starter</code>" in stronghold
    table = client.get("/cards/", {"q": "is:starter t:guardian"}).content.decode()
    assert 'title="Sold only in starter decks">starter</span>' in table
    sets = client.get("/sets/").content.decode()
    assert 'id="rarity-codes"' in sets and "<code>Uncom2</code>" in sets and "CommonSp" in sets
    assert "U1: 10, U2: 10, U3: 10, U4: 10" in sets
