"""Site-wide pages: the home page and the friendly error pages (JSON under /api/)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader

from cards.models import Card, CardSet
from core.api.errors import api_not_found, error_response
from core.page_cache import data_page


@data_page
def home(request: HttpRequest) -> HttpResponse:
    sets = CardSet.objects.with_card_counts()
    context = {"sets": sets, "card_count": Card.objects.printed().count(),
               "unverified_count": Card.objects.unverified().count()}  # fmt: skip
    return render(request, "home.html", context)


def api_guide(request: HttpRequest) -> HttpResponse:
    """The API's own page in the site's layout: paging, bulk files, limits, caching, curl examples."""
    from sitewide.api.guide import guide_context

    return render(request, "api_guide.html", guide_context(request))


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return api_not_found(request)
    return render(request, "404.html", {"path": request.path}, status=404)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return error_response(400, "bad_request", "The request could not be understood.")
    return render(request, "400.html", status=400)


# The last resort when even the site's layout cannot be drawn (a broken template or URL setting).
BARE_500 = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head>'
    "<body><main><h1>Something went wrong</h1><p>The page could not be shown because of an error on our side. "
    'Please try again in a moment, or start again from the <a href="/">home page</a>.</p></main></body></html>'
)


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return error_response(500, "server_error", "Something went wrong on our side.")
    # Rendered without the request context: whatever failed may be what a context needs.
    try:
        body = loader.get_template("500.html").render()
    except Exception:  # any failure here must still answer with a page
        body = BARE_500
    return HttpResponse(body, status=500)
