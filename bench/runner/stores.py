"""A store to measure: an embedded one in a temporary folder, or the Neo4j at a URI."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from graph.ports.store import Store


@contextmanager
def open_store(backend: str, uri: str) -> Iterator[Store]:
    if backend == "sqlite":
        from graph.backends.sqlite import SqliteStore

        with tempfile.TemporaryDirectory(prefix="palimpsest-bench-") as folder:
            embedded = SqliteStore(Path(folder) / "bench.db")
            try:
                yield embedded
            finally:
                embedded.close()
        return
    from graph.backends.neo4j.store import Neo4jStore

    store = Neo4jStore(uri, password=os.environ.get("PALIMPSEST_NEO4J_PASSWORD"))
    try:
        yield store
    finally:
        store.close()


def drop_group(store: Store, group_id: str) -> None:
    """Remove a benchmark tenant from a Neo4j store (the SQLite store is a temp file)."""
    if store.capabilities.name == "neo4j":
        store.maintenance().drop_group(group_id)
