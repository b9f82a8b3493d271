"""`python -m bench.store.neo4j_batch` runs at a tiny size on the test server: it prints the
no-index / index ratios and leaves the facts' vector index as the store makes it."""

from __future__ import annotations

import re

import pytest

from bench.store import neo4j_batch as neo4jbatch
from graph.backends.neo4j.store import VECTOR_HNSW, Neo4jStore
from graph.ports.store import Store
from tests.conftest import NEO4J_URI

pytestmark = [pytest.mark.slow, pytest.mark.neo4j_only]


def test_the_batch_bench_prints_the_ceiling_and_restores_the_index(
    neo4j_store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    assert isinstance(neo4j_store, Neo4jStore)
    neo4jbatch.main(["--messages", "40", "--rounds", "1", "--neo4j-uri", NEO4J_URI])
    out = capsys.readouterr().out
    assert re.search(r"round 1: with the index \d+\.\d msg/s, \d+\.\d per CPU s; without", out)
    assert re.search(r"median of 1: \d+\.\d\dx per wall second, \d+\.\d\dx per CPU second", out)
    config = neo4j_store.maintenance().vector_index()
    assert config is not None
    assert {key: config[key] for key in VECTOR_HNSW} == VECTOR_HNSW
