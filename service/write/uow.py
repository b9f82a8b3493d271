"""The write-side unit of work: one transaction's view of the facts, and its staged writes.

    store tx ──reads──> FactView ──────────── records by uuid, with this unit's pending changes
                          │  holder(signature)  aligned(fact)  chain(fact)     (what judge reads)
                          │  add(fact)  change(group, Change)                  (what judge decided)
                          ▼
                       UnitOfWork ── stages episodes, candidates, actions, ledger entries,
                          │          receipts, operation and candidate updates, and copies
                          │          (restore, migration: records written as they were made)
                          ▼
                       commit(): flushes everything into the transaction, in one order

    with UnitOfWork(tx, now) as uow:
        ...judge statements against uow, stage their effects...
        uow.commit()

One map holds every record the unit has seen (stored ones as read, then changed; new ones);
the signature and alignment indexes hold only uuids, so a change is made in one place and every
read sees it. A dry run uses a `FactView` over a read transaction and never commits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from datetime import datetime
from types import TracebackType
from typing import Any, TypeVar

from graph.domain import ledger
from graph.domain.conflicts import PredicateRules
from graph.domain.enums import Cardinality
from graph.domain.model import (
    ActionRecord,
    Candidate,
    Entity,
    Episode,
    Fact,
    LedgerEntry,
    Operation,
)
from graph.domain.resolution import Change
from graph.domain.signature import successor_signature
from graph.domain.timerules import is_current
from graph.ports.facts import AlignmentKey, FactPatch
from graph.ports.store import Store, StoreReads, StoreTx

Key = tuple[str, str, str]  # group, subject_key, predicate
Valued = tuple[Key, str, str]  # a key, a value_key and a scope
Stage = Callable[[str], AbstractContextManager[None]]
SIGNATURE_ROUND = 16
T = TypeVar("T")


def key_of(fact: Fact) -> Key:
    return (fact.group_id, fact.subject_key, fact.predicate)


def _round_from(signature: str) -> list[str]:
    out = [signature]
    for _ in range(SIGNATURE_ROUND - 1):
        out.append(successor_signature(out[-1]))
    return out


def _no_stage(_: str) -> AbstractContextManager[None]:
    return nullcontext()


@dataclass(frozen=True)
class Claim:
    """Where a statement's signature chain ends: the current holder, or the first free
    signature (the statement's own, or a successor when earlier holders are not current)."""

    signature: str
    holder: Fact | None


def _settled_order(fact: Fact) -> tuple[datetime, datetime, str]:
    """The order the judge sees aligned records in: by event time, then ingestion, then text;
    exact ties keep the order first seen (store order, then this unit's additions). Never the
    order of a hash set or of a backend's scan, which differ between processes and stores."""
    return fact.valid_at, fact.created_at, fact.fact


def _valued(fact: Fact) -> Valued:
    return key_of(fact), fact.value_key, fact.scope


def _bears_on(record: Fact, fact: Fact) -> bool:
    return record.value_key == fact.value_key or record.scope != fact.scope


class FactView:
    """The facts as one transaction sees them: the store's records plus its pending changes.

    `narrow`: judge a plain statement of a multi-valued predicate against only the records
    bearing on its value (see `bearing`); the write does, the dry run lists every record."""

    def __init__(self, reads: StoreReads, now: datetime, *, narrow: bool = False) -> None:
        self.reads, self.now, self.narrow = reads, now, narrow
        self._records: dict[str, Fact] = {}
        self._new: dict[str, None] = {}  # uuids of new records, in insertion order
        self._patches: dict[str, tuple[str, dict[str, Any]]] = {}  # uuid -> (group, after)
        self._signatures: dict[tuple[str, str], str | None] = {}  # -> holder uuid
        self._keys: dict[Key, dict[str, None]] = {}  # uuids, in the order first seen
        self._loaded: set[Key] = set()
        self._valued: set[Valued] = set()  # loaded by value only (see `bearing`)

    # -- reads -----------------------------------------------------------------------------

    def load(self, facts: Sequence[Fact], valued: Sequence[Fact] = ()) -> None:
        """Prefetch the signatures of `facts` and `valued`, the aligned records of `facts` and
        the records bearing on the values of `valued` (see `bearing`): two queries per tenant."""
        for group in dict.fromkeys(f.group_id for f in [*facts, *valued]):
            mine = [f for f in facts if f.group_id == group]
            theirs = [f for f in valued if f.group_id == group]
            self._look_up(group, [f.signature for f in [*mine, *theirs]])
            wanted = {k for k in map(key_of, mine) if k not in self._loaded}
            by_value = [f for f in theirs if key_of(f) not in wanted | self._loaded]
            self._fetch_aligned(group, wanted, by_value)

    def claim(self, fact: Fact) -> Claim:
        """Walk the statement's signature chain to its current holder or its first free link.
        No length limit: a value re-stated any number of times stays writable; past the first
        link, the chain is read in rounds of `SIGNATURE_ROUND` signatures per query."""
        group, signature = fact.group_id, fact.signature
        while True:
            holder = self.holder(group, signature)
            if holder is None:
                return Claim(signature, None)
            if is_current(holder, self.now):
                return Claim(signature, holder)
            signature = successor_signature(signature)
            self._look_up(group, _round_from(signature))

    def holder(self, group: str, signature: str) -> Fact | None:
        """The record holding `signature`, as this unit sees it (current or not)."""
        self._look_up(group, [signature])
        uuid = self._signatures[(group, signature)]
        return None if uuid is None else self._records[uuid]

    def aligned(self, fact: Fact) -> tuple[Fact, ...]:
        """The current records of the fact's subject and predicate, other than itself."""
        key = key_of(fact)
        if key not in self._loaded:
            self._fetch_aligned(fact.group_id, {key})
        return self._current(fact)

    def narrows(self, rules: PredicateRules, correction: bool) -> bool:
        """Is a statement under `rules` judged against `bearing` records only?"""
        return self.narrow and rules.cardinality is Cardinality.MULTI and not correction

    def bearing(self, fact: Fact) -> tuple[Fact, ...]:
        """The aligned records that can bear on a plain statement of a multi-valued predicate:
        the same value in any scope, and every record of another scope (a scope difference).
        The predicate's other values in its scope coexist with it whatever they are (the judge
        finds no conflict and no effect), so they are not read: a speaker's thousands of
        `said` records would otherwise all be read for each verbatim message."""
        if key_of(fact) not in self._loaded and _valued(fact) not in self._valued:
            self._fetch_aligned(fact.group_id, set(), [fact])
        return tuple(r for r in self._current(fact) if _bears_on(r, fact))

    def holds(self, fact: Fact) -> bool:
        """Does a current record of the fact's subject and predicate hold its value?"""
        return any(r.value_key == fact.value_key for r in self.bearing(fact))

    def _current(self, fact: Fact) -> tuple[Fact, ...]:
        records = (self._records[u] for u in self._keys.get(key_of(fact), {}) if u != fact.uuid)
        return tuple(sorted((r for r in records if is_current(r, self.now)), key=_settled_order))

    def chain(self, fact: Fact) -> tuple[Fact, ...]:
        """Every record of the fact's subject and predicate (stored and new), other than itself."""
        stored = self.reads.facts.history(fact.group_id, fact.subject_key, fact.predicate)
        seen = {f.uuid: self._adopt(f) for f in stored}
        for uuid in self._new:
            record = self._records[uuid]
            if key_of(record) == key_of(fact):
                seen[uuid] = record
        seen.pop(fact.uuid, None)
        return tuple(seen.values())

    def record(self, uuid: str) -> Fact | None:
        return self._records.get(uuid)

    # -- pending changes -------------------------------------------------------------------

    def add(self, fact: Fact) -> None:
        """A new record: seen by every later read of this unit."""
        self._records[fact.uuid] = fact
        self._new[fact.uuid] = None
        self._signatures[(fact.group_id, fact.signature)] = fact.uuid
        self._keys.setdefault(key_of(fact), {})[fact.uuid] = None

    def change(self, group: str, change: Change) -> None:
        """New values for fields of a record, new or stored."""
        if change.uuid not in self._new:
            _, after = self._patches.get(change.uuid, (group, {}))
            self._patches[change.uuid] = (group, {**after, **change.after})
        record = self._records.get(change.uuid)
        if record is not None:
            self._records[change.uuid] = record.model_copy(update=change.after)

    @property
    def new_facts(self) -> list[Fact]:
        return [self._records[u] for u in self._new]

    @property
    def patches(self) -> dict[str, list[FactPatch]]:
        """The merged changes to stored records, per tenant."""
        out: dict[str, list[FactPatch]] = {}
        for uuid, (group, after) in self._patches.items():
            out.setdefault(group, []).append(FactPatch(uuid, after))
        return out

    # -- helpers ---------------------------------------------------------------------------

    def _adopt(self, stored: Fact) -> Fact:
        """A record read from the store, as this unit sees it."""
        seen = self._records.get(stored.uuid)
        if seen is not None:
            return seen
        patch = self._patches.get(stored.uuid)
        record = stored if patch is None else stored.model_copy(update=patch[1])
        self._records[stored.uuid] = record
        return record

    def _look_up(self, group: str, signatures: Sequence[str]) -> None:
        missing = [s for s in dict.fromkeys(signatures) if (group, s) not in self._signatures]
        if not missing:
            return
        found = self.reads.facts.by_signatures(group, missing)
        for signature in missing:
            held = found.get(signature)
            self._signatures[(group, signature)] = None if held is None else self._adopt(held).uuid

    def _fetch_aligned(self, group: str, keys: set[Key], valued: Sequence[Fact] = ()) -> None:
        """The current records of `keys`, and those bearing on the values of `valued`."""
        by_value = {_valued(f): f for f in valued if _valued(f) not in self._valued}
        wanted = [AlignmentKey(subject, predicate) for _, subject, predicate in keys] + [
            AlignmentKey(f.subject_key, f.predicate, f.value_key, f.scope)
            for f in by_value.values()
        ]
        if not wanted:
            return
        for fact in self.reads.facts.aligned(group, wanted, self.now):
            self._keys.setdefault(key_of(fact), {})[self._adopt(fact).uuid] = None
        self._loaded |= keys
        self._valued |= set(by_value)


class UnitOfWork(FactView):
    """The only thing that writes facts, episodes, candidates, actions, ledger entries and
    receipts: staged here, flushed into the transaction by `commit()`."""

    def __init__(self, tx: StoreTx, now: datetime, stage: Stage = _no_stage) -> None:
        super().__init__(tx, now, narrow=True)
        self.tx, self.stage = tx, stage
        self._episodes: list[Episode] = []
        self._candidates: list[Candidate] = []
        self._actions: list[ActionRecord] = []
        self._ledger: dict[str, list[ledger.LedgerDraft]] = {}
        self._ledger_copies: dict[str, list[LedgerEntry]] = {}
        self._receipts: list[Operation] = []
        self._finished: list[Operation] = []
        self._decided: list[Candidate] = []
        self._rolled_back: list[tuple[str, str]] = []
        self._erased: dict[str, dict[str, str]] = {}  # group -> record id -> ledger line
        self.committed = False

    def __enter__(self) -> UnitOfWork:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Leaving without `commit()` writes nothing (the transaction then rolls back)."""

    def entities(self, entities: Sequence[Entity]) -> dict[str, Entity]:
        """Upsert entities now (their stored uuids are needed to link the drafts)."""
        return self.tx.entities.upsert(entities)

    def erase_episodes(self, group: str, uuids: Sequence[str]) -> int:
        """Erase episodes and what was extracted from them now (the count is ledgered, and
        every erased fact and episode is marked erased in the ledger entry)."""
        erased = self._erased.setdefault(group, {})
        for fact in self.tx.facts.of_episodes(group, uuids):
            erased[fact.uuid] = ledger.record_line("fact", fact.uuid, ledger.ERASED)
        for uuid in uuids:
            erased[uuid] = ledger.record_line("episode", uuid, ledger.ERASED)
        return self.tx.erasure.episodes(group, uuids)

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
            self.add(fact)

    def ledger_copies(self, group: str, entries: Sequence[LedgerEntry]) -> None:
        """Ledger entries copied with their own sequence numbers and hashes (a restore),
        appended at commit onto the tenant's head, before any new entry is chained."""
        self._ledger_copies.setdefault(group, []).extend(entries)

    def receipts(self, operations: Sequence[Operation]) -> None:
        self._receipts.extend(operations)

    def queued(self, operation: Operation) -> Operation:
        """Queue an asynchronous operation now; the one already queued under its
        idempotency key when there is one."""
        return self.tx.operations.append(operation)

    def claimed(self, lease_until: datetime, worker: str) -> Operation | None:
        """Lease the next operation to run (the oldest pending, or one whose lease ran out)."""
        return self.tx.operations.claim(self.now, lease_until, worker)

    def erase_group(self, group: str, batch: int) -> int:
        """Erase up to `batch` records of the whole tenant now (a tenant's erasure runs in
        several units so a large one never holds one huge transaction); 0 when none is left."""
        return self.tx.erasure.group(group, batch)

    def finished(self, operation: Operation) -> None:
        self._finished.append(operation)

    def rolled_back(self, group: str, action_uuid: str) -> None:
        self._rolled_back.append((group, action_uuid))

    def commit(self) -> None:
        """Flush every staged write into the transaction (nothing staged, no query)."""
        with self.stage("persist"):
            self._flush_records()
        with self.stage("ledger"):
            self._flush_accounts()
        self.committed = True

    def _flush_records(self) -> None:
        tx = self.tx
        if self._episodes:
            tx.episodes.record(self._episodes)
        if self._candidates:
            tx.candidates.record(self._candidates)
        if self._new:
            tx.facts.record(self.new_facts)
        for group, patches in self.patches.items():
            tx.facts.patch(group, patches)

    def _flush_accounts(self) -> None:
        tx = self.tx
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
        for fact in self.new_facts:
            facts.setdefault(fact.group_id, []).append(fact.uuid)
        for uuid, (group, _) in self._patches.items():
            facts.setdefault(group, []).append(uuid)
        episodes: dict[str, list[str]] = {}
        for episode in self._episodes:
            episodes.setdefault(episode.group_id, []).append(episode.uuid)
        out = {group: dict(lines) for group, lines in self._erased.items()}
        for group, ids in facts.items():
            for fact in self.tx.facts.get(group, ids):
                out.setdefault(group, {})[fact.uuid] = _line("fact", fact)
        for group, ids in episodes.items():
            for stored in self.tx.episodes.get(group, ids):
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


def in_unit(store: Store, now: datetime, work: Callable[[UnitOfWork], T]) -> T:
    """Run `work` in one unit of work over one transaction, and commit it."""

    def transaction(tx: StoreTx) -> T:
        with UnitOfWork(tx, now) as uow:
            out = work(uow)
            uow.commit()
            return out

    return store.transaction(transaction)
