"""GET /api/v1/: every endpoint of the API by name, so a client can start from one address."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

# Name in the listing -> URL name. Detail endpoints are reached from the lists' "url" fields.
ENDPOINTS = {
    "cards": "api:card-list",
    "card_autocomplete": "api:card-autocomplete",
    "sets": "api:set-list",
    "rules": "rulings-api:rules-tree",
    "rulings": "rulings-api:ruling-list",
    "glossary": "rulings-api:glossary-list",
    "search": "api-site-search",
    "search_suggest": "api-site-suggest",
    "combat_resolve": "combat-api:resolve",
    "combat_validate": "combat-api:validate",
    "combat_explore": "combat-api:explore",
    "combat_examples": "combat-api:examples",
    "combat_best_play": "best-play-api:best-play",
    "learn_lessons": "learn-api:lesson-list",
    "learn_questions": "learn-api:question-list",
    "learn_puzzles": "learn-api:puzzle-list",
    "bulk_data": "api:bulk-data-list",
    "schema": "api:schema",
    "docs": "api:docs",
    "guide": "api:guide",
}

ApiRootSerializer = inline_serializer("ApiRoot", {name: serializers.URLField() for name in ENDPOINTS})


class ApiRootView(APIView):
    """Every endpoint of the API; /api/ (the guide) explains paging, bulk files and limits."""

    @extend_schema(operation_id="api_root", responses={200: ApiRootSerializer})
    def get(self, request: Request) -> Response:
        return Response({name: request.build_absolute_uri(reverse(url)) for name, url in ENDPOINTS.items()})
