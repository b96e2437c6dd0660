"""The combat API: resolve, validate, explore every play order and list the worked examples.

A set-up the engine cannot read or that breaks the rules is the caller's mistake: 400 with every
problem listed in ``error.details.problems``, each with the engine's stable code.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from combat import running
from combat.examples import all_examples, arena_examples
from combat.limits import MAX_EXPLORE_BYTES, MAX_EXPLORE_ROWS, MAX_SETUP_JSON_BYTES, LimitExceeded
from combat.links import permalink
from combat.readings_links import reading_links
from combat.serializers import (
    CombatRequestSerializer,
    DuelResponseSerializer,
    ErrorSerializer,
    ExampleSerializer,
    ExploreResponseSerializer,
    PartialRequestSerializer,
    ResolveResponseSerializer,
    ValidateResponseSerializer,
)
from combat.slots import RETRY_AFTER, ServerBusy
from combat.stepping import rule_url
from engine.cli import exploration_to_dict, outcome_to_dict
from engine.errors import EngineError, NotationError
from engine.explore import Exploration
from engine.rulesets import ARENA, RULESET_NAMES, STANDARD, AnySetup, find_ruleset, ruleset_of
from guardians_site.api.errors import error_body
from guardians_site.api.parameters import parameter_warnings
from guardians_site.api.throttling import CombatThrottle, ExploreThrottle

# Request bodies only (a response example would document the request's shape as the answer's); explore's list
# leaves the duel out, since a duel has no play order to explore (explore.not_for_duels).
COMBAT_EXAMPLES = [
    OpenApiExample(
        "Notation",
        value={"notation": "terrain=swamp a=sand-lord d=swordsman,archer d.ranged=1:archer"},
        request_only=True,
    ),
    OpenApiExample(
        "JSON form",
        value={
            "setup": {
                "terrain": "woods",
                "attacker": {"creatures": ["wood-nymph"]},
                "defender": {"creatures": ["amber-well"]},
            }
        },
        request_only=True,
    ),
]
REQUEST_EXAMPLES = [
    *COMBAT_EXAMPLES,
    OpenApiExample(
        "Guardians Arena duel",
        value={
            "notation": "ruleset=arena terrain=woods a=swordsman d=sand-lord d.pen=devil-dog s=d:creature:devil-dog,a:pass,d:pass"
        },
        request_only=True,
    ),
]


# The engine's codes for a body the schema refuses: a JSON form not of the documented shape (a wrong type, an
# unknown key), a notation longer than its maxLength.
SCHEMA_REFUSAL_CODES = ("json.", "notation.too_long")

RESOLVE_RESPONSE = PolymorphicProxySerializer(
    component_name="CombatOrDuel",
    serializers={"standard": ResolveResponseSerializer, "arena": DuelResponseSerializer},
    resource_type_field_name="ruleset",
)


def example_records(ruleset: str | None = None) -> list[dict[str, Any]]:
    """Every worked example as the API and the bulk file give it, each naming its rule set: the standard
    examples, then the worked Guardians Arena duels; ``ruleset`` keeps one rule set's."""
    examples = [*all_examples(), *arena_examples()]
    return [
        {
            "id": example.id,
            "title": example.title,
            "section": example.section,
            "ruleset": example.ruleset,
            "notation": example.notation,
            "expected": example.expected,
            "permalink": permalink(example.notation),
        }
        for example in examples
        if ruleset is None or example.ruleset == ruleset
    ]


def _read(request: Request) -> AnySetup:
    serializer = CombatRequestSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    wanted = find_ruleset(data["ruleset"]) if data.get("ruleset") is not None else None
    if "notation" in data:
        text = data["notation"].strip()
        if wanted is not None and ruleset_of(text) is not wanted and wanted is ARENA:
            # "ruleset": "arena" beside a notation that does not say so: read it as a duel.
            text = "ruleset=arena " + text
        setup = running.read_notation(text)
    else:
        raw = data["setup"]
        if wanted is not None and isinstance(raw, dict):
            raw = {**raw, "ruleset": wanted.name}
        setup = running.read_json(raw)
    found = ruleset_of(setup)
    if wanted is not None and found is not wanted:
        raise NotationError(f"the set-up is a {found.name} one, not {wanted.name}", code="notation.bad_ruleset")
    return setup


class ResolveView(APIView):
    max_body_bytes = MAX_SETUP_JSON_BYTES
    throttle_classes = [CombatThrottle]

    @extend_schema(
        operation_id="combat_resolve",
        summary="Resolve a combat",
        description="Resolve a set-up and return every step (with its rule and the terms behind each number) and the result.",
        request=CombatRequestSerializer,
        responses={200: RESOLVE_RESPONSE, 400: ErrorSerializer},
        examples=REQUEST_EXAMPLES,
        tags=["combat"],
    )
    def post(self, request: Request) -> Response:
        setup = _read(request)
        ruleset = ruleset_of(setup)
        log = running.run(setup)
        data: dict[str, Any] = log.to_dict()
        data["ruleset"] = ruleset.name
        if ruleset is STANDARD:
            outcomes = STANDARD.log_of(log).result.creatures
            for creature, outcome in zip(data["result"]["creatures"], outcomes, strict=True):
                creature["counts_for_control"] = outcome.counts_for_control
        if ruleset.readings:
            data["readings"] = reading_links(ruleset, setup, log)
        for step in data["steps"]:
            step["rule_url"] = rule_url(step["rule"])
        data["permalink"] = permalink(log.notation)
        return Response(data)


def _named_ruleset(request: Request) -> str:
    """The rule set a body names (its notation's ``ruleset=`` or its set-up's field) when it cannot be read."""
    data = request.data if isinstance(request.data, Mapping) else {}
    named = data.get("notation") if isinstance(data.get("notation"), str) else data.get("setup")
    try:
        return ruleset_of(named if isinstance(named, str | Mapping) else "").name
    except EngineError:
        return STANDARD.name


class ValidateView(APIView):
    max_body_bytes = MAX_SETUP_JSON_BYTES
    throttle_classes = [CombatThrottle]

    @extend_schema(
        operation_id="combat_validate",
        summary="Check a set-up",
        description="Check a set-up against the cards and the set-up rules without resolving it; lists every problem.",
        request=CombatRequestSerializer,
        responses={200: ValidateResponseSerializer, 400: ErrorSerializer},
        examples=REQUEST_EXAMPLES,
        tags=["combat"],
    )
    def post(self, request: Request) -> Response:
        try:
            setup = _read(request)
        except LimitExceeded:
            raise  # Over a documented limit: a 400 naming it, like every other endpoint.
        except EngineError as exc:
            if exc.code.startswith(SCHEMA_REFUSAL_CODES):
                raise  # Not a set-up of the documented shape: refused as the schema says, like every endpoint.
            problems = [problem.as_dict() for problem in exc.problems]
            return Response({"valid": False, "notation": None, "problems": problems, "ruleset": _named_ruleset(request)})
        problems = [problem.as_dict() for problem in running.problems_of(setup)]
        ruleset = ruleset_of(setup)
        data: dict[str, Any] = {
            "valid": not problems,
            "notation": ruleset.format(setup),
            "problems": problems,
            "ruleset": ruleset.name,
        }
        warnings = [] if problems else running.setup_warnings(setup)
        listed: list[Any] = [
            {
                "code": n.code,
                "message": n.message,
                "rule": n.rule,
                "values": {k: str(v) for k, v in n.values.items()},
            }
            for n in warnings
        ]
        # Ignored query parameters join the duel's warnings (as strings, as everywhere) rather than replace them.
        listed += parameter_warnings(request, self)
        if listed:
            data["warnings"] = listed
        return Response(data)


class ExamplesView(APIView):
    extra_query_parameters = ("ruleset",)

    @extend_schema(
        operation_id="combat_examples",
        summary="Worked examples",
        description=(
            "Every worked example of the rules as a set-up, with the result the rules give and its rule set "
            "(ruleset): the standard examples, then the worked Guardians Arena duels; "
            "?ruleset=standard or ?ruleset=arena lists one rule set's."
        ),
        parameters=[
            OpenApiParameter(
                "ruleset", str, enum=list(RULESET_NAMES), description="Keep one rule set's examples (both by default)."
            )
        ],
        responses={200: ExampleSerializer(many=True)},
        tags=["combat"],
    )
    def get(self, request: Request) -> Response:
        # Blank is the default (both rule sets), as the schema says of every choice parameter
        # (guardians_site.api.schema).
        ruleset = request.query_params.get("ruleset") or None
        if ruleset is not None and ruleset not in RULESET_NAMES:
            names = " or ".join(RULESET_NAMES)
            raise ValidationError({"ruleset": [f"ruleset must be {names}, not {ruleset!r}"]})
        return Response(example_records(ruleset))


class ExploreView(APIView):
    max_body_bytes = MAX_SETUP_JSON_BYTES
    throttle_classes = [ExploreThrottle]

    @extend_schema(
        operation_id="combat_explore",
        summary="Explore every play order",
        description=(
            "Resolve every primary play order (every pairing of creatures into match-ups, and who is left "
            "for secondaries) with the other decisions fixed. Returns the outcome table, the best order for "
            "each side and what each side can guarantee when orders are chosen without seeing the other's: "
            "its worst case with a fixed order, and the game's value when it shuffles its order. "
            "Bounded by time: after half a second it answers with the orders explored so far "
            "(complete false, coverage 'explored N of M play orders', covered naming which: always a fair sample "
            "with a fixed seed, orders drawn at random when the budget is seen to be too short, else whole groups of "
            "orders visited in a shuffled sequence). "
            f"The outcomes list holds at most {MAX_EXPLORE_ROWS:,} of the orders explored and stops before the "
            f"answer passes {MAX_EXPLORE_BYTES:,} bytes (outcomes_listed, outcomes_complete); every figure covers "
            "all the orders explored. "
            "At most two explores run at once per "
            "server; beyond that the answer is 503 with Retry-After. A Guardians Arena duel is refused (400, "
            "code explore.not_for_duels): it has one creature a side and no play order to vary."
        ),
        request=CombatRequestSerializer,
        responses={200: ExploreResponseSerializer, 400: ErrorSerializer, 503: ErrorSerializer},
        examples=COMBAT_EXAMPLES,
        tags=["combat"],
    )
    def post(self, request: Request) -> Response:
        warnings = parameter_warnings(request, self)  # its body is written here, not by the API's renderer

        def rendered(exploration: Exploration) -> str:
            return json.dumps({**_exploration_data(exploration), **({"warnings": warnings} if warnings else {})})

        try:
            # Rendered to JSON in the explore's low-priority thread too: a few hundred rows take a while.
            body = running.explore_setup(_read(request), rendered)
        except ServerBusy as exc:
            busy = error_body("server_busy", exc.message)
            return Response(busy, status=503, headers={"Retry-After": str(RETRY_AFTER)})
        return HttpResponse(body, content_type="application/json")


def _exploration_data(exploration: Exploration) -> dict[str, Any]:
    """The explore answer, bounded in rows and bytes whatever the set-up (combat.limits)."""
    data: dict[str, Any] = exploration_to_dict(exploration, with_outcomes=False)
    # Explored within the time budget: say how much, without ever writing a huge count out in full.
    data["complete"] = exploration.complete
    data["coverage"] = exploration.coverage()
    data["total_orders"] = exploration.total_orders if exploration.total_orders < 10**12 else None
    rows = [data["best_for_attacker"], data["best_for_defender"]]
    rows += [data[side]["security_level"] for side in ("attacker_guarantee", "defender_guarantee")]
    for row in rows:  # every play order given, wherever it appears, links to its page
        row["permalink"] = permalink(row["notation"])
    room = MAX_EXPLORE_BYTES - len(json.dumps(data)) - 64  # the two fields added below
    for outcome in exploration.outcomes[:MAX_EXPLORE_ROWS]:
        row = outcome_to_dict(outcome)
        row["permalink"] = permalink(row["notation"])
        room -= len(json.dumps(row)) + 2
        if room < 0:
            break
        data["outcomes"].append(row)
    data["outcomes_listed"] = len(data["outcomes"])
    data["outcomes_complete"] = data["outcomes_listed"] == len(exploration.outcomes)
    return data


class PartialView(APIView):
    max_body_bytes = MAX_SETUP_JSON_BYTES
    throttle_classes = [CombatThrottle]

    @extend_schema(
        operation_id="combat_partial",
        summary="Resolve a combat part of the way",
        description=(
            "Resolve a set-up up to a point and return the state then: after the command step (after=command) "
            "or after primary match-up N (after=N). Gives the steps so far, every creature's fate so far "
            "(in_hand lists those not yet played), the stones left, the terrain, the match-ups played and the "
            "effects in force. A point the combat never reaches is a 400 with code partial.not_reached."
        ),
        request=PartialRequestSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ErrorSerializer},
        examples=[
            OpenApiExample(
                "After match-up 1",
                value={"notation": "a=greedy-fiend,swordsman d=sand-lord,archer", "after": "1"},
                request_only=True,
            )
        ],
        tags=["combat"],
    )
    def post(self, request: Request) -> Response:
        serializer = PartialRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        setup = running.read_notation(data["notation"]) if "notation" in data else running.read_json(data["setup"])
        after = 0 if data["after"] == "command" else int(data["after"])
        state = running.run_until(setup, after).to_dict()
        for step in state["steps"]:
            step["rule_url"] = rule_url(step["rule"])
        state["permalink"] = permalink(state["notation"])
        return Response(state)
