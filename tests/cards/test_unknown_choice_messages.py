"""An unknown set, class, card or topic is refused with a message that names the value and where the valid
ones are listed, on the page and in the API's error object; it said only "Select a valid choice. That choice
is not one of the available choices." without the value."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

CASES = [
    ("/api/v1/cards/", "set", "zz", "No set with code 'zz'", "/api/v1/sets/"),
    ("/api/v1/cards/", "class", "nope", "No creature class 'nope'", "/cards/"),
    ("/api/v1/rulings/", "card", "sand-lrod", "No card with name or slug 'sand-lrod'", "/api/v1/cards/"),
    ("/api/v1/rulings/", "topic", "nope", "No ruling topic 'nope'", "/rulings/"),
]


@pytest.mark.parametrize(("path", "name", "value", "message", "listing"), CASES, ids=[case[1] for case in CASES])
def test_an_unknown_choice_is_named_in_the_api_error(
    client: Client, path: str, name: str, value: str, message: str, listing: str
) -> None:
    response = client.get(path, {name: value})
    assert response.status_code == 400
    [detail] = response.json()["error"]["details"][name]
    assert detail.startswith(message) and listing in detail


def test_the_card_list_names_an_unknown_set_too(client: Client) -> None:
    response = client.get("/cards/", {"set": "zz"})
    assert response.status_code == 400 and "No set with code &#x27;zz&#x27;" in response.content.decode()
