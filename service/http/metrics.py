"""Prometheus metrics at `/metrics` (text exposition format).

    palimpsest_http_requests_total{method, route, status}      requests answered
    palimpsest_http_request_duration_seconds{method, route}    latency histogram
    palimpsest_operations{status}                              asynchronous writes PENDING,
                                                               RUNNING, FAILED (queue depth)
    palimpsest_worker_failures_total                           worker turns that failed
    palimpsest_models_ready                                    1 once models are warm

Every label comes from a fixed set, so no request can add one (`labels`): `method` one of
`METHODS` or `other`; `route` the route's template (`/v1/entities/{name}/graph`, never the raw
path, so ids and names neither leak into labels nor explode their number) or `unmatched`, with
the operation for GraphQL and MCP (`/graphql facts`, `/mcp search_memory`: a root field of the
schema, a tool of the server, else `other`; `OPERATION` in the request's scope, set by the
GraphQL extension and the MCP server); `status` a status code 100-599 or `other`. Each app has
its own registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from graph.domain.errors import PalimpsestError
from graph.ports.store import Store
from service.labels import OPERATION

__all__ = ["CONTENT_TYPE", "OPERATION", "Metrics", "StateCollector", "labels", "route_label"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
OTHER = "other"
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
        """One request, its labels taken from the fixed sets (`labels`)."""
        method, status_label = labels(method, status)
        self.requests.labels(method, route, status_label).inc()
        self.latency.labels(method, route).observe(seconds)

    def render(self) -> bytes:
        return generate_latest(self.registry)


def labels(method: str, status: int) -> tuple[str, str]:
    """The method and status labels: a known method or `other`, a status code or `other`."""
    return (method if method in METHODS else OTHER, str(status) if 100 <= status <= 599 else OTHER)


SINGLE_PATHS = ("/graphql", "/mcp")
"""The surfaces whose route names no template: the one path each answers on stands for it."""


def route_label(template: str | None, operation: object, path: str) -> str:
    """The route label: the template (`unmatched` without one), with the operation's name
    when GraphQL or MCP named one."""
    route = template or (path if path in SINGLE_PATHS else "unmatched")
    return f"{route} {operation}" if isinstance(operation, str) else route
