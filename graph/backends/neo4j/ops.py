"""Every port verb as Cypher from `cypher/`, run in one managed transaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Any, LiteralString

from neo4j.exceptions import ConstraintError

from graph.backends.neo4j import codec
from graph.backends.neo4j.codec import time_params
from graph.backends.neo4j.entities import Neo4jEntities
from graph.backends.neo4j.episodes import Neo4jEpisodes
from graph.backends.neo4j.ledger import Neo4jLedger
from graph.backends.neo4j.operations import Neo4jOperations
from graph.backends.neo4j.rows import Rows
from graph.backends.neo4j.search import VECTOR_CANDIDATES, Neo4jSearch
from graph.domain.errors import (
    DuplicateRecord,
    NotFound,
)
from graph.domain.model import (
    ActionRecord,
    Candidate,
    CandidateStatus,
    Fact,
)
from graph.domain.timerules import CURRENT
from graph.ports import AlignmentKey, ExportKind, FactPatch, FactQuery, Record, StoreTx


class Neo4jTx(StoreTx):
    """The port on one Neo4j transaction."""

    def __init__(self, rows: Rows, *, vector_candidates: int = VECTOR_CANDIDATES) -> None:
        self.rows = rows
        self.vector_candidates = vector_candidates
        """How many neighbours the vector index is asked for at least (`search.py`)."""
        self.entities = Neo4jEntities(rows)
        self.episodes = Neo4jEpisodes(rows)
        self.ledger = Neo4jLedger(rows)
        self.search = Neo4jSearch(rows, vector_candidates)
        self.operations = Neo4jOperations(rows)

    def _rows(self, name: LiteralString, **params: Any) -> list[dict[str, Any]]:
        return self.rows(name, **params)

    def _facts(self, name: LiteralString, **params: Any) -> list[Fact]:
        return self.rows.facts(name, **params)

    # -- reads ---------------------------------------------------------------------------

    def get_facts(self, group_id: str, uuids: Sequence[str]) -> list[Fact]:
        return self._facts("facts_get", group_id=group_id, uuids=list(dict.fromkeys(uuids)))

    def find_by_signatures(self, group_id: str, signatures: Sequence[str]) -> dict[str, Fact]:
        found = self._facts(
            "facts_by_signature", group_id=group_id, signatures=list(dict.fromkeys(signatures))
        )
        return {fact.signature: fact for fact in found}

    def find_aligned(
        self, group_id: str, keys: Sequence[AlignmentKey], now: datetime
    ) -> list[Fact]:
        params = time_params(CURRENT, now)
        params.pop("all")
        whole = [k for k in set(keys) if k.value_key is None]
        valued = [k for k in set(keys) if k.value_key is not None]
        found: dict[str, Fact] = {}
        if whole:
            rows = [{"subject_key": k.subject_key, "predicate": k.predicate} for k in whole]
            for fact in self._facts("facts_aligned", group_id=group_id, keys=rows, **params):
                found[fact.uuid] = fact
        if valued:
            rows = [asdict(k) for k in valued]
            for fact in self._facts("facts_bearing", group_id=group_id, keys=rows, **params):
                found[fact.uuid] = fact
        return list(found.values())

    def facts(self, group_id: str, query: FactQuery, now: datetime) -> list[Fact]:
        flt = query.filter
        params: dict[str, Any] = {
            "group_id": group_id,
            "predicate": flt.predicate,
            "scope": flt.scope,
            "agent_id": flt.agent_id,
            "run_id": flt.run_id,
            "memory_types": list(flt.memory_types),
            "categories": list(flt.categories),
            "verify_statuses": list(flt.verify_statuses),
            "fact_types": list(flt.fact_types),
            "extraction_version_not": flt.extraction_version_not,
            "policy_version_not": flt.policy_version_not,
            "limit": query.limit,
        }
        params.update(time_params(None if query.include_history else query.time, now))
        if flt.subject_key is None:
            return self._facts("facts_by_tenant", **params)
        return self._facts("facts_by_subject", subject_key=flt.subject_key, **params)

    def history(self, group_id: str, subject_key: str, predicate: str | None = None) -> list[Fact]:
        return self._facts(
            "facts_history", group_id=group_id, subject_key=subject_key, predicate=predicate
        )

    def actions_for(self, group_id: str, fact_id: str) -> list[ActionRecord]:
        rows = self._rows("actions_for_fact", group_id=group_id, fact_id=fact_id)
        return [codec.action_from_map(row["action"]) for row in rows]

    def subject_keys(self, group_id: str, after: str, limit: int, now: datetime) -> list[str]:
        params = time_params(CURRENT, now)
        params.pop("all")
        rows = self._rows(
            "facts_subject_keys", group_id=group_id, after=after, limit=limit, **params
        )
        return [row["subject_key"] for row in rows]

    def facts_of_subjects(
        self, group_id: str, subject_keys: Sequence[str], now: datetime
    ) -> list[Fact]:
        params = time_params(CURRENT, now)
        params.pop("all")
        return self._facts(
            "facts_of_subjects", group_id=group_id, keys=list(dict.fromkeys(subject_keys)), **params
        )

    def candidates(
        self, group_id: str, status: CandidateStatus | None, limit: int
    ) -> list[Candidate]:
        rows = self._rows("candidates_list", group_id=group_id, status=status, limit=limit)
        return [Candidate.model_validate_json(row["body"]) for row in rows]

    def get_candidate(self, group_id: str, uuid: str) -> Candidate | None:
        rows = self._rows("candidate_get", group_id=group_id, uuid=uuid)
        return Candidate.model_validate_json(rows[0]["body"]) if rows else None

    def facts_of_episodes(self, group_id: str, episode_uuids: Sequence[str]) -> list[Fact]:
        return self._facts(
            "facts_of_episodes", group_id=group_id, uuids=list(dict.fromkeys(episode_uuids))
        )

    def export_page(self, group_id: str, kind: ExportKind, after: str, limit: int) -> list[Record]:
        name, decode = _EXPORTS[kind]
        rows = self._rows(name, group_id=group_id, after=after, limit=limit)
        return [decode(row["record"]) for row in rows]

    # -- writes --------------------------------------------------------------------------

    def record_facts(self, facts: Sequence[Fact]) -> None:
        by_group: dict[str, list[dict[str, Any]]] = {}
        for fact in facts:
            item = codec.wire_times(codec.fact_props(fact))
            item.update(subject_uuid=fact.subject_uuid, object_uuid=fact.object_uuid)
            by_group.setdefault(fact.group_id, []).append(item)
        for group_id, items in by_group.items():
            try:
                created = self._rows("facts_record", group_id=group_id, facts=items)
            except ConstraintError as exc:
                raise DuplicateRecord(f"a fact with this uuid or signature exists: {exc}") from exc
            if len(created) != len(items):
                raise NotFound("a fact's subject or object entity is not in this tenant")

    def patch_facts(self, group_id: str, patches: Sequence[FactPatch]) -> None:
        rows = [
            {"uuid": p.uuid, "changes": {k: codec.to_property(k, v) for k, v in p.changes.items()}}
            for p in patches
        ]
        changed = {
            row["uuid"] for row in self._rows("facts_patch", group_id=group_id, patches=rows)
        }
        missing = [p.uuid for p in patches if p.uuid not in changed]
        if missing:
            raise NotFound(f"no fact {missing[0]} in this tenant", details={"id": missing[0]})

    def record_actions(self, actions: Sequence[ActionRecord]) -> None:
        if actions:
            self._rows("actions_record", actions=_action_rows(actions))

    def record_candidates(self, candidates: Sequence[Candidate]) -> None:
        if candidates:
            self._rows(
                "candidates_record", candidates=[codec.candidate_props(c) for c in candidates]
            )

    def update_candidate(self, candidate: Candidate) -> None:
        props = codec.candidate_props(candidate)
        found = self._rows(
            "candidate_update",
            group_id=candidate.group_id,
            uuid=candidate.uuid,
            status=candidate.status,
            body=props["body"],
        )
        if not found:
            raise NotFound(
                f"no candidate {candidate.uuid} in this tenant", details={"id": candidate.uuid}
            )

    def erase_group(self, group_id: str, batch: int) -> int:
        return int(self._rows("erase_group", group_id=group_id, batch=batch)[0]["deleted"])

    def erase_episodes(self, group_id: str, episode_uuids: Sequence[str]) -> int:
        ids = list(episode_uuids)
        facts = self._rows("erase_episode_facts", group_id=group_id, uuids=ids)[0]
        candidates = self._rows("erase_episode_candidates", group_id=group_id, uuids=ids)[0]
        episodes = self._rows("erase_episode_nodes", group_id=group_id, uuids=ids)[0]
        operations = self._rows("erase_episode_operations", group_id=group_id, uuids=ids)[0]
        touched = sorted(set(facts["touched"]) | set(episodes["touched"]))
        orphans = self._rows("erase_orphans", group_id=group_id, uuids=touched)[0]
        counts = (facts, candidates, episodes, operations, orphans)
        return sum(int(c["deleted"]) for c in counts)

    def mark_rolled_back(self, group_id: str, action_uuid: str, at: datetime) -> None:
        if not self._rows("action_rolled_back", group_id=group_id, uuid=action_uuid, at=at):
            raise NotFound(f"no action {action_uuid} in this tenant")


def _action_rows(actions: Sequence[ActionRecord]) -> list[dict[str, Any]]:
    return [codec.action_props(a) for a in actions]


_EXPORTS: dict[str, tuple[LiteralString, Callable[[dict[str, Any]], Record]]] = {
    "entity": ("export_entities", codec.entity_from_map),
    "fact": ("export_facts", codec.fact_from_map),
    "episode": ("export_episodes", codec.episode_from_map),
    "operation": ("export_operations", codec.operation_from_map),
    "candidate": ("export_candidates", codec.candidate_from_map),
}
