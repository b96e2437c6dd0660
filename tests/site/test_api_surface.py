"""The API's shared surface: the root, both slash forms, every error class as JSON, validators and
304s, CORS, rate limits and the API page."""

from __future__ import annotations

import re
import shlex
from html import unescape
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from core import revision
from core.api.root import ENDPOINTS

pytestmark = pytest.mark.django_db

ERROR_KEYS = {"code", "message", "details"}
RESOLVE_BODY = {"notation": "terrain=swamp a=sand-lord d=swordsman,archer d.ranged=1:archer"}
POST_ONLY = {"combat_resolve", "combat_validate", "combat_explore", "combat_best_play"}


def assert_json_error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    error: dict[str, Any] = response.json()["error"]
    assert set(error) == ERROR_KEYS and error["code"] == code, error
    return error


def test_root_lists_every_endpoint_and_each_answers(client: Client) -> None:
    root = client.get("/api/v1/").json()
    assert set(root) == set(ENDPOINTS)
    assert {"cards", "sets", "rules", "rulings", "glossary", "combat_resolve", "combat_validate", "combat_explore",
            "combat_examples", "bulk_data"} <= set(root)  # fmt: skip
    for name, url in root.items():
        path = url.removeprefix("http://testserver")
        if name in POST_ONLY:
            assert client.post(path, RESOLVE_BODY, content_type="application/json").status_code == 200, name
        else:
            assert client.get(path).status_code == 200, name


@pytest.mark.parametrize(
    "path",
    ["/api/v1/cards/", "/api/v1/cards/sand-lord/", "/api/v1/sets/RE/", "/api/v1/rules/", "/api/v1/rules/6.4/",
     "/api/v1/rulings/", "/api/v1/glossary/", "/api/v1/combat/examples/", "/api/v1/bulk-data/", "/api/v1/"],
)  # fmt: skip
def test_get_answers_with_and_without_the_trailing_slash(client: Client, path: str) -> None:
    with_slash, without = client.get(path), client.get(path.rstrip("/"))
    assert with_slash.status_code == without.status_code == 200
    assert with_slash.json() == without.json()


@pytest.mark.parametrize("path", ["/api/v1/combat/resolve/", "/api/v1/combat/resolve", "/api/v1/combat/validate"])
def test_posts_need_no_csrf_token_at_either_form(path: str) -> None:
    client = Client(enforce_csrf_checks=True)
    client.cookies["sessionid"] = "a-session-the-api-ignores"
    response = client.post(path, RESOLVE_BODY, content_type="application/json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"


def test_post_to_an_unknown_api_path_is_a_json_404_not_a_csrf_page() -> None:
    client = Client(enforce_csrf_checks=True)
    assert_json_error(client.post("/api/v1/nothing/", {}, content_type="application/json"), 404, "not_found")


@pytest.mark.parametrize(
    ("query", "parameter"),
    [({"page": "abc"}, "page"), ({"page": "0"}, "page"), ({"page_size": "-3"}, "page_size"),
     ({"ordering": "colour"}, "ordering"), ({"border": "purple"}, "border"), ({"vitality_min": "%n"}, "vitality_min")],
)  # fmt: skip
def test_malformed_parameters_are_400s_naming_them(client: Client, query: dict[str, str], parameter: str) -> None:
    error = assert_json_error(client.get("/api/v1/cards/", query), 400, "invalid_parameter")
    assert set(error["details"]) == {parameter} and parameter in error["message"]


def test_a_percent_sign_in_a_value_is_a_400_not_a_500(client: Client) -> None:
    """Found by the schema fuzzer: a rule number with "%n" broke the error message's formatting."""
    error = assert_json_error(client.get("/api/v1/rulings/", {"rule": "ç%n"}), 400, "invalid_parameter")
    assert error["details"]["rule"] == ["There is no rule numbered 'ç%n'."]


def test_ordering_is_applied_and_a_page_past_the_end_is_a_404(client: Client) -> None:
    names = [card["name"] for card in client.get("/api/v1/cards/", {"ordering": "-name"}).json()["results"]]
    assert names == sorted(names, reverse=True)
    rulings = client.get("/api/v1/rulings/", {"ordering": "-date"}).json()["results"]
    assert [r["date"] for r in rulings] == sorted((r["date"] for r in rulings), reverse=True)
    assert_json_error(client.get("/api/v1/cards/", {"page": "999"}), 404, "not_found")


def test_unknown_parameters_are_named_in_the_envelope(client: Client) -> None:
    body = client.get("/api/v1/rulings/", {"sort": "date", "kind": "ruling"}).json()
    assert body["warnings"] == ["Unknown query parameter 'sort' was ignored."]
    assert client.get("/api/v1/rulings/", {"ordering": "date"}).json()["warnings"] == []


def test_detail_and_combat_endpoints_name_unknown_parameters_too(client: Client) -> None:
    """The same ``warnings`` list as a list's envelope, on any object answer; absent when nothing was ignored."""
    ignored = ["Unknown query parameter 'colour' was ignored."]
    for url in ("/api/v1/cards/sand-lord/", "/api/v1/rulings/R-010/", "/api/v1/rules/6.5/", "/api/v1/glossary/aoe/",
                "/api/v1/sets/RE/", "/api/v1/cards/autocomplete/?q=sand", "/api/v1/search/?q=bribe",
                "/api/v1/rules/?q=bribe", "/api/v1/"):  # fmt: skip
        separator = "&" if "?" in url else "?"
        asked = client.get(f"{url}{separator}colour=red")
        assert asked.status_code == 200 and asked.json()["warnings"] == ignored, url
        assert "warnings" not in client.get(url).json(), url
    # A detail endpoint does not read a list's filters or paging: they are named, not silently dropped.
    assert client.get("/api/v1/cards/sand-lord/", {"page": "2", "q": "fire"}).json()["warnings"] == [
        "Unknown query parameter 'page' was ignored.", "Unknown query parameter 'q' was ignored."]
    # The parameters an endpoint reads are not warned about.
    assert "warnings" not in client.get("/api/v1/cards/autocomplete/", {"q": "mud", "include": "unverified"}).json()
    assert "warnings" not in client.get("/api/v1/search/", {"q": "fire", "per_group": "2"}).json()
    body = {"notation": "terrain=swamp a=sand-lord d=swordsman,archer"}
    for endpoint in ("resolve", "validate", "explore"):
        answer = client.post(f"/api/v1/combat/{endpoint}/?colour=red", body, content_type="application/json")
        assert answer.status_code == 200 and answer.json()["warnings"] == ignored, endpoint
        plain = client.post(f"/api/v1/combat/{endpoint}/", body, content_type="application/json")
        assert "warnings" not in plain.json(), endpoint


def test_every_error_class_is_the_json_error_object(client: Client) -> None:
    assert_json_error(client.get("/api/v1/cards/no-such-card/"), 404, "not_found")
    assert_json_error(client.get("/api/v9/whatever"), 404, "not_found")
    assert_json_error(client.delete("/api/v1/cards/sand-lord/"), 405, "method_not_allowed")
    assert_json_error(client.get("/api/v1/combat/resolve/"), 405, "method_not_allowed")
    assert_json_error(client.get("/api/v1/sets/", HTTP_ACCEPT="application/xml"), 406, "not_acceptable")
    assert_json_error(
        client.post("/api/v1/combat/resolve/", "a=sand-lord", content_type="text/plain"), 415, "unsupported_media_type"
    )
    assert_json_error(
        client.post("/api/v1/combat/resolve/", "{not json", content_type="application/json"), 400, "parse_error"
    )
    many_fields = "&".join(f"f{i}=1" for i in range(2000))  # past Django's form field limit
    assert_json_error(
        client.post("/api/v1/combat/resolve/", many_fields, content_type="application/x-www-form-urlencoded"),
        415,
        "unsupported_media_type",
    )


def test_a_3_mb_body_is_a_json_413_stating_the_limit(client: Client, settings: Any) -> None:
    body = '{"notation": "' + "a" * (3 * 1024 * 1024) + '"}'
    error = assert_json_error(
        client.post("/api/v1/combat/resolve/", body, content_type="application/json"), 413, "request_too_large"
    )
    assert error["details"] == {"limit": settings.API_MAX_BODY_BYTES, "size": len(body)}
    assert str(settings.API_MAX_BODY_BYTES) in error["message"]


def test_conditional_get_answers_304_until_the_data_changes(client: Client) -> None:
    first = client.get("/api/v1/sets/")
    etag, last_modified = first["ETag"], first["Last-Modified"]
    assert etag.startswith('"rev-') and "max-age=" in first["Cache-Control"] and "public" in first["Cache-Control"]
    again = client.get("/api/v1/sets/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    assert client.get("/api/v1/sets/", HTTP_IF_MODIFIED_SINCE=last_modified).status_code == 304
    head = client.head("/api/v1/sets/")
    assert head.status_code == 200 and head.content == b"" and head["ETag"] == etag
    other_query = client.get("/api/v1/sets/", {"ordering": "name"})
    assert other_query.status_code == 200 and other_query["ETag"] != etag
    revision.bump()
    changed = client.get("/api/v1/sets/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag and changed.json()["count"] == 6


def test_errors_and_posts_carry_no_validators(client: Client) -> None:
    assert not client.get("/api/v1/cards/no-such-card/").has_header("ETag")
    assert not client.post("/api/v1/combat/resolve/", RESOLVE_BODY, content_type="application/json").has_header("ETag")


def test_cors_is_open_for_the_api_only(client: Client) -> None:
    origin = "https://deck-builder.example"
    response = client.get("/api/v1/cards/", HTTP_ORIGIN=origin)
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]
    preflight = client.options(
        "/api/v1/combat/resolve/",
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="content-type",
    )
    assert preflight.status_code == 200 and preflight["Access-Control-Allow-Origin"] == "*"
    assert "POST" in preflight["Access-Control-Allow-Methods"]
    assert "content-type" in preflight["Access-Control-Allow-Headers"]
    assert not client.get("/cards/", HTTP_ORIGIN=origin).has_header("Access-Control-Allow-Origin")


def test_rate_limits_answer_429_with_retry_after_per_endpoint_class(client: Client) -> None:
    tiny = {"read": "3/min", "combat": "2/min", "explore": "1/min"}
    cache.clear()
    with override_settings(API_THROTTLE_ENABLED=True, API_THROTTLE_RATES=tiny):
        explore = "/api/v1/combat/explore/"
        assert client.post(explore, RESOLVE_BODY, content_type="application/json").status_code == 200
        refused = client.post(explore, RESOLVE_BODY, content_type="application/json")
        assert_json_error(refused, 429, "throttled")
        assert 0 < int(refused["Retry-After"]) <= 60
        # Reads have their own, larger allowance: the explore limit does not touch them.
        assert [client.get("/api/v1/glossary/").status_code for _ in range(3)] == [200, 200, 200]
        assert_json_error(client.get("/api/v1/glossary/"), 429, "throttled")
    cache.clear()
    assert client.get("/api/v1/glossary/").status_code == 200  # the tests' default: switched off


def test_the_api_page_documents_limits_bulk_files_and_working_curl_commands(client: Client, settings: Any) -> None:
    page = client.get("/api/")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assert 'href="/api/"' in client.get("/").content.decode()  # linked from the site's header/footer
    for rate in settings.API_THROTTLE_RATES.values():
        assert rate in html
    assert f"{settings.API_MAX_BODY_BYTES:,}" in html and "Retry-After" in html
    for kind in ("cards", "cards-csv", "rules", "rulings", "glossary", "worked-examples"):
        assert f">{kind}</a>" in html
    blocks = re.findall(r"<pre[^>]*><code>(.*?)</code></pre>", html, flags=re.S)
    commands = [line for block in blocks for line in unescape(block).splitlines() if line.startswith("curl ")]
    assert len(commands) >= 7
    for command in commands:
        if "<the ETag" in command:
            continue
        args = shlex.split(command.split(" && ")[0])
        url = next((arg for arg in args if arg.startswith("http://testserver")), None)
        if url is None:
            # An address read at run time ("$uri" from the bulk file's entry): the pasted example is run as a
            # whole against a live server in tests/site/test_api_guide_examples.py.
            continue
        path = url.removeprefix("http://testserver")
        if "-X" in args:
            body = args[args.index("-d") + 1]
            response = client.post(path, body, content_type="application/json")
        else:
            response = client.get(path)
        assert response.status_code == 200, command

