"""Which query parameters an API view understands, so the rest can be reported, not silently dropped.

A list's envelope carries them in ``warnings`` (``pagination.py``); any other JSON object an endpoint answers
with (a card, a rule, a combat result...) gets the same ``warnings`` list, added by ``WarningsJSONRenderer``
when the request named a parameter the endpoint does not read. What an endpoint reads is what its schema
declares: a list's filters, ordering and paging; other views list theirs in ``extra_query_parameters``.
"""

from __future__ import annotations

from typing import Any

from rest_framework.mixins import ListModelMixin
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request

# Understood by every view: DRF's format override.
COMMON = frozenset({"format"})
PAGING = frozenset({"page", "page_size"})


def is_list(view: Any) -> bool:
    """A paginated list (its envelope has its own ``warnings``)."""
    action = getattr(view, "action", None)
    return action == "list" if action is not None else isinstance(view, ListModelMixin)


def known_parameters(view: Any) -> set[str]:
    known = set(COMMON)
    if is_list(view):
        known.update(PAGING)
        filterset_class = getattr(view, "filterset_class", None)
        if filterset_class is not None:
            known.update(filterset_class.base_filters)
        for backend in getattr(view, "filter_backends", ()):
            known.update(getattr(backend, "query_parameters", ()))
    known.update(getattr(view, "extra_query_parameters", ()))
    return known


def unknown_parameters(request: Request, view: Any) -> list[str]:
    known = known_parameters(view)
    return sorted(name for name in request.query_params if name not in known)


def parameter_warnings(request: Request, view: Any) -> list[str]:
    return [f"Unknown query parameter {name!r} was ignored." for name in unknown_parameters(request, view)]


class WarningsJSONRenderer(JSONRenderer):
    """JSON, with ``warnings`` added to a successful object answer when the request named unknown parameters
    (a list's envelope says so itself; an array answer has no place for them)."""

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        context = renderer_context or {}
        response, request, view = context.get("response"), context.get("request"), context.get("view")
        if (isinstance(data, dict) and "warnings" not in data and response is not None and request is not None
                and view is not None and 200 <= response.status_code < 300):  # fmt: skip
            warnings = parameter_warnings(request, view)
            if warnings:
                data = {**data, "warnings": warnings}
        return super().render(data, accepted_media_type, renderer_context)
