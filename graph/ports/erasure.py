"""Erasure's verbs: records removed for good (the right to be forgotten). The ledger is never
touched: its entries hold digests, never content, and the erasure is ledgered itself."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence


class Erasure(ABC):
    """Removal of a tenant's records, in batches or by the episodes they came from."""

    @abstractmethod
    def group(self, group_id: str, batch: int) -> int:
        """Remove up to `batch` of the tenant's records of every kind but the ledger (facts
        and their index entries and vectors, entities, episodes, candidates, operations,
        actions); returns how many went. Call until 0."""

    @abstractmethod
    def episodes(self, group_id: str, episode_uuids: Sequence[str]) -> int:
        """Remove these episodes, the facts and candidates read from them, and entities left
        with no fact and no mention; returns how many records went."""
