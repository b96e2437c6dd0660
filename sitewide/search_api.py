"""GET /api/v1/search/?q=: the header box's search as JSON, and /api/v1/search/suggest/ for its completions."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from rulings.serializers import CrumbSerializer, JumpSerializer
from sitewide.site_search import MAX_LENGTH, PER_GROUP, SUGGESTIONS, site_search, suggest

MAX_PER_GROUP = 50


class ItemSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["card", "standard", "arena", "ruling", "erratum", "glossary"])
    label = serializers.CharField(help_text="The card name, rule number, ruling id or glossary term.")
    title = serializers.CharField()
    text = serializers.CharField(help_text="The card's summary, the rule text, the ruling's answer or the definition.")
    breadcrumb = CrumbSerializer(many=True)
    html_url = serializers.CharField()


class GroupSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["cards", "rules", "rulings", "glossary"])
    label = serializers.CharField()
    total = serializers.IntegerField(help_text="Every match of this kind; only the best are listed.")
    results = ItemSerializer(many=True, help_text="The best matches of this kind, best first.")
    more_html_url = serializers.CharField(help_text="The full list on the site.")


class SiteSearchSerializer(serializers.Serializer[Any]):
    query = serializers.CharField()
    searched = serializers.CharField(help_text="The rules part's query after a spelling correction, if one was needed.")
    corrected_from = serializers.CharField(allow_null=True)
    jump = JumpSerializer(allow_null=True, help_text="The card, rule or ruling the query names exactly (the page "
                                                     "search opens it directly).")  # fmt: skip
    total = serializers.IntegerField()
    groups = GroupSerializer(many=True, help_text="Cards, rules, rulings and glossary, each present only if it matched.")


class SuggestionSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["card", "rule", "ruling", "glossary"])
    value = serializers.CharField(help_text="What to put in the box: submitted, it opens the page.")
    label = serializers.CharField()
    html_url = serializers.CharField()


class SuggestionsSerializer(serializers.Serializer[Any]):
    query = serializers.CharField()
    results = SuggestionSerializer(many=True)


def _per_group(request: Request) -> int:
    raw = request.query_params.get("per_group")
    if raw is None:
        return PER_GROUP
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= MAX_PER_GROUP:
        raise ValidationError({"per_group": [f"per_group must be a whole number from 1 to {MAX_PER_GROUP}."]})
    return int(raw)


class SiteSearchView(APIView):
    """Search cards, rules, rulings and the glossary at once, ranked as on the site."""

    extra_query_parameters = ("q", "per_group")

    @extend_schema(
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, description="A card name, rule number, ruling id, engine id or "
                             "words (the card search's syntax for cards). Absent or blank: nothing is found."),
            OpenApiParameter("per_group", {"type": "integer", "minimum": 1, "maximum": MAX_PER_GROUP},
                             description=f"Results listed per kind (default {PER_GROUP}, at most {MAX_PER_GROUP})."),
        ],
        responses=SiteSearchSerializer,
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        text = str(request.query_params.get("q", ""))[:MAX_LENGTH]
        found = site_search(text, _per_group(request))
        absolute = request.build_absolute_uri
        body = {
            "query": text, "searched": found.searched, "corrected_from": found.corrected_from or None,
            "jump": {"kind": found.jump.kind, "label": found.jump.label, "html_url": absolute(found.jump.url)}
            if found.jump else None,
            "total": found.total,
            "groups": [{"kind": group.kind, "label": group.label, "total": group.total,
                        "more_html_url": absolute(group.more_url),
                        "results": [{"kind": item.kind, "label": item.label, "title": item.title, "text": item.text,
                                     "html_url": absolute(item.url),
                                     "breadcrumb": [{"label": label, "html_url": absolute(url)} for label, url in item.crumbs]}
                                    for item in group.items]} for group in found.groups],
        }  # fmt: skip
        return Response(body)


class SuggestView(APIView):
    """Completions for the header's search box: rule numbers, ruling ids, card names and glossary terms."""

    extra_query_parameters = ("q",)

    @extend_schema(
        parameters=[OpenApiParameter("q", OpenApiTypes.STR, description="What has been typed so far. Absent or "
                                     "blank: no suggestions (the box asks before anything is typed).")],
        responses=SuggestionsSerializer,
    )
    def get(self, request: Request) -> Response:
        text = str(request.query_params.get("q", ""))[:MAX_LENGTH]
        results = [{"kind": item.kind, "value": item.value, "label": item.label,
                    "html_url": request.build_absolute_uri(item.url)} for item in suggest(text, SUGGESTIONS)]  # fmt: skip
        return Response({"query": text, "results": results})
