"""The commit stage: judge a chunk of planned items against the store and stage the result.

Inside one unit of work (service/write/uow.py), in order: upsert the entities and link the
drafts to them, stage the episodes, prefetch every signature and every aligned current record
(two indexed queries per tenant), then judge each draft (graph/domain/judge.py) against the
unit's view and apply its verdict to that view, so drafts of the same chunk see each other: a
history imported in one batch forms one version chain. Last, stage one reversible action per
write that changed other records and one ledger entry per write. The caller commits the unit.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from graph.domain import ledger
from graph.domain.judge import (
    Aligned,
    Policy,
    Statement,
    Verdict,
    alias_questions,
    findings_of,
    judge,
    needs_chain,
)
from graph.domain.model import ActionRecord, Entity, Episode, Fact
from graph.domain.resolution import Change, change_to_json
from service.entity_names import rekeyed, stored_keys
from service.write.build import Draft, ItemPlan
from service.write.names import NameLikeness
from service.write.uow import UnitOfWork
from service.write.view import FactView

Outcome = Verdict  # what happened to one draft


def commit(
    uow: UnitOfWork,
    plans: Sequence[ItemPlan],
    *,
    manual: bool = False,
    names: NameLikeness | None = None,
) -> list[list[Outcome]]:
    """Judge and stage `plans` in `uow`; one list of outcomes per plan, in draft order.
    `names`: hold a new value whose name is near the current one's for review (None: never)."""
    with uow.stage("persist"):
        stored = _upsert_entities(uow, plans)
        linked = [_link(plan, stored[plan.group_id]) for plan in plans]
        uow.episodes([e for _, episodes in linked for e in episodes])
        uow.candidates([c for plan in plans for c in plan.candidates])
    with uow.stage("align"):
        every = [d for drafts, _ in linked for d in drafts]
        narrowed = [uow.facts.narrows(d.rules, d.correction) for d in every]
        uow.facts.load(
            [d.fact for d, n in zip(every, narrowed, strict=True) if not n],
            [d.fact for d, n in zip(every, narrowed, strict=True) if n],
        )
        policy = policy_of(manual, names)
        outcomes = [
            [judge_draft(uow.facts, d, policy, names) for d in drafts] for drafts, _ in linked
        ]
    uow.actions([a for results in outcomes for a in _actions(results, uow.now)])
    for plan, results in zip(plans, outcomes, strict=True):
        uow.ledger(plan.group_id, _ledger_entries(plan, results))
    return outcomes


def policy_of(manual: bool, names: NameLikeness | None) -> Policy:
    return Policy(manual=manual, alias_similarity=names.threshold if names else None)


def judge_draft(
    view: FactView, draft: Draft, policy: Policy, names: NameLikeness | None = None
) -> Verdict:
    """Judge one draft against `view` and apply the verdict to it (the write and the dry
    run both come through here). `names` measures how alike the new value's name is to the
    current values it would replace, when the policy holds possible aliases."""
    draft = _meant(view, draft)
    claim = view.claim(draft.fact)
    fact = draft.fact
    if claim.signature != fact.signature:
        fact = fact.model_copy(update={"signature": claim.signature})
    statement = Statement(fact, draft.rules, draft.correction, at=fact.created_at)
    current = (
        view.bearing(fact) if view.narrows(draft.rules, draft.correction) else view.aligned(fact)
    )
    aligned = (
        Aligned(current, claim.holder)  # a duplicate: the judge asks nothing more
        if claim.holder is not None
        else _aligned(view, statement, current, policy, names)
    )
    verdict = judge(statement, aligned, policy, now=view.now)
    if verdict.writes:
        for change in verdict.changes:
            view.change(fact.group_id, change)
        view.add(verdict.fact)
    return verdict


def _aligned(
    view: FactView,
    statement: Statement,
    current: tuple[Fact, ...],
    policy: Policy,
    names: NameLikeness | None,
) -> Aligned:
    """What the judge needs beside the current records: the version chain when the statement
    predates one, and how alike the names are when the policy holds possible aliases. The
    statement is classified against `current` once, for both questions and the judge."""
    findings = findings_of(statement, current)
    chain = view.chain(statement.fact) if needs_chain(statement, current, findings) else ()
    likeness: dict[str, float] = {}
    if names is not None and policy.alias_similarity is not None:
        likeness = names.of(statement.fact, alias_questions(statement, current, findings))
    return Aligned(current, None, chain, likeness, findings)


def _meant(view: FactView, draft: Draft) -> Draft:
    """An ending of a state no current record holds its value in, said of the state whose
    current record holds it, when there is one (service/write/endings.py)."""
    if not draft.also or view.holds(draft.fact):
        return draft
    for meaning in draft.also:
        fact = meaning.of(draft.fact)
        if view.holds(fact):
            return replace(draft, fact=fact, rules=meaning.rules, also=())
    return draft


def _upsert_entities(uow: UnitOfWork, plans: Sequence[ItemPlan]) -> dict[str, dict[str, Entity]]:
    """Every plan's entities, one upsert per tenant for the whole chunk (the first plan naming
    an entity provides it; the names every plan called it are its aliases): tenant -> planned
    key -> stored entity. An entity a store holds under another of its names' keys (written
    before the alias table knew it) is that node (`service.entity_names`)."""
    wanted: dict[str, dict[str, Entity]] = {}
    for plan in plans:
        named = wanted.setdefault(plan.group_id, {})
        for key, entity in plan.entities.items():
            known = named.get(key)
            named[key] = entity if known is None else known.called(entity.aliases)
    return {group: _stored(uow, group, named) for group, named in wanted.items()}


def _stored(uow: UnitOfWork, group: str, named: dict[str, Entity]) -> dict[str, Entity]:
    if not named:
        return {}
    held = stored_keys(uow.reads, group, [e.name for e in named.values()])
    keyed = {key: held[e.name] for key, e in named.items()}
    stored = uow.immediate.upsert_entities([_keyed(e, keyed[key]) for key, e in named.items()])
    return {key: stored[keyed[key]] for key in named}


def _keyed(entity: Entity, key: str) -> Entity:
    """The entity under `key`; under an older node's key, its canonical name is an alias."""
    if key == entity.normalized:
        return entity
    return entity.model_copy(update={"normalized": key, "aliases": (entity.name, *entity.aliases)})


def _link(plan: ItemPlan, stored: dict[str, Entity]) -> tuple[list[Draft], list[Episode]]:
    """Point the plan's drafts and episodes at the stored entities (a subject held under an
    older key keys its facts there too). A record already pointing at them (a first mention)
    is kept as it is rather than copied."""
    remap = {e.uuid: stored[key].uuid for key, e in plan.entities.items()}
    moved = {old: new for old, new in remap.items() if old != new}
    episodes = [
        e.model_copy(update={"entity_uuids": tuple(moved.get(u, u) for u in e.entity_uuids)})
        if any(u in moved for u in e.entity_uuids)
        else e
        for e in plan.episodes
    ]
    return [_relinked(d, remap, stored) for d in plan.drafts], episodes


def _relinked(draft: Draft, remap: dict[str, str], stored: dict[str, Entity]) -> Draft:
    fact = draft.fact
    ends = {"subject_uuid": remap[fact.subject_uuid], "object_uuid": remap[fact.object_uuid]}
    keyed = rekeyed(fact, stored[fact.subject_key].normalized)
    if keyed is fact and all(getattr(fact, name) == uuid for name, uuid in ends.items()):
        return draft
    return replace(draft, fact=keyed.model_copy(update=ends))


def _ledger_entries(plan: ItemPlan, outcomes: Sequence[Outcome]) -> list[ledger.LedgerDraft]:
    entries = [_ingest_entry(plan)] if plan.episodes or plan.candidates else []
    return entries + [_fact_entry(o) for o in outcomes if o.writes]


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
        if o.changes and o.writes
    ]


def _birth(fact: Fact) -> Change:
    return Change(fact.uuid, {name: getattr(fact, name) for name in LIFECYCLE}, {})


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
