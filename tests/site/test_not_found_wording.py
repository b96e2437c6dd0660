"""A missing page says what is missing in the words of its part of the site: a rule number or a ruling id
that does not exist is not a card "spelt differently"."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

CASES = {
    "/cards/sand-lrod/": ("No card has this address", "/cards/"),
    "/rules/6.99/": ("No rule or rules page has this address", "/rules/"),
    "/rules/arena/99/": ("No Guardians Arena rule has this number", "/rules/arena/"),
    "/rulings/X-999/": ("No ruling has this id", "/rulings/"),
    "/sets/no-such-set/": ("No set has this address", "/sets/"),
    "/no-such-page/": ("The link may be old or mistyped", "/"),
}


@pytest.mark.parametrize(("path", "expected"), CASES.items(), ids=CASES.keys())
def test_a_missing_page_is_explained_for_its_part_of_the_site(
    client: Client, path: str, expected: tuple[str, str]
) -> None:
    response = client.get(path)
    assert response.status_code == 404
    text = " ".join(re.sub(r"<[^>]+>", "", response.content.decode()).split())
    sentence, link = expected
    assert sentence in text and f'href="{link}"' in response.content.decode()
    assert path.startswith("/cards/") or "spelt" not in text
