"""Schemathesis over every operation of /api/schema/, in-process (WSGI, no server).

Fails on any 5xx, any response whose body, headers or content type the schema does not describe,
any status code the operation does not document, and any schema-violating request that is
accepted. Examples are bounded per operation so the
whole run stays a few seconds of CI time.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

EXAMPLES_PER_OPERATION = 20
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]

# Requests the schema forbids (a wrong type, a value outside an enum, ...) must be refused with a
# 4xx naming the problem. The search endpoints read a blank or malformed value of a parameter that
# does not apply as absent, by their own design; they are held to the other checks only.
# validate/ answers any set-up, readable or not, with a 200 report of its problems: that is its job.
NOT_REFUSING = {"/api/v1/rules/", "/api/v1/search/", "/api/v1/search/suggest/", "/api/v1/combat/validate/"}


def _uncompressed(app: Any) -> Any:
    """The app asked for plain bodies: the in-process client does not undo gzip (which the site applies to
    any client that accepts it; tests/site/test_production.py checks that)."""

    def call(environ: dict[str, Any], start_response: Any) -> Any:
        environ.pop("HTTP_ACCEPT_ENCODING", None)
        return app(environ, start_response)

    return call


def _load_schema() -> Any:
    """The schema /api/schema/ serves, generated without a request (collection happens before the
    test database exists, and generating it reads no rows), answered by the WSGI app in-process."""
    generated = SchemaGenerator().get_schema(request=None, public=True)
    loaded = schemathesis.openapi.from_dict(json.loads(OpenApiJsonRenderer().render(generated)))
    # Django's WSGI handler itself: the project's wsgi module also warms caches from the database,
    # which is not there yet while tests are collected.
    loaded.app = _uncompressed(get_wsgi_application())
    # The coverage phase enumerates boundary values of every field: over a thousand requests for
    # the combat set-up's schema alone. The fuzzing phase with a fixed budget keeps the run short.
    loaded.config.phases.coverage.enabled = False
    return loaded


schema = _load_schema()
pytestmark = pytest.mark.django_db


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_documented(case: Any) -> None:
    strict = [] if case.path in NOT_REFUSING or _page_size_cut_by_design(case) else [negative_data_rejection]
    case.call_and_validate(checks=CHECKS + strict)


def _page_size_cut_by_design(case: Any) -> bool:
    """A list's page_size above the schema's maximum is served at the maximum with a warning, not refused: a
    client that asked for more than 200 before the maximum was stated keeps working (test_api_page_size.py)."""
    from guardians_site.api.pagination import EnvelopePagination

    size = str((case.query or {}).get("page_size", ""))
    return size.isascii() and size.isdigit() and int(size) > EnvelopePagination.max_page_size


def _validate(operation_path: str, method: str = "GET", **parameters: Any) -> None:
    case = schema[operation_path][method].Case(path_parameters=parameters)
    case.call_and_validate(checks=CHECKS)


def test_stored_objects_of_every_shape_match_the_schema() -> None:
    """The fuzzer mostly guesses slugs that do not exist; this walks the real data: every card,
    ruling and glossary term through the lists (200 a page), and objects of every shape through
    the detail endpoints (each card type, blank rarity/border/size, superseded rulings, both rulesets)."""
    from django.db.models import Q

    from cards.models import Card, CardSet
    from rulings.models import EngineRuleId, GlossaryTerm, RuleEntry, Ruling

    for path, pages in (("/api/v1/cards/", 4), ("/api/v1/rulings/", 1), ("/api/v1/glossary/", 1)):
        for page in range(1, pages + 1):
            schema[path]["GET"].Case(query={"page": page, "page_size": 200}).call_and_validate(checks=CHECKS)
    for query in ({"q": "sand lord"}, {"q": "zzzz"}, {"q": "v>10 order:vitality", "ordering": "-name"}):
        schema["/api/v1/cards/"]["GET"].Case(query=query).call_and_validate(checks=CHECKS)
    cards = set()
    for card_type in Card.objects.values_list("card_type", flat=True).distinct():
        cards.update(Card.objects.filter(card_type=card_type).values_list("slug", flat=True)[:3])
    for blank in (Q(rarity=""), Q(border=""), Q(size=""), Q(printings__rarity="")):
        cards.update(Card.objects.filter(blank).values_list("slug", flat=True)[:3])
    assert len(cards) > 20
    for slug in sorted(cards):
        _validate("/api/v1/cards/{slug}/", slug=slug)
    for code in CardSet.objects.values_list("code", flat=True):
        _validate("/api/v1/sets/{code_or_slug}/", code_or_slug=code)
    rulings = Ruling.objects.filter(Q(superseded_by__isnull=False) | Q(supersedes__isnull=False))
    for code in {*rulings.values_list("code", flat=True)[:5], *Ruling.objects.values_list("code", flat=True)[:5]}:
        _validate("/api/v1/rulings/{code}/", code=code)
    for slug in GlossaryTerm.objects.values_list("slug", flat=True)[:5]:
        _validate("/api/v1/glossary/{slug}/", slug=slug)
    for code in EngineRuleId.objects.values_list("code", flat=True)[:5]:
        _validate("/api/v1/rules/id/{code}/", code=code)
    entries = RuleEntry.objects.select_related("ruleset").filter(number__regex=r"^6\.[1-4](\.|$)")
    assert {entry.ruleset.slug for entry in entries} == {"standard", "arena"} and len(entries) > 20
    for entry in entries:
        path = "/api/v1/rules/{number}/" if entry.ruleset.is_standard else "/api/v1/rules/arena/{number}/"
        _validate(path, number=entry.number)


def test_every_worked_example_resolves_and_explores_as_documented() -> None:
    from combat.examples import all_examples, arena_examples

    # The worked duels too: their answers (a duel's creatures with their reason codes) are documented alike.
    for example in (*all_examples(), *arena_examples()):
        for path in ("/api/v1/combat/resolve/", "/api/v1/combat/validate/", "/api/v1/combat/explore/"):
            case = schema[path]["POST"].Case(body={"notation": example.notation}, media_type="application/json")
            case.call_and_validate(checks=CHECKS)
