"""Test data builders: entities and facts with sensible defaults, written through the port."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from graph.domain.enums import Granularity
from graph.domain.model import Entity, Fact
from graph.domain.signature import fact_signature, normalize_text, period_label
from graph.ports.facts import expire_patch, supersede_patch
from graph.ports.store import Store, StoreTx

DIM = 512


def new_id() -> str:
    return str(uuid.uuid4())


def entity(group_id: str, name: str, at: datetime) -> Entity:
    return Entity(
        uuid=new_id(), group_id=group_id, name=name, normalized=normalize_text(name), created_at=at
    )


def fact(
    group_id: str,
    subject: str,
    predicate: str,
    value: str,
    *,
    valid_at: datetime,
    created_at: datetime | None = None,
    scope: str = "",
    polarity: int = 1,
    embedding: Sequence[float] | None = None,
    text: str | None = None,
    **extra: Any,
) -> Fact:
    """A fact whose subject/object uuids are placeholders until `record` links them."""
    created = created_at or valid_at
    signature = fact_signature(
        group_id=group_id,
        subject_key=normalize_text(subject),
        predicate=predicate,
        value_key=normalize_text(value),
        polarity=polarity,
        scope=scope,
        period=period_label(valid_at, Granularity.INSTANT) + new_id(),
    )
    return Fact(
        uuid=new_id(),
        group_id=group_id,
        subject=subject,
        subject_key=normalize_text(subject),
        subject_uuid="pending",
        predicate=predicate,
        value=value,
        value_key=normalize_text(value),
        object_uuid="pending",
        polarity=polarity,
        scope=scope,
        fact=text or f"{subject} {predicate.replace('_', ' ')} {value}",
        fact_embedding=tuple(embedding) if embedding is not None else None,
        valid_at=valid_at,
        knowledge_time=created,
        created_at=created,
        signature=signature,
        **extra,
    )


def link(tx: StoreTx, facts: Sequence[Fact]) -> list[Fact]:
    """Upsert the facts' entities in `tx` and return the facts pointing at them."""
    return linked_by(tx.entities.upsert, facts)


def linked_by(
    upsert: Callable[[Sequence[Entity]], dict[str, Entity]], facts: Sequence[Fact]
) -> list[Fact]:
    """The facts pointing at their entities, upserted by `upsert` (a transaction's or a unit
    of work's)."""
    names: dict[tuple[str, str], Entity] = {}
    for item in facts:
        for name in (item.subject, item.value):
            key = (item.group_id, normalize_text(name))
            names.setdefault(key, entity(item.group_id, name, item.created_at))
    stored = upsert(list(names.values()))
    linked = []
    for item in facts:
        subject = stored[normalize_text(item.subject)]
        obj = stored[normalize_text(item.value)]
        linked.append(
            item.model_copy(update={"subject_uuid": subject.uuid, "object_uuid": obj.uuid})
        )
    return linked


def record(store: Store, *facts: Fact) -> list[Fact]:
    """Write facts (and their entities) in one transaction; returns the stored versions."""

    def work(tx: StoreTx) -> list[Fact]:
        linked = link(tx, facts)
        tx.facts.record(linked)
        return linked

    return store.transaction(work)


def unit_vector(*hot: int, dim: int = DIM) -> tuple[float, ...]:
    values = [0.0] * dim
    for index in hot:
        values[index] = 1.0
    return tuple(values)


def days(n: float) -> timedelta:
    return timedelta(days=n)


def supersede(
    tx: StoreTx, group_id: str, old: Fact, new_uuid: str, at: datetime, now: datetime
) -> None:
    """A temporal update: `old` closed at `at` in event time, superseded by `new_uuid`."""
    tx.facts.patch(group_id, [supersede_patch(old, new_uuid, at, now)])


def expire(tx: StoreTx, group_id: str, uuids: Sequence[str], now: datetime) -> None:
    """A correction: the store stops believing these records from `now`."""
    tx.facts.patch(group_id, [expire_patch(uuid, now) for uuid in uuids])
