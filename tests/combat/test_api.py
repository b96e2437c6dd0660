"""The combat API: resolve, validate, examples, the error shape and the OpenAPI schema."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from combat.examples import all_examples, arena_examples
from engine.jsonform import setup_to_dict
from engine.notation import parse_setup

# Combats read the card catalog the database holds (cards.engine_catalog).
pytestmark = pytest.mark.django_db

EXAMPLE_2A = next(example for example in all_examples() if example.id == "example-2a")


def _post(client: Client, path: str, body: Any) -> Any:
    return client.post(f"/api/v1/combat/{path}", body, content_type="application/json")


def test_resolve_by_notation_gives_steps_with_rules_and_the_result(client: Client) -> None:
    response = _post(client, "resolve", {"notation": EXAMPLE_2A.notation})
    assert response.status_code == 200
    body = response.json()
    assert body["notation"] == EXAMPLE_2A.notation and body["permalink"].startswith("/combat/?s=")
    result = body["result"]
    assert (result["winner"], result["attacker_total"], result["defender_total"]) == ("attacker", 17, 5)
    assert [(m["attacker_total"], m["defender_total"]) for m in result["matchups"]] == [(11, 4), (11, 4), (18, 14)]
    off_colour = next(step for step in body["steps"] if step["kind"] == "off_colour" and step["subject"] == "a3")
    assert off_colour["rule"] == "PRI-7" and off_colour["rule_url"] == "/rules/id/PRI-7/"
    assert off_colour["chain"] == [{"label": "Sun Spirit", "amount": 12}, {"label": "OCB", "amount": 6}]
    assert off_colour["chain_text"] == "12 Sun Spirit + 6 OCB = 18"


def test_resolve_by_json_form_matches_every_example(client: Client) -> None:
    for example in all_examples():
        setup = setup_to_dict(parse_setup(example.notation))
        result = _post(client, "resolve", {"setup": setup}).json()["result"]
        assert result["winner"] == example.expected["winner"], example.id
        assert (result["attacker_total"], result["defender_total"]) == (
            example.expected["attacker_total"], example.expected["defender_total"]), example.id  # fmt: skip


def test_invalid_set_up_lists_every_problem_with_its_code(client: Client) -> None:
    response = _post(
        client, "resolve", {"notation": "terrain=lava a=sand-lrod d=sun-spirit,sun-spirit,black-lung d.bribe=1:gold"}
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert set(error) == {"code", "message", "details"} and error["code"] == "invalid_setup"
    codes = [problem["code"] for problem in error["details"]["problems"]]
    assert codes == [
        "setup.unknown_terrain",
        "setup.unknown_card",
        "setup.stacking_over_limit",
        "setup.missing_bribery_card",
    ]
    assert error["details"]["problems"][1]["card"] == "sand-lrod"


def test_unreadable_notation_and_bad_json_form(client: Client) -> None:
    error = _post(client, "resolve", {"notation": "a=sand-lord d=swordsman x=1"}).json()["error"]
    assert error["code"] == "invalid_notation"
    assert error["details"]["problems"][0]["code"] == "notation.unknown_key"
    error = _post(client, "resolve", {"setup": {"attacker": {"creatures": "sand-lord"}}}).json()["error"]
    assert error["code"] == "invalid_notation" and error["details"]["problems"][0]["code"] == "json.bad_value"


@pytest.mark.parametrize(
    "body", [{}, {"notation": "a=x d=y", "setup": {}}, {"notation": 3}, [1, 2], "text", {"setup": None}]
)
def test_malformed_requests_are_400_in_the_error_shape(client: Client, body: Any) -> None:
    response = _post(client, "resolve", body)
    assert response.status_code == 400
    assert set(response.json()["error"]) == {"code", "message", "details"}


def test_not_json_at_all(client: Client) -> None:
    response = client.post("/api/v1/combat/resolve", "{not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "parse_error"


def test_validate_reports_without_resolving(client: Client) -> None:
    assert _post(client, "validate", {"notation": EXAMPLE_2A.notation}).json() == {
        "valid": True, "notation": EXAMPLE_2A.notation, "problems": [], "ruleset": "standard"}  # fmt: skip
    body = _post(client, "validate", {"notation": "a=sand-lord,archer#2 d=swordsman d.ranged=1:swordsman"}).json()
    assert body["valid"] is False
    assert [p["code"] for p in body["problems"]] == ["setup.bad_reference", "setup.not_ranged"]
    body = _post(client, "validate", {"notation": "a=sand-lord d="}).json()
    assert body == {"valid": False, "notation": None, "problems": [
        {"code": "notation.syntax", "message": "'d=' should be key=value", "field": "position 12", "card": "",
         "values": {"item": "d=", "expected": "key=value"}}], "ruleset": "standard"}  # fmt: skip
    # A text that cannot be read still says the rule set it names, as the response schema requires.
    body = _post(client, "validate", {"notation": "ruleset=arena a=swordsman d="}).json()
    assert (body["valid"], body["ruleset"]) == (False, "arena")


@pytest.mark.django_db  # data GETs carry validators from the data revision
def test_examples_lists_every_scenario(client: Client) -> None:
    body = client.get("/api/v1/combat/examples").json()
    # Both rule sets: the standard worked examples, then the worked duels the simulator page links.
    assert [item["id"] for item in body] == [example.id for example in (*all_examples(), *arena_examples())]
    assert [item["ruleset"] for item in body] == ["standard"] * len(all_examples()) + ["arena"] * len(arena_examples())
    assert len(all_examples()) == 27 and len(arena_examples()) == 31
    first = body[0]
    assert set(first) == {"id", "title", "section", "ruleset", "notation", "expected", "permalink"}
    assert first["expected"]["winner"] in ("attacker", "defender")
    standard = client.get("/api/v1/combat/examples?ruleset=standard").json()
    assert [item["id"] for item in standard] == [example.id for example in all_examples()]


@pytest.mark.django_db
def test_get_on_resolve_is_refused_in_the_error_shape(client: Client) -> None:
    response = client.get("/api/v1/combat/resolve")
    assert response.status_code == 405 and response.json()["error"]["code"] == "method_not_allowed"


def test_combat_endpoints_are_in_the_openapi_schema(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    for path, method in (("resolve", "post"), ("validate", "post"), ("examples", "get")):
        assert method in paths[f"/api/v1/combat/{path}/"], path
    resolve = paths["/api/v1/combat/resolve/"]["post"]
    assert set(resolve["responses"]) >= {"200", "400"}
    assert "CombatRequest" in str(resolve["requestBody"])
