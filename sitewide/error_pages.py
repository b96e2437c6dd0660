"""The site's own 404, 400 and 500 pages while DEBUG is on, as under `make run`.

With DEBUG on Django answers errors with its technical pages and never calls the handlers in
guardians_site/urls.py, so a developer would never see the pages visitors get. This middleware
sends those errors to the same handler views instead; the traceback of a 500 still goes to the
console through the ``django.request`` logger. ``DJANGO_FRIENDLY_ERROR_PAGES=0`` brings back
Django's technical pages. With DEBUG off the middleware removes itself and the handlers work
as Django calls them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import BadRequest, MiddlewareNotUsed, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import Resolver404, resolve

from sitewide import views

logger = logging.getLogger("django.request")


class FriendlyErrorPagesMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        if not (settings.DEBUG and settings.FRIENDLY_ERROR_PAGES):
            raise MiddlewareNotUsed
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # An address no pattern matches fails before any view runs, where process_exception never
        # sees it. Listed after CommonMiddleware, whose process_response still adds a missing slash.
        try:
            resolve(request.path_info, getattr(request, "urlconf", None))
        except Resolver404 as exc:
            return views.page_not_found(request, exc)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, Http404):
            return views.page_not_found(request, exception)
        if isinstance(exception, (BadRequest, SuspiciousOperation)):
            return views.bad_request(request, exception)
        logger.error("Internal Server Error: %s", request.path, exc_info=exception)
        return views.server_error(request)
