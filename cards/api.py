"""Read-only API views for cards and sets."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.http import Http404
from rest_framework import viewsets
from rest_framework.serializers import BaseSerializer

from cards.filters import CardFilterSet
from cards.models import Card, CardSet
from cards.serializers import CardDetailSerializer, CardSerializer, CardSetDetailSerializer, CardSetSerializer


class CardViewSet(viewsets.ReadOnlyModelViewSet[Card]):
    """Printed Guardians cards, filtered like the HTML spoiler list (same parameters)."""

    queryset = Card.objects.for_listing()
    filterset_class = CardFilterSet
    lookup_field = "slug"

    def get_serializer_class(self) -> type[BaseSerializer[Card]]:
        return CardDetailSerializer if self.action == "retrieve" else CardSerializer


class CardSetViewSet(viewsets.ReadOnlyModelViewSet[CardSet]):
    """Card sets; a set is found by its code (RE, DI, ...) or its slug."""

    lookup_field = "code"
    lookup_url_kwarg = "code_or_slug"
    filter_backends: list[type] = []

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
