"""Every route of the site and the API, fed what breaks naive code: NUL bytes, ``%s``, JSON nested a
thousand deep and numbers far beyond any real value. None may answer 500.

The routes are read from the URL configuration, so a route added later is crawled too. The suite runs
this on SQLite; ``.ci/run`` runs it again on PostgreSQL, which refuses NUL bytes where SQLite stores them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

HOSTILE = ["\x00", "a\x00b", "%s", "%(x)s%d", "9" * 60, "-99999999999999999999", "1e999", "../../etc"]
# Every query parameter any view or filter set reads.
PARAMETERS = [
    "q", "s", "page", "page_size", "step", "example", "edit", "blank", "view", "ruleset", "rule", "card", "topic",
    "authority", "kind", "status", "border", "bribery", "class", "set", "size", "sort", "type", "vitality_min",
    "vitality_max", "order", "dir", "format", "check",
]  # fmt: skip
DEEP_JSON = '{"setup":' + "[" * 1000 + "]" * 1000 + "}"
CONVERTER = re.compile(r"<(?:(?P<kind>[a-z]+):)?(?P<name>\w+)>")


def _routes(patterns: list[URLPattern | URLResolver], prefix: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern)


def concrete_paths() -> list[str]:
    """Each route with its parameters replaced by every hostile value (regex routes become one sample)."""
    paths: set[str] = set()
    for route in _routes(get_resolver().url_patterns):
        if route.startswith("admin/") and not route.startswith("admin/cards/"):
            continue
        route = route.replace("^", "").replace("$", "")
        if "(?P" in route:
            route = re.sub(r"\(\?P<\w+>[^)]*\)", "x", route)
        for value in HOSTILE:
            paths.add("/" + CONVERTER.sub(quote(value, safe=""), route))
    return sorted(paths)


def _assert_no_500(response: object, what: str) -> None:
    status = response.status_code  # type: ignore[attr-defined]
    assert status < 500, f"{what} answered {status}"


@pytest.fixture
def staff_client(client: Client) -> Client:
    client.force_login(User.objects.create(username="crawler", is_staff=True, is_superuser=True))
    return client


@pytest.mark.django_db
def test_every_route_with_hostile_path_parts(staff_client: Client) -> None:
    paths = concrete_paths()
    assert len(paths) > 100  # The crawl really reads the URL configuration.
    for path in paths:
        _assert_no_500(staff_client.get(path), f"GET {path!r}")


@pytest.mark.django_db
def test_every_route_with_hostile_query_parameters(client: Client) -> None:
    plain_routes = sorted(
        {path for path in concrete_paths() if "%" not in path and "999" not in path and ".." not in path}
    )
    for path in plain_routes:
        for value in HOSTILE:
            query = "&".join(f"{name}={quote(value, safe='')}" for name in PARAMETERS)
            _assert_no_500(client.get(f"{path}?{query}"), f"GET {path}?{query[:60]}")


@pytest.mark.django_db
@pytest.mark.parametrize("endpoint", ["resolve", "validate", "explore"])
def test_combat_api_with_deep_json_huge_numbers_and_nul(client: Client, endpoint: str) -> None:
    bodies = [
        DEEP_JSON,
        '{"notation":' + "[" * 1000 + "]" * 1000 + "}",
        json.dumps(
            {"setup": {"attacker": {"creatures": ["archer"], "stones": 10**400}, "defender": {"creatures": ["idiot"]}}}
        ),
        json.dumps({"setup": {"attacker": {"creatures": ["archer"]}, "defender": {"creatures": ["idiot"] * 2000}}}),
        json.dumps({"notation": "a=archer a.rolls=archer:" + "9" * 1500 + " d=idiot"}),
        json.dumps({"notation": "a=archer\x00 d=idiot%s"}),
        json.dumps({"setup": {"attacker": {"creatures": ["archer\x00"]}, "defender": {"creatures": ["%s"]}}}),
    ]
    for body in bodies:
        response = client.post(f"/api/v1/combat/{endpoint}", body, content_type="application/json")
        if endpoint == "validate" and response.status_code == 200:
            assert response.json()["valid"] is False  # Validate lists what it could not read.
            continue
        assert response.status_code == 400, (endpoint, body[:80], response.content[:200])
        assert set(response.json()["error"]) == {"code", "message", "details"}
        assert len(response.json()["error"]["message"]) < 300  # A sentence, not a dump.


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["rule=%25s", "rule=%25(x)s%25d", "rule=arena%20%25s"])
def test_a_format_string_in_the_rule_filter_is_a_400_naming_it(client: Client, query: str) -> None:
    response = client.get(f"/api/v1/rulings/?{query}")
    assert response.status_code == 400
    assert response.json()["error"]["details"]["rule"][0].startswith("There is no rule numbered '")
    assert client.get(f"/rulings/?{query}").status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    ["/api/v1/rulings/%00/", "/rules/id/%00/", "/cards/%00/", "/api/v1/rules/?ruleset=%00", "/api/v1/cards/?q=a%00"],
)
def test_nul_bytes_are_a_400_on_every_database(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 400
    if path.startswith("/api/"):
        assert "NUL character" in response.json()["error"]["message"]
