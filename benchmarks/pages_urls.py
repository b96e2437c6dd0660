"""The site's URLs plus ``/bench-bare/``: a view that renders nothing and reads nothing, the floor a
page is compared with (the same server, middleware and connection handling)."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from guardians_site.urls import handler404, handler500  # noqa: F401
from guardians_site.urls import urlpatterns as site_urlpatterns


def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [path("bench-bare/", bare), *site_urlpatterns]
