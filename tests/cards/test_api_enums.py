"""Closed vocabularies in API answers are enums in the schema, so a generated client gets typed values."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cards.choices import AutomationStatus, CardType, Confidence

pytestmark = pytest.mark.django_db


def _enum_of(schema: dict[str, Any], component: str, field: str) -> list[str]:
    prop = schema["components"]["schemas"][component]["properties"][field]
    ref = prop["allOf"][0]["$ref"] if "allOf" in prop else prop["$ref"]
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]]["enum"]


def test_card_type_automation_and_ruleset_are_enums_that_cover_the_answers(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    card_types = _enum_of(schema, "Card", "type")
    assert sorted(card_types) == sorted(CardType.values)
    assert _enum_of(schema, "CardDetail", "type") == card_types
    assert sorted(_enum_of(schema, "Automation", "status")) == sorted(AutomationStatus.values)
    assert sorted(_enum_of(schema, "Provenance", "confidence")) == sorted(Confidence.values)
    for component in ("RuleDetail", "GlossaryTerm", "RulesetTree"):
        assert _enum_of(schema, component, "ruleset") == ["standard", "arena"], component

    listing = client.get("/api/v1/cards/", {"page_size": 200}).json()["results"]
    assert {card["type"] for card in listing} <= set(card_types)
    detail = client.get("/api/v1/cards/wraith/").json()
    assert detail["automation"]["status"] in AutomationStatus.values
    assert detail["provenance"]["confidence"] in Confidence.values
    assert client.get("/api/v1/glossary/duel-zone/").json()["ruleset"] == "arena"
    assert client.get("/api/v1/rules/arena/6.3.4/").json()["ruleset"] == "arena"


def test_existing_enum_names_stay(client: Client) -> None:
    # A generated client imports enums by name: adding one must not rename another (two "status" fields
    # would otherwise both get renamed after their components).
    schemas = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]["schemas"]
    assert {"StatusEnum", "AuthorityEnum", "RulingKindEnum", "RulesetEnum", "BorderEnum", "SizeEnum"} <= set(schemas)
    assert schemas["StatusEnum"]["enum"] == ["current", "superseded"]


def test_every_ability_has_a_kind_the_schema_names(client: Client) -> None:
    from engine.abilities import KINDS

    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    items = schema["components"]["schemas"]["CardDetail"]["properties"]["abilities"]["items"]
    assert items["required"] == ["kind"] and items["additionalProperties"] is True
    assert sorted(items["properties"]["kind"]["enum"]) == sorted(KINDS)
    for slug in ("wraith", "10-gallon-voodoo-hat", "sand-lord"):
        abilities = client.get(f"/api/v1/cards/{slug}/").json()["abilities"]
        assert abilities and all(ability["kind"] in KINDS for ability in abilities)
