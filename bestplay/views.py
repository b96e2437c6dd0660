"""The best-play pages: the simulator's button (``POST /combat/best-play/``) and an analysis' permalink.

Both work without JavaScript: the button is a plain form, and a running analysis' page refreshes itself (a meta
refresh) until its answer is in.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from bestplay.models import Analysis
from bestplay.panel import answer_with_rules
from bestplay.presenting import analysis_data
from bestplay.service import best_play
from combat import running
from combat.links import notation_in, permalink
from core.api.throttling import ExploreThrottle
from engine.errors import EngineError

# How often a running analysis' page reloads itself, in seconds.
REFRESH_EVERY_S = 2


# No CSRF token: the form only asks a question about a public set-up (nothing is changed on anyone's behalf),
# and the result pages that carry the button are the same for everyone. The explore rate limit bounds it.
@csrf_exempt
@require_POST
def start(request: HttpRequest) -> HttpResponse:
    if not ExploreThrottle().allow_request(request, None):  # type: ignore[arg-type]
        return render(request, "bestplay/refused.html", {"busy": True}, status=429)
    try:
        notation = notation_in(request.POST) or ""
        analysis = best_play(running.read_notation(notation))
    except EngineError as exc:
        context = {"problems": exc.problems, "notation": request.POST.get("s", "")}
        return render(request, "bestplay/refused.html", context, status=400)
    return HttpResponseRedirect(reverse("best-play:analysis", args=[analysis.key]), status=303)


@require_GET
def analysis_page(request: HttpRequest, key: str) -> HttpResponse:
    analysis = get_object_or_404(Analysis, pk=key)
    data = analysis_data(analysis)
    context = {
        "analysis": analysis,
        "data": data,
        "percent": round(100 * data["elapsed_share"]),
        "setup_link": permalink(analysis.notation),
        "answer": answer_with_rules(analysis.result)
        if analysis.status == Analysis.Status.DONE and analysis.result
        else None,
        "refresh_every": REFRESH_EVERY_S,
    }
    return render(request, "bestplay/analysis.html", context)
