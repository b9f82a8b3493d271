"""The episodes' verbs: each accepted input turn after the notary (sanitised text only), with
the entities it mentions. Searching them is the search role's (`graph.ports.search`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime

from graph.domain.model import Episode


class EpisodeReads(ABC):
    """The tenant's episodes, as read."""

    @abstractmethod
    def get(self, group_id: str, uuids: Sequence[str]) -> list[Episode]:
        """Episodes by uuid (missing or foreign ids are skipped)."""

    @abstractmethod
    def of_source(self, group_id: str, source: str, limit: int) -> list[Episode]:
        """Episodes whose source (`source_description`) is `source`, oldest first."""

    @abstractmethod
    def latest(self, group_id: str, at: datetime, limit: int) -> list[Episode]:
        """The tenant's `limit` episodes observed at or before `at`, the latest first (by
        observation time, then by when they were stored): the turns a new turn follows."""


class Episodes(EpisodeReads):
    """The tenant's episodes, read and written."""

    @abstractmethod
    def record(self, episodes: Sequence[Episode]) -> None:
        """Store episodes and their MENTIONS links to the entities they name."""
