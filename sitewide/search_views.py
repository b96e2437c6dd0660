"""The site-wide search page behind the header's search box."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from sitewide.site_search import MAX_LENGTH, find_jump, site_search


def search_page(request: HttpRequest) -> HttpResponse:
    """An exact card name, rule number or ruling id opens its page; anything else lists matches by kind."""
    query = request.GET.get("q", "")[:MAX_LENGTH]
    jump = find_jump(query) if query.strip() else None
    if jump is not None:
        return redirect(jump.url)
    found = site_search(query) if query.strip() else None
    return render(request, "site_search.html", {"query": query, "found": found})
