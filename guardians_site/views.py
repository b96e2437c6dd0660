"""Site-wide pages: the home page and the friendly error pages (JSON under /api/)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader

from cards.models import Card, CardSet
from guardians_site.api.errors import error_response


def home(request: HttpRequest) -> HttpResponse:
    sets = CardSet.objects.with_card_counts()
    return render(request, "home.html", {"sets": sets, "card_count": Card.objects.count()})


def api_guide(request: HttpRequest) -> HttpResponse:
    """The API's own page in the site's layout: paging, bulk files, limits, caching, curl examples."""
    from guardians_site.api.guide import guide_context

    return render(request, "api_guide.html", guide_context(request))


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def api_not_found(request: HttpRequest) -> HttpResponse:
    return error_response(404, "not_found", f"Nothing at {request.path}.")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return api_not_found(request)
    return render(request, "404.html", {"path": request.path}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return error_response(500, "server_error", "Something went wrong on our side.")
    # Rendered without the request context: whatever failed may be what a context needs.
    return HttpResponse(loader.get_template("500.html").render(), status=500)
