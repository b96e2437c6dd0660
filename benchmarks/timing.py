"""Small helpers to time a callable and report medians and percentiles."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def sample(function: Callable[[], object], runs: int, warmup: int = 20) -> list[float]:
    """Seconds per call, one sample per call, after a warm-up."""
    for _ in range(warmup):
        function()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return samples


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def percentile_ms(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000
