"""The OpenAPI schema at /api/schema/ (YAML or JSON as asked) and Swagger UI at /api/docs/, both refusing in the
API's JSON error object.

DRF renders an error with the renderer the request negotiated, or, when negotiation itself failed (``?format=xml``,
an Accept header without YAML or JSON), with the view's first renderer: drf-spectacular's schema view would answer
such a 406 in YAML, and a 405 for a YAML request in YAML too; its Swagger UI view, whose one renderer is an HTML
template, answered "406 Not Acceptable" in plain text. A client reading the API's errors reads JSON everywhere.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponseBase
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings


class JsonRefusals:
    """A view whose errors are rendered as every other endpoint's, whatever its own renderers."""

    def finalize_response(self, request: Request, response: HttpResponseBase, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        if isinstance(response, Response) and response.exception:
            # The renderer every other endpoint answers with, so the error object is byte for byte the same.
            renderer = api_settings.DEFAULT_RENDERER_CLASSES[0]()
            response.accepted_renderer = renderer
            response.accepted_media_type = renderer.media_type
            response.template_name = None  # the docs page's HTML template would otherwise draw the error
        return response


class SchemaView(JsonRefusals, SpectacularAPIView):
    pass


class DocsView(JsonRefusals, SpectacularSwaggerSplitView):
    pass
