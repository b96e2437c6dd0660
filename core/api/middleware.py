"""What every /api/ request goes through before a view: the body size limit and HTTP caching.

Both answer before the view runs: an oversized body is refused unread (a JSON 413, where Django
would otherwise raise deep in parsing and answer with an HTML page), and a conditional GET whose
validator is current costs one small query for the data revision and no serialisation.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date

from core import revision
from core.api.errors import api_not_found, error_response
from core.request_body import BODY_CUT

API_PREFIX = "/api/"
# Data endpoints: everything versioned under /api/v1/. The schema and docs pages follow the code.
DATA_PREFIX = "/api/v1/"

Handler = Callable[[HttpRequest], HttpResponse]


class ApiBodyLimitMiddleware:
    """Refuse an API request body larger than ``settings.API_MAX_BODY_BYTES`` with a JSON 413."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(API_PREFIX):
            limit = settings.API_MAX_BODY_BYTES
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                return error_response(400, "invalid_header", "Content-Length must be a whole number.")
            if length > limit:
                # A chunked body past the limit was read only up to limit + 1 bytes (core.request_body).
                cut = bool(request.META.get(BODY_CUT))
                size = f"more than {limit}" if cut else f"{length}"
                return error_response(
                    413,
                    "request_too_large",
                    f"The request body is {size} bytes; the API reads at most {limit} bytes.",
                    {"limit": limit, "size": None if cut else length},
                )
        return self.get_response(request)


def data_validator(request: HttpRequest, number: int) -> str:
    """A strong ETag for one representation: the data revision, the query and the format asked for."""
    variant = f"{request.META.get('QUERY_STRING', '')}\n{request.META.get('HTTP_ACCEPT', '')}"
    digest = hashlib.sha256(variant.encode()).hexdigest()[:16]
    return f'"rev-{number}-{digest}"'


class ApiConditionalGetMiddleware:
    """ETag, Last-Modified and Cache-Control on data GETs; 304 when the client's copy is current.

    Every data endpoint answers from the database (or files exported from it), so the data
    revision plus the request's query identifies the representation; the view is skipped on a hit.
    """

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in ("GET", "HEAD") or not request.path.startswith(DATA_PREFIX):
            return self.get_response(request)
        current = revision.current()
        etag = data_validator(request, current.number)
        last_modified = int(current.changed_at.timestamp())
        not_modified = get_conditional_response(request, etag=etag, last_modified=last_modified)
        response = not_modified or self.get_response(request)
        if response.status_code in (200, 304):
            response.headers["ETag"] = etag
            response.headers["Last-Modified"] = http_date(last_modified)
            patch_cache_control(response, public=True, max_age=settings.API_CACHE_MAX_AGE)
            patch_vary_headers(response, ["Accept"])
        return response


class ApiTrailingSlashMiddleware:
    """Serve every API endpoint with and without its trailing slash, for every method.

    The documented form ends in "/". Django's APPEND_SLASH cannot help here: the API's catch-all
    matches every path (so nothing "fails to resolve"), and a redirect would lose a POST's body.
    So a slashless path whose slashed form is a real endpoint is routed to that endpoint.
    """

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if path.startswith(API_PREFIX) and not path.endswith("/") and _is_endpoint(path + "/"):
            request.path_info = path + "/"
            request.path = request.path + "/"
        return self.get_response(request)


def _is_endpoint(path: str) -> bool:
    try:
        match = resolve(path)
    except Resolver404:
        return False
    return match.func is not api_not_found
