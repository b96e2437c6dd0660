"""Anonymous rate limits per endpoint class: generous for reads, tighter for the combat engine.

DRF's throttles keep their request history in Django's default cache, so app servers that share
that cache share the limits. The rates are read from settings on every request (not frozen at
import like DRF's ``THROTTLE_RATES``), so a deployment or a test can change or disable them.
A refused request answers 429 with ``Retry-After`` in seconds (DRF sets it from ``wait()``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle


class SettingsRateThrottle(AnonRateThrottle):
    """An anonymous per-address throttle whose rate is ``settings.API_THROTTLE_RATES[scope]``."""

    scope = "read"

    def __init__(self) -> None:  # DRF's reads its rate class attribute at construction; ours reads settings.
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_rate(self) -> str | None:
        return str(settings.API_THROTTLE_RATES[self.scope])

    def allow_request(self, request: Request, view: Any) -> bool:
        if not settings.API_THROTTLE_ENABLED:
            return True
        return super().allow_request(request, view)


class ReadThrottle(SettingsRateThrottle):
    """Every data endpoint (cards, sets, rules, rulings, glossary, examples, bulk data)."""

    scope = "read"


class CombatThrottle(SettingsRateThrottle):
    """Resolving or validating one set-up."""

    scope = "combat"


class ExploreThrottle(SettingsRateThrottle):
    """Exploring every play order: up to thousands of resolutions per call."""

    scope = "explore"


def describe_limits() -> list[dict[str, str]]:
    """The limits in force, for the API page (one source with the throttles themselves)."""
    labels = {
        "read": "Reading data: cards, sets, rules, rulings, glossary, worked examples, bulk files",
        "combat": "POST /api/v1/combat/resolve/ and /api/v1/combat/validate/",
        "explore": "POST /api/v1/combat/explore/ and /api/v1/combat/best-play/ (and the best-play button)",
    }
    return [{"scope": scope, "what": labels[scope], "rate": str(rate)} for scope, rate in settings.API_THROTTLE_RATES.items()]
