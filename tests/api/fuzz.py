"""Schemathesis over a live service: every REST operation from the OpenAPI document and every
GraphQL query and mutation from the GraphQL schema, sent over ONE keep-alive connection.

A case fails when the answer is a 5xx, when an error answer is not the one JSON error shape
(`{"error": {"code", "message", "details"?}}`, service/errors.py) or when the server dropped
the connection without saying `Connection: close`. Failures are collected, not raised inside
Hypothesis (no shrinking: every operation is tried and every failure is listed with a curl
command to reproduce it).

The size is `PALIMPSEST_FUZZ_EXAMPLES` examples per operation and generation mode (small in
CI); docs/operations.md says how to run a large pass.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import requests
import schemathesis
from graphql.language import (
    BooleanValueNode,
    FloatValueNode,
    IntValueNode,
    ListValueNode,
    NameNode,
    NullValueNode,
    ObjectFieldNode,
    ObjectValueNode,
    StringValueNode,
    ValueNode,
)
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.core.transport import Response
from schemathesis.generation.case import Case
from schemathesis.generation.modes import GenerationMode
from starlette.types import ASGIApp, Receive, Scope, Send

from tests.support.live import live_server

EXAMPLES = int(os.environ.get("PALIMPSEST_FUZZ_EXAMPLES", "2"))
"""Examples per operation and generation mode."""
RANDOM = os.environ.get("PALIMPSEST_FUZZ_RANDOM") == "1"
"""Off (CI): the same cases every run. On (a large local pass): new cases every run."""
TIMEOUT = float(os.environ.get("PALIMPSEST_FUZZ_TIMEOUT", "60"))
"""Seconds one answer may take before it counts as a failure (a shared 2-core CI machine)."""
ERROR_KEYS = {"code", "message", "details"}


@dataclass
class Tally:
    """What one fuzzing run saw."""

    cases: int = 0
    operations: set[str] = field(default_factory=set)
    statuses: dict[int, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")

    def report(self) -> str:
        return (
            f"{self.cases} cases over {len(self.operations)} operations, statuses "
            f"{dict(sorted(self.statuses.items()))}, {len(self.failures)} failures, "
            f"slowest answer {self.slowest[0]:.1f} s ({self.slowest[1]})"
        )


class Connections:
    """ASGI wrapper that remembers each client address (one per TCP connection)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.peers: set[tuple[str, int]] = set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("client"):
            host, port = scope["client"]
            self.peers.add((host, port))
        await self.app(scope, receive, send)


def problem_with(response: Response) -> str | None:
    """What is wrong with one answer, if anything."""
    if response.status_code >= 500:
        return f"answered {response.status_code}: {response.text[:300]}"
    if response.status_code < 400:
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        return f"{response.status_code} that is not JSON: {response.text[:300]}"
    error = body.get("error") if isinstance(body, dict) else None
    if not (isinstance(body, dict) and set(body) == {"error"} and isinstance(error, dict)):
        return f"{response.status_code} not in the error shape: {response.text[:300]}"
    if not (isinstance(error.get("code"), str) and isinstance(error.get("message"), str)):
        return f"{response.status_code} without a code and message: {response.text[:300]}"
    if set(error) - ERROR_KEYS:
        return f"{response.status_code} with extra keys {sorted(set(error) - ERROR_KEYS)}"
    return None


def graphql_problem(response: Response) -> str | None:
    """GraphQL answers 200 with `errors`; each error's `extensions` carries the code."""
    found = problem_with(response)
    if found or response.status_code >= 400:
        return found
    body = json.loads(response.content)
    for error in body.get("errors") or []:
        code = (error.get("extensions") or {}).get("code")
        if not isinstance(code, str) or code == "internal":
            return f"GraphQL error without a client code: {json.dumps(error)[:300]}"
    return None


def fuzz(
    operations: list[Any],
    send: Callable[[Case], Response],
    tally: Tally,
    judge: Callable[[Response], str | None] = problem_with,
    modes: tuple[GenerationMode, ...] = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE),
) -> None:
    """Run `EXAMPLES` cases per operation and mode through `send`; record what `judge` says."""
    for operation in operations:
        for mode in modes:
            _fuzz_one(operation, mode, send, tally, judge)


def _fuzz_one(
    operation: Any,
    mode: GenerationMode,
    send: Callable[[Case], Response],
    tally: Tally,
    judge: Callable[[Response], str | None],
) -> None:
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=not RANDOM,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case: Case) -> None:
        try:
            response = send(case)
        except requests.RequestException as exc:
            curl = case.as_curl_command()
            tally.failures.append(f"{operation.label}: transport error {exc!r}\n  {curl}")
            return
        tally.cases += 1
        tally.slowest = max(tally.slowest, (response.elapsed, operation.label))
        tally.operations.add(operation.label)
        tally.statuses[response.status_code] = tally.statuses.get(response.status_code, 0) + 1
        problem = judge(response)
        if problem:
            curl = case.as_curl_command()
            tally.failures.append(f"{operation.label} ({mode}): {problem}\n  {curl}")

    try:
        run()
    except Unsatisfiable:  # nothing to make invalid (an operation without parameters)
        if mode is GenerationMode.POSITIVE:
            raise


def json_node(value: Any) -> ValueNode:
    """A JSON value as a GraphQL literal, for strawberry's `JSON` scalar."""
    if value is None:
        return NullValueNode()
    if isinstance(value, bool):
        return BooleanValueNode(value=value)
    if isinstance(value, int):
        return IntValueNode(value=str(value))
    if isinstance(value, float):
        return FloatValueNode(value=repr(value))
    if isinstance(value, str):
        return StringValueNode(value=value)
    if isinstance(value, list):
        return ListValueNode(values=tuple(json_node(item) for item in value))
    return ObjectValueNode(
        fields=tuple(
            ObjectFieldNode(name=NameNode(value=key), value=json_node(item))
            for key, item in value.items()
        )
    )


NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)
SCALARS = st.none() | st.booleans() | st.integers(-(2**31), 2**31 - 1) | st.text(max_size=20)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NAMES, inner, max_size=3),
    max_leaves=8,
)
schemathesis.graphql.scalar("JSON", JSON_VALUES.map(json_node))


class KeepAlive:
    """Sends cases over one keep-alive session to a live server and notes every connection the
    server dropped without announcing `Connection: close` (the client would see its next request
    fail and could not tell whether a write happened)."""

    def __init__(self, base: str, connections: Connections, headers: dict[str, str] | None):
        self.base, self.connections, self.headers = base, connections, headers
        self.session = requests.Session()
        self.dropped: list[str] = []
        self.last = ""

    def send(self, case: Case) -> Response:
        peers = self.connections.peers
        before = len(peers)
        response = case.call(
            base_url=self.base, session=self.session, headers=self.headers, timeout=TIMEOUT
        )
        if before and len(peers) > before:
            self.dropped.append(self.last)
        said_close = response.headers.get("connection", "").lower() == "close"
        self.last = f"after {case.operation.label} answered {response.status_code}"
        if said_close:
            peers.clear()
        return response


@contextmanager
def served(app: ASGIApp, headers: dict[str, str] | None = None) -> Iterator[KeepAlive]:
    """The app on a live loopback server, and one keep-alive session to it."""
    connections = Connections(app)
    # idle connections stay open far longer than a case takes to generate, so a new connection
    # means the server dropped one, not that it closed an idle one
    with live_server(connections, keep_alive=600) as base:
        sender = KeepAlive(base, connections, headers)
        with sender.session:
            yield sender


def rest_operations(base: str, headers: dict[str, str] | None = None) -> list[Any]:
    schema = schemathesis.openapi.from_url(f"{base}/openapi.json", headers=headers or {})
    return [result.ok() for result in schema.get_all_operations()]


def graphql_operations(base: str, headers: dict[str, str] | None = None) -> list[Any]:
    schema = schemathesis.graphql.from_url(f"{base}/graphql", headers=headers or {})
    return [result.ok() for result in schema.get_all_operations()]
