"""The ledger's verbs (`graph.ports.ledger`) on one SQLite connection."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from graph.backends.sqlite import codec, sql
from graph.domain.errors import LedgerHeadMoved
from graph.domain.model import LedgerEntry
from graph.ports.ledger import Ledger


class SqliteLedger(Ledger):
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def head(self, group_id: str) -> LedgerEntry | None:
        row = self.conn.execute(
            "SELECT * FROM ledger WHERE group_id = ? ORDER BY seq DESC LIMIT 1", (group_id,)
        ).fetchone()
        return codec.ledger_from_row(row) if row else None

    def entries(self, group_id: str, after_seq: int, limit: int) -> list[LedgerEntry]:
        rows = self.conn.execute(
            "SELECT * FROM ledger WHERE group_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (group_id, after_seq, limit),
        ).fetchall()
        return [codec.ledger_from_row(row) for row in rows]

    def append(self, group_id: str, entries: Sequence[LedgerEntry], expected_head_seq: int) -> None:
        head = self.head(group_id)
        if (head.seq if head else 0) != expected_head_seq:
            raise LedgerHeadMoved(f"ledger head of {group_id} moved past {expected_head_seq}")
        self.conn.executemany(sql.INSERT_LEDGER, [codec.ledger_row(e) for e in entries])
