"""The one pagination envelope of the API: {count, next, previous, results, warnings}.

``page`` and ``page_size`` are checked like every other parameter: a value that is not a whole
number of at least 1 is a 400 naming the parameter; a page past the last one is a 404 naming the page
asked for and the last page. Query
parameters the endpoint does not know are listed in ``warnings`` rather than silently ignored.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from guardians_site.api.parameters import parameter_warnings
from guardians_site.api.refusals import PageNotFound


class EnvelopePagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200
    page_query_description = "A page number, from 1; a page past the last one is a 404."
    page_size_query_description = "Results per page: 1 to 200 (default 50)."
    template = None  # no browsable API, so no page controls to draw

    warnings: list[str]

    def paginate_queryset(self, queryset: QuerySet[Any], request: Request, view: Any = None) -> list[Any] | None:
        self.warnings = parameter_warnings(request, view)
        errors: dict[str, list[str]] = {}
        for name in (self.page_query_param, self.page_size_query_param):
            raw = request.query_params.get(name)
            if raw is not None and not _is_page_number(raw, allow_last=name == self.page_query_param):
                errors[name] = [f"Expected a whole number of at least 1, got {raw!r}."]
        if errors:
            raise ValidationError(errors)
        try:
            return super().paginate_queryset(queryset, request, view)
        except NotFound:
            # DRF says only "Invalid page."; the count is taken again, on this error path only.
            last = self.django_paginator_class(queryset, self.get_page_size(request)).num_pages
            raise PageNotFound(int(request.query_params[self.page_query_param]), last) from None

    def get_paginated_response(self, data: Any) -> Response:
        response = super().get_paginated_response(data)
        response.data["warnings"] = self.warnings
        return response

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        envelope: dict[str, Any] = super().get_paginated_response_schema(schema)
        envelope["required"] = ["count", "next", "previous", "results", "warnings"]
        envelope["properties"]["warnings"] = {
            "type": "array",
            "items": {"type": "string"},
            "description": "Notes about the request, e.g. query parameters this endpoint does not know.",
        }
        return envelope


def _is_page_number(raw: str, allow_last: bool) -> bool:
    if allow_last and raw == "last":
        return True
    return raw.isascii() and raw.isdigit() and int(raw) >= 1
