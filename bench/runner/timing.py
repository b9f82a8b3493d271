"""Milliseconds per call, percentiles and their summary."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def timed(fn: Callable[[], Any], repeat: int) -> list[float]:
    """Milliseconds per call."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "p50": percentile(samples, 50),
        "p95": percentile(samples, 95),
        "mean": statistics.fmean(samples),
    }
