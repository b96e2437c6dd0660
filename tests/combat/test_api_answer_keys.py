"""The OpenAPI schema of the combat answers matches what the API really sends: every top-level key of a real
resolve, duel and explore answer is a documented property, and the keys that say which answer it is (kind,
ruleset) are enums with the one value that answer gives, so a generated client can tell the answers apart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

ARENA_EXAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "examples" / "arena"

# The component documenting each answer, a set-up that gets it, and its kind and ruleset.
ANSWERS = {
    "resolve": ("resolve", "ResolveResponse", "a=swordsman d=archer", "combat", "standard"),
    "duel": ("resolve", "DuelResponse", "ruleset=arena a=swordsman d=sand-lord", "duel", "arena"),
    "explore": ("explore", "ExploreResponse", "a=swordsman,axeman d=archer,sand-lord", "exploration", "standard"),
}


@pytest.fixture(scope="module")
def components(django_db_blocker: Any) -> dict[str, dict[str, Any]]:
    with django_db_blocker.unblock():
        return Client().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("answer", ANSWERS, ids=ANSWERS.keys())
def test_every_key_of_a_real_answer_is_documented(client: Client, components: dict[str, Any], answer: str) -> None:
    path, component, notation, kind, ruleset = ANSWERS[answer]
    response = client.post(f"/api/v1/combat/{path}", {"notation": notation}, content_type="application/json")
    assert response.status_code == 200
    body = response.json()
    assert (body["kind"], body["ruleset"]) == (kind, ruleset)
    schema = components[component]
    assert sorted(set(body) - set(schema["properties"])) == []
    assert sorted(set(schema.get("required", [])) - set(body)) == []
    for key, value in (("kind", kind), ("ruleset", ruleset)):
        assert _enum(components, schema["properties"][key]) == [value], (component, key)


def _enum(components: dict[str, Any], field: dict[str, Any]) -> list[str]:
    """A property's enum, written in place or in the component it refers to (drf-spectacular's allOf/$ref)."""
    for part in (field, *field.get("allOf", ())):
        if "enum" in part:
            return list(part["enum"])
        if "$ref" in part:
            return _enum(components, components[part["$ref"].rsplit("/", 1)[-1]])
    return []


def test_a_duel_round_decided_by_a_card_says_which_in_the_api_and_its_schema(
    client: Client, components: dict[str, Any]
) -> None:
    """The worked duel where Summon Entropy Storm's winning roll decides the primary round (ARN-43): the API
    names the card on that round, and on no other, and every key of a round's totals is documented."""
    example = json.loads((ARENA_EXAMPLES / "arena-storm-wins-primary.json").read_text())
    response = client.post("/api/v1/combat/resolve", {"notation": example["notation"]}, content_type="application/json")
    assert response.status_code == 200
    result = response.json()["result"]
    assert result["primary"]["decided_by_card"] == "summon-entropy-storm"
    assert result["primary"]["won_by"] == example["expected"]["upper_hand"]
    assert result["secondary"]["decided_by_card"] == ""
    documented = components["RoundTotals"]
    for round_totals in (result["primary"], result["secondary"]):
        assert sorted(set(round_totals) - set(documented["properties"])) == []
    assert "decided_by_card" in documented.get("required", [])
    assert "Entropy Storm" in documented["properties"]["decided_by_card"]["description"]
