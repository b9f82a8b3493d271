"""The Python client: `Memory()` on the embedded store, the same use cases as REST.

from service import Memory
m = Memory()
m.add("I moved to Berlin in 2023.", user_id="alice", observation_date="2023-06-01")

Answers are the typed models of the API's shapes (`service.views`, `service.read.answers`,
`service.tenancy.usecases`); `service.Client` gives the same models over HTTP.
"""

from __future__ import annotations

from typing import Any

from graph.domain.tenancy import TenantScope
from service.bootstrap import Container, bootstrap
from service.clients.memory_verbs import MemoryVerbs
from service.read.deps import ReadDeps
from service.settings import Settings
from service.tenancy.usecases import ErasureOut, ReprocessOut, StaleOut
from service.write.queue import OperationRunner


class Memory(MemoryVerbs):
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

    def stale(self, *, user_id: str | None = None) -> StaleOut:
        """Current records made under other extraction or policy versions."""
        return self._container.tenancy.stale(TenantScope(user_id))

    def reprocess(
        self,
        *,
        user_id: str | None = None,
        source: str | None = None,
        only_stale: bool = True,
        dry_run: bool = False,
    ) -> ReprocessOut:
        """Re-extract selected episodes under the current rules (old records kept, outdated)."""
        return self._container.tenancy.reprocess(
            TenantScope(user_id), source=source, only_stale=only_stale, dry_run=dry_run
        )

    def forget_source(self, source: str, *, user_id: str | None = None) -> ErasureOut:
        return self._container.tenancy.forget_source(TenantScope(user_id), source)

    def run_pending(self, *, worker: str = "inline", limit: int = 1000) -> int:
        """Run queued asynchronous writes in this process; returns how many ran."""
        done = 0
        turn = OperationRunner(self._container.writes)
        while done < limit and turn.run_next(worker) is not None:
            done += 1
        return done

    def close(self) -> None:
        self._container.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
