"""Values computed from one state of the database, remembered on the connection until it changes.

The keyword channels' statistics (each phrase's document count, the index's row count and
average length, a phrase's count in the tenant: keywords.py) are the same for every question
until something is written, and counting a common word reads a thousand entries of its posting
list: about 2 ms of CPU per search at a million records, the same words ("born", a common
first name) counted again for every question.

A connection remembers them for as long as it sees the same database: the version is SQLite's
`PRAGMA data_version` (it changes when another connection, in this process or another, has
committed; reading it inside a read transaction opens the snapshot the values are then computed
in) together with the connection's own `total_changes` (its own writes, committed, pending or
rolled back, which `data_version` does not count). Any write anywhere thus forgets everything;
nothing is ever answered from another state of the database. Only connections the store opens
(`MemoConnection`) remember; any other gets a fresh memo per call.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

T = TypeVar("T")
MAX_ENTRIES = 20_000
"""Past this many values the memo starts again (a store that is never written)."""

Memo = dict[Hashable, object]


class MemoConnection(sqlite3.Connection):
    """A connection (`sqlite3.connect(..., factory=MemoConnection)`) with a memo of values
    computed in the database state it last saw."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.memo: Memo = {}
        self.seen: tuple[int, int] = (-1, -1)


def current(conn: sqlite3.Connection) -> Memo:
    """The values remembered for the database as `conn` sees it now (empty after any write)."""
    if not isinstance(conn, MemoConnection):
        return {}
    version = (int(conn.execute("PRAGMA data_version").fetchone()[0]), conn.total_changes)
    if version != conn.seen or len(conn.memo) > MAX_ENTRIES:
        conn.memo = {}
        conn.seen = version
    return conn.memo


def recall(memo: Memo, key: Hashable, compute: Callable[[], T]) -> T:
    """The value remembered under `key`, else `compute()`, remembered."""
    if key in memo:
        return cast(T, memo[key])
    value = compute()
    memo[key] = value
    return value
