"""``?ordering=`` on list endpoints: a closed set of orders per view; anything else is a 400 naming it.

DRF's OrderingFilter drops unknown fields silently, which hides a client's typo; this backend
refuses them. A view declares ``ordering_choices``: each accepted value and the ``order_by``
expressions it stands for.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from django.db.models import QuerySet
from rest_framework.exceptions import ValidationError
from rest_framework.filters import BaseFilterBackend
from rest_framework.request import Request

PARAMETER = "ordering"


@runtime_checkable
class Reorderable(Protocol):
    """A list that is not a queryset (a search answered from its index) and sorts itself: by ``key`` if it
    can, else as a queryset ordered by ``ordering``."""

    def reordered(self, key: str, ordering: list[Any]) -> Any: ...


class StrictOrderingFilter(BaseFilterBackend):
    query_parameters = (PARAMETER,)

    def filter_queryset(self, request: Request, queryset: QuerySet[Any], view: Any) -> QuerySet[Any]:
        choices: dict[str, list[Any]] = getattr(view, "ordering_choices", {})
        raw = request.query_params.get(PARAMETER)
        if not raw or not choices:  # blank: the default order, like a blank filter
            return queryset
        if raw not in choices:
            allowed = ", ".join(choices)
            raise ValidationError({PARAMETER: [f"Unknown ordering {raw!r}; choose one of: {allowed}."]})
        if isinstance(queryset, Reorderable):
            return queryset.reordered(raw, choices[raw])  # type: ignore[return-value]
        return queryset.order_by(*choices[raw])

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        choices = getattr(view, "ordering_choices", {})
        if not choices:
            return []
        return [
            {
                "name": PARAMETER,
                "required": False,
                "in": "query",
                "description": "Order of the results; a leading '-' reverses it.",
                "schema": {"type": "string", "enum": list(choices)},
            }
        ]
