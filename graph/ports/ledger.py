"""The ledger's verbs: one append-only chain of entries per tenant.

`graph.domain.ledger` chains and hashes the entries; a backend only stores and reads them, and
refuses an append whose chain head moved since the caller read it (`LedgerHeadMoved`), so two
writers of one tenant never fork its chain.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from graph.domain.model import LedgerEntry

LEDGER_PAGE = 1000
"""Entries read per page when a chain is walked (`Store.verify_ledger`, `Store.export`)."""


class LedgerReads(ABC):
    """A tenant's chain, as read."""

    @abstractmethod
    def head(self, group_id: str) -> LedgerEntry | None:
        """The last entry of the tenant's chain."""

    @abstractmethod
    def entries(self, group_id: str, after_seq: int, limit: int) -> list[LedgerEntry]:
        """Entries with seq > after_seq, in order."""


class Ledger(LedgerReads):
    """A tenant's chain, read and appended to."""

    @abstractmethod
    def append(self, group_id: str, entries: Sequence[LedgerEntry], expected_head_seq: int) -> None:
        """Append entries if the chain head is still `expected_head_seq`, else LedgerHeadMoved."""
