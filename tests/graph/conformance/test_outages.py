"""Outages surface as StoreUnavailable, never as a driver error, and lose nothing committed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from graph.backends.sqlite import SqliteStore
from graph.domain.errors import StoreUnavailable
from graph.ports.facts import FactQuery
from graph.ports.store import Store
from tests.builders import fact, record
from tests.conftest import NEO4J_URI, T0
from tests.support.proxy import CuttableProxy
from tests.support.reads import reads

G = "u_alice"


def test_neo4j_outage_is_store_unavailable_and_loses_nothing(neo4j_store: Store) -> None:
    from graph.backends.neo4j.store import Neo4jStore

    host, port = NEO4J_URI.removeprefix("bolt://").split(":")
    proxy = CuttableProxy(host, int(port))
    store = Neo4jStore(f"bolt://127.0.0.1:{proxy.port}", connection_timeout=2, max_retry_time=1)
    try:
        group = f"u_outage{proxy.port}"
        (kept,) = record(store, fact(group, "alice", "likes", "tea", valid_at=T0))
        proxy.cut()
        with pytest.raises(StoreUnavailable):
            record(store, fact(group, "alice", "likes", "jazz", valid_at=T0))
        with pytest.raises(StoreUnavailable):
            reads(store).facts.find(group, FactQuery(), T0)
        proxy.restore()
        assert [f.uuid for f in reads(store).facts.find(group, FactQuery(), T0)] == [kept.uuid]
    finally:
        store.close()
        proxy.close()


def test_neo4j_that_never_answers_is_store_unavailable() -> None:
    from graph.backends.neo4j.store import Neo4jStore

    proxy = CuttableProxy("127.0.0.1", 9)
    proxy.cut()
    try:
        with pytest.raises(StoreUnavailable):
            Neo4jStore(f"bolt://127.0.0.1:{proxy.port}", connection_timeout=1, max_retry_time=1)
    finally:
        proxy.close()


def test_a_locked_embedded_store_is_unavailable_then_recovers(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    store = SqliteStore(path, busy_timeout_ms=200)
    (kept,) = record(store, fact(G, "alice", "likes", "tea", valid_at=T0))
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    with pytest.raises(StoreUnavailable):
        record(store, fact(G, "alice", "likes", "jazz", valid_at=T0))
    blocker.execute("ROLLBACK")
    blocker.close()
    assert [f.uuid for f in reads(store).facts.find(G, FactQuery(), T0)] == [kept.uuid]
    record(store, fact(G, "alice", "likes", "jazz", valid_at=T0))
    store.close()


def test_an_unusable_data_folder_is_store_unavailable(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreUnavailable):
        SqliteStore(blocker / "sub" / "memory.db")
