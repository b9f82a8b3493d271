"""Episodes in the embedded store: rows, their keyword index (`episodes_fts`) and its search.

An episode's row id is its keyword index row id. The index holds the tenant token and the
stemmed text of `graph.textindex.episode_words`; a search is a bag of the question's terms
(`query_terms`) ranked by FTS5's bm25 (bounded: keywords.py), so a turn holding the question's
rare words outranks one holding only its common ones. Time questions apply by observation time
(`valid_at`: as_of) and by the time the store learnt the episode (`created_at`: known_at).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from graph.backends.sqlite import codec, keywords, sql
from graph.backends.sqlite.codec import to_micros
from graph.backends.sqlite.sql import tenant_token
from graph.domain.model import Episode
from graph.domain.timerules import TimeQuery
from graph.ports.episodes import Episodes
from graph.ports.search import Scored
from graph.textindex import episode_words, query_terms

MAX_TERMS = 32
_INSERT = (
    "INSERT INTO episodes (uuid, group_id, source, body, valid_at, created_at) "
    "VALUES (?, ?, ?, ?, ?, ?)"
)
# An episode is visible under as_of when observed by its end, under known_at when stored by it.
_TIME_RULE = (
    "(:end IS NULL OR e.valid_at IS NULL OR e.valid_at <= :end) "
    "AND (:known IS NULL OR e.created_at IS NULL OR e.created_at <= :known)"
)


EPISODES_BY_UUID = "SELECT body FROM episodes WHERE +group_id = :g AND uuid IN ({marks})"
"""Episodes by id. `+group_id` keeps the tenant out of index choice: without statistics SQLite
otherwise picks the (group_id, ...) index for ten ids or more and reads the whole tenant
(0.5 s at 100k episodes instead of 0.5 ms; tests/graph/conformance/test_query_plans.py)."""


class SqliteEpisodes(Episodes):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def get(self, group_id: str, uuids: Sequence[str]) -> list[Episode]:
        if not uuids:
            return []
        marks, params = sql.placeholders("u", list(dict.fromkeys(uuids)))
        params["g"] = group_id
        rows = self.conn.execute(EPISODES_BY_UUID.format(marks=marks), params).fetchall()
        return [codec.episode_from_row(row) for row in rows]

    def of_source(self, group_id: str, source: str, limit: int) -> list[Episode]:
        rows = self.conn.execute(
            "SELECT body FROM episodes WHERE group_id = ? AND source = ? ORDER BY rowid LIMIT ?",
            (group_id, source, limit),
        ).fetchall()
        return [codec.episode_from_row(row) for row in rows]

    def latest(self, group_id: str, at: datetime, limit: int) -> list[Episode]:
        """An index seek on (group_id, valid_at) and `limit` rows."""
        rows = self.conn.execute(
            "SELECT body FROM episodes WHERE group_id = :g AND valid_at <= :t "
            "ORDER BY valid_at DESC, created_at DESC, rowid DESC LIMIT :n",
            {"g": group_id, "t": to_micros(at), "n": limit},
        ).fetchall()
        return [codec.episode_from_row(row) for row in rows]

    def record(self, episodes: Sequence[Episode]) -> None:
        _record(self.conn, episodes)
        self.conn.executemany(
            "INSERT OR IGNORE INTO mentions (group_id, episode_uuid, entity_uuid) VALUES (?, ?, ?)",
            [(e.group_id, e.uuid, ent) for e in episodes for ent in e.entity_uuids],
        )


def _record(conn: sqlite3.Connection, episodes: Sequence[Episode]) -> None:
    """Insert episodes and their keyword index rows: one statement for the rows, one for
    their index rows (a batch chunk writes a couple of hundred; two statements per episode
    were a sixth of writing them)."""
    if not episodes:
        return
    conn.executemany(
        _INSERT,
        [
            (
                e.uuid,
                e.group_id,
                e.source_description,
                codec.episode_body(e),
                to_micros(e.valid_at),
                to_micros(e.created_at),
            )
            for e in episodes
        ],
    )
    rowids = _rowids(conn, [e.uuid for e in episodes])
    conn.executemany(_INDEX, [_index_row(rowids[e.uuid], e) for e in episodes])


def _rowids(conn: sqlite3.Connection, uuids: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for start in range(0, len(uuids), _CHUNK):
        marks, params = sql.placeholders("u", uuids[start : start + _CHUNK])
        rows = conn.execute(f"SELECT rowid, uuid FROM episodes WHERE uuid IN ({marks})", params)
        out.update((row["uuid"], row["rowid"]) for row in rows)
    return out


_CHUNK = 5000
_INDEX = "INSERT INTO episodes_fts (rowid, grp, body) VALUES (?, ?, ?)"


def _index_row(rowid: int, e: Episode) -> tuple[int, str, str]:
    return rowid, tenant_token(e.group_id), episode_words(e)


def _index(conn: sqlite3.Connection, rowid: int, e: Episode) -> None:
    conn.execute(_INDEX, _index_row(rowid, e))


def index_episodes(conn: sqlite3.Connection) -> int:
    """Index (and date) the episodes a file made before episodes were searchable."""
    rows = conn.execute(
        "SELECT rowid, body FROM episodes WHERE rowid NOT IN (SELECT rowid FROM episodes_fts)"
    ).fetchall()
    for row in rows:
        episode = codec.episode_from_row(row)
        conn.execute(
            "UPDATE episodes SET valid_at = ?, created_at = ? WHERE rowid = ?",
            (to_micros(episode.valid_at), to_micros(episode.created_at), row["rowid"]),
        )
        _index(conn, row["rowid"], episode)
    return len(rows)


def forget(conn: sqlite3.Connection, where: str, params: dict[str, Any]) -> int:
    """Delete the episodes matching `where` (over `episodes`) with their index rows."""
    conn.execute(
        f"DELETE FROM episodes_fts WHERE rowid IN (SELECT rowid FROM episodes WHERE {where})",
        params,
    )
    return conn.execute(f"DELETE FROM episodes WHERE {where}", params).rowcount


def search(
    conn: sqlite3.Connection,
    group_id: str,
    text: str,
    limit: int,
    time: TimeQuery | None,
    now: datetime,
) -> list[Scored]:
    """The tenant's episodes best matching the terms of `text`, visible under `time`."""
    terms = query_terms(text)[:MAX_TERMS]
    if not terms:
        return []
    alone = sql.alone(conn, "episodes", group_id)
    how = keywords.plan(conn, "episodes_fts", tenant_token(group_id), [[t] for t in terms], alone)
    fetch = limit if time is None else limit * 4
    return keywords.ranked(
        conn, how, limit, fetch, lambda ids: _visible(conn, group_id, ids, time, now)
    )


_BEFORE = (
    "SELECT uuid FROM episodes WHERE group_id = :g AND valid_at < :t AND valid_at >= :lo "
    "ORDER BY valid_at DESC LIMIT :n"
)
_AFTER = (
    "SELECT uuid FROM episodes WHERE group_id = :g AND valid_at > :t AND valid_at <= :hi "
    "ORDER BY valid_at LIMIT :n"
)


def neighbours(
    conn: sqlite3.Connection,
    group_id: str,
    uuids: Sequence[str],
    within: timedelta,
    reach: int = 1,
) -> dict[str, list[str]]:
    """The `reach` episodes observed just before each one (nearest first), then the `reach`
    just after it (two index seeks each)."""
    if not uuids:
        return {}
    marks, params = sql.placeholders("u", list(dict.fromkeys(uuids)))
    params["g"] = group_id
    rows = conn.execute(
        f"SELECT uuid, valid_at FROM episodes WHERE +group_id = :g AND uuid IN ({marks}) "
        "AND valid_at IS NOT NULL",
        params,
    ).fetchall()
    gap = int(within.total_seconds() * 1_000_000)
    found: dict[str, list[str]] = {}
    for row in rows:
        at = {"g": group_id, "t": row["valid_at"], "lo": row["valid_at"] - gap, "n": reach}
        at["hi"] = row["valid_at"] + gap
        near = [hit for q in (_BEFORE, _AFTER) for hit in conn.execute(q, at).fetchall()]
        found[row["uuid"]] = [hit["uuid"] for hit in near]
    return found


def _visible(
    conn: sqlite3.Connection,
    group_id: str,
    ids: list[int],
    time: TimeQuery | None,
    now: datetime,
) -> dict[int, str]:
    if not ids:
        return {}
    marks, params = sql.placeholders("i", ids)
    where = f"e.rowid IN ({marks}) AND +e.group_id = :g"
    if time is not None:
        where += " AND " + _TIME_RULE
        params.update(sql.time_params(time, now))
    params["g"] = group_id
    rows = conn.execute(f"SELECT e.rowid AS id, e.uuid FROM episodes e WHERE {where}", params)
    return {row["id"]: row["uuid"] for row in rows.fetchall()}
