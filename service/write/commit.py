"""The commit stage: one transaction that writes a chunk of planned items.

Inside the transaction, in order: upsert the entities and link the drafts to them, store the
episodes, look up every signature (an index seek each: DUPLICATE), align every remaining draft
with the current records of its subject and predicate (one indexed query per chunk), classify,
decide, apply the executed verdicts, record the new facts and the changes to old ones, and
append one ledger entry per write action. Drafts of the same chunk see each other: a history
imported in one batch forms one version chain.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from graph.domain import ledger
from graph.domain.conflicts import Verdict, classify
from graph.domain.enums import WriteEvent
from graph.domain.model import ActionRecord, Entity, Episode, Fact
from graph.domain.resolution import Change, change_to_json, decide, effect_of
from graph.domain.signature import successor_signature
from graph.domain.timerules import is_current
from graph.ports import AlignmentKey, FactPatch, StoreTx
from service.write.build import Draft, ItemPlan

Key = tuple[str, str, str]  # group, subject_key, predicate
MAX_SUCCESSORS = 16


@dataclass
class Outcome:
    """What happened to one draft."""

    event: WriteEvent
    fact: Fact
    verdicts: tuple[Verdict, ...] = ()
    executed: tuple[Verdict, ...] = ()
    changes: tuple[Change, ...] = ()
    pending: bool = False


@dataclass
class _Chunk:
    """Working state of one transaction."""

    tx: StoreTx
    now: datetime
    manual: bool
    current: dict[Key, dict[str, Fact]] = field(default_factory=dict)
    by_signature: dict[str, Fact] = field(default_factory=dict)
    looked_up: set[str] = field(default_factory=set)
    new: dict[str, Fact] = field(default_factory=dict)
    changes: list[tuple[str, Change]] = field(default_factory=list)


def commit(
    tx: StoreTx,
    plans: Sequence[ItemPlan],
    now: datetime,
    *,
    manual: bool = False,
    finish: Callable[[StoreTx, list[list[Outcome]]], None] | None = None,
    stage: Callable[[str], AbstractContextManager[None]] = lambda _: nullcontext(),
) -> list[list[Outcome]]:
    """Write `plans` in `tx`; returns one list of outcomes per plan, in draft order."""
    chunk = _Chunk(tx, now, manual)
    with stage("persist"):
        stored = _upsert_entities(tx, plans)
        linked = [_link(plan, stored[plan.group_id]) for plan in plans]
        tx.record_episodes([e for _, episodes in linked for e in episodes])
        tx.record_candidates([c for plan in plans for c in plan.candidates])
    with stage("align"):
        _load(chunk, [d for drafts, _ in linked for d in drafts])
        outcomes = [[_judge(chunk, draft) for draft in drafts] for drafts, _ in linked]
    with stage("persist"):
        _persist(chunk)
    with stage("ledger"):
        tx.record_actions([a for results in outcomes for a in _actions(results, now)])
        _ledger(tx, plans, outcomes, now)
        if finish is not None:
            finish(tx, outcomes)
    return outcomes


def key_of(fact: Fact) -> Key:
    return (fact.group_id, fact.subject_key, fact.predicate)


def _upsert_entities(tx: StoreTx, plans: Sequence[ItemPlan]) -> dict[str, dict[str, Entity]]:
    """Every plan's entities, one upsert per tenant for the whole chunk (the first plan naming
    an entity provides it): tenant -> normalised name -> stored entity."""
    wanted: dict[str, dict[str, Entity]] = {}
    for plan in plans:
        named = wanted.setdefault(plan.group_id, {})
        for key, entity in plan.entities.items():
            named.setdefault(key, entity)
    return {
        group: tx.upsert_entities(list(named.values())) if named else {}
        for group, named in wanted.items()
    }


def _link(plan: ItemPlan, stored: dict[str, Entity]) -> tuple[list[Draft], list[Episode]]:
    """Point the plan's drafts and episodes at the stored entities."""
    remap = {e.uuid: stored[key].uuid for key, e in plan.entities.items()}
    episodes = [
        e.model_copy(update={"entity_uuids": tuple(remap.get(u, u) for u in e.entity_uuids)})
        for e in plan.episodes
    ]
    drafts = [
        replace(
            d,
            fact=d.fact.model_copy(
                update={
                    "subject_uuid": remap[d.fact.subject_uuid],
                    "object_uuid": remap[d.fact.object_uuid],
                }
            ),
        )
        for d in plan.drafts
    ]
    return drafts, episodes


def _load(chunk: _Chunk, drafts: Sequence[Draft]) -> None:
    """Every signature and every aligned current record of the chunk, in two queries per tenant."""
    groups = {d.fact.group_id for d in drafts}
    for group in groups:
        mine = [d.fact for d in drafts if d.fact.group_id == group]
        signatures = [f.signature for f in mine]
        chunk.by_signature.update(chunk.tx.find_by_signatures(group, signatures))
        chunk.looked_up.update(signatures)
        keys = {AlignmentKey(f.subject_key, f.predicate) for f in mine}
        for fact in chunk.tx.find_aligned(group, list(keys), chunk.now):
            chunk.current.setdefault(key_of(fact), {})[fact.uuid] = fact


def _judge(chunk: _Chunk, draft: Draft) -> Outcome:
    fact = _free_signature(chunk, draft.fact)
    if isinstance(fact, Outcome):
        return fact
    current = chunk.current.setdefault(key_of(fact), {})
    verdicts = [
        classify(fact, old, draft.rules, correction=draft.correction) for old in current.values()
    ]
    decision = decide(verdicts, manual=chunk.manual)
    if not decision.write_new:
        kept = next(v for v in verdicts if v.action is WriteEvent.NOOP)
        return Outcome(WriteEvent.NOOP, current[kept.target_id], decision.verdicts)
    own, changes = _execute(chunk, fact, decision.execute)
    if decision.pending:
        own["needs_confirmation"] = True
    written = fact.model_copy(update=own)
    _remember(chunk, written)
    return Outcome(
        decision.event,
        written,
        decision.verdicts,
        decision.execute,
        tuple(changes),
        decision.pending,
    )


def _free_signature(chunk: _Chunk, fact: Fact) -> Fact | Outcome:
    """DUPLICATE when a current record holds the signature; else the signature to use."""
    signature = fact.signature
    for _ in range(MAX_SUCCESSORS):
        holder = chunk.by_signature.get(signature)
        if holder is None and signature not in chunk.looked_up:
            chunk.looked_up.add(signature)
            holder = chunk.tx.find_by_signatures(fact.group_id, [signature]).get(signature)
            if holder is not None:  # remembered, or a later draft would think it free
                holder = _as_seen(chunk, holder)
                chunk.by_signature[signature] = holder
        if holder is None:
            return fact.model_copy(update={"signature": signature})
        if is_current(holder, chunk.now):
            return Outcome(WriteEvent.DUPLICATE, holder)
        signature = successor_signature(signature)
    raise AssertionError("signature chain longer than MAX_SUCCESSORS")


def _execute(
    chunk: _Chunk, new: Fact, verdicts: Sequence[Verdict]
) -> tuple[dict[str, Any], list[Change]]:
    own: dict[str, Any] = {}
    changes: list[Change] = []
    current = chunk.current[key_of(new)]
    for verdict in verdicts:
        mine, more = effect_of(
            new, verdict, current.get(verdict.target_id), lambda: _chain(chunk, new), chunk.now
        )
        own.update(mine)
        changes.extend(more)
        for change in more:
            _apply(chunk, new.group_id, change)
    return own, changes


def _chain(chunk: _Chunk, new: Fact) -> list[Fact]:
    """Believed records of the same subject, predicate and scope (stored and new)."""
    stored = chunk.tx.history(new.group_id, new.subject_key, new.predicate)
    merged = {f.uuid: _as_seen(chunk, f) for f in stored}
    merged.update({u: f for u, f in chunk.new.items() if key_of(f) == key_of(new)})
    return [f for f in merged.values() if f.scope == new.scope and f.expired_at is None]


def _as_seen(chunk: _Chunk, stored: Fact) -> Fact:
    """A record read from the store, as this chunk sees it: with the changes the chunk has
    made to it, which reach the store only when the chunk is persisted."""
    for group, change in chunk.changes:
        if change.uuid == stored.uuid and group == stored.group_id:
            stored = stored.model_copy(update=change.after)
    return stored


def _apply(chunk: _Chunk, group: str, change: Change) -> None:
    """Apply a change to the chunk's view: to a new record in memory, else queue a patch."""
    if change.uuid in chunk.new:
        chunk.new[change.uuid] = chunk.new[change.uuid].model_copy(update=change.after)
        _refresh(chunk, chunk.new[change.uuid])
        return
    chunk.changes.append((group, change))
    for records in chunk.current.values():
        if change.uuid in records:
            _refresh(chunk, records[change.uuid].model_copy(update=change.after))
    for signature, held in list(chunk.by_signature.items()):
        if held.uuid == change.uuid:  # the deduplication view must see the change too
            chunk.by_signature[signature] = held.model_copy(update=change.after)


def _refresh(chunk: _Chunk, fact: Fact) -> None:
    held = chunk.by_signature.get(fact.signature)
    if held is not None and held.uuid == fact.uuid:
        chunk.by_signature[fact.signature] = fact
    records = chunk.current.setdefault(key_of(fact), {})
    if is_current(fact, chunk.now):
        records[fact.uuid] = fact
    else:
        records.pop(fact.uuid, None)


def _remember(chunk: _Chunk, fact: Fact) -> None:
    chunk.new[fact.uuid] = fact
    chunk.by_signature[fact.signature] = fact
    _refresh(chunk, fact)


def _persist(chunk: _Chunk) -> None:
    if chunk.new:
        chunk.tx.record_facts(list(chunk.new.values()))
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for group, change in chunk.changes:
        merged.setdefault((group, change.uuid), {}).update(change.after)
    by_group: dict[str, list[FactPatch]] = {}
    for (group, target), after in merged.items():
        by_group.setdefault(group, []).append(FactPatch(target, after))
    for group, patches in by_group.items():
        chunk.tx.patch_facts(group, patches)


def _ledger(
    tx: StoreTx, plans: Sequence[ItemPlan], outcomes: Sequence[list[Outcome]], now: datetime
) -> None:
    drafts: dict[str, list[ledger.LedgerDraft]] = {}
    for plan, results in zip(plans, outcomes, strict=True):
        entries = drafts.setdefault(plan.group_id, [])
        if plan.episodes or plan.candidates:
            entries.append(_ingest_entry(plan))
        entries.extend(_fact_entry(o) for o in results if o.event not in _NOT_WRITES)
    for group, entries in drafts.items():
        head = tx.ledger_head(group)
        tx.append_ledger(group, ledger.chain(group, head, entries, now), head.seq if head else 0)


ACTION_NAMESPACE = uuid.UUID("0c5e6a0e-93a9-4b1c-8f51-2f7d1f4b6a21")


LIFECYCLE = (
    "invalid_at",
    "invalidated_at",
    "expired_at",
    "superseded_by",
    "verify_status",
    "disputed",
    "needs_confirmation",
)


def _actions(outcomes: Sequence[Outcome], now: datetime) -> list[ActionRecord]:
    """One reversible action record per write that changed other records. Its first change
    is the new record's own lifecycle at creation, so a later change to it can be detected."""
    return [
        ActionRecord(
            uuid=str(uuid.uuid5(ACTION_NAMESPACE, f"write/{o.fact.uuid}")),
            group_id=o.fact.group_id,
            kind="write",
            fact_id=o.fact.uuid,
            created=True,
            changes=tuple(change_to_json(c) for c in (_birth(o.fact), *o.changes)),
            at=now,
        )
        for o in outcomes
        if o.changes and o.event not in _NOT_WRITES
    ]


def _birth(fact: Fact) -> Change:
    return Change(fact.uuid, {name: getattr(fact, name) for name in LIFECYCLE}, {})


_NOT_WRITES = frozenset({WriteEvent.DUPLICATE, WriteEvent.NOOP})


def _ingest_entry(plan: ItemPlan) -> ledger.LedgerDraft:
    alerts = [[a.kind, a.detail, list(a.span) if a.span else None] for a in plan.alerts]
    candidates = [[c.uuid, c.status, c.rule] for c in plan.candidates]
    return ledger.LedgerDraft(
        "ingest",
        (*(e.uuid for e in plan.episodes), *(c.uuid for c in plan.candidates)),
        {"episodes": [e.uuid for e in plan.episodes], "alerts": alerts, "candidates": candidates},
    )


def _fact_entry(outcome: Outcome) -> ledger.LedgerDraft:
    fact = outcome.fact
    conflicts = [[v.target_id, v.conflict_type.value, v.action.value] for v in outcome.executed]
    changes = [[c.uuid, sorted(c.after)] for c in outcome.changes]
    return ledger.LedgerDraft(
        outcome.event.value.lower(),
        (fact.uuid, *(v.target_id for v in outcome.executed)),
        {
            "signature": fact.signature,
            "event": outcome.event.value,
            "conflicts": conflicts,
            "changes": changes,
            "pending": outcome.pending,
        },
    )
