"""The records the store keeps: Entity, Fact, Episode, LedgerEntry, Operation, Alert.

Records are immutable pydantic models. Constructing one validates it: a naive datetime, an
`invalid_at` before `valid_at`, an empty tenant or an unknown enumeration value raises
`pydantic.ValidationError` naming the field (the API layer turns it into `invalid_input`).
All datetimes are normalised to UTC on the way in, so both backends compare the same instants.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from graph.domain.discourse import TurnContext
from graph.domain.enums import (
    Cardinality,
    FactType,
    Granularity,
    MemoryLayer,
    MemoryType,
    Modality,
    OperationStatus,
    Role,
    SourceType,
    VerifyStatus,
)

GROUP_ID_PATTERN = r"^[A-Za-z0-9_-]{1,128}$"


def _to_utc(value: datetime) -> datetime:
    return value.astimezone(UTC)


UtcDatetime = Annotated[AwareDatetime, AfterValidator(_to_utc)]
"""An aware datetime (naive ones are rejected, naming the field), normalised to UTC."""

TOLD_GRAINS = frozenset({Granularity.INSTANT, Granularity.DAY})
"""The granularities of a time that is the message's (a timestamp, an observation date)."""

GroupId = Annotated[str, Field(pattern=GROUP_ID_PATTERN)]
NonEmpty = Annotated[str, Field(min_length=1)]
JsonValue = Any


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Alert(_Record):
    """A notary finding. `detail` never contains the secret itself."""

    kind: Literal[
        "credential", "invisible_unicode", "html_injection", "unrecognised_part", "media_digested"
    ]
    detail: str
    span: tuple[int, int] | None = None
    turn: int | None = None


class Entity(_Record):
    """A node: a person, a thing, or a literal value that facts point at."""

    uuid: NonEmpty
    group_id: GroupId
    name: NonEmpty
    normalized: NonEmpty
    type: str = "entity"
    aliases: tuple[str, ...] = ()
    summary: str = ""
    created_at: UtcDatetime

    def called(self, names: Iterable[str]) -> Entity:
        """This entity with `names` it does not list yet added to its aliases (itself when
        there are none)."""
        more = tuple(dict.fromkeys(n for n in names if n not in self.aliases))
        return self.model_copy(update={"aliases": (*self.aliases, *more)}) if more else self


class Fact(_Record):
    """An edge `(subject)-[predicate]->(value)` with event, ingestion and knowledge time."""

    uuid: NonEmpty
    group_id: GroupId
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    subject: NonEmpty
    subject_key: NonEmpty
    subject_uuid: NonEmpty
    predicate: NonEmpty
    cardinality: Cardinality = Cardinality.SINGLE
    value: str
    value_key: str
    object_uuid: NonEmpty
    polarity: Literal[1, -1] = 1
    state_change: Literal["", "ends", "starts"] = ""
    """The statement says the state ended ("I no longer work at Globex", polarity -1) or began
    ("I started at Globex"): a change in time, never a contradiction (docs/conflicts.md)."""
    correction: bool = False
    """Said as a correction of the record ("no, it is X"): judged again later (a held record
    confirmed, resolve-by-id), it still stops believing what it corrects instead of closing it."""
    scope: str = ""
    fact: str
    fact_embedding: tuple[float, ...] | None = Field(default=None, repr=False)
    episodes: tuple[str, ...] = ()
    episode_id: str | None = None
    valid_at: UtcDatetime
    valid_granularity: Granularity = Granularity.INSTANT
    valid_end: UtcDatetime | None = None
    """The first instant after the period the text named ("last weekend": the Monday after);
    None when the time is the message's (no phrase said when)."""
    valid_phrase: str = ""
    """The words that said when ("last weekend", 上个周末), as written; "" when none did."""
    invalid_at: UtcDatetime | None = None
    knowledge_time: UtcDatetime
    told_at: UtcDatetime | None = None
    """When the statement was told: its episode's time (the message's `timestamp`, else the
    `observation_date`, else `knowledge_time`, else the write's), the time its words were
    read against. None on records written before it was kept: see `told`."""
    created_at: UtcDatetime
    invalidated_at: UtcDatetime | None = None
    expired_at: UtcDatetime | None = None
    categories: tuple[str, ...] = ()
    memory_type: MemoryType = MemoryType.FACT
    layer: MemoryLayer = MemoryLayer.SEMANTIC
    fact_type: FactType = FactType.FACT
    source_type: SourceType = SourceType.USER
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)
    verify_status: VerifyStatus = VerifyStatus.UNVERIFIED
    disputed: bool = False
    needs_confirmation: bool = False
    immutable: bool = False
    supersedes: str | None = None
    superseded_by: str | None = None
    signature: NonEmpty
    extraction_version: str = "0"
    policy_version: str = "0"
    source_span: tuple[int, int] | None = None
    modality: Modality = Modality.TEXT
    media_refs: tuple[str, ...] = ()
    metadata: dict[str, JsonValue] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _ordered_times(self) -> Fact:
        if self.invalid_at is not None and self.invalid_at < self.valid_at:
            raise ValueError("invalid_at must not be before valid_at")
        if self.valid_end is not None and self.valid_end <= self.valid_at:
            raise ValueError("valid_end must be after valid_at")
        if self.expired_at is not None and self.expired_at < self.created_at:
            raise ValueError("expired_at must not be before created_at")
        return self

    @property
    def told(self) -> datetime:
        """When it was told (`told_at`). A record written before that was kept: its `valid_at`
        when no phrase said when and its granularity is the telling's (an instant or a day:
        the time was then the message's, so it is when it was told), else its
        `knowledge_time` (when the source learned it, never before the telling)."""
        if self.told_at is not None:
            return self.told_at
        if not self.valid_phrase and self.valid_granularity in TOLD_GRAINS:
            return self.valid_at
        return self.knowledge_time

    @property
    def start_said(self) -> bool:
        """Did the statement say when the fact began or held ("last year", "in 2023",
        "since 2024")? False when `valid_at` is only the day it was told: a start we do not
        know, the fact held at least from then (docs/write.md, "Told later")."""
        return bool(self.valid_phrase) or self.valid_at != self.told

    @property
    def name(self) -> str:
        """graphiti-core's name for the edge label text: our predicate."""
        return self.predicate

    @property
    def is_open(self) -> bool:
        """Neither expired nor closed in event time."""
        return self.expired_at is None and self.invalid_at is None


class Episode(_Record):
    """One input turn or document after the notary (sanitised text only)."""

    uuid: NonEmpty
    group_id: GroupId
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    role: Role = Role.USER
    name: str = ""
    speaker: str = ""
    """Who said it: the message's `name`, or the name of a "Name: text" transcript line."""
    content: str
    source: str = "message"
    source_description: str = ""
    valid_at: UtcDatetime
    created_at: UtcDatetime
    knowledge_time: UtcDatetime
    modality: Modality = Modality.TEXT
    media_refs: tuple[str, ...] = ()
    permissions: tuple[str, ...] = ()
    metadata: dict[str, JsonValue] = Field(default_factory=dict)
    entity_uuids: tuple[str, ...] = ()
    discourse: TurnContext | None = None
    """The conversation's discourse state the turn was read in and left (who "he", "it" and
    "the film" were): the next turn starts from `after`, a reprocess reads it in `before`."""


class LedgerEntry(_Record):
    """One link of a tenant's SHA-256 chain. Holds digests and ids, never content."""

    group_id: GroupId
    seq: int = Field(ge=1)
    prev_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    hash: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    action: NonEmpty
    target_ids: tuple[str, ...] = ()
    payload_digest: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    at: UtcDatetime
    records: tuple[str, ...] = ()
    """`kind:id:digest` of every record this entry wrote, in its stored state (`-` for a
    record it erased); hashed into the entry, so verify can recompute them from the store."""


class LedgerVerdict(_Record):
    """The result of walking a chain: `first_bad_seq` is the first entry that does not verify
    (or the entry whose record no longer matches, named in `record` as `kind:id`). `head` is
    `length:hash` of the last entry: keep it outside the store to detect a truncated chain."""

    ok: bool
    length: int
    first_bad_seq: int | None = None
    reason: str | None = None
    record: str | None = None
    head: str | None = None


class Operation(_Record):
    """One asynchronous write in the durable operation log."""

    event_id: NonEmpty
    group_id: GroupId
    kind: NonEmpty = "add"
    status: OperationStatus = OperationStatus.PENDING
    payload: dict[str, JsonValue] = Field(default_factory=dict)
    idempotency_key: str | None = None
    attempts: int = Field(default=0, ge=0)
    result: dict[str, JsonValue] | None = None
    error: dict[str, JsonValue] | None = None
    created_at: UtcDatetime
    updated_at: UtcDatetime
    lease_until: UtcDatetime | None = None
    worker: str | None = None


ActionKind = Literal["write", "resolve", "confirm", "reject"]


class ActionRecord(_Record):
    """An executed conflict action, with the before-image of every field it changed.

    `fact_id` is the record the action is about (the new record of a write, the resolved or
    settled record); `created` says the action brought `fact_id` into belief, so rolling it back
    expires it. `changes` are `{"uuid", "before", "after"}` maps, JSON-ready.
    """

    uuid: NonEmpty
    group_id: GroupId
    kind: ActionKind
    fact_id: NonEmpty
    created: bool = False
    changes: tuple[dict[str, JsonValue], ...] = ()
    at: UtcDatetime
    rolled_back_at: UtcDatetime | None = None


CandidateStatus = Literal["pending", "rejected", "promoted"]


class Candidate(_Record):
    """An extracted record that did not become memory at once: held for review, or rejected
    (kept for audit, with the rule and the reason). Promotion writes `fact` through the
    normal conflict path."""

    uuid: NonEmpty
    group_id: GroupId
    status: CandidateStatus
    rule: NonEmpty
    reason: NonEmpty
    fact: Fact
    correction: bool = False
    created_at: UtcDatetime
    decided_at: UtcDatetime | None = None
    decided_by: str | None = None
    promoted_id: str | None = None
