"""The audit ledger: one SHA-256 hash chain per tenant, covering the records it wrote.

Each entry hashes its own fields together with the previous entry's hash, so a change to any
one entry breaks exactly that link and `verify` names it (a plain log could only say that
*something* changed). Entries carry ids and digests, never content, so erasing a user's data
leaves the chain verifiable.

Each entry also commits to the digest of every fact and episode its transaction wrote, in the
state the store then held (`records`: `kind:id:digest`, `-` for an erased record). `walk`
keeps the latest digest of each record; `check_records` compares them with the records read
back from the store, so a record edited or deleted behind the service's back is located with
the entry that last wrote it. A chain cut at its end (or deleted) still verifies on its own:
`Head` (`length:hash` of the last entry, kept outside the store) catches that.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from graph.domain import jsontext
from graph.domain.errors import InvalidInput
from graph.domain.model import Episode, Fact, LedgerEntry, LedgerVerdict

GENESIS_HASH = "0" * 64
ERASED = "-"
RecordKey = tuple[str, str]  # kind ("fact" | "episode"), id
_NOT_DIGESTED = frozenset({"fact_embedding"})  # derived from the text, re-made on model change


@dataclass(frozen=True)
class LedgerDraft:
    """An action to be chained: what happened, to which records, with which (hashed) payload."""

    action: str
    target_ids: tuple[str, ...] = ()
    payload: Mapping[str, Any] = field(default_factory=dict)
    records: tuple[str, ...] = ()


@dataclass(frozen=True)
class Head:
    """A chain's length and last hash, `length:hash`: what a truncated chain cannot fake."""

    length: int
    hash: str

    @classmethod
    def parse(cls, text: str) -> Head:
        length, _, digest = text.strip().partition(":")
        if not length.isdigit() or len(digest) != 64 or digest.strip("0123456789abcdef"):
            raise InvalidInput(
                "expected head must be 'length:hash' (a count and 64 hex digits)",
                field="expect_head",
            )
        return cls(int(length), digest)

    def __str__(self) -> str:
        return f"{self.length}:{self.hash}"


def record_digest(record: Fact | Episode) -> str:
    """SHA-256 of a record's stored fields (the embedding aside), canonical JSON. Fields at
    their default are left out, so a field added by a later version (with a default) does
    not change the digest of a record written before it."""
    data = record.model_dump(mode="json", exclude=set(_NOT_DIGESTED), exclude_defaults=True)
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


def record_line(kind: str, record_id: str, digest: str) -> str:
    return f"{kind}:{record_id}:{digest}"


def parse_record_line(line: str) -> tuple[RecordKey, str]:
    kind, _, rest = line.partition(":")
    record_id, _, digest = rest.rpartition(":")
    return (kind, record_id), digest


def canonical_json(value: Any) -> str:
    """Deterministic JSON: sorted keys, no spaces, datetimes as ISO 8601."""
    return _canonical(value)


def payload_digest(payload: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical_json(dict(payload)).encode("utf-8")).hexdigest()


def entry_hash(
    *,
    group_id: str,
    seq: int,
    prev_hash: str,
    action: str,
    target_ids: Sequence[str],
    digest: str,
    at: datetime | str,
    records: Sequence[str] = (),
) -> str:
    """`at` is a time, or its `isoformat()` (what canonical JSON writes for it: the same
    hash; `chain` writes one time into every entry it makes, and formats it once)."""
    body: dict[str, Any] = {
        "group_id": group_id,
        "seq": seq,
        "prev_hash": prev_hash,
        "action": action,
        "target_ids": list(target_ids),
        "payload_digest": digest,
        "at": at,
    }
    if records:  # entries made before records were covered keep their hash
        body["records"] = list(records)
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def chain(
    group_id: str, head: LedgerEntry | None, drafts: Sequence[LedgerDraft], at: datetime
) -> list[LedgerEntry]:
    """The entries that extend `head` (None: an empty chain) with `drafts`, in order. `at` is
    hashed and kept in UTC, as the stores read it back: hashed with a clock's own offset,
    the entry would not verify against its stored copy."""
    at = at.astimezone(UTC)
    stamp = at.isoformat()
    seq = head.seq if head else 0
    prev = head.hash if head else GENESIS_HASH
    entries: list[LedgerEntry] = []
    for draft in drafts:
        seq += 1
        digest = payload_digest(draft.payload)
        link = entry_hash(
            group_id=group_id,
            seq=seq,
            prev_hash=prev,
            action=draft.action,
            target_ids=draft.target_ids,
            digest=digest,
            at=stamp,
            records=draft.records,
        )
        entries.append(
            LedgerEntry(
                group_id=group_id,
                seq=seq,
                prev_hash=prev,
                hash=link,
                action=draft.action,
                target_ids=tuple(draft.target_ids),
                payload_digest=digest,
                at=at,
                records=tuple(draft.records),
            )
        )
        prev = link
    return entries


def check_entry(entry: LedgerEntry, expected_seq: int, expected_prev: str) -> str | None:
    """Why `entry` does not verify at this position, or None when it does."""
    if entry.seq != expected_seq:
        return f"expected seq {expected_seq}, found {entry.seq}"
    if entry.prev_hash != expected_prev:
        return "prev_hash does not match the previous entry's hash"
    recomputed = entry_hash(
        group_id=entry.group_id,
        seq=entry.seq,
        prev_hash=entry.prev_hash,
        action=entry.action,
        target_ids=entry.target_ids,
        digest=entry.payload_digest,
        at=entry.at,
        records=entry.records,
    )
    if recomputed != entry.hash:
        return "hash does not match the entry's contents"
    return None


@dataclass
class Walk:
    """A walked chain: its verdict, and the latest digest of every record it covers."""

    verdict: LedgerVerdict
    covered: dict[RecordKey, tuple[str, int]] = field(default_factory=dict)  # -> digest, seq


def verify(entries: Iterable[LedgerEntry], expected: Head | None = None) -> LedgerVerdict:
    """Walk a chain in seq order; report the first entry that does not verify."""
    return walk(entries, expected).verdict


def walk(entries: Iterable[LedgerEntry], expected: Head | None = None) -> Walk:
    """Check every link (and the expected head), collecting the records the chain covers."""
    out = Walk(LedgerVerdict(ok=True, length=0))
    last, at_expected = GENESIS_HASH, None
    for length, entry in enumerate(entries, start=1):
        problem = check_entry(entry, length, last)
        if problem is not None:
            out.verdict = LedgerVerdict(
                ok=False, length=length, first_bad_seq=length, reason=problem
            )
            return out
        _cover(out.covered, entry)
        last = entry.hash
        at_expected = last if expected and length == expected.length else at_expected
        out.verdict = LedgerVerdict(ok=True, length=length)
    length = out.verdict.length
    out.verdict = _against_head(length, Head(length, last), at_expected, expected)
    return out


def _cover(covered: dict[RecordKey, tuple[str, int]], entry: LedgerEntry) -> None:
    if entry.action == "erase" and entry.target_ids == (entry.group_id,):
        covered.clear()  # the whole tenant was erased
    for line in entry.records:
        key, digest = parse_record_line(line)
        covered[key] = (digest, entry.seq)


def _against_head(
    length: int, head: Head, at_expected: str | None, expected: Head | None
) -> LedgerVerdict:
    verdict = LedgerVerdict(ok=True, length=length, head=str(head))
    if expected is None or expected.length == 0:
        return verdict
    if length < expected.length:
        reason = f"chain truncated: {length} entries, the expected head has {expected.length}"
        bad = length + 1
    elif at_expected != expected.hash:
        reason = f"entry {expected.length} differs from the expected head"
        bad = expected.length
    else:
        return verdict
    return verdict.model_copy(update={"ok": False, "first_bad_seq": bad, "reason": reason})


def check_records(walked: Walk, stored: Mapping[RecordKey, str]) -> LedgerVerdict:
    """Compare the covered records' digests with the stored ones (`stored`: key -> digest of
    the record as read now; a key absent: no such record). The earliest entry wins."""
    verdict = walked.verdict
    if not verdict.ok:
        return verdict
    for (kind, record_id), (digest, seq) in sorted(walked.covered.items(), key=_by_seq):
        now = stored.get((kind, record_id))
        problem = _record_problem(kind, record_id, digest, now, seq)
        if problem is not None:
            return verdict.model_copy(
                update={
                    "ok": False,
                    "first_bad_seq": seq,
                    "reason": problem,
                    "record": f"{kind}:{record_id}",
                }
            )
    return verdict


def _by_seq(item: tuple[RecordKey, tuple[str, int]]) -> int:
    return item[1][1]


def _record_problem(
    kind: str, record_id: str, digest: str, now: str | None, seq: int
) -> str | None:
    if digest == ERASED:
        return None if now is None else f"{kind} {record_id} erased by entry {seq} is present"
    if now is None:
        return f"{kind} {record_id} written by entry {seq} is missing"
    if now != digest:
        return f"{kind} {record_id} differs from what entry {seq} wrote"
    return None


def _iso(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


_canonical = jsontext.encoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_iso
)
"""What `json.dumps` with these arguments makes, by an encoder made once (a batch hashes a few
canonical texts per record it writes: `graph.domain.jsontext`)."""
