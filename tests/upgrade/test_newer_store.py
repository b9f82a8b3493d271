"""A store written by a newer version is refused at open, before anything is written to it,
with a message that says what to do; an older or equal one opens (migrations run forward)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.backends.sqlite import SqliteStore
from graph.backends.sqlite.schema import SCHEMA_VERSION as SQLITE_VERSION
from graph.domain.errors import StoreTooNew
from graph.ports.store import Store
from tests.conftest import NEO4J_URI


def test_an_embedded_store_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    SqliteStore(path).close()
    store = SqliteStore(path)
    store.maintenance().stamp_schema_version(SQLITE_VERSION + 1)
    store.close()
    before = path.read_bytes()
    with pytest.raises(StoreTooNew) as refused:
        SqliteStore(path)
    assert f"schema version {SQLITE_VERSION + 1}" in refused.value.message
    assert "upgrade" in refused.value.message
    assert refused.value.details == {"found": SQLITE_VERSION + 1, "supported": SQLITE_VERSION}
    assert path.read_bytes() == before  # nothing written


def test_an_embedded_store_of_this_version_opens_again(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    SqliteStore(path).close()
    SqliteStore(path).close()


@pytest.mark.neo4j_only
def test_a_neo4j_database_newer_than_the_code_is_refused(neo4j_store: Store) -> None:
    from graph.backends.neo4j.store import SCHEMA_VERSION, Neo4jStore

    maintenance = neo4j_store.maintenance()
    maintenance.stamp_schema_version(SCHEMA_VERSION + 1)
    try:
        with pytest.raises(StoreTooNew) as refused:
            Neo4jStore(NEO4J_URI, connection_timeout=5.0)
        assert f"schema version {SCHEMA_VERSION + 1}" in refused.value.message
    finally:
        maintenance.stamp_schema_version(SCHEMA_VERSION)
    Neo4jStore(NEO4J_URI, connection_timeout=5.0).close()  # its own version opens
