"""Issue #35 point 7: the schema says exactly what the server accepts. Each case the issue lists, on both sides:
what the schema states about it and what the server answers (tests/site/test_schema_fuzz.py runs every phase
and check of schemathesis over every operation; these pin the cases by name)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        answer = Client().get("/api/schema/", {"format": "json"})
    assert answer.status_code == 200
    return dict(answer.json())


def _parameter(schema: dict[str, Any], path: str, name: str) -> dict[str, Any]:
    parameters = schema["paths"][path]["get"]["parameters"]
    return next(parameter for parameter in parameters if parameter["name"] == name)


def _error_code(answer: Any) -> str:
    assert answer["Content-Type"] == "application/json", answer["Content-Type"]
    return str(answer.json()["error"]["code"])


def test_page_size_201_is_allowed_by_the_schema_and_served_cut_to_200(client: Client, schema: dict[str, Any]) -> None:
    for path in ("/api/v1/cards/", "/api/v1/sets/", "/api/v1/rulings/", "/api/v1/glossary/"):
        size = _parameter(schema, path, "page_size")
        assert size["schema"] == {"type": "integer", "minimum": 1} and "cut to 200" in size["description"], path
        answer = client.get(path, {"page_size": "201"})
        assert answer.status_code == 200, path
        assert any("page_size 201" in warning for warning in answer.json()["warnings"]), path
    assert len(client.get("/api/v1/cards/", {"page_size": "201"}).json()["results"]) == 200


@pytest.mark.parametrize("query", [{"page": "-1"}, {"page": "0"}, {"page_size": "101"}, {"page_size": "-5"},
                                   {"page": ""}, {"in": "chapters"}, {"ruleset": "chess"}])  # fmt: skip
def test_the_rules_endpoint_refuses_out_of_bounds_paging_with_or_without_q(client: Client, query: dict[str, str]) -> None:
    for words in ({}, {"q": "bribery"}):
        answer = client.get("/api/v1/rules/", {**query, **words})
        assert answer.status_code == 400 and _error_code(answer) == "invalid_parameter", (query, words)
        assert set(answer.json()["error"]["details"]) == set(query), (query, words)


def test_the_rules_endpoint_states_the_bounds_it_checks(client: Client, schema: dict[str, Any]) -> None:
    assert _parameter(schema, "/api/v1/rules/", "page")["schema"]["minimum"] == 1
    assert _parameter(schema, "/api/v1/rules/", "page_size")["schema"]["maximum"] == 100
    assert client.get("/api/v1/rules/", {"page_size": "100", "in": "Arena, rulings"}).status_code == 200
    assert client.get("/api/v1/rules/", {"q": "bribery", "page_size": "100", "in": "arena,"}).status_code == 200


def test_suggest_and_search_without_q_are_allowed_and_find_nothing(client: Client, schema: dict[str, Any]) -> None:
    for path in ("/api/v1/search/suggest/", "/api/v1/search/"):
        assert not _parameter(schema, path, "q").get("required", False), path
    assert client.get("/api/v1/search/suggest/").json() == {"query": "", "results": []}
    everything = client.get("/api/v1/search/").json()
    assert everything["total"] == 0 and everything["groups"] == []


def test_per_group_bounds_are_in_the_schema_and_enforced(client: Client, schema: dict[str, Any]) -> None:
    assert _parameter(schema, "/api/v1/search/", "per_group")["schema"] == {"type": "integer", "minimum": 1,
                                                                            "maximum": 50}  # fmt: skip
    for refused in ("0", "51", "", "²", "+3"):
        answer = client.get("/api/v1/search/", {"q": "fire", "per_group": refused})
        assert answer.status_code == 400 and _error_code(answer) == "invalid_parameter", refused
    assert client.get("/api/v1/search/", {"q": "fire", "per_group": "1"}).status_code == 200


def test_a_blank_ruleset_on_the_examples_is_the_default(client: Client, schema: dict[str, Any]) -> None:
    assert "" in _parameter(schema, "/api/v1/combat/examples/", "ruleset")["schema"]["enum"]
    assert client.get("/api/v1/combat/examples/", {"ruleset": ""}).json() == client.get("/api/v1/combat/examples/").json()


def test_every_request_example_of_the_combat_endpoints_is_answered_200(client: Client, schema: dict[str, Any]) -> None:
    """The schema's own examples (the Arena duel one was explore's, which refuses duels) all succeed."""
    seen = 0
    for name in ("resolve", "validate", "explore", "partial"):
        body = schema["paths"][f"/api/v1/combat/{name}/"]["post"]["requestBody"]["content"]["application/json"]
        for example in body["examples"].values():
            answer = client.post(f"/api/v1/combat/{name}/", example["value"], content_type="application/json")
            assert answer.status_code == 200, (name, example, answer.content[:300])
            seen += 1
        if name == "explore":
            assert not any("ruleset=arena" in str(example) for example in body["examples"].values())
    assert seen >= 9


def test_a_body_with_neither_or_both_forms_is_refused_as_the_schema_says(client: Client, schema: dict[str, Any]) -> None:
    for component in ("CombatRequest", "PartialRequest"):
        assert schema["components"]["schemas"][component]["oneOf"] == [{"required": ["notation"]}, {"required": ["setup"]}]
    both = {"notation": "a=sand-lord d=swordsman", "setup": {"attacker": {"creatures": ["sand-lord"]}}}
    for body in ({}, {"ruleset": "arena"}, both):
        for name in ("resolve", "validate", "explore"):
            answer = client.post(f"/api/v1/combat/{name}/", body, content_type="application/json")
            assert answer.status_code == 400 and _error_code(answer) == "invalid_parameter", (name, body)


@pytest.mark.parametrize("body", [{"notation": 0}, {"notation": True}, {"setup": "a=sand-lord"}, {"setup": []},
                                  {"setup": {"attacker": {"creatures": "sand-lord"}}}, {"notation": "a=archer " * 300}])  # fmt: skip
def test_validate_refuses_a_body_the_schema_refuses(client: Client, body: dict[str, Any]) -> None:
    """It used to answer 200 valid: false for these; a set-up of the documented shape still gets its report."""
    answer = client.post("/api/v1/combat/validate/", body, content_type="application/json")
    assert answer.status_code == 400, answer.content[:300]
    assert _error_code(answer) in ("invalid_parameter", "invalid_notation")


def test_validate_still_reports_a_set_up_of_the_documented_shape(client: Client) -> None:
    answer = client.post("/api/v1/combat/validate/", {"notation": "a=no-such-card d=swordsman"},
                         content_type="application/json")  # fmt: skip
    assert answer.status_code == 200 and answer.json()["valid"] is False
    assert answer.json()["problems"][0]["code"] == "setup.unknown_card"


def test_no_operation_asks_for_credentials(schema: dict[str, Any]) -> None:
    operations = [operation for item in schema["paths"].values() for operation in item.values()]
    assert len(operations) > 20 and all(operation["security"] == [] for operation in operations)
    assert "securitySchemes" not in schema.get("components", {})


def test_validate_has_its_own_response_model(schema: dict[str, Any]) -> None:
    """Not an allOf of it and a second, conflicting `warnings` (which generated clients dropped)."""
    answer = schema["paths"]["/api/v1/combat/validate/"]["post"]["responses"]["200"]["content"]["application/json"]
    assert answer == {"schema": {"$ref": "#/components/schemas/ValidateResponse"}}
    warnings = schema["components"]["schemas"]["ValidateResponse"]["properties"]["warnings"]
    kinds = [member.get("type") for member in warnings["items"]["anyOf"]]
    assert kinds == ["object", "string"]


def test_a_duel_s_warnings_and_ignored_parameters_share_the_list(client: Client) -> None:
    duel = "ruleset=arena terrain=woods a=swordsman d=sand-lord d.pen=devil-dog s=d:creature:devil-dog,a:pass,d:pass"
    answer = client.post("/api/v1/combat/validate/?colour=red", {"notation": duel}, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["warnings"][-1] == "Unknown query parameter 'colour' was ignored."


def test_vitality_bounds_are_numbers_as_the_server_reads_them(client: Client, schema: dict[str, Any]) -> None:
    assert _parameter(schema, "/api/v1/cards/", "vitality_min")["schema"] == {"type": "number", "maximum": 1e50}
    # A decimal bound is read as its whole part (the Vitality column is whole): 4.5 is 4.
    assert client.get("/api/v1/cards/", {"vitality_min": "4.5"}).json()["count"] == \
        client.get("/api/v1/cards/", {"vitality_min": "4"}).json()["count"]  # fmt: skip
    assert client.get("/api/v1/cards/", {"vitality_min": "1e51"}).status_code == 400


def test_no_parameter_may_hold_a_nul_and_the_server_refuses_one(client: Client, schema: dict[str, Any]) -> None:
    assert _parameter(schema, "/api/v1/cards/", "q")["schema"]["pattern"] == "^[^\\x00]*$"
    answer = client.get("/api/v1/cards/", {"q": "fire\x00"})
    assert answer.status_code == 400 and _error_code(answer) == "invalid_request"
