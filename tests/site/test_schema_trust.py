"""What a generated client reads from /api/schema/ for the data it gets back: every field the API always
sends is required (nullable where it may be null), and every field has a type. Fields such as vitality,
flying, aliases or a ruling's note were optional, and aliases, terrain types, abilities and a printing's
classes untyped, so a typed client made them optional "any" values."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

# Response components and the keys each sends only sometimes (documented as such in the schema).
RESPONSES = {
    "Card": {"matched"},
    "CardDetail": {"matched"},
    "CardSet": set(),
    "CardSetDetail": set(),
    "Printing": set(),
    "Ruling": set(),
    "RuleDetail": set(),
    "GlossaryTerm": set(),
}
TYPED = ("type", "$ref", "allOf", "oneOf", "anyOf")


@pytest.fixture(scope="module")
def components(django_db_blocker: object) -> dict[str, dict[str, object]]:
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        return Client().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(("name", "sometimes"), RESPONSES.items(), ids=RESPONSES.keys())
def test_fields_always_sent_are_required_and_typed(components: dict[str, dict], name: str, sometimes: set[str]) -> None:
    schema = components[name]
    properties = schema["properties"]
    assert sorted(set(properties) - set(schema.get("required", [])) - sometimes) == []
    assert [key for key, field in properties.items() if not any(word in field for word in TYPED)] == []


def test_an_answer_holds_every_required_field(client: Client, components: dict[str, dict]) -> None:
    card = client.get("/api/v1/cards/sand-lord/").json()
    assert set(components["CardDetail"]["required"]) <= set(card)
    assert set(components["Printing"]["required"]) <= set(card["printings"][0])
    term = client.get("/api/v1/glossary/aoe/").json()
    assert set(components["GlossaryTerm"]["required"]) <= set(term) and isinstance(term["aliases"], list)
