"""Our schema and graphiti-core's in one Neo4j, created in either order, each keeping its own
full-text analyzer; a database upgraded from before keeps working for both."""

from __future__ import annotations

import asyncio

import pytest

from graph.backends.neo4j.store import Neo4jStore
from graph.ports.store import Store
from tests.conftest import NEO4J_URI
from tests.graphiti.conftest import drop, graphiti_driver, our_schema_names, probes, schema

OUR_TEXT = {"palimpsest_fact_words": "cjk", "palimpsest_entity_text": "cjk"}
GRAPHITI_TEXT = {  # graphiti-core 0.31's full-text indexes, with Neo4j's default analyzer
    "edge_name_and_fact": "standard-no-stop-words",
    "node_name_and_summary": "standard-no-stop-words",
    "episode_content": "standard-no-stop-words",
    "community_name": "standard-no-stop-words",
}


def build_graphiti() -> None:
    async def run() -> None:
        driver = graphiti_driver()
        try:
            await driver.build_indices_and_constraints()
        finally:
            await driver.close()

    asyncio.run(run())


def build_ours() -> None:
    Neo4jStore(NEO4J_URI).close()


def analyzers(store: Store) -> dict[str, str | None]:
    return {name: row["analyzer"] for name, row in schema(store).items()}


@pytest.mark.parametrize("order", ["ours_first", "graphiti_first"])
def test_both_schemas_build_in_either_order_with_their_own_analyzers(
    neo4j: Store, order: str
) -> None:
    drop(neo4j, set(schema(neo4j)))
    steps = [build_ours, build_graphiti]
    for step in steps if order == "ours_first" else reversed(steps):
        step()
    built = analyzers(neo4j)
    # one range index on RELATES_TO.group_id serves both; it keeps the name of whoever came first
    shared = {"fact_group": "relation_group_id"}
    assert {shared.get(n, n) if n not in built else n for n in our_schema_names()} <= set(built)
    assert {name: built.get(name) for name in OUR_TEXT} == OUR_TEXT
    assert {name: built.get(name) for name in GRAPHITI_TEXT} == GRAPHITI_TEXT
    rows = schema(neo4j)
    # graphiti's lookups by uuid are served by our uniqueness constraints' indexes
    for label, prop in (("Entity", "uuid"), ("Episodic", "uuid"), ("RELATES_TO", "uuid")):
        owners = [r for r in rows.values() if r["labels"] == [label] and r["properties"] == [prop]]
        assert [r["constraint"] is not None for r in owners] == [True], (label, owners)
    # building either again changes nothing
    build_ours()
    build_graphiti()
    assert analyzers(neo4j) == built


def test_an_upgraded_database_gives_graphiti_its_own_index_name_back(neo4j: Store) -> None:
    probes(neo4j).drop_index("edge_name_and_fact")
    probes(neo4j).create_legacy_fact_text_index()
    assert analyzers(neo4j)["edge_name_and_fact"] == "cjk"
    build_ours()
    assert "edge_name_and_fact" not in analyzers(neo4j)
    build_graphiti()
    assert analyzers(neo4j)["edge_name_and_fact"] == "standard-no-stop-words"
