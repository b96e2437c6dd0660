"""The site's URLs plus three views that fail on purpose, for the error-page tests."""

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.urls import path

from guardians_site.urls import handler400, handler404, handler500
from guardians_site.urls import urlpatterns as site_urlpatterns


def fails_with_bad_request(request: HttpRequest) -> HttpResponse:
    raise BadRequest("a parameter that cannot be read")


def fails_with_a_bug(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a view")


urlpatterns = [
    path("broken/bad-request/", fails_with_bad_request),
    path("broken/bug/", fails_with_a_bug),
    path("api/broken/bug/", fails_with_a_bug),
    *site_urlpatterns,
]
__all__ = ["handler400", "handler404", "handler500", "urlpatterns"]
