"""Combat pages and API: what the site adds on top of the engine for one request.

Each request is timed through Django's test client (no network). The baseline, measured in the
same run, is the engine alone resolving the same set-up, so the ratio is the site's own cost:
reading the request, rendering the page or the JSON. Targets: a step page, the result page and
the API in 50 ms or less (a judge clicks through dozens of steps); the set-up form, with its card
lists and every worked example, in 100 ms or less."""

from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import urlencode

from .timing import median_ms, percentile_ms, sample

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 50.0
FORM_TARGET_MS = 100.0


def run(runs: int = 200) -> list[str]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guardians_site.settings")
    import django

    django.setup()
    from django.test import Client

    from engine.catalog import default_catalog
    from engine.notation import parse_setup
    from engine.resolver import resolve

    client = Client()
    notation = json.loads((ROOT / "fixtures" / "examples" / "example-1.json").read_text())["notation"]
    setup = parse_setup(notation)
    catalog = default_catalog()
    baseline = median_ms(sample(lambda: resolve(setup, catalog), runs))
    requests = {
        "step page (match-up 3)": lambda: client.get("/combat/?" + urlencode({"s": notation, "step": 29})),
        "result page": lambda: client.get("/combat/?" + urlencode({"s": notation, "step": "end"})),
        "API resolve": lambda: client.post(
            "/api/v1/combat/resolve", {"notation": notation}, content_type="application/json"
        ),
        "set-up form": lambda: client.get("/combat/"),
    }
    lines = [f"Combat pages, Example 1 (median of {runs} requests; baseline engine resolve {baseline:.3f} ms)"]
    for label, request in requests.items():
        assert request().status_code == 200, label
        samples = sample(request, runs, warmup=5)
        median = median_ms(samples)
        target = FORM_TARGET_MS if label == "set-up form" else TARGET_MS
        lines.append(
            f"  {label:<24} {median:.2f} ms (p95 {percentile_ms(samples, 0.95):.2f}); ratio to baseline "
            f"{median / baseline:.1f}x; target <= {target:.0f} ms: {'met' if median <= target else 'NOT met'}"
        )
    return lines
