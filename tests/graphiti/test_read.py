"""graphiti-core reads what we write: facts through our API, read back with graphiti's own
functions (`EntityEdge`/`EntityNode`/`EpisodicNode.get_by_group_ids`, `Graphiti.search`) for the
tenant's documented group id, with our times, episodes and supersession."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from graphiti_core import Graphiti
from graphiti_core.edges import EntityEdge
from graphiti_core.nodes import EntityNode, EpisodicNode
from graphiti_core.search.search_filters import ComparisonOperator, DateFilter, SearchFilters

from graph.domain.clock import ManualClock
from graph.domain.model import Entity, Episode, Fact
from graph.ports.facts import FactQuery
from graph.ports.store import Store
from service.bootstrap import bootstrap
from service.clients.memory import Memory
from service.embedding import HashingEmbedder
from service.graphiti import compat
from service.settings import Settings
from tests.conftest import T0
from tests.graphiti.conftest import graphiti_driver, probes
from tests.graphiti.standins import KeepOrder, NoLLM, OurEmbedder
from tests.support.reads import reads

EMBEDDER = HashingEmbedder(512)
TIMES = ("valid_at", "invalid_at", "created_at", "expired_at")


def write(store: Store, extractor: object) -> Memory:
    clock = ManualClock(T0, tick=timedelta(milliseconds=1))
    memory = Memory(
        container=bootstrap(
            Settings(),
            store=store,
            clock=clock,
            extractor=extractor,
            embedder=EMBEDDER,  # type: ignore[arg-type]
        )
    )
    memory.add("I live in Berlin.", user_id="alice", observation_date="2023-06-01")
    memory.add("I moved to Paris.", user_id="alice", observation_date="2025-03-01")
    memory.add("I live in Oslo.", user_id="bob", observation_date="2024-01-01")
    return memory


def stored(store: Store, group: str) -> tuple[list[Fact], list[Episode]]:
    facts = reads(store).facts.find(group, FactQuery(include_history=True), T0)
    episodes = [r for r in store.export(group, page=100) if isinstance(r, Episode)]
    return facts, episodes


async def read_with_graphiti(group: str) -> dict[str, Any]:
    driver = graphiti_driver()
    graphiti = Graphiti(
        graph_driver=driver,
        llm_client=NoLLM(),
        embedder=OurEmbedder(EMBEDDER),
        cross_encoder=KeepOrder(),
    )
    try:
        await graphiti.build_indices_and_constraints()
        current = SearchFilters(
            invalid_at=[
                [DateFilter(comparison_operator=ComparisonOperator.is_null)],
                [DateFilter(date=T0, comparison_operator=ComparisonOperator.greater_than)],
            ],
            expired_at=[[DateFilter(comparison_operator=ComparisonOperator.is_null)]],
        )
        return {
            "edges": await EntityEdge.get_by_group_ids(driver, [group], with_embeddings=True),
            "nodes": await EntityNode.get_by_group_ids(driver, [group]),
            "episodes": await EpisodicNode.get_by_group_ids(driver, [group]),
            "search": await graphiti.search("lives in Berlin", group_ids=[group]),
            "both": await graphiti.search("Berlin Paris", group_ids=[group]),
            "current": await graphiti.search(
                "Berlin Paris", group_ids=[group], search_filter=current
            ),
        }
    finally:
        await graphiti.close()


def test_graphiti_reads_our_facts_times_episodes_and_supersession(
    neo4j: Store, extractor: object
) -> None:
    write(neo4j, extractor)
    group = compat.group_id_for(user_id="alice")
    assert group == "u_alice"
    facts, episodes = stored(neo4j, group)
    old = next(f for f in facts if f.value == "Berlin")
    new = next(f for f in facts if f.value == "Paris")
    assert (old.superseded_by, old.invalid_at) == (new.uuid, new.valid_at)

    seen = asyncio.run(read_with_graphiti(group))

    edges = {e.uuid: e for e in seen["edges"]}
    assert set(edges) == {f.uuid for f in facts}  # alice's facts, none of bob's
    for fact in facts:
        edge = edges[fact.uuid]
        assert {t: getattr(edge, t) for t in TIMES} == {t: getattr(fact, t) for t in TIMES}
        assert (edge.name, edge.fact, edge.episodes) == (
            fact.predicate,
            fact.fact,
            [*fact.episodes],
        )
        assert edge.reference_time == fact.knowledge_time
        ours = EMBEDDER.embed([fact.fact])[0]
        assert edge.fact_embedding is not None
        assert max(abs(a - b) for a, b in zip(edge.fact_embedding, ours, strict=True)) < 1e-6
        assert (edge.source_node_uuid, edge.target_node_uuid) == (
            fact.subject_uuid,
            fact.object_uuid,
        )
        mapped = compat.entity_edge(fact)
        same = {"attributes", "fact_embedding"}
        assert mapped.model_dump(exclude=same) == edge.model_dump(exclude=same)
    assert edges[old.uuid].attributes["superseded_by"] == new.uuid
    assert edges[new.uuid].attributes["supersedes"] == old.uuid

    nodes = {n.uuid: n for n in seen["nodes"]}
    assert {"alice", "Berlin", "Paris"} <= {n.name for n in nodes.values()}
    assert {f.subject_uuid for f in facts} | {f.object_uuid for f in facts} <= set(nodes)
    entities = [r for r in neo4j.export(group, page=100) if isinstance(r, Entity)]
    assert {e.uuid for e in entities} == set(nodes)
    for entity in entities:
        mapped = compat.entity_node(entity).model_dump()
        read = nodes[entity.uuid].model_dump()
        assert {k: read["attributes"][k] for k in mapped["attributes"]} == mapped["attributes"]
        mapped.pop("attributes"), read.pop("attributes")
        assert mapped == read

    by_episode = {e.uuid: e for e in seen["episodes"]}
    assert set(by_episode) == {e.uuid for e in episodes}
    for episode in episodes:
        node = by_episode[episode.uuid]
        assert (node.content, node.valid_at, node.created_at) == (
            episode.content,
            episode.valid_at,
            episode.created_at,
        )
        made = [f.uuid for f in facts if f.episode_id == episode.uuid]
        assert set(node.entity_edges) == set(made)
        same = {"entity_edges", "episode_metadata"}
        mapped_episode = compat.episodic_node(episode, made).model_dump(exclude=same)
        assert mapped_episode == node.model_dump(exclude=same)

    assert seen["search"][0].uuid == old.uuid
    assert {e.group_id for e in seen["search"]} == {group}
    assert {old.uuid, new.uuid} <= {e.uuid for e in seen["both"]}
    assert new.uuid in {e.uuid for e in seen["current"]}
    assert old.uuid not in {e.uuid for e in seen["current"]}


async def episodes_and_edges(group: str) -> tuple[list[EpisodicNode], list[EntityEdge]]:
    driver = graphiti_driver()
    try:
        return (
            await EpisodicNode.get_by_group_ids(driver, [group]),
            await EntityEdge.get_by_group_ids(driver, [group]),
        )
    finally:
        await driver.close()


def test_a_graph_written_before_the_graphiti_fields_is_migrated_once(
    neo4j: Store, extractor: object
) -> None:
    from pydantic import ValidationError

    from graph.backends.neo4j.store import Neo4jStore
    from tests.conftest import NEO4J_URI

    write(neo4j, extractor)
    group = compat.group_id_for(user_id="alice")
    facts, episodes = stored(neo4j, group)
    probes(neo4j).unmigrate_graphiti_fields(group)
    with pytest.raises(ValidationError):  # what a graphiti reader met on an older graph
        asyncio.run(episodes_and_edges(group))

    Neo4jStore(NEO4J_URI).close()  # the next start of the service migrates the data

    read, edges = asyncio.run(episodes_and_edges(group))
    by_uuid = {e.uuid: e for e in read}
    for episode in episodes:
        made = {f.uuid for f in facts if f.episode_id == episode.uuid}
        assert set(by_uuid[episode.uuid].entity_edges) == made
    times = {f.uuid: f.knowledge_time for f in facts}
    assert {e.uuid: e.reference_time for e in edges} == times
