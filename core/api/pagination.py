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
from rest_framework.utils.urls import replace_query_param

from core.api.parameters import parameter_warnings
from core.api.refusals import PageNotFound


class EnvelopePagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200
    page_query_description = "A page number, from 1 (or last); a page past the last one is a 404."
    page_size_query_description = (
        "Results per page: 1 to 200 (default 50). A larger size is cut to 200, with a warning; next and previous "
        "carry the size used."
    )
    template = None  # no browsable API, so no page controls to draw

    warnings: list[str]
    cut_page_size: int | None = None

    def paginate_queryset(self, queryset: QuerySet[Any], request: Request, view: Any = None) -> list[Any] | None:
        self.warnings = parameter_warnings(request, view)
        errors: dict[str, list[str]] = {}
        for name in (self.page_query_param, self.page_size_query_param):
            raw = request.query_params.get(name)
            if raw is not None and not _is_page_number(raw, allow_last=name == self.page_query_param):
                errors[name] = [f"Expected a whole number of at least 1, got {raw!r}."]
        if errors:
            raise ValidationError(errors)
        self.cut_page_size = self._cut_page_size(request)
        if self.cut_page_size is not None:
            self.warnings.append(
                f"page_size {request.query_params[self.page_size_query_param]} is over the maximum of {self.max_page_size}; "
                f"{self.cut_page_size} results per page were sent, and next and previous ask for {self.cut_page_size}."
            )
        try:
            return super().paginate_queryset(queryset, request, view)
        except NotFound:
            # DRF says only "Invalid page."; the count is taken again, on this error path only.
            last = self.django_paginator_class(queryset, self.get_page_size(request)).num_pages
            raise PageNotFound(int(request.query_params[self.page_query_param]), last) from None

    def _cut_page_size(self, request: Request) -> int | None:
        """The size used when the one asked for was over the maximum (DRF cuts it silently)."""
        raw = request.query_params.get(self.page_size_query_param)
        if raw is not None and self.max_page_size is not None and int(raw) > self.max_page_size:
            return self.max_page_size
        return None

    def get_next_link(self) -> str | None:
        return self._with_size_used(super().get_next_link())

    def get_previous_link(self) -> str | None:
        return self._with_size_used(super().get_previous_link())

    def _with_size_used(self, link: str | None) -> str | None:
        if link is None or self.cut_page_size is None:
            return link
        return str(replace_query_param(link, self.page_size_query_param, self.cut_page_size))

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super().get_schema_operation_parameters(view)
        # No maximum for page_size: a larger one is served (cut to max_page_size, with a warning), so the schema
        # must not call it invalid; its description states the cut.
        bounds = {self.page_query_param: {"minimum": 1}, self.page_size_query_param: {"minimum": 1}}
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters

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
