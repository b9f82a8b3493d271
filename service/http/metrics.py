"""Prometheus metrics at `/metrics` (text exposition format).

    palimpsest_http_requests_total{method, route, status}      requests answered
    palimpsest_http_request_duration_seconds{method, route}    latency histogram
    palimpsest_operations{status}                              asynchronous writes PENDING,
                                                               RUNNING, FAILED (queue depth)
    palimpsest_worker_failures_total                           worker turns that failed
    palimpsest_models_ready                                    1 once models are warm

`route` is the route's template (`/v1/entities/{name}/graph`), never the raw path, so ids and
names neither leak into labels nor explode their number. Each app has its own registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from graph.domain.errors import PalimpsestError
from graph.ports.store import Store

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class StateCollector(Collector):
    """Read at each scrape: the operation queue, the worker's failures, the models."""

    def __init__(
        self,
        store: Store,
        failures: Callable[[], int | None],
        models_ready: Callable[[], bool],
    ) -> None:
        self.store = store
        self.failures = failures
        self.models_ready = models_ready

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        queue = GaugeMetricFamily(
            "palimpsest_operations", "Asynchronous writes by status", labels=["status"]
        )
        try:
            counts = self.store.read(lambda tx: tx.operations.waiting())
        except PalimpsestError:
            counts = {}
        for status, n in counts.items():
            queue.add_metric([status], n)
        yield queue
        failures = self.failures()
        if failures is not None:
            yield CounterMetricFamily(
                "palimpsest_worker_failures", "Worker turns that failed", value=failures
            )
        yield GaugeMetricFamily(
            "palimpsest_models_ready", "1 once models are loaded", value=int(self.models_ready())
        )


class Metrics:
    """One app's registry and its request instruments."""

    def __init__(self, state: StateCollector) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "palimpsest_http_requests",
            "HTTP requests answered",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "palimpsest_http_request_duration_seconds",
            "HTTP request latency",
            ["method", "route"],
            buckets=BUCKETS,
            registry=self.registry,
        )
        self.registry.register(state)

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        self.requests.labels(method, route, str(status)).inc()
        self.latency.labels(method, route).observe(seconds)

    def render(self) -> bytes:
        return generate_latest(self.registry)
