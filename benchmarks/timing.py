"""Small helpers to time a callable and report medians and percentiles.

Standalone (the standard library only): engine_bench's measuring scripts load this file by its path into
interpreters running against other checkouts, the baseline's included, which may not have it.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


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


def cold_then_warm(function: Callable[[], T], runs: int, warmup: int = 20) -> tuple[T, float, list[float]]:
    """The first call's result and seconds (in a new process: the cold figure), then ``sample``'s warm ones."""
    start = time.perf_counter()
    first = function()
    cold = time.perf_counter() - start
    return first, cold, sample(function, runs, warmup)


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def percentile_ms(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000
