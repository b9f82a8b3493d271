"""No poison operations: an operation that keeps failing is FAILED with its reason, the worker
goes on with the next one, and `/healthz` / `/readyz` report a dead or stuck worker."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import TypeVar

import pytest
from fastapi.testclient import TestClient

from graph.backends.sqlite.store import SqliteStore
from graph.domain.clock import ManualClock
from graph.domain.enums import OperationStatus
from graph.domain.errors import StoreUnavailable
from graph.domain.model import Operation
from graph.domain.tenancy import TenantScope
from graph.ports.store import StoreTx
from service.bootstrap import bootstrap
from service.clients.memory import Memory
from service.http.app import create_app
from service.runtime.worker import Worker
from service.settings import Settings
from service.version import __version__
from service.write.queue import FINISH_PAUSES, OperationRunner
from tests.conftest import T0
from tests.support.reads import reads

ALICE = TenantScope(user_id="alice").group_id
T = TypeVar("T")
POISON_TIME = "0001-01-01T00:00:00+14:00"


def poisoned(memory: Memory) -> Operation:
    """An operation whose payload passed an older edge but makes the write itself fail
    unexpectedly (its knowledge time leaves the calendar once made UTC)."""
    payload = {
        "user_id": "alice",
        "turns": [{"index": 0, "role": "user", "text": "I live in Oslo"}],
        "knowledge_time": POISON_TIME,
    }
    operation = Operation(
        event_id="poison-1", group_id=ALICE, payload=payload, created_at=T0, updated_at=T0
    )
    return memory.container.store.transaction(lambda tx: tx.operations.append(operation))


def wait_for(memory: Memory, event_ids: list[str], seconds: float = 120) -> list[str]:
    """Every operation's final status, waiting for the worker (a bound, not an assertion)."""
    deadline = time.monotonic() + seconds
    while True:
        states = [str(memory.get_operation(e)["status"]) for e in event_ids]
        if all(s in ("SUCCEEDED", "FAILED") for s in states) or time.monotonic() > deadline:
            return states
        time.sleep(0.05)


@pytest.fixture
def worker(memory: Memory) -> Iterator[Worker]:
    worker = Worker(memory.container.writes, idle_seconds=0.01)
    thread = worker.start_thread()
    yield worker
    worker.stop()
    thread.join(timeout=30)


def test_a_poisoned_operation_fails_alone_and_later_ones_complete(
    memory: Memory, worker: Worker
) -> None:
    poison = poisoned(memory)
    later = [
        memory.add(f"I like {fruit}", user_id=user, mode="async")["event_id"]
        for fruit, user in (("apples", "alice"), ("pears", "bob"), ("figs", "carol"))
    ]
    assert wait_for(memory, [poison.event_id, *later]) == ["FAILED"] + ["SUCCEEDED"] * 3
    failed = memory.get_operation(poison.event_id)
    assert failed["error"]["code"] == "internal"
    assert "OverflowError" in failed["error"]["message"]
    stored = reads(memory.container.store).operations.get(poison.event_id)
    assert stored is not None
    assert stored.attempts == memory.container.writes.config.max_attempts
    assert worker.ready


def test_the_failed_reason_is_visible_over_rest(memory: Memory, worker: Worker) -> None:
    poison = poisoned(memory)
    wait_for(memory, [poison.event_id])
    with TestClient(base_url="http://127.0.0.1", app=create_app(memory.container)) as client:
        answer = client.get(f"/v1/operations/{poison.event_id}", params={"user_id": "alice"})
    assert answer.status_code == 200
    assert answer.json()["status"] == "FAILED"
    assert answer.json()["error"]["code"] == "internal"


def test_an_operation_claimed_too_often_is_given_up(memory: Memory) -> None:
    """A worker that died mid-run (kill -9, out of memory) leaves its lease to lapse; the
    operation is not run again once it has been claimed more than the attempt limit."""
    pending = memory.add("I live in Oslo", user_id="alice", mode="async")
    store, clock = memory.container.store, memory.container.clock
    limit = memory.container.writes.config.max_attempts
    for _ in range(limit):
        now = clock.now()
        store.transaction(lambda tx: tx.operations.claim(now, now, "crashed"))  # noqa: B023
    assert memory.run_pending() == 1
    stored = reads(store).operations.get(pending["event_id"])
    assert stored is not None and stored.status is OperationStatus.FAILED
    assert stored.error is not None and "gave up after" in stored.error["message"]


def test_readyz_reports_a_live_worker_then_a_dead_one(memory: Memory, worker: Worker) -> None:
    with TestClient(create_app(memory.container, worker), base_url="http://127.0.0.1") as client:
        ready = client.get("/readyz")
        assert ready.status_code == 200
        assert ready.json()["status"] == "ready"
        assert ready.json()["worker"]["alive"] is True
        assert client.get("/healthz").json()["status"] == "ok"
        worker.stop()
        assert worker._thread is not None
        worker._thread.join(timeout=30)
        for path in ("/readyz", "/healthz"):
            down = client.get(path)
            assert down.status_code == 503
            assert down.json()["error"]["code"] == "not_ready"
            assert down.json()["error"]["details"]["worker"]["alive"] is False


def test_readyz_reports_a_stuck_worker(memory: Memory) -> None:
    now = [0.0]
    worker = Worker(memory.container.writes, idle_seconds=3600, monotonic=lambda: now[0])
    thread = worker.start_thread()
    try:
        with TestClient(
            create_app(memory.container, worker), base_url="http://127.0.0.1"
        ) as client:
            assert client.get("/readyz").status_code == 200
            now[0] += memory.container.writes.config.lease.total_seconds() + 3601
            stuck = client.get("/readyz")
        assert stuck.status_code == 503
        assert stuck.json()["error"]["details"]["worker"]["stuck"] is True
    finally:
        worker.stop()
        thread.join(timeout=30)


def test_without_a_worker_readyz_reports_the_store(memory: Memory) -> None:
    with TestClient(base_url="http://127.0.0.1", app=create_app(memory.container)) as client:
        answer = client.get("/readyz")
    assert answer.status_code == 200
    backend = memory.container.store.capabilities.name
    assert answer.json() == {"status": "ready", "backend": backend, "version": __version__}


class FlakyStore(SqliteStore):
    """A real embedded store whose next `failures` write transactions find it unavailable."""

    failures = 0

    def transaction(self, fn: Callable[[StoreTx], T]) -> T:
        if self.failures:
            self.failures -= 1
            raise StoreUnavailable("briefly unavailable")
        return super().transaction(fn)


def test_recording_a_failure_is_retried_when_the_store_is_briefly_unavailable() -> None:
    store = FlakyStore()
    memory = Memory(container=bootstrap(Settings(), store=store, clock=ManualClock(T0)))
    operation = poisoned(memory)
    limit = memory.container.writes.config.max_attempts
    for attempt in range(limit):
        now = T0 + timedelta(hours=attempt)  # each earlier lease has ended
        claimed = store.transaction(lambda tx: tx.operations.claim(now, now, "w"))  # noqa: B023
        assert claimed is not None
        store.failures = len(FINISH_PAUSES)  # every pause but the last try is used
        OperationRunner(memory.container.writes)._run_claimed(claimed)
        stored = reads(store).operations.get(operation.event_id)
        assert stored is not None and stored.status is not OperationStatus.RUNNING
    assert stored.status is OperationStatus.FAILED
    store.close()
