"""`palimpsest import` of an export file (`palimpsest export`, `GET /v1/export`): restore a
tenant exactly, streaming; the restore is a write path, and the file is untrusted input.

The file is JSON Lines of `{"kind", "record"}` in the export's order (entities, facts, episodes,
operations, candidates, ledger entries). It is read twice. The first pass reads the file's
ledger and verifies its chain: the entries up to the first that does not verify are the ones
restored, and they say which facts and episodes the file may hold (`graph.domain.ledger.walk`:
each record's latest digest). The second pass checks every line as a live write is checked
(`service/tenancy/lines.py`: size, depth, encoding, limits, the tenant of every id, only
finished operations) and requires every fact and episode to be covered, as it is, by a ledger
entry of the file; records are then written in chunks, each chunk one transaction (one unit of
work, `service/write/uow.py`, staging the records as copies, with the ids, times, chains,
embeddings and ledger hashes they had; nothing is re-extracted or judged again). A line that
cannot be restored is reported with its number and reason and the rest goes on; a chunk the
store refuses is written again line by line, so one bad line never drops its neighbours. The
target tenant must hold no records: merging two copies of a history would not be that history.
Afterwards the restored ledger is verified and its head reported, to compare with the head the
export was taken under. Restored as another tenant (`rename`), every record is re-keyed after
its checks and the target's ledger starts afresh (`service/tenancy/rekey.py`). A tenant that was
erased keeps its ledger (the erasure's tombstone) and so stays restorable: its chain is
continued, not replaced. Whenever the file's ledger entries cannot be the target's (another
tenant, or a chain the target already has), they are verified and not copied, and one `restore`
entry per chunk covers what it wrote.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from graph.domain import ledger
from graph.domain.errors import InvalidInput, PalimpsestError, StoreUnavailable
from graph.domain.ledger import Head, LedgerDraft
from graph.domain.model import Episode, Fact, LedgerEntry
from graph.ports.export import EXPORT_KINDS, ExportKind
from graph.ports.store import Store, StoreReads
from service.read.answers import LedgerOut
from service.tenancy.lines import KINDS, LineRules, parse, read_json
from service.tenancy.rekey import FileIds, Rekey, Rename
from service.views import Out
from service.write.uow import UnitOfWork, in_unit

CHUNK = 500
Lines = Callable[[], Iterable[str | bytes]]
"""The file's lines, from the start, each time it is called (the restore reads it twice)."""
Numbered = tuple[int, Any]


class Rejected(Out):
    """What could not be restored: a line (`line`) and why."""

    model_config = ConfigDict(frozen=True)

    reason: str
    line: int | None = Field(default=None, exclude_if=lambda found: found is None)


class RenamedOut(Out):
    """A restore as another tenant: the file's tenant and the ledger head it was verified
    under (`length:hash`), and the tenant it was restored as."""

    model_config = ConfigDict(frozen=True)

    from_group: str
    to_group: str
    source_head: str | None


class ContinuedOut(Out):
    """A restore into a tenant that was erased: the chain it continued (`after`, its head
    before the restore, `length:hash`) and the file's verified head (`source_head`)."""

    model_config = ConfigDict(frozen=True)

    after: str
    source_head: str | None


class RestoreOut(Out):
    """What a restore did: records restored per kind, what was rejected, the ledger's verdict
    and head (`ledger.head`, `length:hash`); `renamed` when restored as another tenant (the
    file's ledger entries are then verified, not copied: `ledgerentry` is 0 and `ledger.length`
    counts the target's new `restore` entries)."""

    restored: dict[str, int]
    rejected: list[Rejected]
    ledger: LedgerOut
    renamed: RenamedOut | None = Field(default=None, exclude_if=lambda found: found is None)
    continued: ContinuedOut | None = Field(default=None, exclude_if=lambda found: found is None)


@dataclass
class Report:
    restored: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    rejected: list[Rejected] = field(default_factory=list)

    def reject(self, number: int, reason: str) -> None:
        self.rejected.append(Rejected(line=number, reason=reason))


@dataclass
class FileChain:
    """The file's ledger entries that verify as a chain, and the records they cover."""

    entries: dict[int, LedgerEntry]
    covered: dict[ledger.RecordKey, tuple[str, int]]
    problem: str | None = None

    @property
    def head(self) -> Head | None:
        last = self.entries.get(len(self.entries))
        return Head(last.seq, last.hash) if last else None


@dataclass(frozen=True)
class Target:
    """Where the records go: the file's tenant, or another one (`rekey`); `after`, the head
    of the chain an erased target already has."""

    group_id: str
    rekey: Rekey | None = None
    source_head: Head | None = None
    after: Head | None = None

    @property
    def own_chain(self) -> bool:
        """Whether the target's ledger gets `restore` entries instead of the file's."""
        return self.rekey is not None or self.after is not None


def is_export(first_line: str) -> bool:
    """Whether a file's first line is an export record (`{"kind": ..., "record": {...}}`)."""
    try:
        data = read_json(first_line, 1, LineRules(group_id="-"))
    except InvalidInput:
        return False
    return isinstance(data, dict) and set(data) == {"kind", "record"}


def restore(
    store: Store,
    group_id: str,
    lines: Lines,
    progress: Callable[[int], None] = lambda _n: None,
    *,
    now: datetime,
    max_chars: int = 200_000,
    rename: Rename | None = None,
) -> RestoreOut:
    """Restore the tenant `group_id` from export lines (as `rename.target`, when given);
    `progress(n)` after each line of the second pass. `now` is the restore's time (that of
    its transactions; the records keep their own); `max_chars` the write path's limit."""
    if rename is not None and rename.source.group_id != group_id:
        raise InvalidInput("the rename's source is not the file's tenant", field="user_id")
    rules = LineRules(group_id=group_id, max_chars=max_chars)
    into = rename.target.group_id if rename is not None else group_id
    after = _chain_only(store, into)
    ids = FileIds(rename) if rename is not None else None
    chain = file_chain(lines(), rules, ids.see if ids is not None else _unused)
    target = Target(into, ids.rekey() if ids is not None else None, chain.head, after)
    report = Report()
    for kind, batch in _batches(lines(), rules, chain, report, progress):
        _store(store, now, target, kind, _prepared(batch, target), report)
    verdict = LedgerOut.model_validate(store.verify_ledger(target.group_id).model_dump())
    return RestoreOut(
        restored=report.restored,
        rejected=report.rejected,
        ledger=verdict,
        renamed=_renamed(target),
        continued=_continued(target),
    )


def _prepared(batch: list[Numbered], target: Target) -> list[Numbered]:
    """The batch as the target stores it: re-keyed for another tenant, and without the file's
    ledger entries when the target keeps its own chain."""
    if not target.own_chain:
        return batch
    rekey = target.rekey
    return [
        (n, rekey.record(r) if rekey is not None else r)
        for n, r in batch
        if not isinstance(r, LedgerEntry)
    ]


def _renamed(target: Target) -> RenamedOut | None:
    if target.rekey is None:
        return None
    head = target.source_head
    return RenamedOut(
        from_group=target.rekey.rename.source.group_id,
        to_group=target.group_id,
        source_head=str(head) if head else None,
    )


def _continued(target: Target) -> ContinuedOut | None:
    if target.after is None:
        return None
    head = target.source_head
    return ContinuedOut(after=str(target.after), source_head=str(head) if head else None)


def _unused(_line: str | bytes) -> None:
    return None


def file_chain(
    lines: Iterable[str | bytes],
    rules: LineRules,
    see: Callable[[str | bytes], None] = _unused,
) -> FileChain:
    """The first pass: the file's ledger entries in order (an exact repeat skipped), walked
    as a chain; those before the first that does not verify, and what they cover. `see`
    gets every line too (a restore as another user collects the file's ids)."""
    entries: list[LedgerEntry] = []
    hashes: dict[int, str] = {}
    for number, line in enumerate(lines, start=1):
        see(line)
        entry = _ledger_entry(line, number, rules)
        if entry is None or hashes.get(entry.seq) == entry.hash:
            continue
        hashes.setdefault(entry.seq, entry.hash)
        entries.append(entry)
    walked = ledger.walk(entries)
    good = walked.verdict.length - (0 if walked.verdict.ok else 1)
    kept = {entry.seq: entry for entry in entries[:good]}
    return FileChain(kept, walked.covered, walked.verdict.reason)


def _ledger_entry(line: str | bytes, number: int, rules: LineRules) -> LedgerEntry | None:
    marker: str | bytes = b"ledgerentry" if isinstance(line, bytes) else "ledgerentry"
    if marker not in line:  # type: ignore[operator]
        return None  # not a ledger entry: no need to validate it twice
    try:
        _kind, record = parse(line, number, rules)
    except InvalidInput:
        return None  # reported by the second pass
    return record if isinstance(record, LedgerEntry) else None


def _chain_only(store: Store, group_id: str) -> Head | None:
    """The head of the target's ledger (None for a tenant never written); InvalidInput when
    the target holds any record beside its ledger (an erased tenant holds none)."""
    if any(store.read(_first(group_id, kind)) for kind in EXPORT_KINDS):
        raise InvalidInput(f"tenant {group_id} is not empty; restore into an empty one")
    last = store.read(lambda tx: tx.ledger.head(group_id))
    return Head(last.seq, last.hash) if last is not None else None


def _first(group_id: str, kind: ExportKind) -> Callable[[StoreReads], list[Any]]:
    def read(tx: StoreReads) -> list[Any]:
        return list(tx.export.page(group_id, kind, "", 1))

    return read


def _batches(
    lines: Iterable[str | bytes],
    rules: LineRules,
    chain: FileChain,
    report: Report,
    progress: Callable[[int], None],
) -> Iterator[tuple[str, list[Numbered]]]:
    """Runs of one kind, at most CHUNK long, in file order, of the lines that pass."""
    kind, batch, seen = "", list[Numbered](), dict[tuple[str, str], int]()
    for number, line in enumerate(lines, start=1):
        progress(1)
        if not line.strip():
            continue
        try:
            found, record = parse(line, number, rules)
            _check(found, record, number, chain, seen)
        except InvalidInput as exc:
            report.reject(number, exc.message)
            continue
        if batch and (found != kind or len(batch) >= CHUNK):
            yield kind, batch
            batch = []
        kind = found
        batch.append((number, record))
    if batch:
        yield kind, batch


def _check(
    kind: str, record: BaseModel, number: int, chain: FileChain, seen: dict[tuple[str, str], int]
) -> None:
    """InvalidInput when a valid line still cannot be restored: an id the file already
    restored, a ledger entry after the chain broke, a fact or episode no entry covers."""
    key = (kind, _id(record))
    if key in seen:
        raise InvalidInput(f"line {number}: {kind} {key[1]} repeats line {seen[key]}")
    seen[key] = number
    if isinstance(record, LedgerEntry):
        kept = chain.entries.get(record.seq)
        if kept is None or kept.hash != record.hash:
            raise InvalidInput(
                f"line {number}: ledger entry {record.seq} is not part of the file's verified"
                f" chain ({chain.problem or 'another entry holds its place'})"
            )
    elif isinstance(record, Fact | Episode):
        problem = _coverage_problem(kind, record, chain)
        if problem is not None:
            raise InvalidInput(f"line {number}: {problem}")


def _id(record: BaseModel) -> str:
    if isinstance(record, LedgerEntry):
        return str(record.seq)
    return str(getattr(record, "uuid", None) or getattr(record, "event_id", ""))


def _coverage_problem(kind: str, record: Fact | Episode, chain: FileChain) -> str | None:
    covered = chain.covered.get((kind, record.uuid))
    if covered is None:
        return f"{kind} {record.uuid} is not covered by any ledger entry of the file"
    digest, seq = covered
    if digest == ledger.ERASED:
        return f"{kind} {record.uuid} was erased by ledger entry {seq}"
    if digest != ledger.record_digest(record):
        return f"{kind} {record.uuid} differs from what ledger entry {seq} wrote"
    return None


def _store(
    store: Store, now: datetime, target: Target, kind: str, batch: list[Numbered], report: Report
) -> None:
    """One chunk in one transaction; refused, again line by line (one bad line is rejected
    with its reason, its neighbours restored). An outage ends the restore (nothing of the
    failed chunk is written; the report says how far it got)."""
    if not batch:
        return
    try:
        in_unit(store, now, _writer(target, kind, [record for _, record in batch]))
    except StoreUnavailable:
        raise
    except PalimpsestError as exc:
        if len(batch) == 1:
            report.reject(batch[0][0], f"line {batch[0][0]}: {exc.message}")
            return
        for one in batch:
            _store(store, now, target, kind, [one], report)
        return
    report.restored[kind] += len(batch)


def _writer(target: Target, kind: str, batch: list[Any]) -> Callable[[UnitOfWork], None]:
    def write(uow: UnitOfWork) -> None:
        _write(uow, target.group_id, kind, batch)
        if target.own_chain and kind in ("fact", "episode"):
            uow.ledger(target.group_id, [_restore_entry(target, kind, len(batch))])
        uow.commit()

    return write


def _restore_entry(target: Target, kind: str, count: int) -> LedgerDraft:
    """The entry of a chunk restored onto the target's own chain: the unit of work adds the
    records it wrote."""
    source = target.rekey.rename.source.group_id if target.rekey else target.group_id
    head = str(target.source_head) if target.source_head else None
    return LedgerDraft("restore", (), {"from": source, "head": head, "kind": kind, "count": count})


def _write(uow: UnitOfWork, group_id: str, kind: str, batch: list[Any]) -> None:
    if kind == "entity":
        uow.immediate.upsert_entities(batch)
    elif kind == "fact":
        uow.copies(batch)
    elif kind == "episode":
        uow.episodes(batch)
    elif kind == "operation":
        uow.receipts(batch)
    elif kind == "candidate":
        uow.candidates(batch)
    else:
        uow.ledger_copies(group_id, batch)
