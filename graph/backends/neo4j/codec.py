"""Records <-> Neo4j property maps. Times are stored as native DateTime values (UTC); reads
of facts and episodes return them as ISO 8601 text (`toString`, see
cypher/fragment_fact_fields.cypher), parsed here, because the driver's own DateTime
hydration is pure Python and cost a third of a search. The batch writes (entities, episodes,
facts) send them as ISO 8601 text too (`wire_times`), made DateTime by `datetime()` in their
Cypher: the driver packs each native datetime in pure Python (0.7 ms each on the loaded
development machine, eight per fact with its episode), more than the server's work."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from enum import Enum
from typing import Any

from neo4j.time import DateTime
from pydantic_core import to_jsonable_python

from graph.domain.model import (
    ActionRecord,
    Candidate,
    Entity,
    Episode,
    Fact,
    LedgerEntry,
    Operation,
)
from graph.domain.timerules import TimeQuery, bounds
from graph.textindex import episode_words, fact_words

JSON_PROPERTIES = frozenset({"metadata", "payload", "result", "error", "discourse"})
TIME_PROPERTIES = frozenset(
    {
        "valid_at", "valid_end", "invalid_at", "knowledge_time", "told_at", "created_at",
        "invalidated_at", "expired_at",
    }
)  # fmt: skip
WIRE_TIMES = (*sorted(TIME_PROPERTIES), "reference_time")
"""The times a batch write sends as text (`wire_times`); `reference_time` is graphiti-core's
name for a fact's knowledge time."""
LIST_PROPERTIES = frozenset(
    {
        "episodes",
        "categories",
        "media_refs",
        "aliases",
        "target_ids",
        "records",
        "permissions",
        "entity_uuids",
        "source_span",
        "fact_embedding",
    }
)


def to_property(name: str, value: Any) -> Any:
    """A Python value as a Neo4j property value (maps become JSON text)."""
    if value is None:
        return None
    if name in JSON_PROPERTIES:
        # a model or a dataclass (`Episode.discourse`) as pydantic dumps it in JSON mode
        return json.dumps(to_jsonable_python(value), ensure_ascii=False, sort_keys=True)
    if isinstance(value, Enum):
        return value.value
    if name == "fact_embedding":  # floats already (the model says so): no call per element
        return list(value)
    if isinstance(value, tuple | list):
        return [to_property("", item) for item in value]
    return value


def from_property(name: str, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, str):  # most values: tested first (a search decodes ~60 records)
        if name in TIME_PROPERTIES:
            return datetime.fromisoformat(value.split("[", 1)[0])  # a zone's offset suffices
        if name in JSON_PROPERTIES:
            return json.loads(value)
        return value
    if isinstance(value, list):
        return tuple(from_property("", item) for item in value)
    if isinstance(value, DateTime):
        return value.to_native()
    return value


def fact_props(fact: Fact) -> dict[str, Any]:
    props = {name: to_property(name, getattr(fact, name)) for name in Fact.model_fields}
    props["name"] = fact.predicate  # graphiti-core's names for the predicate and knowledge time
    props["reference_time"] = fact.knowledge_time
    props["search_text"] = fact_words(fact.fact, fact.subject, fact.predicate, fact.value)
    return {key: value for key, value in props.items() if value is not None}


def wire_times(props: Mapping[str, Any]) -> dict[str, Any]:
    """A write's property map with its times as ISO 8601 text under `times` (absent times
    null) and the rest under `props`: the batch write queries set `datetime(times.<name>)`."""
    times = {name: props[name].isoformat() if props.get(name) else None for name in WIRE_TIMES}
    return {"props": {k: v for k, v in props.items() if k not in WIRE_TIMES}, "times": times}


FACT_FIELDS = frozenset(Fact.model_fields)


def fact_from_map(data: Mapping[str, Any]) -> Fact:
    values = {
        name: from_property(name, value)
        for name, value in data.items()
        if value is not None and name in FACT_FIELDS
    }
    values = {key: value for key, value in values.items() if value is not None}  # JSON null
    values.setdefault("metadata", {})
    return Fact.model_validate(values)


def entity_props(entity: Entity) -> dict[str, Any]:
    return {name: to_property(name, getattr(entity, name)) for name in Entity.model_fields}


def entity_from_map(data: Mapping[str, Any]) -> Entity:
    return Entity.model_validate(_decode(data, Entity.model_fields))


def episode_props(episode: Episode) -> dict[str, Any]:
    props = {name: to_property(name, getattr(episode, name)) for name in Episode.model_fields}
    props["search_text"] = episode_words(episode)
    return {key: value for key, value in props.items() if value is not None}


def episode_from_map(data: Mapping[str, Any]) -> Episode:
    return Episode.model_validate(_decode(data, Episode.model_fields))


def ledger_props(entry: LedgerEntry) -> dict[str, Any]:
    return {name: to_property(name, getattr(entry, name)) for name in LedgerEntry.model_fields}


def ledger_from_map(data: Mapping[str, Any]) -> LedgerEntry:
    return LedgerEntry.model_validate(_decode(data, LedgerEntry.model_fields))


def operation_props(operation: Operation) -> dict[str, Any]:
    props = {name: to_property(name, getattr(operation, name)) for name in Operation.model_fields}
    return {key: value for key, value in props.items() if value is not None}


def operation_from_map(data: Mapping[str, Any]) -> Operation:
    return Operation.model_validate(_decode(data, Operation.model_fields))


def _decode(data: Mapping[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    values = {name: from_property(name, data.get(name)) for name in fields if name in data}
    return {key: value for key, value in values.items() if value is not None}


def action_props(action: ActionRecord) -> dict[str, Any]:
    return {
        "uuid": action.uuid,
        "group_id": action.group_id,
        "fact_id": action.fact_id,
        "at": action.at,
        "body": action.model_dump_json(exclude={"rolled_back_at"}),
    }


def action_from_map(data: Mapping[str, Any]) -> ActionRecord:
    action = ActionRecord.model_validate_json(data["body"])
    return action.model_copy(
        update={"rolled_back_at": from_property("", data.get("rolled_back_at"))}
    )


def candidate_props(candidate: Candidate) -> dict[str, Any]:
    return {
        "uuid": candidate.uuid,
        "group_id": candidate.group_id,
        "status": candidate.status,
        "created_at": candidate.created_at,
        "episode_id": candidate.fact.episode_id,
        "body": candidate.model_dump_json(),
    }


def candidate_from_map(data: Mapping[str, Any]) -> Candidate:
    return Candidate.model_validate_json(data["body"])


def time_params(time: TimeQuery | None, now: datetime) -> dict[str, Any]:
    """Parameters of the time_rule fragment: the domain's bounds of the question, encoded;
    `all` skips the rule (time=None: every record)."""
    if time is None:
        return {"all": True, "known": None, "end": None, "moment": now}
    b = bounds(time, now)
    return {"all": False, "known": b.known, "end": b.end, "moment": b.moment}
