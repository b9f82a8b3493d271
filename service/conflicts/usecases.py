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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import combinations

from extractors.predicates import PredicateTable
from graph.domain import ledger
from graph.domain.clock import Clock
from graph.domain.conflicts import Finding
from graph.domain.enums import ConflictType, WriteEvent
from graph.domain.errors import InvalidInput, NotFound
from graph.domain.judge import Aligned, Policy, Statement, Verdict, findings_of, judge, needs_chain
from graph.domain.model import ActionKind, ActionRecord, Fact
from graph.domain.resolution import Change, FieldValue, change_to_json
from graph.domain.tenancy import TenantScope
from graph.domain.timerules import is_current
from graph.ports.facts import FactReads
from graph.ports.store import Store, StoreReads
from service.conflicts.answers import (
    AuditOut,
    GroupOut,
    JudgedOut,
    PairOut,
    ResolutionOut,
    StepOut,
    WrittenOut,
)
from service.read.access import Principals, readable, readable_facts
from service.views import FactOut
from service.write.build import Draft, rules_of
from service.write.commit import judge_draft
from service.write.pipeline import WritePipeline
from service.write.request import AddRequest
from service.write.uow import UnitOfWork, in_unit
from service.write.view import FactView

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


def resolve(
    s: Services,
    scope: TenantScope,
    *,
    content: str | None = None,
    fact_id: str | None = None,
    dry_run: bool = True,
    principals: Principals = None,
) -> ResolutionOut | WrittenOut:
    """The plan for a statement (`content`, read as add() would) or a stored record
    (`fact_id`), against the tenant's current records; `dry_run=False` executes it. A dry run
    with `principals` (API keys on) judges against the records they may read only: a closed
    record is as absent as a missing one, so a dry run is no oracle for closed values."""
    if (content is None) == (fact_id is None):
        raise InvalidInput("give exactly one of content and fact_id", field="content")
    if content is not None:
        return _resolve_content(s, scope, content, dry_run, principals)
    return _resolve_fact(s, scope, str(fact_id), dry_run, principals)


def _resolve_content(
    s: Services, scope: TenantScope, content: str, dry_run: bool, principals: Principals
) -> ResolutionOut | WrittenOut:
    data = AddRequest(
        messages=content,
        user_id=scope.user_id,
        agent_id=scope.agent_id,
        run_id=scope.run_id,
        project=scope.project,
    )
    if not dry_run:
        out = s.writes.add(data, force=True)
        return WrittenOut.of(list(out.results))
    plan_item = s.writes.preview(data)
    now = s.clock.now()
    verdicts = s.store.read(
        lambda reads: preview_verdicts(reads, plan_item.drafts, now, principals)
    )
    steps: list[StepOut] = []
    judged: list[JudgedOut] = []
    for draft, verdict in zip(plan_item.drafts, verdicts, strict=True):
        steps += _plan_steps(draft.fact, verdict)
        done = {f.target_id for f in verdict.executed}
        judged += [JudgedOut.of(f, draft.fact, f.target_id in done) for f in verdict.findings]
    return ResolutionOut.model_construct(plan=steps, verdicts=judged, executed=False)


def _resolve_fact(
    s: Services, scope: TenantScope, fact_id: str, dry_run: bool, principals: Principals
) -> ResolutionOut:
    """Read, judge and (unless a dry run) execute in one transaction."""
    group, now = scope.group_id, s.clock.now()

    def plan(view: FactView) -> tuple[Fact, Verdict, Planned]:
        fact = _current_fact(view.reads, group, fact_id, now)
        verdict = rejudge(s, view, fact, Policy())
        return fact, verdict, _planned(fact, verdict)

    def run(uow: UnitOfWork) -> tuple[Fact, Verdict, Planned]:
        fact, verdict, planned = plan(uow.facts)
        if planned.changes:
            execute(uow, group, planned, "resolve")
        uow.commit()
        return fact, verdict, planned

    if dry_run:
        fact, verdict, planned = s.store.read(
            lambda tx: plan(FactView(readable_facts(tx, principals), now))
        )
    else:
        fact, verdict, planned = in_unit(s.store, now, run)
    return ResolutionOut.model_construct(
        plan=[StepOut.of_finding(fact, v) for v in verdict.executed],
        verdicts=[JudgedOut.of(v, fact, v in verdict.executed) for v in verdict.findings],
        executed=bool(planned.changes) and not dry_run,
    )


def rejudge(s: Services, view: FactView, fact: Fact, policy: Policy) -> Verdict:
    """A stored record judged again, as a statement, against the other current records
    as `view` sees them (resolve-by-id, and a reviewer's confirmation)."""
    statement = Statement.of_record(fact, rules_of(s.table, fact))
    current = view.aligned(fact)
    chain = view.chain(fact) if needs_chain(statement, current) else ()
    return judge(statement, Aligned(current, None, chain), policy, now=view.now)


def audit(s: Services, scope: TenantScope, principals: Principals = None) -> AuditOut:
    """Scan the tenant's current records bucketed by entity and predicate (only records
    that share both can conflict), the top 12 of each bucket by confidence, pairwise;
    only the records the caller's principals may read (`service.read.access`)."""
    group, now = scope.group_id, s.clock.now()
    scanned, buckets, after = 0, 0, ""
    groups: list[GroupOut] = []
    while keys := _subjects(s, group, after, now):
        by_bucket: dict[tuple[str, str], list[Fact]] = {}
        for fact in _bucket_facts(s, group, keys, now, principals):
            by_bucket.setdefault((fact.subject_key, fact.predicate), []).append(fact)
        for members in by_bucket.values():
            bucket = _top(members)
            scanned += len(bucket)
            buckets += 1
            groups += _bucket_groups(s, bucket)
        after = keys[-1]
    return AuditOut.model_construct(
        scanned=scanned,
        buckets=buckets,
        flagged=len(groups),
        flagged_records=sum(len(g.records) for g in groups),
        groups=groups,
    )


def _subjects(s: Services, group: str, after: str, now: datetime) -> list[str]:
    return s.store.read(lambda tx: tx.facts.subject_keys(group, after, AUDIT_PAGE, now))


def _bucket_facts(
    s: Services, group: str, keys: list[str], now: datetime, principals: Principals
) -> list[Fact]:
    return s.store.read(
        lambda tx: readable(tx, group, tx.facts.of_subjects(group, keys, now), principals)
    )


def _bucket_groups(s: Services, bucket: list[Fact]) -> list[GroupOut]:
    pairs: list[tuple[Fact, Fact, Finding]] = []
    for a, b in combinations(bucket, 2):
        new, old = (a, b) if (a.valid_at, a.created_at) >= (b.valid_at, b.created_at) else (b, a)
        statement = Statement.of_record(new, rules_of(s.table, new))
        (verdict,) = findings_of(statement, [old])
        if verdict.conflict_type in FLAGGED:
            pairs.append((new, old, verdict))
    return [_group(component) for component in _components(pairs)]


def _current_fact(facts: FactReads, group: str, fact_id: str, now: datetime) -> Fact:
    found = facts.get(group, [fact_id])
    if not found:
        raise NotFound(f"no fact {fact_id} in this tenant", details={"id": fact_id})
    if not is_current(found[0], now):
        raise InvalidInput(
            f"fact {fact_id} is not current; only current records are resolved", field="fact_id"
        )
    return found[0]


def preview_verdicts(
    reads: StoreReads, drafts: Sequence[Draft], now: datetime, principals: Principals = None
) -> list[Verdict]:
    """What writing `drafts` would do: the write's own path, in a view that is never
    committed (later drafts see what earlier ones would change), against the records
    `principals` may read."""
    view = FactView(readable_facts(reads, principals), now)
    view.load([d.fact for d in drafts])
    return [judge_draft(view, draft, Policy()) for draft in drafts]


def execute(
    uow: UnitOfWork, group: str, planned: Planned, kind: ActionKind, *, created: bool = False
) -> None:
    """Stage changes, the reversible action and its ledger entry in `uow`."""
    for change in planned.changes:
        uow.facts.change(group, change)
    action = ActionRecord(
        uuid=str(uuid.uuid4()),
        group_id=group,
        kind=kind,
        fact_id=planned.fact_id,
        created=created,
        changes=tuple(change_to_json(c) for c in planned.changes),
        at=uow.now,
    )
    uow.actions([action])
    payload = {
        "action": action.uuid,
        "changes": [[c.uuid, sorted(c.after)] for c in planned.changes],
    }
    targets = (planned.fact_id, *(c.uuid for c in planned.changes))
    uow.ledger(group, [ledger.LedgerDraft(kind, targets, payload)])


def _planned(fact: Fact, verdict: Verdict) -> Planned:
    """The changes a re-judged stored record makes: its own fields and the others'. A pending
    record whose updates land stops waiting for confirmation (unless it is disputed)."""
    own = dict(verdict.own)
    disputed = any(v.action is WriteEvent.KEEP_BOTH for v in verdict.executed)
    if fact.needs_confirmation and not disputed:
        own["needs_confirmation"] = False
    return Planned(fact.uuid, effective([own_change(fact, own), *verdict.changes]))


def _plan_steps(fact: Fact, verdict: Verdict) -> list[StepOut]:
    if verdict.event is WriteEvent.DUPLICATE:
        held = verdict.fact.uuid
        return [StepOut.of(fact, "DUPLICATE", "none", held, "the same assertion is already held")]
    done = {f.target_id for f in verdict.executed}
    steps = [
        StepOut.of_finding(fact, f) for f in verdict.findings if f.conflicts or f.target_id in done
    ]
    return steps or [StepOut.of(fact, "ADD", "none", None, "no conflicting current record")]


def own_change(fact: Fact, own: Mapping[str, FieldValue]) -> Change:
    """New values for fields of `fact` itself, with their values before."""
    return Change(fact.uuid, dict(own), {name: getattr(fact, name) for name in own})


def effective(changes: Sequence[Change]) -> tuple[Change, ...]:
    """Drop fields already at their target value: executing twice changes nothing."""
    out = []
    for change in changes:
        after = {k: v for k, v in change.after.items() if change.before.get(k) != v}
        if after:
            out.append(Change(change.uuid, after, {k: change.before[k] for k in after}))
    return tuple(out)


def _top(facts: list[Fact]) -> list[Fact]:
    return sorted(facts, key=lambda f: (-f.confidence, f.uuid))[:AUDIT_BUCKET]


def _components(pairs: list[tuple[Fact, Fact, Finding]]) -> list[list[tuple[Fact, Fact, Finding]]]:
    """Pairs that share a record belong to one group."""
    groups: list[list[tuple[Fact, Fact, Finding]]] = []
    for pair in pairs:
        ids = {pair[0].uuid, pair[1].uuid}
        joined = [g for g in groups if ids & {f.uuid for p in g for f in p[:2]}]
        merged = [p for g in joined for p in g] + [pair]
        groups = [g for g in groups if g not in joined] + [merged]
    return groups


def _group(pairs: list[tuple[Fact, Fact, Finding]]) -> GroupOut:
    records = {f.uuid: f for p in pairs for f in p[:2]}
    first = pairs[0][0]
    return GroupOut.model_construct(
        entity=first.subject,
        predicate=first.predicate,
        scope=first.scope,
        conflict_type=pairs[0][2].conflict_type.value,
        records=[FactOut.of(f) for f in records.values()],
        plan=[PairOut.of(new, v) for new, _, v in pairs],
    )
