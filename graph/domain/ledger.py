"""The audit ledger: one SHA-256 hash chain per tenant.

Each entry hashes its own fields together with the previous entry's hash, so a change to any
one entry breaks exactly that link and `verify` names it (a plain log could only say that
*something* changed). Entries carry ids and a digest of the action's payload, never content,
so erasing a user's data leaves the chain verifiable.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graph.domain.model import LedgerEntry, LedgerVerdict

GENESIS_HASH = "0" * 64


@dataclass(frozen=True)
class LedgerDraft:
    """An action to be chained: what happened, to which records, with which (hashed) payload."""

    action: str
    target_ids: tuple[str, ...] = ()
    payload: Mapping[str, Any] = field(default_factory=dict)


def canonical_json(value: Any) -> str:
    """Deterministic JSON: sorted keys, no spaces, datetimes as ISO 8601."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_iso
    )


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
    at: datetime,
) -> str:
    body = {
        "group_id": group_id,
        "seq": seq,
        "prev_hash": prev_hash,
        "action": action,
        "target_ids": list(target_ids),
        "payload_digest": digest,
        "at": at,
    }
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def chain(
    group_id: str, head: LedgerEntry | None, drafts: Sequence[LedgerDraft], at: datetime
) -> list[LedgerEntry]:
    """The entries that extend `head` (None: an empty chain) with `drafts`, in order."""
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
            at=at,
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
    )
    if recomputed != entry.hash:
        return "hash does not match the entry's contents"
    return None


def verify(entries: Iterable[LedgerEntry]) -> LedgerVerdict:
    """Walk a chain in seq order; report the first entry that does not verify."""
    expected_prev = GENESIS_HASH
    length = 0
    for length, entry in enumerate(entries, start=1):
        problem = check_entry(entry, length, expected_prev)
        if problem is not None:
            return LedgerVerdict(ok=False, length=length, first_bad_seq=length, reason=problem)
        expected_prev = entry.hash
    return LedgerVerdict(ok=True, length=length)


def _iso(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")
