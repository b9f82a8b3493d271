"""Records as the public API shows them (API.md: Fact, Result, Alert)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from graph.domain.conflicts import Finding
from graph.domain.model import Alert, Candidate, Fact
from service.write.commit import Outcome


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def fact_view(fact: Fact) -> dict[str, Any]:
    """The `Fact` object of API.md."""
    return {
        "id": fact.uuid,
        "subject": fact.subject,
        "predicate": fact.predicate,
        "value": fact.value,
        "polarity": fact.polarity,
        "scope": fact.scope,
        "memory": fact.fact,
        "memory_type": fact.memory_type.value,
        "layer": fact.layer.value,
        "fact_type": fact.fact_type.value,
        "source_type": fact.source_type.value,
        "categories": list(fact.categories),
        "confidence": fact.confidence,
        "verify_status": fact.verify_status.value,
        "disputed": fact.disputed,
        "needs_confirmation": fact.needs_confirmation,
        "immutable": fact.immutable,
        "valid_at": _iso(fact.valid_at),
        "valid_granularity": fact.valid_granularity.value,
        "invalid_at": _iso(fact.invalid_at),
        "knowledge_time": _iso(fact.knowledge_time),
        "created_at": _iso(fact.created_at),
        "invalidated_at": _iso(fact.invalidated_at),
        "expired_at": _iso(fact.expired_at),
        "supersedes": fact.supersedes,
        "superseded_by": fact.superseded_by,
        "modality": fact.modality.value,
        "media_refs": list(fact.media_refs),
        "extraction_version": fact.extraction_version,
        "policy_version": fact.policy_version,
        "metadata": fact.metadata,
        "episode_id": fact.episode_id,
    }


def verdict_view(verdict: Finding, executed: bool) -> dict[str, Any]:
    return {
        "target_id": verdict.target_id,
        "conflict_type": verdict.conflict_type.value,
        "action": verdict.action.value,
        "reason": verdict.reason,
        "executed": executed,
    }


def result_view(outcome: Outcome) -> dict[str, Any]:
    """The `Result` object of API.md."""
    done = {v.target_id for v in outcome.executed}
    return {
        "id": outcome.fact.uuid,
        "event": outcome.event.value,
        "memory": outcome.fact.fact,
        "categories": list(outcome.fact.categories),
        "fact": fact_view(outcome.fact),
        "conflicts": [
            verdict_view(v, v.target_id in done) for v in outcome.findings if v.conflicts
        ],
    }


def alert_view(alert: Alert) -> dict[str, Any]:
    return {
        "kind": alert.kind,
        "detail": alert.detail,
        "span": list(alert.span) if alert.span else None,
    }


def candidate_view(candidate: Candidate) -> dict[str, Any]:
    """A candidate as GET /v1/candidates lists it."""
    return {
        "id": candidate.uuid,
        "memory": candidate.fact.fact,
        "status": candidate.status,
        "rule": candidate.rule,
        "reason": candidate.reason,
        "fact": fact_view(candidate.fact),
        "created_at": _iso(candidate.created_at),
        "decided_at": _iso(candidate.decided_at),
        "decided_by": candidate.decided_by,
        "promoted_id": candidate.promoted_id,
    }
