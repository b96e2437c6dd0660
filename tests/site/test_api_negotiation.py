"""The API answers JSON only, and every refusal is its one error object naming what was asked.

A format the API does not speak (?format=xml, an Accept header without JSON) is a 406 whose details
name the format asked for and the ones it gives; a page past the last is a 404 naming the page asked for
and the last page. A browser's own Accept header (text/html, ..., */*) gets the JSON, as a consumer sees it.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.site.test_api_surface import assert_json_error

pytestmark = pytest.mark.django_db

BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


@pytest.mark.parametrize("asked", ["xml", "api", "yaml"])
def test_an_unsupported_format_parameter_is_a_406_naming_it_and_the_supported_ones(client: Client, asked: str) -> None:
    error = assert_json_error(client.get(f"/api/v1/cards/?format={asked}"), 406, "not_acceptable")
    assert error["details"] == {"format": asked, "supported": ["json"]}
    assert f"'{asked}'" in error["message"] and "json" in error["message"]


def test_an_accept_header_without_json_is_a_406_naming_it_and_the_supported_types(client: Client) -> None:
    error = assert_json_error(client.get("/api/v1/sets/", HTTP_ACCEPT="text/html"), 406, "not_acceptable")
    assert error["details"] == {"accept": "text/html", "supported": ["application/json"]}
    assert "text/html" in error["message"] and "application/json" in error["message"]
    assert_json_error(client.get("/api/v1/sets/", HTTP_ACCEPT="application/xml"), 406, "not_acceptable")


def test_a_browser_and_format_json_get_the_json(client: Client) -> None:
    for response in (client.get("/api/v1/sets/", HTTP_ACCEPT=BROWSER_ACCEPT), client.get("/api/v1/sets/?format=json")):
        assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
        assert response.json()["count"] >= 1


def test_a_page_past_the_last_names_the_page_asked_for_and_the_last_page(client: Client) -> None:
    count = client.get("/api/v1/cards/?page_size=200").json()["count"]
    last = -(-count // 200)
    error = assert_json_error(client.get("/api/v1/cards/?page_size=200&page=999"), 404, "not_found")
    assert error["details"] == {"page": 999, "last_page": last}
    assert "999" in error["message"] and f"last page is {last}" in error["message"]
    assert client.get(f"/api/v1/cards/?page_size=200&page={last}").status_code == 200


def test_the_api_guide_says_what_the_api_does_with_other_formats(client: Client) -> None:
    html = client.get("/api/").content.decode()
    assert "JSON only" in html and "406" in html
    # The schema's YAML is named as the exception, and the schema does give both formats the guide names.
    assert "<code>yaml</code> or <code>json</code>" in html
    for asked, media_type in (("yaml", "application/vnd.oai.openapi"), ("json", "application/vnd.oai.openapi+json")):
        response = client.get(f"/api/schema/?format={asked}")
        assert response.status_code == 200 and response["Content-Type"].startswith(media_type)


SCHEMA_TYPES = [
    "application/vnd.oai.openapi",
    "application/yaml",
    "application/vnd.oai.openapi+json",
    "application/json",
]


@pytest.mark.parametrize(
    ("asked", "details"),
    [
        ({"path": "/api/schema/?format=xml"}, {"format": "xml", "supported": ["yaml", "json"]}),
        ({"path": "/api/schema/", "HTTP_ACCEPT": "text/html"}, {"accept": "text/html", "supported": SCHEMA_TYPES}),
    ],
    ids=["format", "accept"],
)
def test_the_schema_refuses_other_formats_with_the_json_error_object(
    client: Client, asked: dict[str, str], details: dict[str, object]
) -> None:
    # Its own first format is YAML; a consumer reading the API's errors still gets JSON.
    error = assert_json_error(client.get(**asked), 406, "not_acceptable")
    assert error["details"] == details


def test_the_schema_answers_a_write_with_the_json_error_object(client: Client) -> None:
    assert_json_error(client.post("/api/schema/"), 405, "method_not_allowed")


def test_the_docs_page_refuses_other_formats_and_writes_with_the_json_error_object(client: Client) -> None:
    # Swagger UI's page is HTML, but its refusals are the API's: the same error object as every endpoint's.
    error = assert_json_error(client.get("/api/docs/?format=xml"), 406, "not_acceptable")
    assert error["details"] == {"format": "xml", "supported": ["html"]}
    assert_json_error(client.post("/api/docs/"), 405, "method_not_allowed")
    page = client.get("/api/docs/")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    ("query", "accept", "content_type", "start"),
    [
        ("", None, "application/vnd.oai.openapi; charset=utf-8", b"openapi: 3."),
        ("?format=yaml", None, "application/vnd.oai.openapi; charset=utf-8", b"openapi: 3."),
        ("?format=json", None, "application/vnd.oai.openapi+json", b'{\n    "openapi": "3.'),
        ("", "application/json", "application/json", b'{\n    "openapi": "3.'),
        ("", BROWSER_ACCEPT, "application/vnd.oai.openapi; charset=utf-8", b"openapi: 3."),
    ],
)
def test_the_schema_itself_is_served_in_yaml_or_json_as_asked(
    client: Client, query: str, accept: str | None, content_type: str, start: bytes
) -> None:
    headers = {"HTTP_ACCEPT": accept} if accept else {}
    response = client.get(f"/api/schema/{query}", **headers)
    assert response.status_code == 200 and response["Content-Type"] == content_type
    assert response.content.startswith(start)
