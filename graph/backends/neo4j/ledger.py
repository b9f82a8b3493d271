"""The ledger's verbs (`graph.ports.ledger`) as Cypher from `cypher/`."""

from __future__ import annotations

from collections.abc import Sequence

from neo4j.exceptions import ConstraintError

from graph.backends.neo4j import codec
from graph.backends.neo4j.rows import Rows
from graph.domain.errors import LedgerHeadMoved
from graph.domain.model import LedgerEntry
from graph.ports.ledger import Ledger


class Neo4jLedger(Ledger):
    def __init__(self, rows: Rows) -> None:
        self.rows = rows

    def head(self, group_id: str) -> LedgerEntry | None:
        rows = self.rows("ledger_head", group_id=group_id)
        return codec.ledger_from_map(rows[0]["entry"]) if rows else None

    def entries(self, group_id: str, after_seq: int, limit: int) -> list[LedgerEntry]:
        rows = self.rows("ledger_entries", group_id=group_id, after_seq=after_seq, limit=limit)
        return [codec.ledger_from_map(row["entry"]) for row in rows]

    def append(self, group_id: str, entries: Sequence[LedgerEntry], expected_head_seq: int) -> None:
        """The head is compared here, and a unique (group_id, seq) constraint catches a writer
        that appended between the read and the write."""
        head = self.head(group_id)
        if (head.seq if head else 0) != expected_head_seq:
            raise LedgerHeadMoved(f"ledger head of {group_id} moved past {expected_head_seq}")
        try:
            self.rows("ledger_append", entries=[codec.ledger_props(e) for e in entries])
        except ConstraintError as exc:
            raise LedgerHeadMoved(f"ledger head of {group_id} moved: {exc}") from exc
