"""Card classes, and sets ordered by name, read in dictionary order as the card list and the glossary do:
on SQLite a plain sort by name puts capitals first ("Sea Serpent" before "Sea beast")."""

from __future__ import annotations

import pytest
from django.test import Client

from cards.models import Card, CardClass, CardSet

pytestmark = pytest.mark.django_db


def _dictionary_order(names: list[str]) -> list[str]:
    return sorted(names, key=str.casefold)


def test_classes_differing_only_in_case_sort_in_dictionary_order(client: Client) -> None:
    upper = CardClass.objects.create(name="Sea Serpent", slug="sea-serpent")
    lower = CardClass.objects.create(name="Sea beast", slug="sea-beast")
    names = [c.name for c in CardClass.objects.all()]
    assert names == _dictionary_order(names)
    assert names.index("Sea beast") < names.index("Sea Serpent")

    card = Card.objects.filter(classes__isnull=False).order_by("pk").first()  # a creature: its page lists classes
    assert card is not None
    card.classes.add(upper, lower)
    classes = client.get(f"/api/v1/cards/{card.slug}/").json()["classes"]
    assert classes.index("Sea beast") < classes.index("Sea Serpent")
    page = client.get(f"/cards/{card.slug}/").content.decode()
    assert page.index(">Sea beast<") < page.index(">Sea Serpent<")
    form = client.get("/cards/advanced/").content.decode()
    assert form.index(">Sea beast<") < form.index(">Sea Serpent<")


def test_sets_ordered_by_name_sort_in_dictionary_order(client: Client) -> None:
    CardSet.objects.create(code="DX", slug="dagger-island", name="Dagger island", kind="expansion", order=99)
    names = [row["name"] for row in client.get("/api/v1/sets/?ordering=name").json()["results"]]
    assert names == _dictionary_order(names) and names.index("Dagger island") < names.index("Dagger Isle")
    backwards = [row["name"] for row in client.get("/api/v1/sets/?ordering=-name").json()["results"]]
    assert backwards == names[::-1]
