"""The facts' verbs: the edges `(subject)-[predicate]->(value)` with their three clocks.

A record's content never changes once recorded; its lifecycle fields do (`FactPatch`): a
temporal update closes it in event time (`supersede_patch`), a correction stops believing it
(`expire_patch`). Every read names its tenant and applies the time rules of
`graph.domain.timerules` in the query itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from graph.domain.enums import VerifyStatus
from graph.domain.errors import InvalidInput
from graph.domain.model import Fact
from graph.domain.timerules import CURRENT, TimeQuery
from graph.ports.limits import check_limit

PATCHABLE_FIELDS = frozenset(
    {
        "invalid_at",
        "invalidated_at",
        "expired_at",
        "superseded_by",
        "supersedes",
        "verify_status",
        "disputed",
        "needs_confirmation",
        "confidence",
    }
)


@dataclass(frozen=True)
class AlignmentKey:
    """Facts about the same subject and predicate are aligned; scope is checked by the caller.

    With `value_key`, only the aligned records that can bear on one statement of a
    multi-valued predicate: those holding the same value in `scope`, and every record of
    another scope (a scope difference); the rest of the predicate's values coexist with the
    statement whatever they are, so the write need not read them (an index seek, where a
    speaker's thousands of `said` records would otherwise all be read for every message).
    """

    subject_key: str
    predicate: str
    value_key: str | None = None
    scope: str = ""


@dataclass(frozen=True)
class FactFilter:
    """Optional narrowing of a fact read, always inside one tenant."""

    subject_key: str | None = None
    predicate: str | None = None
    scope: str | None = None
    memory_types: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    verify_statuses: tuple[str, ...] = ()
    fact_types: tuple[str, ...] = ()
    agent_id: str | None = None
    run_id: str | None = None
    extraction_version_not: str | None = None
    policy_version_not: str | None = None
    without_endings: bool = False
    """Leave out the records that say a state ended (`state_change == "ends"`: "I left Acme"):
    a current answer lists what is true, not what stopped being (docs/read.md)."""


@dataclass(frozen=True)
class FactQuery:
    """A fact read: which records (filter), at which time (time), how many (limit).

    `include_history=True` returns every record of the filter regardless of the time rules.
    """

    filter: FactFilter = field(default_factory=FactFilter)
    time: TimeQuery = CURRENT
    include_history: bool = False
    limit: int = 100

    def __post_init__(self) -> None:
        check_limit(self.limit)


@dataclass(frozen=True)
class FactPatch:
    """A change to a record's lifecycle fields (never its content, times of validity excepted)."""

    uuid: str
    changes: Mapping[str, Any]

    def __post_init__(self) -> None:
        unknown = set(self.changes) - PATCHABLE_FIELDS
        if unknown:
            raise InvalidInput(f"fields cannot be patched: {sorted(unknown)}", field="changes")


class FactReads(ABC):
    """The tenant's records, as read."""

    @abstractmethod
    def get(self, group_id: str, uuids: Sequence[str]) -> list[Fact]:
        """The tenant's records with these uuids (missing or foreign ids are skipped)."""

    @abstractmethod
    def by_signatures(self, group_id: str, signatures: Sequence[str]) -> dict[str, Fact]:
        """Records holding these signatures, keyed by signature (an index seek each)."""

    @abstractmethod
    def aligned(self, group_id: str, keys: Sequence[AlignmentKey], now: datetime) -> list[Fact]:
        """Current records of the same subject and predicate as any key, in every scope (only
        those bearing on the key's value where it names one: see `AlignmentKey`)."""

    @abstractmethod
    def find(self, group_id: str, query: FactQuery, now: datetime) -> list[Fact]:
        """Records visible under `query.time` (or all, with include_history), newest first."""

    @abstractmethod
    def history(self, group_id: str, subject_key: str, predicate: str | None = None) -> list[Fact]:
        """Every record of a subject (and predicate), superseded and expired ones included,
        in event order (valid_at, then created_at)."""

    @abstractmethod
    def subject_keys(self, group_id: str, after: str, limit: int, now: datetime) -> list[str]:
        """Distinct subjects of current records, in order, after `after` (the audit's buckets)."""

    @abstractmethod
    def of_subjects(self, group_id: str, subject_keys: Sequence[str], now: datetime) -> list[Fact]:
        """Current records of these subjects."""

    @abstractmethod
    def of_episodes(self, group_id: str, episode_uuids: Sequence[str]) -> list[Fact]:
        """Every record read from these episodes, in any state."""


class Facts(FactReads):
    """The tenant's records, read, recorded and patched."""

    @abstractmethod
    def record(self, facts: Sequence[Fact]) -> None:
        """Create fact edges between their (existing) subject and object entities.
        Raises DuplicateRecord when a uuid or signature is already held."""

    @abstractmethod
    def patch(self, group_id: str, patches: Sequence[FactPatch]) -> None:
        """Change lifecycle fields of existing records. Raises NotFound for a missing uuid."""


def supersede_patch(old: Fact, new_uuid: str, invalid_at: datetime, now: datetime) -> FactPatch:
    if invalid_at < old.valid_at:
        raise InvalidInput("a record cannot be closed before it became valid", field="invalid_at")
    return FactPatch(
        old.uuid,
        {
            "invalid_at": invalid_at,
            "invalidated_at": now,
            "superseded_by": new_uuid,
            "verify_status": VerifyStatus.SUPERSEDED,
        },
    )


def expire_patch(uuid: str, now: datetime) -> FactPatch:
    """A correction: the store stops believing the record from `now`."""
    return FactPatch(uuid, {"expired_at": now})
