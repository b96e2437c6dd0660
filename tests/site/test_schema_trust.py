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


def _resolve(schema: dict, components: dict[str, dict]) -> dict:
    return components[schema["$ref"].rsplit("/", 1)[1]] if "$ref" in schema else schema


def _is_object(schema: dict, components: dict[str, dict]) -> bool:
    schema = _resolve(schema, components)
    if "allOf" in schema:
        return all(_is_object(member, components) for member in schema["allOf"])
    return schema.get("type") == "object" or ("properties" in schema and not ({"oneOf", "anyOf"} & set(schema)))


def test_every_success_answer_has_a_schema_a_generated_client_can_read(client: Client) -> None:
    """openapi-python-client drops a response whose allOf takes in an array or a union ("Cannot take allOf a
    non-object"): GET /api/v1/rules/ and POST /api/v1/combat/resolve/ lost their 200 that way."""
    schema = client.get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    unreadable = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status in ("200", "201"):
                body = operation["responses"].get(status, {}).get("content", {}).get("application/json")
                if body is None:
                    continue
                shape = body["schema"]
                if "allOf" in shape and not all(_is_object(member, components) for member in shape["allOf"]):
                    unreadable.append(f"{method.upper()} {path} {status}")
    assert unreadable == []


@pytest.mark.parametrize("name", ["RulesSearch", "ResolveResponse", "DuelResponse"])
def test_members_of_a_union_answer_document_their_warnings(components: dict[str, dict], name: str) -> None:
    assert components[name]["properties"]["warnings"]["items"] == {"type": "string"}


def test_rules_search_and_combat_answers_carry_the_documented_warnings(client: Client) -> None:
    found = client.get("/api/v1/rules/", {"q": "bribe", "colour": "red"}).json()
    assert found["warnings"] and "colour" in found["warnings"][0]
    assert isinstance(client.get("/api/v1/rules/").json(), list)
