"""Running queued (asynchronous) operations: claim with a lease, plan (side by side in the
extraction processes when there are), commit each with its `SUCCEEDED` record, or record why
it failed. A bug fails its operation, never the worker; an operation whose worker died too
often is given up (docs/write.md, "Synchronous, asynchronous, batch").
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from concurrent.futures import Future
from datetime import datetime
from typing import TYPE_CHECKING

from pydantic import ValidationError

from graph.domain.enums import OperationStatus
from graph.domain.errors import Forbidden, LeaseLost, PalimpsestError, StoreUnavailable
from graph.domain.model import Operation
from service.views import ErrorOut
from service.write.build import ItemPlan
from service.write.discourse import conversation_of
from service.write.parallel import Planned
from service.write.request import PreparedAdd, invalid_input
from service.write.uow import committing, in_unit

if TYPE_CHECKING:
    from service.write.pipeline import WritePipeline

log = logging.getLogger("palimpsest.write")

PoolPlan = tuple[datetime, "Future[Planned]"]
"""An operation's plan under way in a worker process, with the time it was planned at."""


class OperationRunner:
    """One worker turn over a pipeline's queue."""

    def __init__(self, writes: WritePipeline) -> None:
        self.writes = writes

    def run_next(self, worker: str) -> Operation | None:
        """Claim and run one queued operation; None when the queue is empty."""
        done = self.run_some(worker, 1)
        return done[0] if done else None

    def run_some(self, worker: str, limit: int) -> list[Operation]:
        """Claim up to `limit` queued operations, plan them side by side (in the worker
        processes, when there are), and commit them one by one in the order claimed."""
        claimed = self._claim(worker, limit)
        live = [operation for operation in claimed if not self._poisoned(operation)]
        for operation, planned in zip(live, self._plan_operations(live), strict=True):
            self._run_claimed(operation, planned)
        ids = [operation.event_id for operation in claimed]
        done = self.writes.store.read(lambda tx: [tx.operations.get(i) for i in ids])
        return [operation for operation in done if operation is not None]

    def _claim(self, worker: str, limit: int) -> list[Operation]:
        claimed: list[Operation] = []
        while len(claimed) < limit:
            now = self.writes.clock.now()
            lease_until = now + self.writes.config.lease
            operation = in_unit(
                self.writes.store,
                now,
                committing(lambda uow: uow.immediate.claim(lease_until, worker)),  # noqa: B023
            )
            if operation is None:
                break
            claimed.append(operation)
        return claimed

    def _poisoned(self, operation: Operation) -> bool:
        """Claimed again after its worker died mid-run too often: failed, not run."""
        if operation.attempts <= self.writes.config.max_attempts:
            return False
        self._fail(operation, GaveUp(f"gave up after {operation.attempts - 1} attempts"))
        return True

    def _plan_operations(self, operations: Sequence[Operation]) -> list[PoolPlan | None]:
        """Each operation's plan, submitted to the worker processes (None: plan in-process)."""
        if self.writes.pool is None or len(operations) < 2:
            return [None for _ in operations]
        now = self.writes.clock.now()
        futures: list[PoolPlan | None] = []
        seen: set[str] = set()
        for operation in operations:
            try:
                item = (operation.event_id, _payload(operation))
            except PalimpsestError:
                futures.append(None)  # fails with its reason when run
                continue
            key = conversation_of(item[1])
            if key in seen:  # read after the one before it is written, in its state
                futures.append(None)
                continue
            seen.add(key)
            item = self.writes.contextualised([item], now)[0]
            futures.append((now, self.writes.pool.submit([item], now)))
        return futures

    def _run_claimed(self, operation: Operation, planned: PoolPlan | None = None) -> None:
        try:
            items = [(operation.event_id, _payload(operation))]
            plans = self._from_pool(planned)
            if plans is None:
                self.writes._write(items, operation=operation)
            else:
                self.writes._store_plans(items, plans, operation, embedded=True)
        except LeaseLost:
            log.warning("operation %s: lease lost to another worker", operation.event_id)
        except StoreUnavailable as exc:
            self._retry_later(operation, exc)
        except PalimpsestError as exc:
            self._fail(operation, exc)
        except Exception as exc:  # a bug fails its operation, never the worker
            log.exception("operation %s failed unexpectedly", operation.event_id)
            self._retry_later(operation, GaveUp(f"internal error ({type(exc).__name__})"))

    def _from_pool(self, planned: PoolPlan | None) -> tuple[datetime, list[ItemPlan]] | None:
        """A worker process's plans; None (plan here instead) when there are none or the pool
        itself failed. A domain error (bad input) is the operation's own and is raised."""
        if planned is None:
            return None
        now, future = planned
        plans = self.writes._pooled(future.result)
        return None if plans is None else (now, plans)

    def _retry_later(self, operation: Operation, exc: PalimpsestError) -> None:
        exhausted = operation.attempts >= self.writes.config.max_attempts
        status = OperationStatus.FAILED if exhausted else OperationStatus.PENDING
        self._finish(operation, status, exc)

    def _fail(self, operation: Operation, exc: PalimpsestError) -> None:
        self._finish(operation, OperationStatus.FAILED, exc)

    def _finish(self, operation: Operation, status: OperationStatus, exc: PalimpsestError) -> None:
        now = self.writes.clock.now()
        final = operation.model_copy(
            update={
                "status": status,
                "error": ErrorOut.of(exc).model_dump(mode="json"),
                "lease_until": None,
                "updated_at": now,
            }
        )
        for pause in (*FINISH_PAUSES, None):
            try:
                in_unit(self.writes.store, now, committing(lambda uow: uow.finished(final)))
                return
            except LeaseLost:
                log.warning("operation %s: lease lost to another worker", operation.event_id)
                return
            except StoreUnavailable:
                if pause is None:
                    log.warning("operation %s stays RUNNING until its lease ends", final.event_id)
                    return
                time.sleep(pause)


FINISH_PAUSES = (0.05, 0.2, 1.0)
"""Seconds between tries to record an operation's end when the store is briefly unavailable;
after the last, the operation waits for its lease to end and is run again."""


class GaveUp(PalimpsestError):
    """An operation that failed in an unexpected way (a bug), or too many times."""


def _payload(operation: Operation) -> PreparedAdd:
    """The add an operation holds; Forbidden when it names another tenant than the
    operation's (a log written behind the service's back, or a hostile restore)."""
    try:
        prepared = PreparedAdd.model_validate(operation.payload)
    except ValidationError as exc:
        raise invalid_input(exc, prefix="payload.") from None
    if prepared.scope.group_id != operation.group_id:
        raise Forbidden("the operation's payload names another tenant than the operation's")
    return prepared
