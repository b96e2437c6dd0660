"""The read-only API contract: envelope, fields, filters, errors, schema and docs."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

ERROR_KEYS = {"code", "message", "details"}


def test_card_list_envelope(client: Client) -> None:
    body = client.get("/api/v1/cards/").json()
    assert set(body) == {"count", "next", "previous", "results", "warnings", "unverified_hidden"}
    assert body["warnings"] == []
    assert body["count"] == 676 and len(body["results"]) == 50
    assert body["unverified_hidden"] == 3
    assert body["next"].endswith("/api/v1/cards/?page=2") and body["previous"] is None


def test_card_list_uses_the_html_filters(client: Client) -> None:
    body = client.get("/api/v1/cards/", {"set": "DI", "border": "elemental", "bribery": "babes"}).json()
    assert [card["name"] for card in body["results"]] == [
        "Captain Red Noseoid", "Chephros", "Druk", "Reverend Smilin' Jackoid"]  # fmt: skip
    assert client.get("/api/v1/cards/", {"class": "undead", "flying": "true"}).json()["count"] == 1


def test_card_detail_fields(client: Client) -> None:
    card = client.get("/api/v1/cards/sand-lord/").json()
    assert card["vitality"] == 11 and card["border"] == "elemental" and card["bribery"] == ["babes"]
    assert card["ocb"] == 3 and card["ocb_against"] == "external" and card["classes"] == ["Elemental Lord"]
    assert card["printings"] == [{"set": "RE", "rarity": "C1", "rarity_read_from": "Common1", "starter_only": False,
                                  "source_image_file": "SandLordElementalElementalLordCommon1.png",
                                  "image": "SandLordElementalElementalLordCommon1.png",
                                  "classes": ["Elemental Lord"]}]  # fmt: skip
    assert card["guardian"] is None and card["stronghold"] is None
    assert set(card["provenance"]) == {"sources", "confidence", "notes", "import_fixes"}
    assert card["html_url"].endswith("/cards/sand-lord/")


def test_guardian_and_stronghold_objects(client: Client) -> None:
    finn = client.get("/api/v1/cards/finn-swamp-king/").json()
    assert finn["guardian"] == {"vitality": 27, "cmp": 8, "stones": 6, "base_draw": 2, "ldl": -1, "mdl": 0, "luc": 1}
    mud = client.get("/api/v1/cards/mud-castle-left/").json()
    assert mud["stronghold"] == {"group": "Mud Castle", "position": "left", "defend_bonus": 4,
                                 "counts_as_terrain": "Swamps"}  # fmt: skip
    assert mud["set"] == "FAN"


def test_rock_giant_records_its_fix(client: Client) -> None:
    card = client.get("/api/v1/cards/rock-giant/").json()
    assert card["bribery"] == ["beer"]
    assert "Beer bribery flag found in the Gold column and moved to Beer." in card["provenance"]["import_fixes"]


def test_sets(client: Client) -> None:
    body = client.get("/api/v1/sets/").json()
    assert [(s["code"], s["card_count"]) for s in body["results"]] == [
        ("RE", 324), ("DI", 123), ("DN", 123), ("NP", 102), ("PR", 7), ("FAN", 3)]  # fmt: skip
    by_code = client.get("/api/v1/sets/PR/").json()
    assert by_code == client.get("/api/v1/sets/promos/").json()
    assert by_code["counts_by_type"] == {"creature": 3, "creature_item": 3, "spell": 1}


def test_invalid_filter_value_is_a_400_naming_the_parameter(client: Client) -> None:
    response = client.get("/api/v1/cards/", {"border": "purple", "vitality_max": "high"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert set(error) == ERROR_KEYS and error["code"] == "invalid_parameter"
    assert set(error["details"]) == {"border", "vitality_max"}
    assert "border" in error["message"]


def test_unknown_query_parameters_are_ignored_with_a_warning(client: Client) -> None:
    body = client.get("/api/v1/cards/", {"colour": "red"}).json()
    assert body["count"] == 676
    assert body["warnings"] == ["Unknown query parameter 'colour' was ignored."]


@pytest.mark.parametrize("path", ["/api/v1/cards/no-such-card/", "/api/v1/sets/ZZ/", "/api/v2/anything/"])
def test_not_found_is_json(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "not_found"


def test_writes_are_refused_in_the_same_format(client: Client) -> None:
    response = client.post("/api/v1/cards/", {"name": "New card"})
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_openapi_schema_and_docs(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert schema["openapi"].startswith("3.")
    parameters = {p["name"] for p in schema["paths"]["/api/v1/cards/"]["get"]["parameters"]}
    assert {"set", "type", "border", "bribery", "class", "size", "vitality_min", "vitality_max", "flying",
            "ranged_attack", "command", "receives_channeling", "channeller", "sort", "page"} <= parameters  # fmt: skip
    docs = client.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger-ui" in docs.content


def test_unverified_cards_only_when_asked_for(client: Client) -> None:
    assert client.get("/api/v1/cards/", {"include": "unverified"}).json()["count"] == 679
    fan = client.get("/api/v1/cards/", {"set": "FAN"}).json()
    assert fan["count"] == 3 and fan["unverified_hidden"] == 0
    assert {card["name"] for card in fan["results"]} == {f"Mud Castle ({side})" for side in ("Left", "Center", "Right")}
    searched = client.get("/api/v1/cards/", {"q": "castle"}).json()
    assert searched["unverified_hidden"] == 3
    assert all(not card["name"].startswith("Mud Castle") for card in searched["results"])
    assert client.get("/api/v1/cards/", {"q": "is:unverified"}).json()["count"] == 3
    assert client.get("/api/v1/cards/", {"q": "t:stronghold", "include": "unverified"}).json()["count"] == 21
    assert client.get("/api/v1/cards/", {"q": "t:stronghold"}).json()["count"] == 18
    assert client.get("/api/v1/cards/mud-castle-left/").status_code == 200  # a permalink always answers
    assert client.get("/api/v1/cards/", {"include": "everything"}).status_code == 400
