"""Which query parameters an API view understands, so the rest can be reported, not silently dropped."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request

# Understood by every view: DRF's format override and the pagination parameters.
COMMON = frozenset({"format", "page", "page_size"})


def known_parameters(view: Any) -> set[str]:
    known = set(COMMON)
    filterset_class = getattr(view, "filterset_class", None)
    if filterset_class is not None:
        known.update(filterset_class.base_filters)
    known.update(getattr(view, "extra_query_parameters", ()))
    for backend in getattr(view, "filter_backends", ()):
        known.update(getattr(backend, "query_parameters", ()))
    return known


def unknown_parameters(request: Request, view: Any) -> list[str]:
    known = known_parameters(view)
    return sorted(name for name in request.query_params if name not in known)
