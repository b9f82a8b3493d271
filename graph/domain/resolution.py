"""What verdicts do: which event a write reports and which fields change on which records.

Pure functions over records. Every change is a `Change` with the before-image of the fields it
touches, so any executed action can be rolled back exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from pydantic import JsonValue

from graph.domain.conflicts import Finding, told_since
from graph.domain.enums import ConflictType, VerifyStatus, WriteEvent
from graph.domain.model import Fact

DISPUTE_CONFIDENCE_FACTOR = 0.8

FieldValue = str | bool | float | datetime | VerifyStatus | None
Fields = dict[str, FieldValue]  # values of a record's fields, by field name


@dataclass(frozen=True)
class Decision:
    """The outcome for one new record against all its aligned records."""

    event: WriteEvent
    verdicts: tuple[Finding, ...]
    execute: tuple[Finding, ...]
    write_new: bool
    pending: bool = False


@dataclass(frozen=True)
class Change:
    """New values for some fields of one record, with their values before."""

    uuid: str
    after: Fields
    before: Fields = field(default_factory=dict)


def decide(verdicts: Sequence[Finding], *, manual: bool = False) -> Decision:
    """Aggregate per-record verdicts. A NOOP anywhere means the new record adds nothing."""
    all_ = tuple(verdicts)
    if any(v.action is WriteEvent.NOOP for v in all_):
        return Decision(WriteEvent.NOOP, all_, (), write_new=False)
    updates = tuple(v for v in all_ if v.action is WriteEvent.UPDATE)
    disputes = tuple(v for v in all_ if v.action is WriteEvent.KEEP_BOTH)
    history = tuple(v for v in all_ if v.mode == "history")
    if updates and manual:
        return Decision(WriteEvent.ADD, all_, disputes + history, write_new=True, pending=True)
    if updates:
        return Decision(WriteEvent.UPDATE, all_, updates + disputes + history, write_new=True)
    if disputes:
        return Decision(WriteEvent.KEEP_BOTH, all_, disputes + history, write_new=True)
    return Decision(WriteEvent.ADD, all_, history, write_new=True)


def review(verdicts: Sequence[Finding], records: Mapping[str, Fact]) -> Decision:
    """A reviewer confirmed the new record: its pending updates and its place in history land,
    and every dispute is settled in its favour (a KEEP_BOTH, or any conflict with a record
    already disputed): that record stops being believed. `records`: the verdicts' targets."""
    all_ = tuple(verdicts)
    execute = tuple(_reviewed(v, records[v.target_id]) for v in all_)
    chosen = tuple(v for v in execute if v is not None)
    event = WriteEvent.UPDATE if chosen else WriteEvent.NOOP
    return Decision(event, all_, chosen, write_new=False)


def _reviewed(verdict: Finding, target: Fact) -> Finding | None:
    if verdict.action is WriteEvent.UPDATE or verdict.mode == "history":
        return verdict
    disputing = verdict.conflicts and verdict.conflict_type is not ConflictType.SCOPE_DIFFERENCE
    if verdict.action is WriteEvent.KEEP_BOTH or (target.disputed and disputing):
        return replace(verdict, mode="settle")
    return None


def confirmed_fields() -> Fields:
    """What a reviewer's confirmation makes of the record itself, before its effects."""
    return {"disputed": False, "needs_confirmation": False, "verify_status": VerifyStatus.VERIFIED}


def rejected_fields(now: datetime) -> Fields:
    """What a reviewer's rejection makes of the record: no longer believed, contradicted."""
    return {"expired_at": now, "verify_status": VerifyStatus.CONTRADICTED}


def undisputed_fields() -> Fields:
    """A record whose last dispute a rejection ended."""
    return {"disputed": False, "verify_status": VerifyStatus.UNVERIFIED}


def settle_changes(new: Fact, old: Fact, now: datetime) -> tuple[Fields, Change]:
    """A dispute settled for `new`: `old` stops being believed, contradicted by `new`."""
    after: Fields = {
        "expired_at": now,
        "superseded_by": new.uuid,
        "verify_status": VerifyStatus.CONTRADICTED,
    }
    return {"supersedes": new.supersedes or old.uuid}, _change(old, after)


def update_changes(new: Fact, old: Fact, verdict: Finding, now: datetime) -> tuple[Fields, Change]:
    """An executed UPDATE: the new record's own fields, and the change to the old record."""
    learned = learned_at(now, old)
    if verdict.mode == "expire":
        after: Fields = {"expired_at": learned}
    else:  # a record told later may say its state began before this one's: it closes at its start
        after = {"invalid_at": max(new.valid_at, old.valid_at), "invalidated_at": learned}
    after.update(superseded_by=new.uuid, verify_status=VerifyStatus.SUPERSEDED)
    return {"supersedes": old.uuid}, _change(old, after)


def dispute_changes(new: Fact, old: Fact) -> tuple[Fields, Change]:
    """KEEP_BOTH: both records disputed; the new one less confident and awaiting confirmation.
    A record already disputed keeps its confidence: judging it again changes nothing."""
    own: Fields = {
        "disputed": True,
        "needs_confirmation": True,
        "verify_status": VerifyStatus.CONTRADICTED,
    }
    if not new.disputed:
        own["confidence"] = round(new.confidence * DISPUTE_CONFIDENCE_FACTOR, 4)
    return own, _change(old, {"disputed": True, "verify_status": VerifyStatus.CONTRADICTED})


def insert_into_chain(
    new: Fact, chain: Sequence[Fact], now: datetime
) -> tuple[Fields, list[Change]]:
    """Place a record that predates the current one into its version chain, in event order.

    `chain`: the believed (not expired) records of the same subject, predicate and scope. The
    new record closes at its successor's valid_at, or earlier where it was said to stop ("I
    lived in Rome in 2015" before "I live in Oslo" from 2024 closes at 2016); its predecessor,
    if any, now closes at the new record's valid_at and points to it.
    A record told later that overtakes the new one (`told_since`: it began before the new one
    was told, which said no start) is its successor whatever its valid_at, and the new record
    closes at its own valid_at, as if it had arrived first (docs/write.md, "Told later").
    """
    ordered = _chain_order(chain)
    overtaking = [f for f in ordered if f.valid_at <= new.valid_at and told_since(f, new)]
    before = [] if overtaking else [f for f in ordered if f.valid_at <= new.valid_at]
    after = overtaking[-1:] or [f for f in ordered if f.valid_at > new.valid_at]
    own: Fields = {}
    changes: list[Change] = []
    if after:
        successor = after[0]
        stops = (
            successor.valid_at
            if new.invalid_at is None
            else min(new.invalid_at, successor.valid_at)
        )
        own.update(
            invalid_at=max(new.valid_at, stops),
            invalidated_at=learned_at(now, new, successor),
            superseded_by=successor.uuid,
            verify_status=VerifyStatus.SUPERSEDED,
        )
        changes.append(_change(successor, {"supersedes": new.uuid}))
    if before:
        predecessor = before[-1]
        own["supersedes"] = predecessor.uuid
        changes.append(
            _change(
                predecessor,
                {
                    "invalid_at": new.valid_at,
                    "invalidated_at": learned_at(now, predecessor),
                    "superseded_by": new.uuid,
                    "verify_status": VerifyStatus.SUPERSEDED,
                },
            )
        )
    return own, changes


def _chain_order(chain: Sequence[Fact]) -> list[Fact]:
    """Event order, then ingestion; records of one instant said in one write ("I live in Oslo.
    I live in Rome.") in the order their links give (the one another supersedes first), then
    by id: never the order a backend happened to return them in."""
    by_uuid = {f.uuid: f for f in chain}
    return sorted(
        chain, key=lambda f: (f.valid_at, f.created_at, _links_before(f, by_uuid), f.uuid)
    )


def _links_before(fact: Fact, by_uuid: Mapping[str, Fact]) -> int:
    """How many records of `by_uuid` precede `fact` by `supersedes` links."""
    seen = {fact.uuid}
    previous = by_uuid.get(fact.supersedes or "")
    while previous is not None and previous.uuid not in seen:
        seen.add(previous.uuid)
        previous = by_uuid.get(previous.supersedes or "")
    return len(seen) - 1


def effect_of(
    new: Fact,
    verdict: Finding,
    old: Fact | None,
    chain: Callable[[], Sequence[Fact]],
    now: datetime,
) -> tuple[Fields, list[Change]]:
    """What executing one verdict does: the new record's own fields and the changes to others.
    `old` is the verdict's target; `chain` gives the target's version chain (history only)."""
    if verdict.mode == "history":
        return insert_into_chain(new, chain(), now)
    assert old is not None
    if verdict.mode == "settle":
        own, change = settle_changes(new, old, now)
        return own, [change]
    if verdict.action is WriteEvent.UPDATE:
        own, change = update_changes(new, old, verdict, now)
        return own, [change]
    if verdict.action is WriteEvent.NOOP:
        return retire_changes(new, old, now), []
    own, change = dispute_changes(new, old)
    return own, [change]


def retire_changes(new: Fact, kept: Fact, now: datetime) -> Fields:
    """A stored record that only restates a more complete one stops being believed."""
    return {
        "expired_at": learned_at(now, new),
        "superseded_by": kept.uuid,
        "verify_status": VerifyStatus.SUPERSEDED,
    }


def learned_at(at: datetime, *records: Fact) -> datetime:
    """When the store learned a change made at `at` (the statement's time) to `records`: never
    before any of them was stored. A history imported in any order so gets the lifecycle it
    would have had written live (docs/conflicts.md)."""
    return max(at, *(r.created_at for r in records))


def revert(changes: Iterable[Change]) -> list[Change]:
    """The changes that undo `changes` (applied in reverse order)."""
    return [Change(c.uuid, dict(c.before), dict(c.after)) for c in reversed(list(changes))]


def _change(old: Fact, after: Fields) -> Change:
    return Change(old.uuid, after, {name: getattr(old, name) for name in after})


_TIME_FIELDS = frozenset({"invalid_at", "invalidated_at", "expired_at"})


def change_to_json(change: Change) -> dict[str, JsonValue]:
    """A change as JSON-ready data (times as ISO 8601, enumerations as their values)."""
    return {"uuid": change.uuid, "before": _plain(change.before), "after": _plain(change.after)}


def change_from_json(data: Mapping[str, JsonValue]) -> Change:
    """The inverse of `change_to_json`."""
    after, before = data["after"], data["before"]
    if not isinstance(after, dict) or not isinstance(before, dict):
        raise ValueError("a change has `after` and `before` objects")
    return Change(str(data["uuid"]), _typed(after), _typed(before))


def _plain(values: Fields) -> dict[str, JsonValue]:
    out: dict[str, JsonValue] = {}
    for name, value in values.items():
        if isinstance(value, datetime):
            out[name] = value.isoformat()
        elif isinstance(value, VerifyStatus):
            out[name] = value.value
        else:
            out[name] = value
    return out


def _typed(values: Mapping[str, JsonValue]) -> Fields:
    out: Fields = {}
    for name, value in values.items():
        if name in _TIME_FIELDS and isinstance(value, str):
            out[name] = datetime.fromisoformat(value)
        elif name == "verify_status" and isinstance(value, str):
            out[name] = VerifyStatus(value)
        elif value is None or isinstance(value, str | bool | int | float):
            out[name] = value
        else:
            raise ValueError(f"{name}: not a field value")
    return out
