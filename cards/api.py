"""Read-only API views for cards and sets."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.db.models.functions import Lower
from django.http import Http404
from django_filters import utils as filter_utils
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view, inline_serializer
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from cards.filters import CardFilterSet
from cards.models import Card, CardSet
from cards.querysets import SORTS
from cards.search.highlight import highlight, matched_stems
from cards.search.service import SearchOutcome
from cards.search.slots import RETRY_AFTER, SearchBusy, search_slot
from cards.search.suggest import AUTOCOMPLETE_LIMIT, autocomplete, did_you_mean
from cards.serializers import CardDetailSerializer, CardSerializer, CardSetDetailSerializer, CardSetSerializer
from core.api.errors import error_body
from core.api.ordering import StrictOrderingFilter
from core.api.schema import path_examples


class SearchAwareFilterBackend(DjangoFilterBackend):
    """The usual filter backend, keeping what the ``q`` search understood for the response."""

    def filter_queryset(self, request: Request, queryset: QuerySet[Any], view: Any) -> QuerySet[Any]:
        if getattr(view, "action", None) == "retrieve":
            return queryset  # a card's own URL always answers, unverified or not
        filterset = self.get_filterset(request, queryset, view)
        if filterset is None:
            return queryset
        if not filterset.is_valid():
            raise filter_utils.translate_validation(filterset.errors)
        filtered = filterset.qs
        view.search_outcome = filterset.search_outcome
        view.unverified_hidden = filterset.unverified_hidden()
        return filtered


@extend_schema_view(
    retrieve=extend_schema(parameters=[path_examples("slug", "sand-lord", "finn-swamp-king", "mud-castle-left")])
)
class CardViewSet(viewsets.ReadOnlyModelViewSet[Card]):
    """Printed Guardians cards, filtered like the HTML spoiler list (same parameters).

    The three cards known only from a fan page (set FAN) are left out unless the request asks for
    them (``include=unverified``, ``set=FAN``, or ``is:unverified`` in ``q``); ``unverified_hidden``
    in a list says how many were left out."""

    queryset = Card.objects.for_listing()
    filterset_class = CardFilterSet
    extra_query_parameters: tuple[str, ...] = ()  # set per action (autocomplete)
    filter_backends = [SearchAwareFilterBackend, StrictOrderingFilter]
    # The API's conventional name for the list's "sort" menu; both take the same values.
    ordering_choices = SORTS
    lookup_field = "slug"
    search_outcome: SearchOutcome | None = None
    unverified_hidden = 0

    # A card in full; the rulings app serves its own subclass with the card's rulings added (rulings.api).
    detail_serializer_class: type[BaseSerializer[Card]] = CardDetailSerializer

    def get_serializer_class(self) -> type[BaseSerializer[Card]]:
        return self.detail_serializer_class if self.action == "retrieve" else CardSerializer

    def get_object(self) -> Card:
        """A card by its slug in any letter case (slugs are lower case), as sets and rulings are found."""
        wanted = self.kwargs[self.lookup_field]
        card = self.filter_queryset(self.get_queryset()).filter(slug=wanted.lower()).first()
        if card is None:
            raise Http404(f"No card with slug {wanted!r}.")
        self.check_object_permissions(self.request, card)
        return card

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """With ``q``, the answer also says what the search understood and why each card matched."""
        try:
            with search_slot(str(request.query_params.get("q", ""))):
                return self._list(request, *args, **kwargs)
        except SearchBusy as exc:
            return Response(error_body(exc.code, exc.message), status=503, headers={"Retry-After": str(RETRY_AFTER)})

    def _list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        response = super().list(request, *args, **kwargs)
        if isinstance(response.data, dict):
            # Cards known only from fan pages are left out unless asked for (include=unverified).
            response.data["unverified_hidden"] = self.unverified_hidden
        outcome = self.search_outcome
        if outcome is not None and isinstance(response.data, dict):
            stems = outcome.highlight_stems
            by_slug = {card.slug: card for card in self.paginator.page.object_list} if self.paginator else {}
            for item in response.data.get("results", []):
                card = by_slug.get(item["slug"])
                if card is not None and stems:
                    item["matched"] = {
                        "words": matched_stems(card.name, stems) + matched_stems(card.summary, stems),
                        "name": str(highlight(card.name, stems)),
                        "summary": str(highlight(card.summary, stems)),
                    }
            corrected = None
            if not response.data.get("count") or outcome.loose_name is not None:
                corrected = did_you_mean(outcome.understood, outcome.budget, outcome.loose_name)
            # After the did-you-mean: it may find the budget spent, which makes the answer partial.
            response.data["search"] = outcome.as_dict()
            if corrected is not None or not response.data.get("count"):
                response.data["search"]["did_you_mean"] = corrected
        return response

    @extend_schema(
        parameters=[OpenApiParameter("q", str, description="The start of a card name (or of a word in it)."),
                    OpenApiParameter("include", str, enum=["unverified"], description="unverified: also suggest the "
                                     "cards known only from fan pages, which are left out by default.")],
        responses=inline_serializer("Autocomplete", {"query": serializers.CharField(), "results": inline_serializer(
            "AutocompleteItem", {"name": serializers.CharField(), "slug": serializers.CharField(),
                                 "set": serializers.CharField(), "url": serializers.CharField()}, many=True)}),
    )  # fmt: skip
    @action(detail=False, filter_backends=[], pagination_class=None, extra_query_parameters=("q", "include"))
    def autocomplete(self, request: Request) -> Response:
        """Card names for a search box: names starting with the text first, at most 20; cards known only from
        fan pages only with include=unverified."""
        text = str(request.query_params.get("q", ""))
        include = str(request.query_params.get("include", ""))
        if include not in ("", "unverified"):
            raise ValidationError({"include": [f"Unknown value {include!r}; the only choice is 'unverified'."]})
        cards = autocomplete(text, AUTOCOMPLETE_LIMIT, include_unverified=include == "unverified")
        results = [{"name": card.name, "slug": card.slug, "set": card.card_set.code,
                    "url": request.build_absolute_uri(card.get_absolute_url())} for card in cards]  # fmt: skip
        return Response({"query": text, "results": results})


@extend_schema_view(retrieve=extend_schema(parameters=[path_examples("code_or_slug", "RE", "dagger-isle")]))
class CardSetViewSet(viewsets.ReadOnlyModelViewSet[CardSet]):
    """Card sets; a set is found by its code (RE, DI, ...) or its slug."""

    lookup_field = "code"
    lookup_url_kwarg = "code_or_slug"
    filter_backends = [StrictOrderingFilter]
    ordering_choices = {
        "order": ["order", "code"], "-order": ["-order", "-code"], "code": ["code"], "-code": ["-code"],
        "name": [Lower("name"), "name", "code"], "-name": [Lower("name").desc(), "-name", "-code"], "released": ["released", "order"], "-released": ["-released", "-order"],
    }  # fmt: skip

    def get_queryset(self) -> QuerySet[CardSet]:
        return CardSet.objects.with_card_counts()

    def get_serializer_class(self) -> type[BaseSerializer[CardSet]]:
        return CardSetDetailSerializer if self.action == "retrieve" else CardSetSerializer

    def get_object(self) -> CardSet:
        wanted = self.kwargs[self.lookup_url_kwarg]
        card_set = self.get_queryset().filter(Q(code__iexact=wanted) | Q(slug=wanted)).first()
        if card_set is None:
            raise Http404(f"No set with code or slug {wanted!r}.")
        return card_set


def document_search_fields(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """Schema hook: the card list's extra keys: unverified_hidden always, search and matched with ``q``
    (see CardViewSet.list)."""
    schemas = result.get("components", {}).get("schemas", {})
    if "PaginatedCardList" in schemas:
        schemas["PaginatedCardList"]["properties"]["unverified_hidden"] = {
            "type": "integer",
            "description": "Cards known only from fan pages that matched but were left out (include=unverified shows them).",
        }
        schemas["PaginatedCardList"]["required"].append("unverified_hidden")
        schemas["PaginatedCardList"]["properties"]["search"] = {
            "type": "object",
            "description": "Only with q: what the search understood (query, warnings, index, order, dir, did_you_mean), "
            "whether the answer is partial (partial, partial_reasons: the search's time budget ran out or only the "
            "first unknown words were corrected) and loose_name (a query of words that matched no card as typed, "
            "read as a card name typed loosely: reading, typed, names, edits; else null).",
            "additionalProperties": True,
        }
    if "Card" in schemas:
        schemas["Card"]["properties"]["matched"] = {
            "type": "object",
            "description": "Only with q: the words that matched and the name and summary with matches marked.",
            "properties": {
                "words": {"type": "array", "items": {"type": "string"}},
                "name": {"type": "string"},
                "summary": {"type": "string"},
            },
            "required": ["words", "name", "summary"],
        }
    listing = result.get("paths", {}).get("/api/v1/cards/", {}).get("get")
    if listing is not None:
        listing.setdefault("responses", {})["503"] = {
            "description": "A long query (more than 8 distinct words or 200 characters) found every slot for long "
            "searches busy; retry after the seconds in Retry-After, or search with fewer words.",
            "headers": {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        }
    return result
