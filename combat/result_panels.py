"""Panels that apps above the simulator add to a combat's result page, without the combat app importing them.

The "Best play" panel belongs to the bestplay app, which reads the simulator's set-ups and so sits above it;
it registers its panel when it starts (``bestplay.apps``). Without that app the result page has no panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rulesets import AnySetup

ResultPanel = Callable[[AnySetup], dict[str, Any]]

_PANELS: dict[str, ResultPanel] = {}


def add_result_panel(name: str, panel: ResultPanel) -> None:
    """Register (or replace, by name) a panel of the result page: a function of the set-up giving its context."""
    _PANELS[name] = panel


def result_panel(name: str, setup: AnySetup) -> dict[str, Any] | None:
    """The named panel's context for this set-up, or None when no app offers that panel."""
    panel = _PANELS.get(name)
    return panel(setup) if panel is not None else None
