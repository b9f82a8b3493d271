"""The composition root: the one place that picks and wires concrete adapters.

REST, GraphQL, MCP, the CLI and the worker all obtain their collaborators here, so they cannot
drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from graph.domain.clock import Clock
from graph.ports import Store
from service.settings import Settings


class SystemClock:
    """The real clock (UTC). The only place that reads the time of day."""

    def now(self) -> datetime:
        return datetime.now(UTC)


@dataclass
class Container:
    settings: Settings
    store: Store
    clock: Clock

    def close(self) -> None:
        self.store.close()


def build_store(settings: Settings) -> Store:
    if settings.backend == "neo4j":
        from graph.backends.neo4j.store import Neo4jStore

        password = settings.neo4j_password.get_secret_value() if settings.neo4j_password else None
        return Neo4jStore(
            settings.neo4j_uri,
            user=settings.neo4j_user,
            password=password,
            database=settings.neo4j_database,
            embedding_dimensions=settings.embedding_dimensions,
        )
    from graph.backends.sqlite import SqliteStore

    return SqliteStore(settings.sqlite_path)


def bootstrap(
    settings: Settings | None = None, *, store: Store | None = None, clock: Clock | None = None
) -> Container:
    settings = settings or Settings()
    return Container(
        settings=settings, store=store or build_store(settings), clock=clock or SystemClock()
    )
