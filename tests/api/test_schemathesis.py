"""Schemathesis over every REST operation and every GraphQL query and mutation, on both
backends, through a live server and one keep-alive connection (tests/api/fuzz.py): no 5xx,
every error in the one JSON error shape, no connection dropped. Small in CI
(`PALIMPSEST_FUZZ_EXAMPLES`, docs/operations.md)."""

from __future__ import annotations

import json

import pytest
from pydantic import SecretStr
from starlette.types import Receive, Scope, Send

from service.clients.memory import Memory
from service.http.app import create_app
from tests.api.fuzz import (
    Tally,
    fuzz,
    graphql_operations,
    graphql_problem,
    problem_with,
    rest_operations,
    served,
)

KEYS = {"alice-key": {"user_id": "alice", "principals": ["team-a"]}, "bob-key": "bob"}
pytestmark = pytest.mark.slow


def assert_clean(tally: Tally, operations: int, dropped: list[str]) -> None:
    print(tally.report())
    assert tally.operations and len(tally.operations) == operations, tally.report()
    assert not tally.failures, "\n".join(tally.failures[:20])
    assert not dropped, f"connections dropped without notice: {dropped}"


def fuzz_live(memory: Memory, *, graphql: bool, headers: dict[str, str] | None = None) -> None:
    tally = Tally()
    with served(create_app(memory.container), headers) as sender:
        load = graphql_operations if graphql else rest_operations
        operations = load(sender.base, headers)
        sender.connections.peers.clear()  # the schema was read on a connection of its own
        fuzz(operations, sender.send, tally, graphql_problem if graphql else problem_with)
    assert_clean(tally, len(operations), sender.dropped)


def test_every_rest_operation_answers_without_5xx(memory: Memory) -> None:
    fuzz_live(memory, graphql=False)


def test_every_graphql_operation_answers_without_5xx(memory: Memory) -> None:
    fuzz_live(memory, graphql=True)


def test_with_api_keys_on_every_operation_answers_without_5xx(memory: Memory) -> None:
    memory.container.settings = memory.container.settings.model_copy(
        update={"api_keys": SecretStr(json.dumps(KEYS))}
    )
    fuzz_live(memory, graphql=False, headers={"X-API-Key": "alice-key"})
    fuzz_live(memory, graphql=True, headers={"X-API-Key": "alice-key"})


def test_the_fuzzer_sees_a_connection_dropped_after_an_answer(memory: Memory) -> None:
    """The instrument itself: an app that raises after answering (what made uvicorn drop the
    keep-alive connection before `service.http.app.Unexpected`) is caught."""
    app = create_app(memory.container)

    async def raise_after_answer(scope: Scope, receive: Receive, send: Send) -> None:
        await app(scope, receive, send)
        if scope["type"] == "http" and scope["path"] == "/healthz":
            raise RuntimeError("raised after the answer was sent")

    with served(raise_after_answer) as sender:
        operations = [op for op in rest_operations(sender.base) if op.path == "/healthz"]
        sender.connections.peers.clear()
        tally = Tally()
        fuzz(operations * 2, sender.send, tally, problem_with)  # one case each: no parameters
    assert tally.cases == 2 and not tally.failures
    assert sender.dropped and sender.dropped[0] == "after GET /healthz answered 200"
