"""The facts' vector index on Neo4j is made with the store's HNSW settings, and the server's
CPU time is readable for benchmarks (work per CPU second)."""

from __future__ import annotations

import logging

import pytest

from graph.backends.neo4j.search import OLD_GRAPH_CANDIDATES, VECTOR_CANDIDATES
from graph.backends.neo4j.store import VECTOR_HNSW, Neo4jStore
from graph.ports.store import Store
from tests.conftest import NEO4J_URI


def test_the_store_makes_its_vector_index_with_its_hnsw_settings(neo4j_store: Store) -> None:
    assert isinstance(neo4j_store, Neo4jStore)
    maintenance = neo4j_store.maintenance()
    maintenance.drop_index("fact_embedding")
    assert maintenance.vector_index() is None
    Neo4jStore(NEO4J_URI, connection_timeout=5.0).close()  # opening makes the schema
    config = maintenance.vector_index()
    assert config is not None
    assert {key: config[key] for key in VECTOR_HNSW} == VECTOR_HNSW
    assert config["vector.dimensions"] == 512
    assert config["vector.quantization.enabled"] is True


def test_an_index_made_with_other_settings_is_kept_named_and_asked_as_before(
    neo4j_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    assert isinstance(neo4j_store, Neo4jStore)
    maintenance = neo4j_store.maintenance()
    neo4j = {"vector.dimensions": 512, "vector.similarity_function": "cosine"}
    maintenance.rebuild_vector_index(neo4j)  # Neo4j's own m 16, ef_construction 100
    try:
        with caplog.at_level(logging.WARNING, logger="palimpsest.store"):
            older = Neo4jStore(NEO4J_URI, connection_timeout=5.0)
        assert older.read(lambda tx: tx.search.vector_candidates) == OLD_GRAPH_CANDIDATES  # type: ignore[attr-defined]
        older.close()
        config = maintenance.vector_index()
        assert config is not None and config["vector.hnsw.m"] == 16  # kept, not rebuilt
        warned = [r.getMessage() for r in caplog.records if r.name == "palimpsest.store"]
        assert len(warned) == 1 and "DROP INDEX fact_embedding" in warned[0]
        assert "'vector.hnsw.m': 16" in warned[0]
    finally:
        maintenance.drop_index("fact_embedding")
        Neo4jStore(NEO4J_URI, connection_timeout=5.0).close()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="palimpsest.store"):
        current = Neo4jStore(NEO4J_URI, connection_timeout=5.0)
    assert current.read(lambda tx: tx.search.vector_candidates) == VECTOR_CANDIDATES  # type: ignore[attr-defined]
    current.close()
    assert not [r for r in caplog.records if r.name == "palimpsest.store"]


def test_the_server_cpu_time_is_read_and_grows_with_work(neo4j_store: Store) -> None:
    assert isinstance(neo4j_store, Neo4jStore)
    maintenance = neo4j_store.maintenance()
    before = maintenance.server_cpu_seconds()
    for _ in range(50):
        maintenance.vector_index()
    after = maintenance.server_cpu_seconds()
    assert 0 < before < after
