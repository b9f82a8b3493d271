"""SQL text of the embedded store, in one place. Values always go in as parameters (by name;
by position for the rows a write inserts by the hundred: `INSERT_FACT`, `INSERT_LEDGER`,
`INSERT_OPERATION`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from graph.backends.sqlite.codec import (
    FACT_COLUMNS,
    LEDGER_COLUMNS,
    OPERATION_COLUMNS,
    to_micros,
)
from graph.domain.timerules import TimeBounds, TimeQuery, bounds

FACT_SELECT = ", ".join(f"f.{c}" for c in FACT_COLUMNS if c != "fact_embedding")
FACT_SELECT_ALL = FACT_SELECT + ", NULL AS fact_embedding"

INSERT_FACT = (
    f"INSERT INTO facts ({', '.join(FACT_COLUMNS)}) VALUES ({', '.join('?' for _ in FACT_COLUMNS)})"
)
"""A fact's row (`codec.fact_row`), its parameters bound by position: binding fifty named
parameters looked each name up in the statement, made a text of it and hashed it to find
its value, for every row (a fifth of binding a fact's row)."""

INSERT_ENTITY = (
    "INSERT INTO entities (uuid, group_id, name, normalized, type, aliases, summary, created_at) "
    "VALUES (:uuid, :group_id, :name, :normalized, :type, :aliases, :summary, :created_at) "
    "ON CONFLICT (group_id, normalized) DO UPDATE SET aliases = ("
    " SELECT json_group_array(value) FROM ("
    "  SELECT value FROM json_each(entities.aliases) UNION ALL"
    "  SELECT DISTINCT value FROM json_each(json_insert(excluded.aliases, '$[#]', excluded.name))"
    "  WHERE value <> entities.name"
    "  AND value NOT IN (SELECT value FROM json_each(entities.aliases))))"
    " WHERE EXISTS (SELECT 1 FROM json_each(json_insert(excluded.aliases, '$[#]', excluded.name))"
    "  WHERE value <> entities.name"
    "  AND value NOT IN (SELECT value FROM json_each(entities.aliases)))"
)
"""A new entity, or the names it was called (its name as said this time and its aliases)
added to a known one's aliases: an entity keeps the name it was first called by."""

INSERT_FTS = "INSERT INTO facts_fts (rowid, grp, body) VALUES (?, ?, ?)"

INSERT_LEDGER = (
    f"INSERT INTO ledger ({', '.join(LEDGER_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in LEDGER_COLUMNS)})"
)
"""A ledger entry's row (`codec.ledger_row`), bound by position."""

INSERT_OPERATION = (
    f"INSERT INTO operations ({', '.join(OPERATION_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in OPERATION_COLUMNS)})"
)
"""An operation's row (`codec.operation_row`), bound by position."""
UPDATE_OPERATION = (
    "UPDATE operations SET status = :status, attempts = :attempts, result = :result, "
    "error = :error, updated_at = :updated_at, lease_until = :lease_until, worker = :worker, "
    "payload = :payload WHERE event_id = :event_id AND status = 'RUNNING' "
    "AND attempts = :attempts AND worker IS :worker"
)
CLAIM_OPERATION = (
    "UPDATE operations SET status = 'RUNNING', attempts = attempts + 1, "
    "lease_until = :lease_until, worker = :worker, updated_at = :now "
    "WHERE event_id = (SELECT event_id FROM operations "
    "  WHERE status = 'PENDING' OR (status = 'RUNNING' AND lease_until < :now) "
    "  ORDER BY created_at, event_id LIMIT 1) "
    "RETURNING *"
)

# The time rule of graph.domain.timerules (`within`) on the bounds `timerules.bounds` computes:
# :known (known_at), :end (as_of end), :moment (as_of start, else known_at, else now).
TIME_RULE = (
    "((:known IS NULL AND f.expired_at IS NULL) OR (:known IS NOT NULL "
    "  AND f.created_at <= :known AND (f.expired_at IS NULL OR f.expired_at > :known))) "
    "AND (:end IS NULL OR f.valid_at <= :end) "
    "AND (f.invalid_at IS NULL OR f.invalid_at > :moment OR (:known IS NOT NULL "
    "  AND f.invalidated_at IS NOT NULL AND f.invalidated_at > :known))"
)

ALIGNED = "f.group_id = :g AND f.subject_key = :s AND f.predicate = :p"
BEARING = (
    " UNION ALL ".join(
        f"SELECT {FACT_SELECT_ALL}, f.id AS row_id FROM facts f "
        f"WHERE {ALIGNED} AND ({TIME_RULE}) AND {part}"
        for part in ("f.scope = :sc AND f.value_key = :v", "f.scope < :sc", "f.scope > :sc")
    )
    + " ORDER BY valid_at, created_at, row_id"
)
"""The current aligned records bearing on one value (graph.ports.AlignmentKey): the same value
in the scope, and every other scope. Three seeks of the facts_bearing index, ties in the order
the facts_alignment index gives the full query (insertion order)."""


def time_params(time: TimeQuery, now: datetime) -> dict[str, Any]:
    """The parameters TIME_RULE reads: the domain's bounds of the question, encoded."""
    return encode_bounds(bounds(time, now))


def encode_bounds(b: TimeBounds) -> dict[str, Any]:
    return {"known": to_micros(b.known), "end": to_micros(b.end), "moment": to_micros(b.moment)}


def placeholders(prefix: str, values: Sequence[Any]) -> tuple[str, dict[str, Any]]:
    """`:p0, :p1, ...` and their parameters, for IN lists."""
    names = [f"{prefix}{i}" for i in range(len(values))]
    return ", ".join(":" + n for n in names), dict(zip(names, values, strict=True))


def tenant_token(group_id: str) -> str:
    """One FTS token naming the tenant (FTS5 intersects it with the query terms); injective."""
    return "g" + group_id.encode("utf-8").hex()


def alone(conn: sqlite3.Connection, table: str, group_id: str) -> bool:
    """Does `table` (facts or episodes, each with an index led by `group_id`) hold rows of
    this tenant only? Two index seeks. Their keyword indexes then hold the tenant's rows only,
    and a keyword query need not intersect its terms with the tenant's token (keywords.py)."""
    row = conn.execute(
        f"SELECT EXISTS (SELECT 1 FROM {table} WHERE group_id < :g) "
        f"OR EXISTS (SELECT 1 FROM {table} WHERE group_id > :g)",
        {"g": group_id},
    ).fetchone()
    return not row[0]
