"""The review's verbs (`graph.ports.review`: candidates and actions) as Cypher from `cypher/`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graph.backends.neo4j import codec
from graph.backends.neo4j.rows import Rows
from graph.domain.errors import NotFound
from graph.domain.model import ActionRecord, Candidate, CandidateStatus
from graph.ports.review import Actions, Candidates


class Neo4jCandidates(Candidates):
    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    def find(self, group_id: str, status: CandidateStatus | None, limit: int) -> list[Candidate]:
        rows = self._rows("candidates_list", group_id=group_id, status=status, limit=limit)
        return [Candidate.model_validate_json(row["body"]) for row in rows]

    def get(self, group_id: str, uuid: str) -> Candidate | None:
        rows = self._rows("candidate_get", group_id=group_id, uuid=uuid)
        return Candidate.model_validate_json(rows[0]["body"]) if rows else None

    def record(self, candidates: Sequence[Candidate]) -> None:
        if candidates:
            self._rows(
                "candidates_record", candidates=[codec.candidate_props(c) for c in candidates]
            )

    def update(self, candidate: Candidate) -> None:
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


class Neo4jActions(Actions):
    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    def of_fact(self, group_id: str, fact_id: str) -> list[ActionRecord]:
        rows = self._rows("actions_for_fact", group_id=group_id, fact_id=fact_id)
        return [codec.action_from_map(row["action"]) for row in rows]

    def record(self, actions: Sequence[ActionRecord]) -> None:
        if actions:
            self._rows("actions_record", actions=[codec.action_props(a) for a in actions])

    def mark_rolled_back(self, group_id: str, action_uuid: str, at: datetime) -> None:
        if not self._rows("action_rolled_back", group_id=group_id, uuid=action_uuid, at=at):
            raise NotFound(f"no action {action_uuid} in this tenant")
