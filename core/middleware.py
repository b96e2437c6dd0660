"""Requests no view of this site can answer are refused at the door, with a 400.

A NUL character is never part of a card slug, a rule number or any query this site reads, and
PostgreSQL refuses text holding one (SQLite stores it): before this check, ``/api/v1/rulings/%00/``
and ``?ruleset=%00`` were 500s on PostgreSQL only. One check here covers every path converter and
query parameter, present and future, rather than a guard in each view.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse

from core.api.errors import error_response

NUL = "\x00"


class RejectNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path or any(NUL in key or NUL in value for key, value in _query_items(request)):
            message = "The address holds a NUL character (%00), which no page or parameter of this site accepts."
            if request.path.startswith("/api/"):
                return error_response(400, "invalid_request", message)
            raise BadRequest(message)  # The site's 400 page (handler400) answers it.
        return self.get_response(request)


def _query_items(request: HttpRequest) -> list[tuple[str, str]]:
    return [(key, value) for key, values in request.GET.lists() for value in values]
