"""Every source a client reads from the API is a link it can follow as given, wherever the source appears."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _source_urls(client: Client, url: str, *path: str) -> list[str]:
    body = client.get(url).json()
    for key in path:
        body = body[key]
    return [source["url"] for source in body]


def test_a_card_s_sources_are_absolute_links_like_a_ruling_s(client: Client) -> None:
    # The Wraith's provenance names the compiled rules, a page of this site, beside web pages; its rulings'
    # sources give such a page as an absolute link, and so must the card's own sources.
    card = _source_urls(client, "/api/v1/cards/wraith/", "provenance", "sources")
    ruling = _source_urls(client, "/api/v1/rulings/R-025/", "sources")
    assert "http://testserver/rules/" in card
    assert "http://testserver/rules/6.7.2/" in ruling
    assert all(url.startswith(("http://", "https://")) for url in card + ruling)


def test_every_set_and_card_source_is_absolute(client: Client) -> None:
    urls = [
        url for code in ("RE", "DI", "DN", "NP") for url in _source_urls(client, f"/api/v1/sets/{code}/", "sources")
    ]
    listing = client.get("/api/v1/cards/", {"page_size": 200}).json()["results"]
    for card in listing[:60]:
        urls += _source_urls(client, card["url"], "provenance", "sources")
    assert urls and [url for url in urls if not url.startswith(("http://", "https://"))] == []
