"""Storage conformance: the durable operation log."""

from __future__ import annotations

import threading

import pytest

from graph.domain.enums import OperationStatus
from graph.domain.errors import DuplicateRecord, InvalidInput, LeaseLost
from graph.domain.model import Operation
from graph.ports.store import Store, StoreTx
from tests.builders import days, new_id
from tests.conftest import T0
from tests.support.reads import reads

G = "u_alice"


def op(created_offset_days: float = 0, key: str | None = None, group_id: str = G) -> Operation:
    at = T0 + days(created_offset_days)
    return Operation(
        event_id=new_id(),
        group_id=group_id,
        payload={"messages": "hi"},
        idempotency_key=key,
        created_at=at,
        updated_at=at,
    )


def log(store: Store, operation: Operation) -> Operation:
    return store.transaction(lambda tx: tx.operations.append(operation))


def claim(store: Store, now_offset_days: float = 0, worker: str = "w1") -> Operation | None:
    now = T0 + days(now_offset_days)
    return store.transaction(lambda tx: tx.operations.claim(now, now + days(0.01), worker))


def test_operations_are_logged_and_read_back(store: Store) -> None:
    logged = log(store, op())
    assert reads(store).operations.get(logged.event_id) == logged
    assert reads(store).operations.get("missing") is None


def test_an_idempotency_key_logs_once(store: Store) -> None:
    first = log(store, op(key="k-1"))
    second = log(store, op(key="k-1"))
    other_tenant = log(store, op(key="k-1", group_id="u_bob"))
    assert second.event_id == first.event_id
    assert other_tenant.event_id != first.event_id


def test_claims_take_the_oldest_pending_and_mark_it_running(store: Store) -> None:
    newer = log(store, op(1))
    older = log(store, op(0))
    claimed = claim(store, 2)
    assert claimed is not None and claimed.event_id == older.event_id
    assert (claimed.status, claimed.attempts, claimed.worker) == (OperationStatus.RUNNING, 1, "w1")
    assert claim(store, 2).event_id == newer.event_id  # type: ignore[union-attr]
    assert claim(store, 2) is None


def test_a_lapsed_lease_is_claimed_again_and_finished_work_is_not(store: Store) -> None:
    logged = log(store, op())
    first = claim(store, 0)
    assert first is not None
    assert claim(store, 0.005) is None
    again = claim(store, 1, worker="w2")
    assert again is not None and again.event_id == logged.event_id and again.attempts == 2
    done = again.model_copy(
        update={
            "status": OperationStatus.SUCCEEDED,
            "result": {"results": []},
            "lease_until": None,
            "updated_at": T0 + days(1),
        }
    )
    store.transaction(lambda tx: tx.operations.finish(done))
    assert reads(store).operations.get(logged.event_id) == done
    assert claim(store, 5) is None


def test_a_worker_whose_lease_was_taken_cannot_finish_and_its_writes_roll_back(
    store: Store,
) -> None:
    """Fencing: the first worker outlived its lease and another claimed the operation; the
    first one's finishing transaction (records and receipt together) writes nothing."""
    logged = log(store, op())
    stale = claim(store, 0)
    again = claim(store, 1, worker="w2")
    assert stale is not None and again is not None
    late = stale.model_copy(update={"status": OperationStatus.SUCCEEDED, "lease_until": None})

    def finish_late(tx: StoreTx) -> None:
        tx.operations.record([op()])  # a write of the same transaction, rolled back with it
        tx.operations.finish(late)

    with pytest.raises(LeaseLost):
        store.transaction(finish_late)
    assert reads(store).operations.get(logged.event_id) == again
    assert reads(store).operations.waiting().get("PENDING", 0) == 0
    done = again.model_copy(update={"status": OperationStatus.SUCCEEDED, "lease_until": None})
    store.transaction(lambda tx: tx.operations.finish(done))
    assert reads(store).operations.get(logged.event_id) == done
    with pytest.raises(LeaseLost):  # finished work cannot be finished again
        store.transaction(lambda tx: tx.operations.finish(done))


def test_concurrent_workers_never_claim_the_same_operation(store: Store) -> None:
    logged = {log(store, op(i / 1000)).event_id for i in range(12)}
    claimed: list[str] = []
    lock = threading.Lock()

    def worker(name: str) -> None:
        while (item := claim(store, 1, worker=name)) is not None:
            with lock:
                claimed.append(item.event_id)

    threads = [threading.Thread(target=worker, args=(f"w{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(claimed) == sorted(logged)


def test_receipts_are_recorded_in_one_call_and_a_repeat_writes_nothing(store: Store) -> None:
    done = [
        op(i).model_copy(update={"status": OperationStatus.SUCCEEDED, "result": {"n": i}})
        for i in range(3)
    ]
    store.transaction(lambda tx: tx.operations.record(done))
    assert [reads(store).operations.get(o.event_id) for o in done] == done
    fresh = op(5).model_copy(update={"status": OperationStatus.SUCCEEDED})
    with pytest.raises(DuplicateRecord):
        store.transaction(lambda tx: tx.operations.record([fresh, done[1]]))
    assert reads(store).operations.get(fresh.event_id) is None
    with pytest.raises(InvalidInput):
        store.transaction(lambda tx: tx.operations.record([op(key="k")]))
    store.transaction(lambda tx: tx.operations.record([]))


def test_the_waiting_operations_are_counted_by_status(store: Store) -> None:
    assert reads(store).operations.waiting() == {"PENDING": 0, "RUNNING": 0, "FAILED": 0}
    for n in range(3):
        log(store, op(n, group_id=f"u_{n}"))
    claim(store)
    assert reads(store).operations.waiting() == {"PENDING": 2, "RUNNING": 1, "FAILED": 0}
