"""Asynchronous adds: a durable queue, a worker that can die, exactly-once application."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from graph.domain.enums import OperationStatus
from graph.domain.model import Episode, Fact, Operation
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.clients.memory import Memory
from tests.conftest import NEO4J_URI, T0
from tests.support.reads import reads

ALICE = TenantScope(user_id="alice").group_id


def status(memory: Memory, event_id: str) -> str:
    return str(memory.get_operation(event_id)["status"])


def test_async_add_is_pending_at_once_and_applied_by_the_worker(memory: Memory) -> None:
    pending = memory.add("I live in Vienna", user_id="alice", mode="async")
    assert pending["status"] == "PENDING"
    assert [r for r in memory.container.store.export(ALICE) if isinstance(r, Fact)] == []
    assert memory.run_pending() == 1
    done = memory.get_operation(pending["event_id"], user_id="alice")
    assert done["status"] == "SUCCEEDED"
    (result,) = done["result"]["results"]
    assert (result["event"], result["fact"]["value"]) == ("ADD", "Vienna")


def test_an_idempotency_key_applies_a_retried_write_once(memory: Memory) -> None:
    first = memory.add("I live in Vienna", user_id="alice", mode="async", idempotency_key="k1")
    again = memory.add("I live in Vienna", user_id="alice", mode="async", idempotency_key="k1")
    assert again["event_id"] == first["event_id"]
    assert memory.run_pending() == 1
    assert memory.run_pending() == 0


def test_another_tenant_cannot_read_an_operation(memory: Memory) -> None:
    from graph.domain.errors import NotFound

    pending = memory.add("I live in Vienna", user_id="alice", mode="async")
    with pytest.raises(NotFound):
        memory.get_operation(pending["event_id"], user_id="mallory")


def test_a_stuck_running_operation_is_claimed_again_when_its_lease_ends(memory: Memory) -> None:
    pending = memory.add("I live in Vienna", user_id="alice", mode="async")
    store, clock = memory.container.store, memory.container.clock
    now = clock.now()
    store.transaction(lambda tx: tx.operations.claim(now, now + timedelta(minutes=2), "dead"))
    assert status(memory, pending["event_id"]) == "RUNNING"
    assert memory.run_pending() == 0  # the lease still holds
    clock.advance(timedelta(minutes=3))  # type: ignore[attr-defined]
    assert memory.run_pending() == 1
    operation = reads(store).operations.get(pending["event_id"])
    assert operation is not None and (operation.status, operation.attempts) == (
        OperationStatus.SUCCEEDED,
        2,
    )


def test_a_malformed_queued_operation_fails_with_its_error(memory: Memory) -> None:
    broken = Operation(
        event_id="broken-1",
        group_id=ALICE,
        payload={"turns": "nonsense"},
        created_at=T0,
        updated_at=T0,
    )
    memory.container.store.transaction(lambda tx: tx.operations.append(broken))
    memory.run_pending()
    failed = memory.get_operation("broken-1")
    assert failed["status"] == "FAILED"
    assert failed["error"]["code"] == "invalid_input"


def test_sync_writes_also_leave_a_receipt(memory: Memory) -> None:
    out = memory.add("I live in Vienna", user_id="alice")
    receipt = memory.get_operation(out["event_id"])
    assert receipt["status"] == "SUCCEEDED"
    assert receipt["result"]["results"][0]["id"] == out["results"][0]["id"]


# -- a real worker process, killed mid-queue --------------------------------------------------

FRUIT = [
    "apples",
    "bananas",
    "cherries",
    "dates",
    "figs",
    "grapes",
    "kiwis",
    "lemons",
    "mangoes",
    "nectarines",
    "olives",
    "peaches",
    "pears",
    "plums",
    "quinces",
    "raspberries",
    "strawberries",
    "tomatoes",
    "walnuts",
    "almonds",
    "cashews",
    "hazelnuts",
    "pistachios",
    "pecans",
]
QUEUED = len(FRUIT)


def _worker(env: dict[str, str], data_dir: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "service.cli", "worker", "--data-dir", str(data_dir)]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _statuses(store: Store, event_ids: list[str]) -> Counter[str]:
    return Counter(str(reads(store).operations.get(e).status) for e in event_ids)  # type: ignore[union-attr]


def _wait(store: Store, event_ids: list[str], at_least: int, seconds: float) -> Counter[str]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        counts = _statuses(store, event_ids)
        if counts["SUCCEEDED"] >= at_least:
            return counts
        time.sleep(0.05)
    raise AssertionError(f"only {_statuses(store, event_ids)} after {seconds} s")


def _kill_while_running(worker: subprocess.Popen[bytes], store: Store, ids: list[str]) -> None:
    """SIGKILL the worker, preferably while it holds an operation (RUNNING)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _statuses(store, ids)["RUNNING"] == 0:
        time.sleep(0.005)
    worker.send_signal(signal.SIGKILL)
    worker.wait()


def _environment(backend: str, data_dir: Path) -> dict[str, str]:
    env = dict(
        os.environ,
        PALIMPSEST_WORKER_LEASE_SECONDS="2",
        PALIMPSEST_BACKEND=backend,
        PALIMPSEST_DATA_DIR=str(data_dir),
        PALIMPSEST_NEO4J_URI=NEO4J_URI,
    )
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    return env


def _queue_store(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Store:
    if backend == "neo4j":
        neo4j: Store = request.getfixturevalue("store")
        return neo4j
    from graph.backends.sqlite import SqliteStore

    return SqliteStore(tmp_path / "palimpsest.db")


def test_killing_the_worker_mid_queue_loses_nothing_and_applies_nothing_twice(
    backend: str,
    tmp_path: Path,
    request: pytest.FixtureRequest,
    extractor: Any,
    embedder: Any,
) -> None:
    from service.bootstrap import bootstrap
    from service.settings import Settings

    store = _queue_store(backend, tmp_path, request)
    memory = Memory(
        container=bootstrap(Settings(), store=store, extractor=extractor, embedder=embedder)
    )
    users = ["kim", "lee", "max"]
    event_ids = [
        memory.add(f"I like {fruit}", user_id=users[i % 3], mode="async")["event_id"]
        for i, fruit in enumerate(FRUIT)
    ]
    env = _environment(backend, tmp_path)
    first = _worker(env, tmp_path)
    _wait(store, event_ids, 4, seconds=120)
    _kill_while_running(first, store, event_ids)
    interrupted = _statuses(store, event_ids)
    assert interrupted["SUCCEEDED"] < QUEUED, "the worker finished before it was killed"
    second = _worker(env, tmp_path)
    try:
        _wait(store, event_ids, QUEUED, seconds=180)
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(timeout=30)
    retried = [reads(store).operations.get(e) for e in event_ids]
    assert all(op is not None and op.status is OperationStatus.SUCCEEDED for op in retried)
    if interrupted["RUNNING"]:  # the killed operation was redone, once
        assert any(op is not None and op.attempts == 2 for op in retried)
    for user in users:
        group = TenantScope(user_id=user).group_id
        records = list(store.export(group))
        mine = QUEUED // 3
        assert len([r for r in records if isinstance(r, Fact)]) == mine
        assert len([r for r in records if isinstance(r, Episode)]) == mine
        verdict = store.verify_ledger(group)
        assert verdict.ok and verdict.length == 2 * mine  # one ingest + one add per operation
