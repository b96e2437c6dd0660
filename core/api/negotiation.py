"""Content negotiation for the API: JSON only, and a refusal that names what was asked and what is given.

DRF answers an unknown ``?format=`` with a bare 404 ("Not found."), as if the endpoint were missing, and an
Accept header it cannot meet with a 406 that names neither side. Both are the API's 406 error object here,
its details holding the format or Accept value asked for and the ones the endpoint gives.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.settings import api_settings

from core.api.refusals import DetailedNotAcceptable


class ApiContentNegotiation(DefaultContentNegotiation):
    def select_renderer(
        self, request: Request, renderers: list[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        try:
            return super().select_renderer(request, renderers, format_suffix)  # type: ignore[no-any-return]
        except Http404:  # raised by filter_renderers: no renderer has the format asked for
            asked = format_suffix or request.query_params.get(api_settings.URL_FORMAT_OVERRIDE, "")
            supported = _unique(renderer.format for renderer in renderers)
            raise DetailedNotAcceptable(
                f"Unsupported format {asked!r}: this endpoint answers in {', '.join(supported)}.",
                {"format": asked, "supported": supported},
            ) from None
        except NotAcceptable:
            accept = request.META.get("HTTP_ACCEPT", "")
            supported = _unique(renderer.media_type for renderer in renderers)
            raise DetailedNotAcceptable(
                f"The Accept header asks for {accept!r}; this endpoint answers in {', '.join(supported)}.",
                {"accept": accept, "supported": supported},
            ) from None


def _unique(values: Any) -> list[str]:
    return list(dict.fromkeys(str(value) for value in values))
