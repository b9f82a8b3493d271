"""Migration in: a graph graphiti-core wrote, into one of our tenants
(`palimpsest import --from-neo4j bolt://... --group-id G [--user-id U]`).

* Read by graphiti-core's own readers (`source.py`), mapped by `compat.py`.
* graphiti's invalidations become our supersedes links: an edge with an `invalid_at` is
  superseded by the edge of the same subject and relation whose `valid_at` is that instant
  (the rule graphiti applies when it invalidates), else by one sharing its subject.
* Embeddings are kept when their dimension is our embedder's, recomputed otherwise.
* Text passes the notary before it is stored (graphiti stores raw text): entity names and
  summaries, episode bodies, names and source descriptions, facts, relation names and the
  free-form attributes kept as provenance.
* Written through units of work (`service/write/uow.py`), each with its ledger entry, entities,
  then episodes, then facts (as copies: graphiti judged them), in chunks. Ids are derived from
  graphiti's, and facts are found by signature, so an interrupted or repeated import adds only
  what is missing.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from graphiti_core.edges import EntityEdge

from extractors.notary.core import notarize, notarize_json
from graph.domain.clock import Clock
from graph.domain.ledger import LedgerDraft
from graph.domain.model import Entity, Episode, Fact
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.embedding import Embedder
from service.graphiti import compat
from service.graphiti.source import GraphitiGraph, GraphitiSource
from service.views import Out
from service.write.uow import UnitOfWork, in_unit

NAMESPACE = uuid.UUID("6f1d2c4e-3b7a-4e0f-9a51-2c8d7e6b9f30")
Progress = Callable[[int, int, int], None]


@dataclass
class Report:
    """Counts kept while an import runs (`ImportOut` is what it answers)."""

    entities: int = 0
    episodes: int = 0
    facts: int = 0
    duplicates: int = 0
    skipped: int = 0
    supersedes: int = 0
    embeddings_kept: int = 0
    reembedded: int = 0
    masked: int = 0
    seen: dict[str, int] = field(default_factory=dict)


class ImportOut(Out):
    """What an import from graphiti-core did: what it read (`read`: nodes, edges, episodes)
    and what it wrote, skipped as duplicates, linked and re-embedded (docs/graphiti.md)."""

    read: dict[str, int]
    entities: int
    episodes: int
    facts: int
    duplicates: int
    skipped: int
    supersedes: int
    embeddings_kept: int
    reembedded: int
    masked: int

    @classmethod
    def of(cls, report: Report) -> ImportOut:
        counts = {k: v for k, v in vars(report).items() if k != "seen"}
        return cls.model_construct(read=dict(report.seen), **counts)


class Container(Protocol):
    """What an import works with (the composition root's container has it all)."""

    @property
    def store(self) -> Store: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def embedder(self) -> Embedder: ...


def import_graphiti(
    container: Container,
    graph: GraphitiGraph,
    source: GraphitiSource,
    scope: TenantScope,
    *,
    chunk: int = 200,
    progress: Progress | None = None,
) -> ImportOut:
    """Write `graph` into the tenant `scope`; answers what it read and wrote."""
    run = _Run(container, source, scope, max(1, chunk), Report())
    run.report.seen = {
        "nodes": len(graph.nodes),
        "edges": len(graph.edges),
        "episodes": len(graph.episodes),
    }
    entities = run.entities(graph)
    episodes = run.episodes(graph, entities)
    run.facts(graph.edges, entities, episodes, progress)
    return ImportOut.of(run.report)


@dataclass
class _Run:
    c: Container
    source: GraphitiSource
    scope: TenantScope
    chunk: int
    report: Report

    @property
    def group(self) -> str:
        return self.scope.group_id

    def our_id(self, kind: str, graphiti_uuid: str) -> str:
        return str(uuid.uuid5(NAMESPACE, f"{self.group}/{kind}/{graphiti_uuid}"))

    def clean(self, text: str) -> str:
        result = notarize(text)
        self.report.masked += result.masked
        return result.text

    def clean_json(self, value: dict[str, Any]) -> dict[str, Any]:
        """graphiti's free-form attributes, field by field (`notarize_json`)."""
        cleaned, alerts = notarize_json(value)
        self.report.masked += sum(a.kind == "credential" for a in alerts)
        return cleaned if isinstance(cleaned, dict) else {}

    # -- entities ---------------------------------------------------------------------------

    def entities(self, graph: GraphitiGraph) -> dict[str, Entity]:
        """Stored entity by graphiti node uuid (ours may already hold one of the same name)."""
        mapped = {
            node.uuid: compat.entity_from_node(
                node.model_copy(
                    update={"name": self.clean(node.name), "summary": self.clean(node.summary)}
                ),
                group_id=self.group,
                uuid=self.our_id("entity", node.uuid),
            )
            for node in graph.nodes
        }
        stored: dict[str, Entity] = {}
        items = list(mapped.values())
        for part in _chunks(items, self.chunk):
            stored.update(self._write(part, "entities", _upsert))
        self.report.entities = len(stored)
        return {key: stored[entity.normalized] for key, entity in mapped.items()}

    # -- episodes ---------------------------------------------------------------------------

    def episodes(self, graph: GraphitiGraph, entities: dict[str, Entity]) -> dict[str, Episode]:
        mentions: dict[str, list[str]] = {}
        for edge in graph.mentions:
            if edge.target_node_uuid in entities:
                mentions.setdefault(edge.source_node_uuid, []).append(
                    entities[edge.target_node_uuid].uuid
                )
        mapped = {
            node.uuid: compat.episode_from_node(
                node.model_copy(
                    update={
                        "content": self.clean(node.content),
                        "name": self.clean(node.name),
                        "source_description": self.clean(node.source_description),
                    }
                ),
                group_id=self.group,
                uuid=self.our_id("episode", node.uuid),
                user_id=self.scope.user_id,
                entity_uuids=sorted(set(mentions.get(node.uuid, []))),
            )
            for node in graph.episodes
        }
        for part in _chunks(list(mapped.values()), self.chunk):
            self.report.episodes += self._write(part, "episodes", _new_episodes)
        return mapped

    # -- facts ------------------------------------------------------------------------------

    def facts(
        self,
        edges: Sequence[EntityEdge],
        entities: dict[str, Entity],
        episodes: dict[str, Episode],
        progress: Progress | None,
    ) -> None:
        links = supersession(edges)
        back = {new: old for old, new in sorted(links.items(), reverse=True)}
        usable = [
            e for e in edges if e.source_node_uuid in entities and e.target_node_uuid in entities
        ]
        done = 0
        for part in _chunks(usable, self.chunk):
            facts = self._embedded([self._fact(e, entities, episodes, (links, back)) for e in part])
            self.report.facts += self._write(facts, "facts", _new_facts)
            done += len(part)
            if progress is not None:
                progress(done, len(usable), 0)
        self.report.duplicates = len(usable) - self.report.facts
        self.report.skipped = len(edges) - len(usable)  # an endpoint outside the group
        kept = {e.uuid for e in usable}
        self.report.supersedes = sum(1 for old in links if old in kept)

    def _fact(
        self,
        edge: EntityEdge,
        entities: dict[str, Entity],
        episodes: dict[str, Episode],
        chain: tuple[dict[str, str], dict[str, str]],
    ) -> Fact:
        ours = [episodes[e] for e in edge.episodes if e in episodes]
        links, back = chain
        return compat.fact_from_edge(
            edge.model_copy(
                update={
                    "fact": self.clean(edge.fact),
                    "name": self.clean(edge.name),
                    "attributes": self.clean_json(edge.attributes or {}),
                }
            ),
            compat.EdgeContext(
                uuid=self.our_id("fact", edge.uuid),
                group_id=self.group,
                user_id=self.scope.user_id,
                subject=entities[edge.source_node_uuid],
                object=entities[edge.target_node_uuid],
                episodes=tuple(e.uuid for e in ours),
                episode_valid_at=ours[0].valid_at if ours else None,
                embedding=self._kept(edge.fact_embedding),
                supersedes=self.our_id("fact", back[edge.uuid]) if edge.uuid in back else None,
                superseded_by=self.our_id("fact", links[edge.uuid]) if edge.uuid in links else None,
            ),
        )

    def _kept(self, embedding: list[float] | None) -> tuple[float, ...] | None:
        if embedding is not None and len(embedding) == self.c.embedder.dimensions:
            self.report.embeddings_kept += 1
            return tuple(float(x) for x in embedding)
        return None

    def _embedded(self, facts: list[Fact]) -> list[Fact]:
        missing = [i for i, f in enumerate(facts) if f.fact_embedding is None]
        vectors = self.c.embedder.embed([facts[i].fact for i in missing]) if missing else []
        for i, vector in zip(missing, vectors, strict=True):
            facts[i] = facts[i].model_copy(update={"fact_embedding": tuple(vector)})
        self.report.reembedded += len(missing)
        return facts

    # -- the one write ----------------------------------------------------------------------

    def _write(
        self, records: Sequence[Any], kind: str, write: Callable[[UnitOfWork, Any], Any]
    ) -> Any:
        """One transaction: the records and the ledger entry that accounts for them."""
        now = self.c.clock.now()

        def work(uow: UnitOfWork) -> Any:
            written = write(uow, records)
            payload = {
                "from": "graphiti-core",
                "source": self.source.describe(),
                "graphiti_group_id": self.source.group_id,
                "kind": kind,
                "records": len(records),
            }
            targets = tuple(r.uuid for r in records)
            uow.ledger(self.group, [LedgerDraft("import", targets, payload)])
            uow.commit()
            return written

        return in_unit(self.c.store, now, work)


def _upsert(uow: UnitOfWork, entities: list[Entity]) -> dict[str, Entity]:
    return uow.immediate.upsert_entities(entities)


def _new_episodes(uow: UnitOfWork, episodes: list[Episode]) -> int:
    group = episodes[0].group_id
    known = {e.uuid for e in uow.reads.episodes.get(group, [e.uuid for e in episodes])}
    fresh = [e for e in episodes if e.uuid not in known]
    uow.episodes(fresh)
    return len(fresh)


def _new_facts(uow: UnitOfWork, facts: list[Fact]) -> int:
    """Facts not stored yet (by uuid or signature); the first of equal signatures wins."""
    group = facts[0].group_id
    known = {f.uuid for f in uow.reads.facts.get(group, [f.uuid for f in facts])}
    uow.facts.load(facts)
    fresh = 0
    for fact in facts:
        if fact.uuid not in known and uow.facts.holder(group, fact.signature) is None:
            uow.copies([fact])
            fresh += 1
    return fresh


def supersession(edges: Sequence[EntityEdge]) -> dict[str, str]:
    """graphiti uuid of each invalidated edge -> the edge that superseded it."""
    by_subject: dict[str, list[EntityEdge]] = {}
    for edge in edges:
        by_subject.setdefault(edge.source_node_uuid, []).append(edge)
    links: dict[str, str] = {}
    for old in edges:
        if old.invalid_at is None:
            continue
        peers = [
            e
            for e in by_subject[old.source_node_uuid]
            if e.uuid != old.uuid and e.valid_at is not None and e.valid_at == old.invalid_at
        ]
        peers.sort(key=lambda e: (e.name != old.name, e.created_at, e.uuid))
        if peers:
            links[old.uuid] = peers[0].uuid
    return links


def _chunks(items: list[Any], size: int) -> list[list[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]
