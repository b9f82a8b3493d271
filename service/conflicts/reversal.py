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

from typing import Any

from graph.domain.conflicts import Finding, classify
from graph.domain.enums import VerifyStatus, WriteEvent
from graph.domain.errors import ConflictError, NotFound
from graph.domain.ledger import LedgerDraft
from graph.domain.model import ActionRecord, Fact
from graph.domain.resolution import Change, change_from_json, effect_of, revert
from graph.domain.tenancy import TenantScope
from graph.domain.timerules import is_current
from service.conflicts.usecases import ConflictService, Planned, execute
from service.views import fact_view
from service.write.build import rules_of
from service.write.uow import UnitOfWork, in_unit


class Reversals:
    def __init__(self, conflicts: ConflictService) -> None:
        self.c = conflicts
        self.s = conflicts.s

    def rollback(self, scope: TenantScope, fact_id: str) -> dict[str, Any]:
        group, now = scope.group_id, self.s.clock.now()
        fact = self._fact(group, fact_id)
        pending = [a for a in self.s.store.actions_for(group, fact_id) if a.rolled_back_at is None]
        if pending:
            undo = self._undo_action(group, fact, pending[-1], now)
        else:
            undo = self._undo_plain_write(fact, now)
        in_unit(self.s.store, now, lambda uow: _apply_undo(uow, group, fact_id, undo, pending))
        touched = self.s.store.get_facts(group, [c.uuid for c in undo])
        return {"rolled_back": fact_id, "facts": [fact_view(f) for f in touched]}

    def confirm(self, scope: TenantScope, fact_id: str) -> dict[str, Any]:
        group, now = scope.group_id, self.s.clock.now()
        fact = self._current(group, fact_id, now)
        own: dict[str, Any] = {
            "disputed": False,
            "needs_confirmation": False,
            "verify_status": VerifyStatus.VERIFIED,
        }
        changes: list[Change] = []
        others = self._aligned(fact, now)
        for old in others.values():
            verdict = classify(fact, old, rules_of(self.s.table, fact))
            mine, more = self._winning(fact, old, verdict, now)
            own.update(mine)
            changes += more
        return self._execute(group, fact, own, changes, "confirm", now)

    def reject(self, scope: TenantScope, fact_id: str) -> dict[str, Any]:
        group, now = scope.group_id, self.s.clock.now()
        fact = self._current(group, fact_id, now)
        own = {"expired_at": now, "verify_status": VerifyStatus.CONTRADICTED}
        others = self._aligned(fact, now)
        changes = [self._undispute(old, others, fact) for old in others.values() if old.disputed]
        return self._execute(group, fact, own, [c for c in changes if c], "reject", now)

    # -- helpers ---------------------------------------------------------------------------

    def _fact(self, group: str, fact_id: str) -> Fact:
        found = self.s.store.get_facts(group, [fact_id])
        if not found:
            raise NotFound(f"no fact {fact_id} in this tenant", details={"id": fact_id})
        return found[0]

    def _current(self, group: str, fact_id: str, now: Any) -> Fact:
        fact = self._fact(group, fact_id)
        if not is_current(fact, now):
            raise ConflictError(f"fact {fact_id} is no longer current", details={"id": fact_id})
        return fact

    def _aligned(self, fact: Fact, now: Any) -> dict[str, Fact]:
        from service.conflicts.usecases import _key

        found = self.s.store.find_aligned(fact.group_id, [_key(fact)], now)
        return {f.uuid: f for f in found if f.uuid != fact.uuid and f.scope == fact.scope}

    def _winning(
        self, fact: Fact, old: Fact, verdict: Finding, now: Any
    ) -> tuple[dict[str, Any], list[Change]]:
        if verdict.action is WriteEvent.UPDATE or verdict.mode == "history":
            return effect_of(fact, verdict, old, lambda: self._chain(fact), now)
        if verdict.action is WriteEvent.KEEP_BOTH or (old.disputed and verdict.conflicts):
            loser = {
                "expired_at": now,
                "superseded_by": fact.uuid,
                "verify_status": VerifyStatus.CONTRADICTED,
            }
            return {"supersedes": fact.supersedes or old.uuid}, [_change(old, loser)]
        return {}, []

    def _chain(self, fact: Fact) -> list[Fact]:
        stored = self.s.store.history(fact.group_id, fact.subject_key, fact.predicate)
        return [
            f
            for f in stored
            if f.scope == fact.scope and f.expired_at is None and f.uuid != fact.uuid
        ]

    def _undispute(self, old: Fact, others: dict[str, Fact], rejected: Fact) -> Change | None:
        rivals = [f for f in others.values() if f.uuid not in (old.uuid, rejected.uuid)]
        rules = rules_of(self.s.table, old)
        if any(classify(old, r, rules).action is WriteEvent.KEEP_BOTH for r in rivals):
            return None
        return _change(old, {"disputed": False, "verify_status": VerifyStatus.UNVERIFIED})

    def _execute(
        self,
        group: str,
        fact: Fact,
        own: dict[str, Any],
        changes: list[Change],
        kind: Any,
        now: Any,
    ) -> dict[str, Any]:
        planned = Planned(fact.uuid, tuple(_effective([_change(fact, own), *changes])))
        if planned.changes:
            in_unit(self.s.store, now, lambda uow: execute(uow, group, planned, kind))
        touched = self.s.store.get_facts(group, [c.uuid for c in planned.changes] or [fact.uuid])
        return {"executed": bool(planned.changes), "facts": [fact_view(f) for f in touched]}

    def _undo_action(self, group: str, fact: Fact, action: ActionRecord, now: Any) -> list[Change]:
        changes = [change_from_json(c) for c in action.changes]
        records = {f.uuid: f for f in self.s.store.get_facts(group, [c.uuid for c in changes])}
        for change in changes:
            _unchanged_since(records.get(change.uuid), change)
        undo = [c for c in revert(changes) if c.after]
        if action.created:
            undo.append(_change(records.get(fact.uuid, fact), {"expired_at": now}))
        return undo

    def _undo_plain_write(self, fact: Fact, now: Any) -> list[Change]:
        """A write that changed nothing else: expire its record, unless something later
        changed the record (only later actions supersede, close or dispute it)."""
        if fact.expired_at is not None:
            raise ConflictError(f"fact {fact.uuid} is already expired", details={"id": fact.uuid})
        if fact.superseded_by is not None or fact.invalidated_at is not None or fact.disputed:
            raise ConflictError(
                f"fact {fact.uuid} was changed by a later action"
                f"{' (superseded by ' + fact.superseded_by + ')' if fact.superseded_by else ''}: "
                "roll that back first",
                details={"id": fact.uuid, "later": fact.superseded_by},
            )
        return [_change(fact, {"expired_at": now})]


def _apply_undo(
    uow: UnitOfWork, group: str, fact_id: str, undo: list[Change], pending: list[ActionRecord]
) -> None:
    for change in undo:
        uow.change(group, change)
    if pending:
        uow.rolled_back(group, pending[-1].uuid)
    payload = {
        "action": pending[-1].uuid if pending else None,
        "changes": [[c.uuid, sorted(c.after)] for c in undo],
    }
    targets = (fact_id, *(c.uuid for c in undo))
    uow.ledger(group, [LedgerDraft("rollback", targets, payload)])


def _change(fact: Fact, after: dict[str, Any]) -> Change:
    return Change(fact.uuid, after, {name: getattr(fact, name) for name in after})


def _effective(changes: list[Change]) -> list[Change]:
    out = []
    for change in changes:
        after = {k: v for k, v in change.after.items() if change.before.get(k) != v}
        if after:
            out.append(Change(change.uuid, after, {k: change.before[k] for k in after}))
    return out


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
