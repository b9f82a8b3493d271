"""A tenant's export as one API key may read it (source permissions, docs/tenancy.md).

A first pass over the tenant's episodes, facts and candidates finds what the key may not read:
episodes of sources closed to it, records all of whose sources are closed, and entities only
closed sources and withheld records name. The export then leaves those out, and in what
remains nulls every link to them (`supersedes`, `superseded_by`, `promoted_id`, a fact's
closed source episodes). Operations
whose source is closed or whose receipt names a withheld record, and ledger entries naming one,
are left out too, so a restricted export is the key's view, not a verifiable backup: that needs
a key holding every principal (or the service without API keys).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from graph.domain.model import Candidate, Entity, Episode, Fact, LedgerEntry, Operation
from graph.ports.export import Record
from graph.ports.search import source_ids
from service.read.access import open_to

Exported = Record | LedgerEntry


@dataclass
class Closed:
    """What one key may not read in one tenant."""

    principals: tuple[str, ...]
    episodes: set[str] = field(default_factory=set)
    records: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)

    def hides(self, fact: Fact) -> bool:
        sources = source_ids([fact])
        return bool(sources) and sources <= self.episodes


def closed_of(records: Iterable[Exported], principals: tuple[str, ...]) -> Closed:
    """The closed episodes, records and entities among a tenant's export (first pass)."""
    closed = Closed(principals)
    named: set[str] = set()
    facts: list[Fact | Candidate] = []
    for record in records:
        if isinstance(record, Episode):
            if open_to(record.permissions, principals):
                named.update(record.entity_uuids)
            else:
                closed.episodes.add(record.uuid)
                closed.entities.update(record.entity_uuids)
        elif isinstance(record, Fact | Candidate):
            facts.append(record)
    for item in facts:
        fact = item.fact if isinstance(item, Candidate) else item
        ends = {fact.subject_uuid, fact.object_uuid}
        if closed.hides(fact):
            closed.records.add(item.uuid)
            closed.entities |= ends
        else:
            named |= ends
    closed.entities -= named
    closed.records |= closed.episodes
    return closed


def shown(record: Exported, closed: Closed) -> Exported | None:
    """`record` as the key may see it, or None."""
    if isinstance(record, Entity):
        return None if record.uuid in closed.entities else record
    if isinstance(record, Episode):
        return None if record.uuid in closed.episodes else record
    if isinstance(record, Fact):
        return None if record.uuid in closed.records else _links(record, closed)
    if isinstance(record, Candidate):
        if record.uuid in closed.records or closed.hides(record.fact):
            return None
        promoted = None if record.promoted_id in closed.records else record.promoted_id
        fact = _links(record.fact, closed)
        return record.model_copy(update={"fact": fact, "promoted_id": promoted})
    if isinstance(record, Operation):
        return record if _operation_open(record, closed) else None
    return None if _names_closed(record, closed) else record


def _links(fact: Fact, closed: Closed) -> Fact:
    hidden = closed.records
    update = {
        "supersedes": None if fact.supersedes in hidden else fact.supersedes,
        "superseded_by": None if fact.superseded_by in hidden else fact.superseded_by,
        "episodes": tuple(e for e in fact.episodes if e not in hidden),
        "episode_id": None if fact.episode_id in hidden else fact.episode_id,
    }
    return fact.model_copy(update=update)


def _operation_open(operation: Operation, closed: Closed) -> bool:
    """An operation's payload and receipt repeat what it wrote: shown only when its source is
    open to the key and its receipt names no withheld record."""
    if not open_to(operation.payload.get("permissions"), closed.principals):
        return False
    return not set(strings_in(operation.result)) & closed.records


def strings_in(value: object) -> Iterator[str]:
    """Every string anywhere in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def _names_closed(entry: LedgerEntry, closed: Closed) -> bool:
    named = set(entry.target_ids) | {part.split(":")[1] for part in entry.records if ":" in part}
    return bool(named & closed.records)
