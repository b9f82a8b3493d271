"""Every port verb as Cypher from `cypher/`, run in one managed transaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, LiteralString

from graph.backends.neo4j import codec
from graph.backends.neo4j.entities import Neo4jEntities
from graph.backends.neo4j.episodes import Neo4jEpisodes
from graph.backends.neo4j.facts import Neo4jFacts
from graph.backends.neo4j.ledger import Neo4jLedger
from graph.backends.neo4j.operations import Neo4jOperations
from graph.backends.neo4j.rows import Rows
from graph.backends.neo4j.search import VECTOR_CANDIDATES, Neo4jSearch
from graph.domain.errors import (
    NotFound,
)
from graph.domain.model import (
    ActionRecord,
    Candidate,
    CandidateStatus,
    Fact,
)
from graph.ports import ExportKind, Record, StoreTx


class Neo4jTx(StoreTx):
    """The port on one Neo4j transaction."""

    def __init__(self, rows: Rows, *, vector_candidates: int = VECTOR_CANDIDATES) -> None:
        self.rows = rows
        self.vector_candidates = vector_candidates
        """How many neighbours the vector index is asked for at least (`search.py`)."""
        self.facts = Neo4jFacts(rows)
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

    def actions_for(self, group_id: str, fact_id: str) -> list[ActionRecord]:
        rows = self._rows("actions_for_fact", group_id=group_id, fact_id=fact_id)
        return [codec.action_from_map(row["action"]) for row in rows]

    def candidates(
        self, group_id: str, status: CandidateStatus | None, limit: int
    ) -> list[Candidate]:
        rows = self._rows("candidates_list", group_id=group_id, status=status, limit=limit)
        return [Candidate.model_validate_json(row["body"]) for row in rows]

    def get_candidate(self, group_id: str, uuid: str) -> Candidate | None:
        rows = self._rows("candidate_get", group_id=group_id, uuid=uuid)
        return Candidate.model_validate_json(rows[0]["body"]) if rows else None

    def export_page(self, group_id: str, kind: ExportKind, after: str, limit: int) -> list[Record]:
        name, decode = _EXPORTS[kind]
        rows = self._rows(name, group_id=group_id, after=after, limit=limit)
        return [decode(row["record"]) for row in rows]

    # -- writes --------------------------------------------------------------------------

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
