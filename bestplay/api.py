"""``POST /api/v1/combat/best-play/`` and the analysis it answers with (``GET .../best-play/<key>/``)."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bestplay.models import Analysis
from bestplay.presenting import analysis_data
from bestplay.serializers import AnalysisSerializer
from bestplay.service import INLINE_BUDGET_S, JOB_BUDGET_S, best_play
from combat.api import read_setup
from combat.limits import MAX_SETUP_JSON_BYTES
from combat.serializers import CombatRequestSerializer, ErrorSerializer
from core.api.throttling import ExploreThrottle, ReadThrottle

EXAMPLES = [
    OpenApiExample(
        "Notation", value={"notation": "a=sand-lord,swordsman d=archer,devil-dog a.hand=gold"}, request_only=True
    ),
]


class BestPlayView(APIView):
    max_body_bytes = MAX_SETUP_JSON_BYTES
    throttle_classes = [ExploreThrottle]  # a search, like an explore: the tighter limit

    @extend_schema(
        operation_id="combat_best_play",
        summary="Best play for each side",
        description=(
            "Search every decision both sides have (engine.solver): the value of the combat (who holds the space, "
            "then the control margin) when both play their best, each side's best line, and for the side that lost "
            "the smallest change to its own decisions that changes the holder. "
            f"A search that proves the value within {INLINE_BUDGET_S} s is answered at once (200). Otherwise it "
            f"runs as a background job (up to {JOB_BUDGET_S:g} s) and the answer is 202 with the analysis' url "
            "(also in Location): GET it for its progress, then its answer. The same set-up at the same data "
            "revision is one analysis, searched once."
        ),
        request=CombatRequestSerializer,
        responses={200: AnalysisSerializer, 202: AnalysisSerializer, 400: ErrorSerializer},
        examples=EXAMPLES,
        tags=["combat"],
    )
    def post(self, request: Request) -> Response:
        analysis = best_play(read_setup(request))
        data = analysis_data(analysis)
        if analysis.finished:
            return Response(data)
        return Response(data, status=202, headers={"Location": data["url"]})


class AnalysisView(APIView):
    throttle_classes = [ReadThrottle]

    @extend_schema(
        operation_id="combat_best_play_analysis",
        summary="A best-play analysis",
        description=(
            "An analysis by its key: queued or running with its progress (elapsed_share of its time budget, the "
            "nodes searched and the bounds proved so far), then done with its answer, or failed with a code. "
            "A finished analysis never changes."
        ),
        responses={200: AnalysisSerializer, 404: ErrorSerializer},
        tags=["combat"],
    )
    def get(self, request: Request, key: str) -> Response:
        analysis = Analysis.objects.filter(pk=key).first()
        if analysis is None:
            raise Http404("No best-play analysis has this key.")
        return Response(analysis_data(analysis))
