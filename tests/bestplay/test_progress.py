"""The job's progress reports reach the analysis row for the bar, a few times a second at most."""

from __future__ import annotations

from typing import Any

import pytest

from bestplay import progress
from bestplay.models import Analysis
from engine.enums import Side
from engine.solver import Bounds, SearchProgress, Value

pytestmark = pytest.mark.django_db


def _report(nodes: int) -> SearchProgress:
    value = Value(Side.ATTACKER, 3)
    return SearchProgress(depth=1, nodes=nodes, elapsed_s=0.1, bounds=Bounds(value, value), proved_share=0.5)


def test_reports_are_written_at_most_every_half_second(monkeypatch: Any) -> None:
    Analysis.objects.create(pk="k" * 32, notation="a=archer d=archer", ruleset="standard", data_revision=1, budget_s=5)
    clock = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    recorder = progress.ProgressRecorder("k" * 32)
    recorder(_report(10))
    recorder(_report(20))  # at the same instant: kept, not written
    stored = Analysis.objects.get().progress
    assert stored["nodes"] == 10 and recorder.latest["nodes"] == 20
    assert stored["bounds"] == {"low": {"holder": "attacker", "margin": 3},
                                "high": {"holder": "attacker", "margin": 3}, "exact": True}  # fmt: skip
    clock[0] += progress.WRITE_EVERY_S
    recorder(_report(30))
    assert Analysis.objects.get().progress["nodes"] == 30
