"""The "report a problem" form: no account, works without JavaScript, CSRF-protected, throttled per address.

The card, rule and ruling pages link here with their own path (``?page=/cards/sand-lord/``); those pages are
cached per data revision, so the form (and its CSRF token) lives on this page of its own, never inside them.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from reports.forms import ReportForm, reportable

THROTTLE_WINDOW_SECONDS = 3600


def _address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", "unknown"))


def _throttle_key(request: HttpRequest) -> str:
    return f"reports:sent:{_address(request)}"


def _over_limit(request: HttpRequest) -> bool:
    return int(cache.get(_throttle_key(request), 0)) >= settings.REPORTS_PER_HOUR


def _count_one(request: HttpRequest) -> None:
    key = _throttle_key(request)
    if cache.add(key, 1, THROTTLE_WINDOW_SECONDS):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, THROTTLE_WINDOW_SECONDS)


def _page_of(request: HttpRequest) -> str:
    page = request.POST.get("page") or request.GET.get("page") or ""
    return page if reportable(page) else ""


@never_cache
@require_http_methods(["GET", "POST"])
def report_problem(request: HttpRequest) -> HttpResponse:
    page = _page_of(request)
    if request.method == "GET":
        if not page:
            return _form_page(request, None, "", status=400, problem="Open this form from the card, rule or ruling "
                              "page the problem is on (its \u201cReport a problem\u201d link).")  # fmt: skip
        return _form_page(request, ReportForm(initial={"page": page}), page)
    if _over_limit(request):
        limit = settings.REPORTS_PER_HOUR
        problem = (
            f"This address has sent {limit} reports in the last hour, the most the site takes; please try again later."
        )
        response = _form_page(request, ReportForm(request.POST), page, status=429, problem=problem)
        response["Retry-After"] = str(THROTTLE_WINDOW_SECONDS)
        return response
    form = ReportForm(request.POST)
    if not form.is_valid():
        return _form_page(request, form, page, status=400)
    _count_one(request)
    if not form.is_bot():
        form.save()
    return HttpResponseRedirect(reverse("reports:thanks") + "?" + urlencode({"page": form.cleaned_data["page"]}))


def _form_page(
    request: HttpRequest, form: ReportForm | None, page: str, *, status: int = 200, problem: str = ""
) -> HttpResponse:
    context = {"form": form, "page": page, "problem": problem}
    return render(request, "reports/report_form.html", context, status=status)


@require_http_methods(["GET"])
def thanks(request: HttpRequest) -> HttpResponse:
    return render(request, "reports/thanks.html", {"page": _page_of(request)})


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent without its security token (an old tab, cookies blocked): said plainly, with a way back."""
    return render(request, "reports/csrf_failure.html", {"page": _page_of(request)}, status=403)
