"""The combat API: resolve, validate, explore every play order and list the worked examples.

A set-up the engine cannot read or that breaks the rules is the caller's mistake: 400 with every
problem listed in ``error.details.problems``, each with the engine's stable code.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from combat import running
from combat.examples import all_examples
from combat.limits import MAX_SETUP_JSON_BYTES, LimitExceeded
from combat.links import permalink
from combat.serializers import (
    CombatRequestSerializer,
    ErrorSerializer,
    ExampleSerializer,
    ExploreResponseSerializer,
    ResolveResponseSerializer,
    ValidateResponseSerializer,
)
from combat.slots import RETRY_AFTER, ServerBusy
from combat.stepping import rule_url
from engine.cli import exploration_to_dict
from engine.errors import EngineError
from engine.explore import Exploration
from engine.notation import format_setup
from engine.setup import CombatSetup
from guardians_site.api.errors import error_body
from guardians_site.api.throttling import CombatThrottle, ExploreThrottle

REQUEST_EXAMPLES = [
    OpenApiExample("Notation", value={"notation": "terrain=swamp a=sand-lord d=swordsman,archer d.ranged=1:archer"}),
    OpenApiExample(
        "JSON form",
        value={
            "setup": {
                "terrain": "woods",
                "attacker": {"creatures": ["wood-nymph"]},
                "defender": {"creatures": ["amber-well"]},
            }
        },
    ),
]


def example_records() -> list[dict[str, Any]]:
    """Every worked example as the API and the bulk file give it."""
    return [
        {
            "id": example.id,
            "title": example.title,
            "section": example.section,
            "notation": example.notation,
            "expected": example.expected,
            "permalink": permalink(example.notation),
        }
        for example in all_examples()
    ]


def _read(request: Request) -> CombatSetup:
    serializer = CombatRequestSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    if "notation" in data:
        return running.read_notation(data["notation"])
    return running.read_json(data["setup"])


class ResolveView(APIView):
    max_body_bytes = MAX_SETUP_JSON_BYTES
    throttle_classes = [CombatThrottle]

    @extend_schema(
        operation_id="combat_resolve",
        summary="Resolve a combat",
        description="Resolve a set-up and return every step (with its rule and the terms behind each number) and the result.",
        request=CombatRequestSerializer,
        responses={200: ResolveResponseSerializer, 400: ErrorSerializer},
        examples=REQUEST_EXAMPLES,
        tags=["combat"],
    )
    def post(self, request: Request) -> Response:
        log = running.run(_read(request))
        data: dict[str, Any] = log.to_dict()
        for creature, outcome in zip(data["result"]["creatures"], log.result.creatures, strict=True):
            creature["counts_for_control"] = outcome.counts_for_control
        for step in data["steps"]:
            step["rule_url"] = rule_url(step["rule"])
        data["permalink"] = permalink(log.notation)
        return Response(data)


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
            problems = [problem.as_dict() for problem in exc.problems]
            return Response({"valid": False, "notation": None, "problems": problems})
        problems = [problem.as_dict() for problem in running.problems_of(setup)]
        return Response({"valid": not problems, "notation": format_setup(setup), "problems": problems})


class ExamplesView(APIView):
    @extend_schema(
        operation_id="combat_examples",
        summary="Worked examples",
        description="Every worked example of the rules as a set-up, with the result the rules give.",
        responses={200: ExampleSerializer(many=True)},
        tags=["combat"],
    )
    def get(self, request: Request) -> Response:
        return Response(example_records())


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
            "(complete false, coverage 'explored N of M play orders'). At most two explores run at once per "
            "server; beyond that the answer is 503 with Retry-After."
        ),
        request=CombatRequestSerializer,
        responses={200: ExploreResponseSerializer, 400: ErrorSerializer, 503: ErrorSerializer},
        examples=REQUEST_EXAMPLES,
        tags=["combat"],
    )
    def post(self, request: Request) -> Response:
        try:
            # Rendered to JSON in the explore's low-priority thread too: a few hundred rows take a while.
            body = running.explore_setup(_read(request), lambda exploration: json.dumps(_exploration_data(exploration)))
        except ServerBusy as exc:
            busy = error_body("server_busy", exc.message)
            return Response(busy, status=503, headers={"Retry-After": str(RETRY_AFTER)})
        return HttpResponse(body, content_type="application/json")


def _exploration_data(exploration: Exploration) -> dict[str, Any]:
    data: dict[str, Any] = exploration_to_dict(exploration)
    # Explored within the time budget: say how much, without ever writing a huge count out in full.
    data["complete"] = exploration.complete
    data["coverage"] = exploration.coverage()
    data["total_orders"] = exploration.total_orders if exploration.total_orders < 10**12 else None
    rows = [*data["outcomes"], data["best_for_attacker"], data["best_for_defender"]]
    rows += [data[side]["security_level"] for side in ("attacker_guarantee", "defender_guarantee")]
    for row in rows:  # every play order given, wherever it appears, links to its page
        row["permalink"] = permalink(row["notation"])
    return data
