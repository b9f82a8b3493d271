"""`palimpsest import` of an export file (`palimpsest export`, `GET /v1/export`): restore a
tenant exactly, streaming.

The file is JSON Lines of `{"kind", "record"}` in the export's order (entities, facts, episodes,
operations, candidates, ledger entries). Records are validated one by one with the domain models
and written in chunks, each chunk one transaction, with the ids, times, chains, embeddings and
ledger hashes they had; nothing is re-extracted or judged again. Each chunk is one unit of work
(`service/write/uow.py`) that stages the records as copies. A line that cannot be restored (not
JSON, unknown kind, invalid record, another tenant's record) is reported with its line number
and reason and the rest goes on. The target tenant must be empty: merging two copies of a
history would not be that history. Afterwards the restored ledger is verified.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from graph.domain.errors import InvalidInput, PalimpsestError
from graph.domain.model import Candidate, Entity, Episode, Fact, LedgerEntry, Operation
from graph.ports.export import EXPORT_KINDS, ExportKind
from graph.ports.store import Store, StoreReads
from service.read.answers import LedgerOut
from service.views import Out
from service.write.uow import UnitOfWork, in_unit

KINDS: dict[str, type[BaseModel]] = {
    "entity": Entity,
    "fact": Fact,
    "episode": Episode,
    "operation": Operation,
    "candidate": Candidate,
    "ledgerentry": LedgerEntry,
}
CHUNK = 500


class Rejected(Out):
    """What could not be restored: a line (`line`), or a chunk of one kind (`kind`, `count`)."""

    model_config = ConfigDict(frozen=True)

    reason: str
    line: int | None = Field(default=None, exclude_if=lambda found: found is None)
    kind: str | None = Field(default=None, exclude_if=lambda found: found is None)
    count: int | None = Field(default=None, exclude_if=lambda found: found is None)


class RestoreOut(Out):
    """What a restore did: records restored per kind, what was rejected, the ledger's verdict."""

    restored: dict[str, int]
    rejected: list[Rejected]
    ledger: LedgerOut


@dataclass
class Report:
    restored: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    rejected: list[Rejected] = field(default_factory=list)


def is_export(first_line: str) -> bool:
    """Whether a file's first line is an export record (`{"kind": ..., "record": {...}}`)."""
    try:
        data = json.loads(first_line)
    except json.JSONDecodeError:
        return False
    return isinstance(data, dict) and set(data) == {"kind", "record"}


def parse(line: str, number: int, group_id: str) -> tuple[str, BaseModel]:
    """One export line as its domain record (InvalidInput naming the line otherwise)."""
    try:
        data = json.loads(line)
        kind, raw = data["kind"], data["record"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise InvalidInput(f"line {number}: not an export record ({exc})") from None
    model = KINDS.get(kind)
    if model is None:
        raise InvalidInput(f"line {number}: unknown kind {kind!r}")
    try:
        record = model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InvalidInput(f"line {number}: {kind}.{where}: {first['msg']}") from None
    if getattr(record, "group_id", None) != group_id:
        raise InvalidInput(f"line {number}: a record of another tenant")
    return kind, record


def restore(
    store: Store,
    group_id: str,
    lines: Iterable[str],
    progress: Callable[[int], None] = lambda _n: None,
    *,
    now: datetime,
) -> RestoreOut:
    """Restore the tenant `group_id` from export lines; `progress(n)` after each line. `now`
    is the restore's time (that of its transactions; the records keep their own)."""
    if not _empty(store, group_id):
        raise InvalidInput(f"tenant {group_id} is not empty; restore into an empty one")
    report = Report()
    for kind, batch in _batches(lines, group_id, report, progress):
        try:
            in_unit(store, now, _writer(group_id, kind, batch))
            report.restored[kind] += len(batch)
        except PalimpsestError as exc:
            report.rejected.append(Rejected(kind=kind, count=len(batch), reason=exc.message))
    verdict = store.verify_ledger(group_id)
    ledger = LedgerOut(ok=verdict.ok, length=verdict.length, first_bad_seq=verdict.first_bad_seq)
    return RestoreOut(restored=report.restored, rejected=report.rejected, ledger=ledger)


def _empty(store: Store, group_id: str) -> bool:
    if store.read(lambda tx: tx.ledger.head(group_id)) is not None:
        return False
    return all(not store.read(_first(group_id, kind)) for kind in EXPORT_KINDS)


def _first(group_id: str, kind: ExportKind) -> Callable[[StoreReads], list[Any]]:
    def read(tx: StoreReads) -> list[Any]:
        return list(tx.export.page(group_id, kind, "", 1))

    return read


def _writer(group_id: str, kind: str, batch: list[Any]) -> Callable[[UnitOfWork], None]:
    def write(uow: UnitOfWork) -> None:
        _write(uow, group_id, kind, batch)
        uow.commit()

    return write


def _batches(
    lines: Iterable[str], group_id: str, report: Report, progress: Callable[[int], None]
) -> Iterator[tuple[str, list[Any]]]:
    """Runs of one kind, at most CHUNK long, in file order."""
    kind, batch = "", list[Any]()
    for number, line in enumerate(lines, start=1):
        progress(1)
        if not line.strip():
            continue
        try:
            found, record = parse(line, number, group_id)
        except InvalidInput as exc:
            report.rejected.append(Rejected(line=number, reason=exc.message))
            continue
        if batch and (found != kind or len(batch) >= CHUNK):
            yield kind, batch
            batch = []
        kind = found
        batch.append(record)
    if batch:
        yield kind, batch


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
