"""conflict_resolve (plan, then execute) and the whole-tenant audit.

`resolve(content=...)` reads a statement as add() would and shows what writing it would do to
the current records (dry run), or writes it with every authorised UPDATE executed.
`resolve(fact_id=...)` re-judges a stored record against the current records of its subject and
predicate and executes the plan: pending updates (manual mode) land, contradictions are marked
disputed, a redundant restatement is retired. Nothing executes twice: a second run finds nothing
left to change. Every executed action is recorded with its before-images (rollback) and ledgered.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from extractors.predicates import PredicateTable
from graph.domain import ledger
from graph.domain.clock import Clock
from graph.domain.conflicts import Verdict, classify
from graph.domain.enums import ConflictType, WriteEvent
from graph.domain.errors import InvalidInput, NotFound
from graph.domain.model import ActionKind, ActionRecord, Fact
from graph.domain.resolution import Change, change_to_json, decide, effect_of
from graph.domain.tenancy import TenantScope
from graph.domain.timerules import is_current
from graph.ports import AlignmentKey, FactPatch, Store, StoreTx
from service.views import fact_view, verdict_view
from service.write.build import Draft, rules_of
from service.write.pipeline import WritePipeline

AUDIT_BUCKET = 12
AUDIT_PAGE = 200
FLAGGED = frozenset(
    {
        ConflictType.TEMPORAL_UPDATE,
        ConflictType.PREFERENCE_CHANGE,
        ConflictType.PRECISION_DIFFERENCE,
        ConflictType.LOGICAL_CONTRADICTION,
        ConflictType.SOURCE_CONFLICT,
    }
)


@dataclass(frozen=True)
class Services:
    """What the conflict use cases need from the composition root."""

    store: Store
    clock: Clock
    table: PredicateTable
    writes: WritePipeline


@dataclass(frozen=True)
class Planned:
    """The executable part of a resolution: changes to stored records."""

    fact_id: str
    changes: tuple[Change, ...]


class ConflictService:
    """resolve / audit over one store (rollback and history live beside it)."""

    def __init__(self, services: Services) -> None:
        self.s = services

    def resolve(
        self,
        scope: TenantScope,
        *,
        content: str | None = None,
        fact_id: str | None = None,
        dry_run: bool = True,
    ) -> dict[str, Any]:
        if (content is None) == (fact_id is None):
            raise InvalidInput("give exactly one of content and fact_id", field="content")
        if content is not None:
            return self._resolve_content(scope, content, dry_run)
        return self._resolve_fact(scope, str(fact_id), dry_run)

    # -- content ---------------------------------------------------------------------------

    def _resolve_content(self, scope: TenantScope, content: str, dry_run: bool) -> dict[str, Any]:
        data = {
            "messages": content,
            "user_id": scope.user_id,
            "agent_id": scope.agent_id,
            "run_id": scope.run_id,
            "project": scope.project,
        }
        if not dry_run:
            out = self.s.writes.add(data, force=True)
            verdicts = [c for r in out["results"] for c in r["conflicts"]]
            plan = [_entry_of_result(r) for r in out["results"]]
            return {"plan": plan, "verdicts": verdicts, "executed": True, "results": out["results"]}
        plan_item = self.s.writes.preview(data)
        now = self.s.clock.now()
        entries, verdicts = [], []
        for draft in plan_item.drafts:
            mine, judged = self._judge_draft(draft, now)
            entries += mine
            verdicts += judged
        return {"plan": entries, "verdicts": verdicts, "executed": False}

    def _judge_draft(
        self, draft: Draft, now: Any
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        fact = draft.fact
        held = self.s.store.find_by_signatures(fact.group_id, [fact.signature]).get(fact.signature)
        if held is not None and is_current(held, now):
            entry = _entry(
                "DUPLICATE", "none", held.uuid, "the same assertion is already held", fact
            )
            return [entry], []
        aligned = self.s.store.find_aligned(fact.group_id, [_key(fact)], now)
        verdicts = [
            classify(fact, old, draft.rules, correction=draft.correction) for old in aligned
        ]
        decision = decide(verdicts)
        done = {v.target_id for v in decision.execute}
        entries = [
            _entry(v.action.value, v.conflict_type.value, v.target_id, v.reason, fact)
            for v in verdicts
            if v.conflicts or v.target_id in done
        ]
        if not entries:
            entries = [_entry("ADD", "none", None, "no conflicting current record", fact)]
        return entries, [_verdict_of(v, fact, v.target_id in done) for v in verdicts]

    # -- a stored record -------------------------------------------------------------------

    def _resolve_fact(self, scope: TenantScope, fact_id: str, dry_run: bool) -> dict[str, Any]:
        group, now = scope.group_id, self.s.clock.now()
        fact = self._current_fact(group, fact_id, now)
        others = [
            f for f in self.s.store.find_aligned(group, [_key(fact)], now) if f.uuid != fact.uuid
        ]
        rules = rules_of(self.s.table, fact)
        verdicts = [classify(fact, old, rules) for old in others]
        decision = decide(verdicts)
        planned = self._planned(fact, decision.execute, {f.uuid: f for f in others}, now)
        plan = [
            _entry(v.action.value, v.conflict_type.value, v.target_id, v.reason, fact)
            for v in decision.execute
        ]
        judged = [_verdict_of(v, fact, v in decision.execute) for v in verdicts]
        executed = bool(planned.changes) and not dry_run
        if executed:
            self.s.store.transaction(lambda tx: self.execute(tx, group, planned, "resolve", now))
        return {"plan": plan, "verdicts": judged, "executed": executed}

    def _current_fact(self, group: str, fact_id: str, now: Any) -> Fact:
        found = self.s.store.get_facts(group, [fact_id])
        if not found:
            raise NotFound(f"no fact {fact_id} in this tenant", details={"id": fact_id})
        if not is_current(found[0], now):
            raise InvalidInput(
                f"fact {fact_id} is not current; only current records are resolved", field="fact_id"
            )
        return found[0]

    def _planned(
        self, fact: Fact, verdicts: Sequence[Verdict], others: dict[str, Fact], now: Any
    ) -> Planned:
        disputed = any(v.action is WriteEvent.KEEP_BOTH for v in verdicts)
        own: dict[str, Any] = {}
        if fact.needs_confirmation and not disputed:
            own["needs_confirmation"] = False
        changes: list[Change] = []
        for verdict in verdicts:
            mine, more = effect_of(
                fact, verdict, others.get(verdict.target_id), lambda: self._chain(fact), now
            )
            own.update(mine)
            changes += more
        return Planned(fact.uuid, tuple(_effective([_own(fact, own), *changes], fact, others)))

    def _chain(self, fact: Fact) -> list[Fact]:
        stored = self.s.store.history(fact.group_id, fact.subject_key, fact.predicate)
        return [
            f
            for f in stored
            if f.scope == fact.scope and f.expired_at is None and f.uuid != fact.uuid
        ]

    def execute(
        self,
        tx: StoreTx,
        group: str,
        planned: Planned,
        kind: ActionKind,
        now: Any,
        *,
        created: bool = False,
    ) -> None:
        """Apply changes, record the reversible action and ledger it, in `tx`."""
        tx.patch_facts(group, [FactPatch(c.uuid, c.after) for c in planned.changes])
        action = ActionRecord(
            uuid=str(uuid.uuid4()),
            group_id=group,
            kind=kind,
            fact_id=planned.fact_id,
            created=created,
            changes=tuple(change_to_json(c) for c in planned.changes),
            at=now,
        )
        tx.record_actions([action])
        append_ledger(
            tx,
            group,
            kind,
            [planned.fact_id, *(c.uuid for c in planned.changes)],
            {
                "action": action.uuid,
                "changes": [[c.uuid, sorted(c.after)] for c in planned.changes],
            },
            now,
        )

    # -- audit -----------------------------------------------------------------------------

    def audit(self, scope: TenantScope) -> dict[str, Any]:
        """Scan the tenant's current records bucketed by entity and predicate (only records
        that share both can conflict), the top 12 of each bucket by confidence, pairwise."""
        group, now = scope.group_id, self.s.clock.now()
        scanned, buckets, groups, after = 0, 0, [], ""
        while keys := self._subjects(group, after, now):
            by_bucket: dict[tuple[str, str], list[Fact]] = {}
            for fact in self._bucket_facts(group, keys, now):
                by_bucket.setdefault((fact.subject_key, fact.predicate), []).append(fact)
            for members in by_bucket.values():
                bucket = _top(members)
                scanned += len(bucket)
                buckets += 1
                groups += self._bucket_groups(bucket)
            after = keys[-1]
        flagged = sum(len(g["records"]) for g in groups)
        return {
            "scanned": scanned,
            "buckets": buckets,
            "flagged": len(groups),
            "flagged_records": flagged,
            "groups": groups,
        }

    def _subjects(self, group: str, after: str, now: Any) -> list[str]:
        return self.s.store.read(lambda tx: tx.subject_keys(group, after, AUDIT_PAGE, now))

    def _bucket_facts(self, group: str, keys: list[str], now: Any) -> list[Fact]:
        return self.s.store.read(lambda tx: tx.facts_of_subjects(group, keys, now))

    def _bucket_groups(self, bucket: list[Fact]) -> list[dict[str, Any]]:
        pairs: list[tuple[Fact, Fact, Verdict]] = []
        for a, b in combinations(bucket, 2):
            new, old = (
                (a, b) if (a.valid_at, a.created_at) >= (b.valid_at, b.created_at) else (b, a)
            )
            verdict = classify(new, old, rules_of(self.s.table, new))
            if verdict.conflict_type in FLAGGED:
                pairs.append((new, old, verdict))
        return [_group(component) for component in _components(pairs)]


def append_ledger(
    tx: StoreTx, group: str, action: str, targets: Sequence[str], payload: dict[str, Any], now: Any
) -> None:
    head = tx.ledger_head(group)
    entries = ledger.chain(group, head, [ledger.LedgerDraft(action, tuple(targets), payload)], now)
    tx.append_ledger(group, entries, head.seq if head else 0)


def _key(fact: Fact) -> AlignmentKey:
    return AlignmentKey(fact.subject_key, fact.predicate)


def _own(fact: Fact, own: dict[str, Any]) -> Change:
    return Change(fact.uuid, own, {name: getattr(fact, name) for name in own})


def _effective(changes: list[Change], fact: Fact, others: dict[str, Fact]) -> list[Change]:
    """Drop fields already at their target value: executing twice changes nothing."""
    records = {fact.uuid: fact, **others}
    out = []
    for change in changes:
        record = records.get(change.uuid)
        after = {k: v for k, v in change.after.items() if record is None or getattr(record, k) != v}
        if after:
            out.append(Change(change.uuid, after, {k: change.before[k] for k in after}))
    return out


def _entry(action: str, kind: str, target: str | None, reason: str, fact: Fact) -> dict[str, Any]:
    return {
        "action": action,
        "conflict_type": kind,
        "target_id": target,
        "reason": reason,
        "memory": fact.fact,
        "subject": fact.subject,
        "predicate": fact.predicate,
        "value": fact.value,
    }


def _entry_of_result(result: dict[str, Any]) -> dict[str, Any]:
    conflicts = result["conflicts"]
    first = conflicts[0] if conflicts else {}
    return {
        "action": result["event"],
        "conflict_type": first.get("conflict_type", "none"),
        "target_id": first.get("target_id"),
        "reason": first.get("reason", ""),
        "memory": result["memory"],
        "id": result["id"],
    }


def _verdict_of(verdict: Verdict, fact: Fact, executed: bool) -> dict[str, Any]:
    return {**verdict_view(verdict, executed), "memory": fact.fact, "value": fact.value}


def _top(facts: list[Fact]) -> list[Fact]:
    return sorted(facts, key=lambda f: (-f.confidence, f.uuid))[:AUDIT_BUCKET]


def _components(pairs: list[tuple[Fact, Fact, Verdict]]) -> list[list[tuple[Fact, Fact, Verdict]]]:
    """Pairs that share a record belong to one group."""
    groups: list[list[tuple[Fact, Fact, Verdict]]] = []
    for pair in pairs:
        ids = {pair[0].uuid, pair[1].uuid}
        joined = [g for g in groups if ids & {f.uuid for p in g for f in p[:2]}]
        merged = [p for g in joined for p in g] + [pair]
        groups = [g for g in groups if g not in joined] + [merged]
    return groups


def _group(pairs: list[tuple[Fact, Fact, Verdict]]) -> dict[str, Any]:
    records = {f.uuid: f for p in pairs for f in p[:2]}
    first = pairs[0][0]
    return {
        "entity": first.subject,
        "predicate": first.predicate,
        "scope": first.scope,
        "conflict_type": pairs[0][2].conflict_type.value,
        "records": [fact_view(f) for f in records.values()],
        "plan": [
            {
                "action": v.action.value,
                "conflict_type": v.conflict_type.value,
                "target_id": v.target_id,
                "fact_id": new.uuid,
                "reason": v.reason,
            }
            for new, _, v in pairs
        ],
    }
