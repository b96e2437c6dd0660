"""The page size a list answers with is the one it says: a page_size above the maximum is cut to 200 with a
warning, and next/previous carry the size actually used (they carried page_size=5000 while serving 200, so a
client following them never learned of the cut). The schema states the lower bounds of page and page_size, and
allows a larger page_size, since it is served."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _query(link: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(link).query)


def test_a_page_size_over_the_maximum_is_cut_and_said(client: Client) -> None:
    answer = client.get("/api/v1/cards/", {"page_size": "5000", "page": "2"}).json()
    assert len(answer["results"]) == 200
    assert any("page_size" in warning and "200" in warning for warning in answer["warnings"]), answer["warnings"]
    assert _query(answer["next"])["page_size"] == ["200"] and _query(answer["next"])["page"] == ["3"]
    assert _query(answer["previous"])["page_size"] == ["200"]


def test_a_page_size_within_bounds_is_kept_without_a_warning(client: Client) -> None:
    answer = client.get("/api/v1/cards/", {"page_size": "7"}).json()
    assert len(answer["results"]) == 7 and answer["warnings"] == []
    assert _query(answer["next"])["page_size"] == ["7"]
    assert "page_size" not in _query(client.get("/api/v1/cards/").json()["next"])


def test_the_cut_page_size_is_the_one_the_links_lead_to(client: Client) -> None:
    first = client.get("/api/v1/cards/", {"page_size": "999"}).json()
    second = client.get(first["next"]).json()
    assert second["warnings"] == [] and second["results"][0] != first["results"][0]
    assert client.get(second["previous"]).json()["results"] == first["results"]


def test_the_schema_states_the_bounds_of_paging(client: Client) -> None:
    parameters = client.get("/api/schema/", {"format": "json"}).json()["paths"]["/api/v1/cards/"]["get"]["parameters"]
    schemas = {parameter["name"]: parameter["schema"] for parameter in parameters}
    assert schemas["page"]["minimum"] == 1 and "maximum" not in schemas["page"]
    # A larger page_size is served (cut to 200, said in warnings), so the schema allows it and says so in words.
    assert schemas["page_size"]["minimum"] == 1 and "maximum" not in schemas["page_size"]
    described = {parameter["name"]: parameter.get("description", "") for parameter in parameters}
    assert "cut to 200" in described["page_size"]
