"""The Python client: `Memory()` on the embedded store, the same use cases as REST.

from service import Memory
m = Memory()
m.add("I moved to Berlin in 2023.", user_id="alice", observation_date="2023-06-01")
"""

from __future__ import annotations

from typing import Any

from graph.domain.tenancy import TenantScope
from service.bootstrap import Container, bootstrap
from service.conflicts.client import ConflictMethods
from service.read import facts as fact_cases
from service.read.client import ReadMethods
from service.read.deps import ReadDeps
from service.settings import Settings


class Memory(ReadMethods, ConflictMethods):
    """One store, one set of use cases. Arguments are those of the REST API (API.md)."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        container: Container | None = None,
        **overrides: Any,
    ) -> None:
        self._container = container or bootstrap(settings or Settings(**overrides))

    @property
    def container(self) -> Container:
        return self._container

    @property
    def reads(self) -> ReadDeps:
        return self._container.reads

    def add(self, messages: Any, *, mode: str = "sync", **options: Any) -> dict[str, Any]:
        """Extract and store facts: `{"results", "alerts"}`; with mode="async",
        `{"event_id", "status": "PENDING"}` at once."""
        data = {"messages": messages, **options}
        if mode == "async":
            operation = self._container.writes.enqueue(data)
            return {"event_id": operation.event_id, "status": operation.status.value}
        return self._container.writes.add(data)

    def add_batch(self, items: list[dict[str, Any]]) -> dict[str, Any]:
        """Many adds; each item as the arguments of `add`: `{"results": [per item]}`."""
        return {"results": self._container.writes.add_batch(items)}

    def get_operation(self, event_id: str, *, user_id: str | None = None) -> dict[str, Any]:
        """`{"event_id", "status"}`, with `result` or `error` once the write has one."""
        found = fact_cases.operation_status(self.reads, event_id, user_id)
        return found.model_dump(exclude_unset=True)

    def verify_ledger(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> dict[str, Any]:
        """Walk the tenant's hash chain: `{"ok", "length", "first_bad_seq"}`."""
        scope = TenantScope(user_id, agent_id, run_id)
        return fact_cases.verify_ledger(self.reads, scope).model_dump()

    def run_pending(self, *, worker: str = "inline", limit: int = 1000) -> int:
        """Run queued asynchronous writes in this process; returns how many ran."""
        done = 0
        while done < limit and self._container.writes.run_next(worker) is not None:
            done += 1
        return done

    def close(self) -> None:
        self._container.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
