"""The review's verbs: candidates (extracted records not yet promoted, held for a reviewer or
rejected) and actions (the executed conflict resolutions, each with the before-image of the
records it changed, so it can be rolled back)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime

from graph.domain.model import ActionRecord, Candidate, CandidateStatus


class CandidateReads(ABC):
    """The tenant's candidates, as read."""

    @abstractmethod
    def find(self, group_id: str, status: CandidateStatus | None, limit: int) -> list[Candidate]:
        """The tenant's candidates (of one status), oldest first."""

    @abstractmethod
    def get(self, group_id: str, uuid: str) -> Candidate | None:
        """One candidate of the tenant."""


class Candidates(CandidateReads):
    """The tenant's candidates, read and decided."""

    @abstractmethod
    def record(self, candidates: Sequence[Candidate]) -> None:
        """Store candidates (held or rejected extracted records)."""

    @abstractmethod
    def update(self, candidate: Candidate) -> None:
        """Store a candidate's decision. Raises NotFound for a missing candidate."""


class ActionReads(ABC):
    """The tenant's executed actions, as read."""

    @abstractmethod
    def of_fact(self, group_id: str, fact_id: str) -> list[ActionRecord]:
        """Executed actions about one record, oldest first."""


class Actions(ActionReads):
    """The tenant's executed actions, read, recorded and rolled back."""

    @abstractmethod
    def record(self, actions: Sequence[ActionRecord]) -> None:
        """Store executed actions (their before-images make them reversible)."""

    @abstractmethod
    def mark_rolled_back(self, group_id: str, action_uuid: str, at: datetime) -> None:
        """Mark an action as rolled back. Raises NotFound for a missing action."""
