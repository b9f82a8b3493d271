"""The write-side unit of work: the only way a use case writes.

    in_unit(store, now, work)  opens one write transaction and a unit over it, runs work(uow):
        uow.facts      FactView: the records as this unit sees them (its own changes included);
                       add(fact) / change(group, Change) stage what the judge decided
        uow.reads      the transaction's other read roles (episodes, candidates, ...)
        uow.<staging>  episodes, candidates, actions, ledger entries, receipts, finished
                       operations, decided candidates, rolled-back actions, copies: staged
        uow.immediate  the writes whose answer is needed before commit (entities' stored uuids,
                       a queued operation, a lease, an erasure's count): made at once
        uow.commit()   flushes everything staged into the transaction, in one order

Leaving the unit without `commit()` rolls the transaction back, immediate writes included, as
an exception inside it does: nothing of an uncommitted unit is ever stored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from datetime import datetime
from types import TracebackType
from typing import TypeVar

from graph.domain import ledger
from graph.domain.model import (
    ActionRecord,
    Candidate,
    Entity,
    Episode,
    Fact,
    LedgerEntry,
    Operation,
)
from graph.ports.store import Store, StoreReads, StoreTx
from service.write.view import FactView

Stage = Callable[[str], AbstractContextManager[None]]
T = TypeVar("T")


def _no_stage(_: str) -> AbstractContextManager[None]:
    return nullcontext()


class _Uncommitted(Exception):
    """Raised out of a unit left without `commit()`, so its transaction rolls back."""


class Immediate:
    """Writes made into the transaction at once, because the unit needs their answer before it
    commits; they roll back with the unit all the same."""

    def __init__(self, tx: StoreTx, now: datetime, erased: dict[str, dict[str, str]]) -> None:
        self._tx, self._now, self._erased = tx, now, erased

    def upsert_entities(self, entities: Sequence[Entity]) -> dict[str, Entity]:
        """The stored entity of every normalised name (their uuids link the drafts)."""
        return self._tx.entities.upsert(entities)

    def queue(self, operation: Operation) -> Operation:
        """Queue an asynchronous operation; the one already queued under its idempotency key
        when there is one."""
        return self._tx.operations.append(operation)

    def claim(self, lease_until: datetime, worker: str) -> Operation | None:
        """Lease the next operation to run (the oldest pending, or one whose lease ran out)."""
        return self._tx.operations.claim(self._now, lease_until, worker)

    def erase_episodes(self, group: str, uuids: Sequence[str]) -> int:
        """Erase episodes and what was extracted from them (the count is ledgered, and every
        erased fact and episode is marked erased in the unit's ledger entry)."""
        erased = self._erased.setdefault(group, {})
        for fact in self._tx.facts.of_episodes(group, uuids):
            erased[fact.uuid] = ledger.record_line("fact", fact.uuid, ledger.ERASED)
        for uuid in uuids:
            erased[uuid] = ledger.record_line("episode", uuid, ledger.ERASED)
        return self._tx.erasure.episodes(group, uuids)

    def erase_group(self, group: str, batch: int) -> int:
        """Erase up to `batch` records of the whole tenant (a tenant's erasure runs in several
        units so a large one never holds one huge transaction); 0 when none is left."""
        return self._tx.erasure.group(group, batch)


class UnitOfWork:
    """One transaction's view of the facts and its staged writes (see the module's map)."""

    def __init__(self, tx: StoreTx, now: datetime, stage: Stage = _no_stage) -> None:
        self.now, self.stage, self._tx = now, stage, tx
        self.reads: StoreReads = tx
        self.facts = FactView(tx.facts, now, narrow=True)
        self._erased: dict[str, dict[str, str]] = {}  # group -> record id -> ledger line
        self.immediate = Immediate(tx, now, self._erased)
        self._episodes: list[Episode] = []
        self._candidates: list[Candidate] = []
        self._actions: list[ActionRecord] = []
        self._ledger: dict[str, list[ledger.LedgerDraft]] = {}
        self._ledger_copies: dict[str, list[LedgerEntry]] = {}
        self._receipts: list[Operation] = []
        self._finished: list[Operation] = []
        self._decided: list[Candidate] = []
        self._rolled_back: list[tuple[str, str]] = []
        self.committed = False

    def __enter__(self) -> UnitOfWork:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Leaving without `commit()` rolls the transaction back (an exception already does)."""
        if kind is None and not self.committed:
            raise _Uncommitted

    # -- staged ----------------------------------------------------------------------------

    def episodes(self, episodes: Sequence[Episode]) -> None:
        self._episodes.extend(episodes)

    def candidates(self, candidates: Sequence[Candidate]) -> None:
        self._candidates.extend(candidates)

    def decided(self, candidate: Candidate) -> None:
        self._decided.append(candidate)

    def actions(self, actions: Sequence[ActionRecord]) -> None:
        self._actions.extend(actions)

    def ledger(self, group: str, entries: Sequence[ledger.LedgerDraft]) -> None:
        """Ledger entries, chained onto the tenant's head at commit, in staging order."""
        self._ledger.setdefault(group, []).extend(entries)

    def copies(self, facts: Sequence[Fact]) -> None:
        """Records copied as they were made (a restore, a migration), not judged again: they
        were judged where they were made. Every later read of this unit sees them."""
        for fact in facts:
            self.facts.add(fact)

    def ledger_copies(self, group: str, entries: Sequence[LedgerEntry]) -> None:
        """Ledger entries copied with their own sequence numbers and hashes (a restore),
        appended at commit onto the tenant's head, before any new entry is chained."""
        self._ledger_copies.setdefault(group, []).extend(entries)

    def receipts(self, operations: Sequence[Operation]) -> None:
        self._receipts.extend(operations)

    def finished(self, operation: Operation) -> None:
        self._finished.append(operation)

    def rolled_back(self, group: str, action_uuid: str) -> None:
        self._rolled_back.append((group, action_uuid))

    # -- commit ----------------------------------------------------------------------------

    def commit(self) -> None:
        """Flush every staged write into the transaction (nothing staged, no query)."""
        with self.stage("persist"):
            self._flush_records()
        with self.stage("ledger"):
            self._flush_accounts()
        self.committed = True

    def _flush_records(self) -> None:
        tx = self._tx
        if self._episodes:
            tx.episodes.record(self._episodes)
        if self._candidates:
            tx.candidates.record(self._candidates)
        if self.facts.new_facts:
            tx.facts.record(self.facts.new_facts)
        for group, patches in self.facts.patches.items():
            tx.facts.patch(group, patches)

    def _flush_accounts(self) -> None:
        tx = self._tx
        if self._actions:
            tx.actions.record(self._actions)
        for group, action in self._rolled_back:
            tx.actions.mark_rolled_back(group, action, self.now)
        for group, copied in self._ledger_copies.items():
            if copied:
                head = tx.ledger.head(group)
                tx.ledger.append(group, copied, head.seq if head else 0)
        lines = self._record_lines() if self._ledger else {}
        for group, drafts in self._ledger.items():  # restored copies keep their own entries
            entries = _covering(drafts, lines.get(group, {}))
            head = tx.ledger.head(group)
            chained = ledger.chain(group, head, entries, self.now)
            tx.ledger.append(group, chained, head.seq if head else 0)
        if self._receipts:
            tx.operations.record(self._receipts)
        for operation in self._finished:
            tx.operations.finish(operation)
        for candidate in self._decided:
            tx.candidates.update(candidate)

    def _record_lines(self) -> dict[str, dict[str, str]]:
        """Per tenant, `kind:id:digest` of every fact and episode this unit wrote, digested
        as the store now holds it (read back in the transaction), and of those it erased."""
        facts: dict[str, list[str]] = {}
        for fact in self.facts.new_facts:
            facts.setdefault(fact.group_id, []).append(fact.uuid)
        for group, patches in self.facts.patches.items():
            facts.setdefault(group, []).extend(patch.uuid for patch in patches)
        episodes: dict[str, list[str]] = {}
        for episode in self._episodes:
            episodes.setdefault(episode.group_id, []).append(episode.uuid)
        out = {group: dict(lines) for group, lines in self._erased.items()}
        for group, ids in facts.items():
            for fact in self._tx.facts.get(group, ids):
                out.setdefault(group, {})[fact.uuid] = _line("fact", fact)
        for group, ids in episodes.items():
            for stored in self._tx.episodes.get(group, ids):
                out.setdefault(group, {})[stored.uuid] = _line("episode", stored)
        return out


def _line(kind: str, record: Fact | Episode) -> str:
    return ledger.record_line(kind, record.uuid, ledger.record_digest(record))


def _covering(
    drafts: Sequence[ledger.LedgerDraft], lines: dict[str, str]
) -> list[ledger.LedgerDraft]:
    """The drafts, each committing to the records it names; the rest go to the last one."""
    left = dict(lines)
    out = [
        replace(d, records=d.records + tuple(left.pop(i) for i in d.target_ids if i in left))
        for d in drafts
    ]
    if not left or not out:
        return out
    out[-1] = replace(out[-1], records=out[-1].records + tuple(left.values()))
    return out


def committing(work: Callable[[UnitOfWork], T]) -> Callable[[UnitOfWork], T]:
    """A unit of one step: `work`, then `commit()`."""

    def unit(uow: UnitOfWork) -> T:
        out = work(uow)
        uow.commit()
        return out

    return unit


def in_unit(
    store: Store, now: datetime, work: Callable[[UnitOfWork], T], stage: Stage = _no_stage
) -> T:
    """Run `work` in one unit of work over one write transaction and return what it returns.
    The unit is stored when `work` calls `uow.commit()`; without it, or when `work` raises,
    the transaction rolls back and nothing of the unit is stored."""
    done: list[T] = []

    def transaction(tx: StoreTx) -> T:
        done.clear()
        with UnitOfWork(tx, now, stage) as uow:
            done.append(work(uow))
        return done[0]

    try:
        return store.transaction(transaction)
    except _Uncommitted:
        return done[0]
