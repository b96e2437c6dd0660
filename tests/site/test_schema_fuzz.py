"""Schemathesis over every operation of /api/schema/, in-process (WSGI, no server).

Every phase that generates requests from the schema (its examples, the coverage phase's boundary values and
type mutations, hypothesis' fuzzing) and every check schemathesis has: any 5xx, any response whose body,
headers or content type the schema does not describe, any status code the operation does not document, any
schema-violating request accepted (ST201) and any schema-valid request refused (ST202), missing-header,
method and Allow checks. Fuzzed examples are bounded per operation and hypothesis is derandomized (a fixed seed), so
the run is the same every time.

One refusal of a schema-valid request is allowed, because no JSON Schema can state it: a value that must name
stored data or be read by a grammar (a card, class, set, rule or topic that does not exist; a combat set-up
whose notation or cards the engine cannot read or the rules forbid; a body over the byte limit). The schema
documents each of these 400s (and the 413) with its code; ``refused_by_design`` below lists them exactly.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

# Examples hypothesis generates per operation in the fuzzing phase (the only phase it bounds: every operation's
# schema examples and the coverage phase's boundary values and type mutations are all sent whatever this says).
# The coverage phase is most of the time: 4 fuzzed examples instead of 12 saved 4% of the CPU time (50.2 s against
# 48.4 s, back to back), so CI keeps 12. A longer run:
# ``SCHEMA_FUZZ_EXAMPLES=100 python -m pytest -n 0 tests/site/test_schema_fuzz.py``.
EXAMPLES_PER_OPERATION = int(os.environ.get("SCHEMA_FUZZ_EXAMPLES", "12"))
# For the explicit calls below: the response checks (every phase's run above uses every check).
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]

# Query parameters whose value must name stored data: a well-formed name of nothing is a 400 naming it.
NAMES_STORED_DATA = {
    "/api/v1/cards/": {"class", "set"},
    "/api/v1/rulings/": {"card", "rule", "topic"},
}
COMBAT = ("/api/v1/combat/resolve/", "/api/v1/combat/explore/", "/api/v1/combat/partial/", "/api/v1/combat/validate/",
          "/api/v1/combat/best-play/")
# The engine's refusals of a set-up it read: unreadable notation or cards, a set-up the rules forbid, one over a
# documented limit.
SET_UP_REFUSALS = {"invalid_notation", "invalid_setup", "limit_exceeded"}


def refused_by_design(case: Any, response: Any) -> bool:
    """Whether a refusal of a schema-valid request is one the schema cannot state (see the module's docstring)."""
    if case.path in COMBAT and response.status_code == 413:
        return True  # a body of the documented shape can still be longer than the byte limit
    if response.status_code != 400:
        return False
    error = json.loads(response.content)["error"]
    if case.path in COMBAT:
        return error["code"] in SET_UP_REFUSALS
    named = set(error["details"] or {})
    return error["code"] == "invalid_parameter" and bool(named) and named <= NAMES_STORED_DATA.get(case.path, set())


@schemathesis.check
def positive_data_acceptance_but_data_references(ctx: Any, response: Any, case: Any) -> bool | None:
    """schemathesis' positive_data_acceptance, but for the refusals ``refused_by_design`` names."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        if refused_by_design(case, response):
            return None
        raise


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
    case.call_and_validate(
        excluded_checks=[positive_data_acceptance], additional_checks=[positive_data_acceptance_but_data_references]
    )


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
