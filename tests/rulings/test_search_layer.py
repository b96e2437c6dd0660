"""Rules search uses the card search's analyzer: words match in any of their forms."""

from __future__ import annotations

import pytest

from rulings.models import RuleEntry
from rulings.text_index import matching_ids, surface_forms

pytestmark = pytest.mark.django_db


def test_any_form_of_a_word_finds_the_same_rules() -> None:
    bribing, _ = matching_ids(["bribing"])
    bribed, _ = matching_ids(["bribed"])
    assert bribing and set(bribing) == set(bribed)
    texts = RuleEntry.objects.filter(id__in=bribing).values_list("text", "title")
    assert all("brib" in (text + title).lower() for text, title in texts)


def test_every_word_must_occur() -> None:
    both, _ = matching_ids(["channelling", "cap"])
    channelling, _ = matching_ids(["channelling"])
    assert both and set(both) < set(channelling)


def test_the_page_highlights_the_forms_found(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/rules/search/", {"q": "bribing"}).content.decode().lower()
    assert "<mark>brib" in html
    assert "bribe" in surface_forms(["bribing"], ["A bribe is paid."])
