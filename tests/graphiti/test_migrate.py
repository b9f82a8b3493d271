"""Migration in: a graph written by graphiti-core's own save and bulk functions (its own
invalidation rule, stand-in embedder, no model) is imported into a tenant of either backend:
supersedes links from graphiti's invalidations, its four timestamps, its episodes, embeddings
kept or recomputed, everything ledgered, a second run adds nothing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from graphiti_core.edges import EntityEdge, EpisodicEdge
from graphiti_core.nodes import EntityNode, EpisodeType, EpisodicNode
from graphiti_core.utils.bulk_utils import add_nodes_and_edges_bulk
from graphiti_core.utils.maintenance.edge_operations import resolve_edge_contradictions

from graph.domain.clock import ManualClock
from graph.domain.model import Episode, Fact, LedgerEntry
from graph.domain.timerules import Period, TimeQuery
from graph.ports.facts import FactQuery
from graph.ports.store import Store
from service.bootstrap import Container, bootstrap
from service.embedding import HashingEmbedder
from service.graphiti.migrate import import_graphiti
from service.graphiti.source import GraphitiSource, read_graph
from service.settings import Settings
from tests.conftest import NEO4J_URI, T0
from tests.graphiti.conftest import graphiti_driver
from tests.graphiti.standins import OurEmbedder
from tests.support.reads import reads

EMBEDDER = HashingEmbedder(512)
SMALL = HashingEmbedder(16)  # another model's dimension: these vectors must be recomputed
Y2020, Y2024 = datetime(2020, 1, 1, tzinfo=UTC), datetime(2024, 3, 1, tzinfo=UTC)
SAVED = datetime(2024, 3, 2, 8, tzinfo=UTC)
LEARNED = datetime(2024, 3, 2, 9, tzinfo=UTC)


def node(group: str, name: str, label: str) -> EntityNode:
    return EntityNode(
        name=name, group_id=group, labels=["Entity", label], created_at=SAVED, summary=f"{name}."
    )


def episode(group: str, text: str, when: datetime) -> EpisodicNode:
    return EpisodicNode(
        name=text[:10],
        group_id=group,
        source=EpisodeType.message,
        source_description="chat",
        content=f"user: {text}",
        valid_at=when,
        created_at=SAVED,
    )


def edge(
    a: EntityNode, name: str, b: EntityNode, ep: EpisodicNode, valid: datetime, emb: Any
) -> EntityEdge:
    fact = f"{a.name} {name.lower().replace('_', ' ')} {b.name}"
    return EntityEdge(
        group_id=a.group_id,
        source_node_uuid=a.uuid,
        target_node_uuid=b.uuid,
        name=name,
        fact=fact,
        episodes=[ep.uuid],
        valid_at=valid,
        created_at=SAVED,
        reference_time=ep.valid_at,
        fact_embedding=list(emb.embed([fact])[0]),
    )


def graphiti_graph(group: str) -> dict[str, Any]:
    """Two moves and a job, as graphiti would hold them after three episodes."""
    alice, berlin, paris, acme = (
        node(group, "Alice", "Person"),
        node(group, "Berlin", "City"),
        node(group, "Paris", "City"),
        node(group, "Acme", "Company"),
    )
    e1 = episode(group, "I live in Berlin. password=hunter2hunter2", Y2020)
    e2 = episode(group, "I moved to Paris.", Y2024)
    e3 = episode(group, "I work at Acme.", Y2024)
    berlin_edge = edge(alice, "LIVES_IN", berlin, e1, Y2020, EMBEDDER)
    paris_edge = edge(alice, "LIVES_IN", paris, e2, Y2024, EMBEDDER)
    acme_edge = edge(alice, "WORKS_AT", acme, e3, Y2024, SMALL)
    invalidated = resolve_edge_contradictions(paris_edge, [berlin_edge])  # graphiti's own rule
    assert invalidated == [berlin_edge] and berlin_edge.invalid_at == Y2024
    berlin_edge.expired_at = LEARNED
    mentions = [
        EpisodicEdge(
            group_id=group, source_node_uuid=ep.uuid, target_node_uuid=n.uuid, created_at=SAVED
        )
        for ep, n in ((e1, alice), (e1, berlin), (e2, paris), (e3, acme))
    ]
    return {
        "nodes": [alice, berlin, paris, acme],
        "episodes": [e1, e2, e3],
        "mentions": mentions,
        "edges": {"berlin": berlin_edge, "paris": paris_edge, "acme": acme_edge},
    }


def save(graph: dict[str, Any]) -> None:
    driver = graphiti_driver()  # outside an event loop: graphiti builds no index here

    async def run() -> None:
        try:
            edges = list(graph["edges"].values())
            await add_nodes_and_edges_bulk(
                driver,
                graph["episodes"][1:],
                graph["mentions"],
                graph["nodes"],
                edges,
                OurEmbedder(EMBEDDER),
            )
            await graph["episodes"][0].save(driver)  # and one through the single-record save
        finally:
            await driver.close()

    asyncio.run(run())


def forget(group: str) -> None:
    driver = graphiti_driver()

    async def run() -> None:
        try:
            await EntityNode.delete_by_group_id(driver, group)
        finally:
            await driver.close()

    asyncio.run(run())


def written(group: str) -> Iterator[tuple[GraphitiSource, dict[str, Any]]]:
    forget(group)
    graph = graphiti_graph(group)
    save(graph)
    yield GraphitiSource(NEO4J_URI, group), graph
    forget(group)


@pytest.fixture
def source(store: Store, backend: str) -> Iterator[tuple[GraphitiSource, dict[str, Any]]]:
    """A graphiti graph in the test Neo4j under its own group id, beside our tenants."""
    yield from written(f"graphiti_src_{backend}")


@pytest.fixture
def cli_source() -> Iterator[tuple[GraphitiSource, dict[str, Any]]]:
    yield from written("graphiti_src_cli")


def container(store: Store, extractor: object) -> Container:
    clock = ManualClock(T0, tick=timedelta(milliseconds=1))
    return bootstrap(
        Settings(),
        store=store,
        clock=clock,
        extractor=extractor,
        embedder=EMBEDDER,  # type: ignore[arg-type]
    )


def test_a_graphiti_graph_becomes_a_tenant_with_its_history(
    store: Store, extractor: object, source: tuple[GraphitiSource, dict[str, Any]]
) -> None:
    from graph.domain.tenancy import TenantScope

    origin, graph = source
    c = container(store, extractor)
    scope = TenantScope(user_id="carol")
    report = import_graphiti(c, read_graph(origin), origin, scope, chunk=2)
    assert report["read"] == {"nodes": 4, "edges": 3, "episodes": 3}
    assert (report["facts"], report["episodes"], report["entities"]) == (3, 3, 4)
    assert (report["supersedes"], report["embeddings_kept"], report["reembedded"]) == (1, 2, 1)
    assert report["masked"] >= 1 and report["skipped"] == 0

    group = scope.group_id
    facts = {
        f.value: f for f in reads(store).facts.find(group, FactQuery(include_history=True), T0)
    }
    berlin, paris, acme = facts["Berlin"], facts["Paris"], facts["Acme"]
    assert (berlin.superseded_by, paris.supersedes) == (paris.uuid, berlin.uuid)
    assert (berlin.valid_at, berlin.invalid_at, berlin.invalidated_at) == (Y2020, Y2024, LEARNED)
    assert berlin.expired_at is None and berlin.verify_status.value == "superseded"
    edges = graph["edges"]
    for fact, edge in ((berlin, edges["berlin"]), (paris, edges["paris"]), (acme, edges["acme"])):
        assert (fact.created_at, fact.knowledge_time) == (edge.created_at, edge.reference_time)
        assert fact.metadata["graphiti"]["uuid"] == edge.uuid
        assert (fact.subject, fact.predicate) == ("Alice", edge.name.lower())

    now = [f.value for f in reads(store).facts.find(group, FactQuery(), T0)]
    in_2021 = [
        f.value
        for f in reads(store).facts.find(
            group,
            FactQuery(time=TimeQuery(as_of=Period.point(datetime(2021, 6, 1, tzinfo=UTC)))),
            T0,
        )
    ]
    assert sorted(now) == ["Acme", "Paris"] and in_2021 == ["Berlin"]

    records = list(store.export(group, page=100))
    episodes = [r for r in records if isinstance(r, Episode)]
    assert {e.content for e in episodes} >= {"user: I moved to Paris.", "user: I work at Acme."}
    assert not any("hunter2hunter2" in e.content for e in episodes)
    assert {e.uuid for e in episodes} == {e for f in facts.values() for e in f.episodes}
    vectors = {r.value: r.fact_embedding for r in records if isinstance(r, Fact)}
    assert vectors["Berlin"] == pytest.approx(edges["berlin"].fact_embedding, abs=1e-6)
    assert vectors["Acme"] == pytest.approx(EMBEDDER.embed([acme.fact])[0], abs=1e-6)
    ledger = [r for r in records if isinstance(r, LedgerEntry)]
    assert {e.action for e in ledger} == {"import"}
    assert {f.uuid for f in facts.values()} <= {t for e in ledger for t in e.target_ids}
    assert store.verify_ledger(group).ok

    again = import_graphiti(c, read_graph(origin), origin, scope)
    assert (again["facts"], again["episodes"], again["duplicates"]) == (0, 0, 3)
    assert len(reads(store).facts.find(group, FactQuery(include_history=True), T0)) == 3
    assert store.verify_ledger(group).ok


def test_the_cli_migrates_into_the_embedded_store(
    tmp_path: Path,
    cli_source: tuple[GraphitiSource, dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from service.cli import main

    origin, _ = cli_source
    monkeypatch.setenv("PALIMPSEST_EMBEDDER", "hashing")
    code = main(
        [
            "import",
            "--from-neo4j",
            NEO4J_URI,
            "--group-id",
            origin.group_id,
            "--user-id",
            "dave",
            "--data-dir",
            str(tmp_path),
            "--backend",
            "sqlite",
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (out["group_id"], out["facts"], out["supersedes"]) == ("u_dave", 3, 1)
    assert main(["import", "--data-dir", str(tmp_path)]) == 2
    assert main(["import", "--from-neo4j", NEO4J_URI, "--data-dir", str(tmp_path)]) == 2


def test_the_cli_prints_a_tenants_group_id(capsys: pytest.CaptureFixture[str]) -> None:
    from service.cli import main

    assert main(["group-id", "--user-id", "alice"]) == 0
    assert main(["group-id", "--agent-id", "planner"]) == 0
    assert main(["group-id", "--user-id", "alice@example.com"]) == 0
    alice, planner, mail = capsys.readouterr().out.split()
    assert (alice, planner) == ("u_alice", "a_planner")
    assert mail.startswith("u-") and len(mail) == 34
    assert main(["group-id"]) == 2
