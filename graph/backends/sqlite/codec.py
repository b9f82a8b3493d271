"""Rows <-> records for the embedded store. Times are integer microseconds since the epoch (UTC)."""

from __future__ import annotations

import json
import re
import sqlite3
import struct
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from enum import Enum
from functools import cache, lru_cache, partial
from operator import itemgetter
from typing import Any

import numpy as np

from graph.domain import jsontext
from graph.domain.model import (
    ActionRecord,
    Candidate,
    Entity,
    Episode,
    Fact,
    LedgerEntry,
    Operation,
)

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

FACT_TIMES = frozenset(
    {
        "valid_at", "valid_end", "invalid_at", "knowledge_time", "told_at", "created_at",
        "invalidated_at", "expired_at",
    }
)  # fmt: skip
FACT_JSON = frozenset({"episodes", "categories", "source_span", "media_refs", "metadata"})
FACT_BOOLS = frozenset({"disputed", "needs_confirmation", "immutable", "correction"})
FACT_COLUMNS: tuple[str, ...] = tuple(Fact.model_fields)


@lru_cache(maxsize=8192)
def to_micros(value: datetime | None) -> int | None:
    """Microseconds since the epoch of an aware time. Kept per time (a bounded cache, as
    `from_micros`): the result depends on the instant only, and equal times are one instant;
    a naive time is never equal to an aware one, and raises TypeError as before."""
    if value is None:
        return None
    delta = value - EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


@lru_cache(maxsize=8192)
def from_micros(value: int | None) -> datetime | None:
    """The time of a column value. Kept per value (a bounded cache; a time is immutable): the
    records a batch reads and writes share a few instants (the chunk's clock reading, the
    messages' observation times), and a record has six."""
    if value is None:
        return None
    return EPOCH + timedelta(microseconds=value)


_json_text = jsontext.encoder(ensure_ascii=False)
"""`json.dumps(value, ensure_ascii=False)`, by an encoder made once (`graph.domain.jsontext`)."""
_ascii_text = jsontext.encoder()
"""`json.dumps(value)`, the same way (the ledger's id lists)."""


def encode_value(name: str, value: Any) -> Any:
    """One field of a record as its column value."""
    if value is None:
        return None
    if name in FACT_TIMES or isinstance(value, datetime):
        return to_micros(value)
    if name == "fact_embedding":
        return _vector_bytes(value)
    if name in FACT_JSON or isinstance(value, dict | list | tuple):
        return _json_text(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, bool):
        return int(value)
    return value


def _vector_bytes(value: Any) -> bytes:
    """A vector as native float32 bytes. `struct` packs a tuple of floats in a third of the
    time numpy takes to convert it, into the same bytes (each casts every double to a
    float); a value it refuses (out of float32's range, not numbers) goes to numpy."""
    try:
        return struct.pack(f"={len(value)}f", *value)
    except (struct.error, OverflowError, TypeError):
        return np.asarray(value, dtype=np.float32).tobytes()


def fact_params(fact: Fact) -> dict[str, Any]:
    """A record's column values by name (what `encode_value` gives for each field)."""
    return dict(zip(FACT_COLUMNS, fact_row(fact), strict=True))


def fact_row(fact: Fact) -> tuple[Any, ...]:
    """A record's column values in `FACT_COLUMNS` order, for a statement whose parameters are
    bound by position (`sql.INSERT_FACT`). A value whose type is kept as it is (a text, a
    number, None: most columns of most records) is taken without a call; the others go
    through their column's encoder."""
    return tuple(
        [
            value if type(value) in kept else encode(value)
            for value, kept, encode in zip(
                _FACT_VALUES(fact.__dict__), _FACT_KEPT, _FACT_ENCODE, strict=True
            )
        ]
    )


_AS_IS: frozenset[type] = frozenset({str, int, float, type(None)})
_NONE: frozenset[type] = frozenset({type(None)})


def _encoder(name: str) -> tuple[frozenset[type], Callable[[Any], Any]]:
    """`encode_value` for one column, with its per-call name tests done once: the value
    types the column keeps as they are, and its encoder for any other value. A batch encodes
    about fifty columns of every fact it writes, and the tests of each call were most of the
    cost of writing a record."""
    if name in FACT_TIMES:
        return _NONE, to_micros
    if name in FACT_JSON:
        return _NONE, partial(_json_column, name)
    if name == "fact_embedding":
        return _NONE, partial(encode_value, name)
    return _AS_IS, partial(_other_column, name)


_EMPTY_JSON: dict[type, str] = {tuple: "[]", list: "[]", dict: "{}"}


def _json_column(name: str, value: Any) -> Any:
    """`encode_value` of a JSON column's value (not None)."""
    if isinstance(value, datetime):
        return encode_value(name, value)
    if type(value) in _EMPTY_JSON and not value:
        return _EMPTY_JSON[type(value)]
    return _json_text(value)


def _other_column(name: str, value: Any) -> Any:
    """`encode_value` of another column's value (not a text, a number or None)."""
    if type(value) is bool:
        return int(value)
    if isinstance(value, Enum) and not isinstance(value, datetime | dict | list | tuple):
        return value._value_  # `.value`, read without the property: nothing encode_value
        # tests before it applies to an enumeration
    return encode_value(name, value)


_FACT_VALUES = itemgetter(*FACT_COLUMNS)
_FACT_KEPT, _FACT_ENCODE = zip(*(_encoder(name) for name in FACT_COLUMNS), strict=True)


def fact_from_row(row: sqlite3.Row, *, with_embedding: bool = False) -> Fact:
    """A record from its row (any column order; other columns are ignored)."""
    return facts_from_rows([row], tuple(row.keys()), with_embedding=with_embedding)[0]


def facts_from_rows(
    rows: Sequence[sqlite3.Row], columns: tuple[str, ...], *, with_embedding: bool = False
) -> list[Fact]:
    """Records from the rows of one query, whose select list is `columns` (`columns_of` its
    cursor): how they decode is looked up once for all of them, not once per row (the
    column names of each row, listed and hashed, were a tenth of decoding it)."""
    if not rows:
        return []
    pick, decoders = _fact_plan(columns, with_embedding)
    validate = Fact.model_validate
    out: list[Fact] = []
    for row in rows:
        data: dict[str, Any] = dict(zip(FACT_COLUMNS, pick(row), strict=True))
        for name, decode in decoders:
            data[name] = decode(data[name])
        out.append(validate(data))
    return out


def columns_of(cursor: sqlite3.Cursor) -> tuple[str, ...]:
    """The select list of a query's cursor, as `facts_from_rows` takes it."""
    return tuple(map(_FIRST, cursor.description))


_FIRST = itemgetter(0)
_Decode = Callable[[Any], Any]


@cache
def _fact_plan(
    columns: tuple[str, ...], with_embedding: bool
) -> tuple[Callable[[Any], tuple[Any, ...]], tuple[tuple[str, _Decode], ...]]:
    """How a row of these columns decodes: which position holds each field, and the fields
    stored in another form. Reading columns by position and converting only those took a
    third off decoding a record (70-100 microseconds each), which a search does for every
    candidate it reads."""
    missing = set(FACT_COLUMNS) - set(columns)
    if missing:
        raise ValueError(f"a fact row lacks the columns {sorted(missing)}")
    pick = itemgetter(*(columns.index(name) for name in FACT_COLUMNS))
    decoders: list[tuple[str, _Decode]] = []
    for name in FACT_COLUMNS:
        if name in FACT_TIMES:
            decoders.append((name, from_micros))
        elif name == "fact_embedding":
            decoders.append((name, _embedding if with_embedding else _nothing))
        elif name in FACT_JSON:
            decoders.append((name, _metadata if name == "metadata" else _json))
        elif name in FACT_BOOLS:
            decoders.append((name, bool))
    return pick, tuple(decoders)


def _nothing(raw: Any) -> None:
    return None


def _json(raw: str | None) -> Any:
    if raw is None:
        return None
    if raw in _EMPTY:
        return _EMPTY[raw]
    texts = _texts(raw)
    if texts is not None:
        return texts
    pair = _PAIR.fullmatch(raw)
    return json.loads(raw) if pair is None else [int(pair[1]), int(pair[2])]


def _texts(raw: str) -> list[str] | None:
    """A JSON list of texts as the encoder writes it (`["a", "b"]`: a fact's episodes and
    categories) read without the JSON parser, when no text in it holds a quote, a backslash
    or a control character (so nothing in it is escaped): what json.loads gives. None for
    anything else (the parser reads it)."""
    if not (raw.startswith('["') and raw.endswith('"]')) or _ESCAPED.search(raw):
        return None
    texts = raw[2:-2].split('", "')
    return None if any('"' in text for text in texts) else texts


_ESCAPED = re.compile(r"[\\\x00-\x1f]")
_PAIR = re.compile(r"\[(0|-?[1-9][0-9]*), (0|-?[1-9][0-9]*)\]")
"""Two integers as the encoder writes them (a fact's `source_span`, `[0, 17]`): read without
the JSON parser, which took twice as long; anything else (`-0`, `1e3`, spaces) goes to it."""


def _metadata(raw: str | None) -> Any:
    return {} if raw is None or raw == "{}" else json.loads(raw)


_EMPTY: dict[str, Any] = {"[]": (), "null": None}


def _embedding(raw: bytes | None) -> tuple[float, ...] | None:
    if raw is None:
        return None
    return tuple(float(x) for x in np.frombuffer(raw, dtype=np.float32))


def entity_params(entity: Entity) -> dict[str, Any]:
    return {
        "uuid": entity.uuid,
        "group_id": entity.group_id,
        "name": entity.name,
        "normalized": entity.normalized,
        "type": entity.type,
        "aliases": _json_text(list(entity.aliases)),
        "summary": entity.summary,
        "created_at": to_micros(entity.created_at),
    }


def entity_from_row(row: sqlite3.Row) -> Entity:
    return Entity(
        uuid=row["uuid"],
        group_id=row["group_id"],
        name=row["name"],
        normalized=row["normalized"],
        type=row["type"],
        aliases=tuple(json.loads(row["aliases"])),
        summary=row["summary"],
        created_at=from_micros(row["created_at"]),
    )


def episode_body(episode: Episode) -> str:
    return episode.model_dump_json()


def episode_from_row(row: sqlite3.Row) -> Episode:
    return Episode.model_validate_json(row["body"])


LEDGER_COLUMNS = (
    "group_id",
    "seq",
    "prev_hash",
    "hash",
    "action",
    "target_ids",
    "payload_digest",
    "at",
    "records",
)


def ledger_params(entry: LedgerEntry) -> dict[str, Any]:
    params = {name: getattr(entry, name) for name in LEDGER_COLUMNS}
    params["target_ids"] = _ascii_text(list(entry.target_ids))
    params["records"] = _ascii_text(list(entry.records))
    params["at"] = to_micros(entry.at)
    return params


def ledger_row(entry: LedgerEntry) -> tuple[Any, ...]:
    """`ledger_params` in `LEDGER_COLUMNS` order (`sql.INSERT_LEDGER` binds by position)."""
    params = ledger_params(entry)
    return tuple([params[name] for name in LEDGER_COLUMNS])


def ledger_from_row(row: sqlite3.Row) -> LedgerEntry:
    data = {name: row[name] for name in LEDGER_COLUMNS}
    data["target_ids"] = tuple(json.loads(data["target_ids"]))
    data["records"] = tuple(json.loads(data["records"]))
    data["at"] = from_micros(data["at"])
    return LedgerEntry.model_validate(data)


OPERATION_COLUMNS = (
    "event_id",
    "group_id",
    "kind",
    "status",
    "payload",
    "idempotency_key",
    "attempts",
    "result",
    "error",
    "created_at",
    "updated_at",
    "lease_until",
    "worker",
)
OPERATION_TIMES = ("created_at", "updated_at", "lease_until")
OPERATION_JSON = ("payload", "result", "error")


def operation_params(operation: Operation) -> dict[str, Any]:
    """The columns of an operation (its fields; the JSON ones encoded from the record's own
    values: a dump of the record first would copy its result, a batch item's whole answer)."""
    params: dict[str, Any] = {name: getattr(operation, name) for name in Operation.model_fields}
    params["status"] = operation.status.value
    for name in OPERATION_TIMES:
        params[name] = to_micros(getattr(operation, name))
    for name in OPERATION_JSON:
        value = getattr(operation, name)
        params[name] = None if value is None else _json_text(value)
    return params


def operation_row(operation: Operation) -> tuple[Any, ...]:
    """`operation_params` in `OPERATION_COLUMNS` order (`sql.INSERT_OPERATION` binds by
    position)."""
    params = operation_params(operation)
    return tuple([params[name] for name in OPERATION_COLUMNS])


def operation_from_row(row: sqlite3.Row) -> Operation:
    data: dict[str, Any] = {key: row[key] for key in row.keys()}  # noqa: SIM118
    for name in OPERATION_TIMES:
        data[name] = from_micros(data[name])
    for name in OPERATION_JSON:
        data[name] = None if data[name] is None else json.loads(data[name])
    return Operation.model_validate(data)


def action_params(action: ActionRecord) -> tuple[Any, ...]:
    body = action.model_dump_json(exclude={"rolled_back_at"})
    return (
        action.uuid,
        action.group_id,
        action.fact_id,
        to_micros(action.at),
        to_micros(action.rolled_back_at),
        body,
    )


def action_from_row(row: sqlite3.Row) -> ActionRecord:
    action = ActionRecord.model_validate_json(row["body"])
    return action.model_copy(update={"rolled_back_at": from_micros(row["rolled_back_at"])})


def candidate_params(candidate: Candidate) -> tuple[Any, ...]:
    return (
        candidate.uuid,
        candidate.group_id,
        candidate.status,
        to_micros(candidate.created_at),
        candidate.model_dump_json(),
    )


def candidate_from_row(row: sqlite3.Row) -> Candidate:
    return Candidate.model_validate_json(row["body"])
