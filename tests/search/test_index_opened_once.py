"""One search opens (looks up) the index once: reading the query, answering it and its did-you-mean share it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cards.search import service

pytestmark = pytest.mark.django_db


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = service.open_index

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(service, "open_index", counting)
    return calls


@pytest.mark.parametrize("query", ["fire", "v>=10 b:e", "firre dragn"])  # the last matches nothing: did-you-mean
def test_the_card_list_opens_the_index_once_per_search(client: Client, opened: list[int], query: str) -> None:
    response = client.get("/cards/", {"q": query})
    assert response.status_code == 200
    assert len(opened) == 1


def test_the_api_opens_the_index_once_per_search(client: Client, opened: list[int]) -> None:
    response = client.get("/api/v1/cards/", {"q": "firre dragn"})
    assert response.status_code == 200 and "did_you_mean" in response.json()["search"]
    assert len(opened) == 1
