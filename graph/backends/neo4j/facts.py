"""The facts' verbs (`graph.ports.facts`) as Cypher from `cypher/`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Any

from neo4j.exceptions import ConstraintError

from graph.backends.neo4j import codec
from graph.backends.neo4j.codec import time_params
from graph.backends.neo4j.rows import Rows
from graph.domain.errors import DuplicateRecord, NotFound
from graph.domain.model import Fact
from graph.domain.timerules import CURRENT
from graph.ports.facts import AlignmentKey, FactPatch, FactQuery, Facts


class Neo4jFacts(Facts):
    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    def get(self, group_id: str, uuids: Sequence[str]) -> list[Fact]:
        return self._rows.facts("facts_get", group_id=group_id, uuids=list(dict.fromkeys(uuids)))

    def by_signatures(self, group_id: str, signatures: Sequence[str]) -> dict[str, Fact]:
        found = self._rows.facts(
            "facts_by_signature", group_id=group_id, signatures=list(dict.fromkeys(signatures))
        )
        return {fact.signature: fact for fact in found}

    def aligned(self, group_id: str, keys: Sequence[AlignmentKey], now: datetime) -> list[Fact]:
        params = time_params(CURRENT, now)
        params.pop("all")
        whole = [k for k in set(keys) if k.value_key is None]
        valued = [k for k in set(keys) if k.value_key is not None]
        found: dict[str, Fact] = {}
        if whole:
            rows = [{"subject_key": k.subject_key, "predicate": k.predicate} for k in whole]
            for fact in self._rows.facts("facts_aligned", group_id=group_id, keys=rows, **params):
                found[fact.uuid] = fact
        if valued:
            rows = [asdict(k) for k in valued]
            for fact in self._rows.facts("facts_bearing", group_id=group_id, keys=rows, **params):
                found[fact.uuid] = fact
        return list(found.values())

    def find(self, group_id: str, query: FactQuery, now: datetime) -> list[Fact]:
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
            "without_endings": flt.without_endings,
            "limit": query.limit,
        }
        params.update(time_params(None if query.include_history else query.time, now))
        if flt.subject_key is None:
            return self._rows.facts("facts_by_tenant", **params)
        return self._rows.facts("facts_by_subject", subject_key=flt.subject_key, **params)

    def history(self, group_id: str, subject_key: str, predicate: str | None = None) -> list[Fact]:
        return self._rows.facts(
            "facts_history", group_id=group_id, subject_key=subject_key, predicate=predicate
        )

    def subject_keys(self, group_id: str, after: str, limit: int, now: datetime) -> list[str]:
        params = time_params(CURRENT, now)
        params.pop("all")
        rows = self._rows(
            "facts_subject_keys", group_id=group_id, after=after, limit=limit, **params
        )
        return [row["subject_key"] for row in rows]

    def of_subjects(self, group_id: str, subject_keys: Sequence[str], now: datetime) -> list[Fact]:
        params = time_params(CURRENT, now)
        params.pop("all")
        return self._rows.facts(
            "facts_of_subjects", group_id=group_id, keys=list(dict.fromkeys(subject_keys)), **params
        )

    def of_episodes(self, group_id: str, episode_uuids: Sequence[str]) -> list[Fact]:
        return self._rows.facts(
            "facts_of_episodes", group_id=group_id, uuids=list(dict.fromkeys(episode_uuids))
        )

    def record(self, facts: Sequence[Fact]) -> None:
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

    def patch(self, group_id: str, patches: Sequence[FactPatch]) -> None:
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
