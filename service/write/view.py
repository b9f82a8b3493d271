"""The facts as one transaction sees them: the store's records plus the pending changes of the
unit of work that holds the view (`service.write.uow`: `uow.facts`).

    tx.facts ──reads──> FactView ──── records by uuid, with the unit's pending changes
                          holder(signature)  aligned(fact)  chain(fact)     (what the judge reads)
                          add(fact)  change(group, Change)                  (what it decided)

One map holds every record the view has seen (stored ones as read, then changed; new ones);
the signature and alignment indexes hold only uuids, so a change is made in one place and every
read sees it. A dry run uses a `FactView` over a read transaction and never writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graph.domain.conflicts import PredicateRules
from graph.domain.enums import Cardinality
from graph.domain.model import Fact
from graph.domain.resolution import Change
from graph.domain.signature import successor_signature
from graph.domain.timerules import is_current
from graph.ports.facts import AlignmentKey, FactPatch, FactReads

Key = tuple[str, str, str]  # group, subject_key, predicate
Valued = tuple[Key, str, str]  # a key, a value_key and a scope
SIGNATURE_ROUND = 16


def key_of(fact: Fact) -> Key:
    return (fact.group_id, fact.subject_key, fact.predicate)


def _round_from(signature: str) -> list[str]:
    out = [signature]
    for _ in range(SIGNATURE_ROUND - 1):
        out.append(successor_signature(out[-1]))
    return out


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

    def __init__(self, reads: FactReads, now: datetime, *, narrow: bool = False) -> None:
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
        stored = self.reads.history(fact.group_id, fact.subject_key, fact.predicate)
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
        found = self.reads.by_signatures(group, missing)
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
        for fact in self.reads.aligned(group, wanted, self.now):
            self._keys.setdefault(key_of(fact), {})[self._adopt(fact).uuid] = None
        self._loaded |= keys
        self._valued |= set(by_value)
