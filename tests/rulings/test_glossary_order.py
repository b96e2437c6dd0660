"""The glossary reads in dictionary order, as a reader looks a term up: capitals do not sort first
("Base draw" before "Base Vitality", "Channeller" before "CMP"), on the page and in the API alike."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _dictionary_order(terms: list[str]) -> list[str]:
    return sorted(terms, key=str.casefold)


def test_the_glossary_page_lists_terms_in_dictionary_order(client: Client) -> None:
    html = client.get("/rules/glossary/").content.decode()
    terms = re.findall(r'<dt id="[^"]+">([^<]+?)(?: <span|</dt>)', html)
    assert len(terms) > 50 and "Base draw" in terms and "Base Vitality" in terms
    assert terms == _dictionary_order(terms)


def test_the_glossary_api_lists_terms_in_dictionary_order(client: Client) -> None:
    terms = [row["term"] for row in client.get("/api/v1/glossary/?page_size=200").json()["results"]]
    assert len(terms) > 50 and terms == _dictionary_order(terms)
