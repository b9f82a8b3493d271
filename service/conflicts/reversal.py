"""Rollback of any executed action, and the reviewer's verdicts on a disputed record.

* `rollback(fact_id)`: undo the latest action about a record (its write, a resolution, a
  confirmation), restoring the before-images; a record that the action created stops being
  believed (`expired_at`), nothing is deleted. Refused (409) when a later action changed the
  same fields: roll that one back first.
* `confirm(fact_id)`: the reviewer says this record is right: pending updates land, the records
  it disputed stop being believed, and it becomes verified.
* `reject(fact_id)`: the reviewer says this record is wrong: it stops being believed, and its
  counterparts are no longer disputed unless another record still contradicts them.
"""

from __future__ import annotations

from datetime import datetime

from graph.domain.enums import WriteEvent
from graph.domain.errors import ConflictError, NotFound
from graph.domain.judge import Policy, Statement, findings_of
from graph.domain.ledger import LedgerDraft
from graph.domain.model import ActionRecord, Fact
from graph.domain.resolution import (
    Change,
    Fields,
    change_from_json,
    rejected_fields,
    revert,
    undisputed_fields,
)
from graph.domain.tenancy import TenantScope
from graph.domain.timerules import believed_at, is_current
from graph.ports.store import StoreReads
from service.conflicts.answers import ReviewOut, RollbackOut
from service.conflicts.usecases import (
    Planned,
    Services,
    effective,
    execute,
    own_change,
    rejudge,
)
from service.views import FactOut
from service.write.build import rules_of
from service.write.uow import UnitOfWork, in_unit


def rollback(s: Services, scope: TenantScope, fact_id: str) -> RollbackOut:
    group, now = scope.group_id, s.clock.now()

    def work(uow: UnitOfWork) -> list[Change]:
        fact = _fact(uow.reads, group, fact_id)
        actions = uow.reads.actions.of_fact(group, fact_id)
        pending = [a for a in actions if a.rolled_back_at is None]
        if pending:
            undo = _undo_action(uow.reads, fact, pending[-1], now)
        else:
            undo = _undo_plain_write(fact, now)
        _apply_undo(uow, group, fact_id, undo, pending)
        uow.commit()
        return undo

    undo = in_unit(s.store, now, work)
    ids = [c.uuid for c in undo]
    touched = s.store.read(lambda tx: tx.facts.get(group, ids))
    return RollbackOut.model_construct(rolled_back=fact_id, facts=[FactOut.of(f) for f in touched])


def confirm(s: Services, scope: TenantScope, fact_id: str) -> ReviewOut:
    """The judge's verdict on the record under `Policy(reviewed=True)`, executed."""
    group, now = scope.group_id, s.clock.now()

    def work(uow: UnitOfWork) -> Planned:
        fact = _reviewable(uow.reads, group, fact_id, now)
        verdict = rejudge(s, uow.facts, fact, Policy(reviewed=True))
        planned = Planned(fact.uuid, effective([own_change(fact, verdict.own), *verdict.changes]))
        if planned.changes:
            execute(uow, group, planned, "confirm")
        uow.commit()
        return planned

    return _answer(s, group, in_unit(s.store, now, work))


def reject(s: Services, scope: TenantScope, fact_id: str) -> ReviewOut:
    group, now = scope.group_id, s.clock.now()
    own = rejected_fields(now)

    def work(uow: UnitOfWork) -> Planned:
        fact = _reviewable(uow.reads, group, fact_id, now)
        others = [f for f in uow.facts.aligned(fact) if f.scope == fact.scope]
        undisputed = [_undispute(s, old, others, fact) for old in others if old.disputed]
        changes = [own_change(fact, own), *(c for c in undisputed if c)]
        planned = Planned(fact.uuid, effective(changes))
        if planned.changes:
            execute(uow, group, planned, "reject")
        uow.commit()
        return planned

    return _answer(s, group, in_unit(s.store, now, work))


def _undispute(s: Services, old: Fact, others: list[Fact], rejected: Fact) -> Change | None:
    """`old` stays disputed only while the judge still finds another record disputing it."""
    rivals = [f for f in others if f.uuid not in (old.uuid, rejected.uuid)]
    findings = findings_of(Statement.of_record(old, rules_of(s.table, old)), rivals)
    if any(f.action is WriteEvent.KEEP_BOTH for f in findings):
        return None
    return _change(old, undisputed_fields())


def _answer(s: Services, group: str, planned: Planned) -> ReviewOut:
    ids = [c.uuid for c in planned.changes] or [planned.fact_id]
    touched = s.store.read(lambda tx: tx.facts.get(group, ids))
    return ReviewOut.model_construct(
        executed=bool(planned.changes), facts=[FactOut.of(f) for f in touched]
    )


def _apply_undo(
    uow: UnitOfWork, group: str, fact_id: str, undo: list[Change], pending: list[ActionRecord]
) -> None:
    for change in undo:
        uow.facts.change(group, change)
    if pending:
        uow.rolled_back(group, pending[-1].uuid)
    payload = {
        "action": pending[-1].uuid if pending else None,
        "changes": [[c.uuid, sorted(c.after)] for c in undo],
    }
    targets = (fact_id, *(c.uuid for c in undo))
    uow.ledger(group, [LedgerDraft("rollback", targets, payload)])


def _change(fact: Fact, after: Fields) -> Change:
    return Change(fact.uuid, after, {name: getattr(fact, name) for name in after})


def _left_by(changes: list[Change]) -> list[Change]:
    """What an action left in each record: its changes to one record composed in order (a
    write may restate a dispute and then close the same record; only the last value of each
    field is what a later action could have changed)."""
    left: dict[str, Fields] = {}
    for change in changes:
        left.setdefault(change.uuid, {}).update(change.after)
    return [Change(uuid, after, {}) for uuid, after in left.items()]


def _unchanged_since(record: Fact | None, change: Change) -> None:
    """The record still holds what the action wrote; otherwise a later action changed it."""
    if record is None:
        raise NotFound(f"record {change.uuid} of this action is gone")
    for name, value in change.after.items():
        if getattr(record, name) != value:
            raise ConflictError(
                f"{change.uuid}.{name} was changed by a later action: roll that back first",
                details={"id": change.uuid, "field": name},
            )


def _fact(reads: StoreReads, group: str, fact_id: str) -> Fact:
    found = reads.facts.get(group, [fact_id])
    if not found:
        raise NotFound(f"no fact {fact_id} in this tenant", details={"id": fact_id})
    return found[0]


def _reviewable(reads: StoreReads, group: str, fact_id: str, now: datetime) -> Fact:
    """A record a reviewer may confirm or reject: a current one, or one still believed that
    awaits a reviewer though its period has closed (a held-back statement that the write
    placed in the history of a later record: "lived in Oslo from June 2023", Oslo since 2024)."""
    fact = _fact(reads, group, fact_id)
    waiting = fact.needs_confirmation and believed_at(fact, None)
    if not (waiting or is_current(fact, now)):
        raise ConflictError(f"fact {fact_id} is no longer current", details={"id": fact_id})
    return fact


def _undo_action(
    reads: StoreReads, fact: Fact, action: ActionRecord, now: datetime
) -> list[Change]:
    """The changes that undo `action`, refused when a later action changed the same fields."""
    changes = [change_from_json(c) for c in action.changes]
    found = reads.facts.get(fact.group_id, [c.uuid for c in changes])
    records = {f.uuid: f for f in found}
    for change in _left_by(changes):
        _unchanged_since(records.get(change.uuid), change)
    undo = [c for c in revert(changes) if c.after]
    if action.created:
        undo.append(_change(records.get(fact.uuid, fact), {"expired_at": now}))
    return undo


def _undo_plain_write(fact: Fact, now: datetime) -> list[Change]:
    """A write that changed nothing else: expire its record, unless something later
    changed the record (only later actions supersede, close or dispute it)."""
    if fact.expired_at is not None:
        raise ConflictError(f"fact {fact.uuid} is already expired", details={"id": fact.uuid})
    if fact.superseded_by is not None or fact.invalidated_at is not None or fact.disputed:
        # names no other record: the later one may come from a source the caller may not
        # read; its history (filtered per key) shows it to whoever may
        raise ConflictError(
            f"fact {fact.uuid} was changed by a later action (see its history): "
            "roll that back first",
            details={"id": fact.uuid},
        )
    return [_change(fact, {"expired_at": now})]
