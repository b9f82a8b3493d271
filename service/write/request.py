"""The add() request as the API receives it, and as the operation log stores it after the notary.

`AddRequest` is the public shape (REST body, Python keyword arguments). `prepare` validates it,
parses the input into turns and runs the notary on every text, media reference and metadata
value, producing a `PreparedAdd`: sanitised, JSON-serialisable, with no secret left in it. The
durable operation log stores only the prepared form, so an asynchronous write never puts a
credential on disk either.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import date, datetime
from typing import Any

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, field_validator

from extractors.notary.core import notarize, notarize_json
from extractors.parsing.turns import MediaRef, Turn, parse_input
from graph.domain.discourse import Discourse
from graph.domain.enums import Granularity, MemoryType, SourceType
from graph.domain.errors import InvalidInput
from graph.domain.model import Alert
from graph.domain.tenancy import TenantScope
from graph.domain.timeargs import parse_time_argument

MAX_FILTER_TERMS = 50
MAX_BATCH_ITEMS = 5000
"""The most items one add_batch takes (REST and GraphQL alike)."""
MAX_METADATA_BYTES = 64_000


class AddRequest(BaseModel):
    """POST /v1/memories and `Memory.add`: exactly the fields of API.md."""

    model_config = ConfigDict(extra="forbid")

    messages: Any = Field(description="a string, one message, or a list of messages")
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    project: str | None = None
    observation_date: str | date | datetime | None = None
    knowledge_time: str | date | datetime | None = None
    timestamp: str | date | datetime | None = None
    infer: bool = True
    immutable: bool = False
    includes: list[str] | None = Field(default=None, max_length=MAX_FILTER_TERMS)
    excludes: list[str] | None = Field(default=None, max_length=MAX_FILTER_TERMS)
    metadata: dict[str, Any] | None = None
    source_type: SourceType = SourceType.USER
    memory_type: MemoryType | None = None
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=200)
    source: str | None = Field(
        default=None,
        min_length=1,
        max_length=500,
        description="where the input comes from (a document, a channel); reprocess and "
        "forget select by it",
    )
    permissions: list[str] | None = Field(
        default=None,
        max_length=100,
        description="principals allowed to read what this source says; none: the tenant",
    )

    @field_validator("includes", "excludes")
    @classmethod
    def _terms(cls, value: list[str] | None) -> list[str] | None:
        if value is not None and any(not term.strip() for term in value):
            raise ValueError("filter terms must be non-empty")
        return value


class TimePoint(BaseModel):
    """A resolved time argument: its start and how precisely it is known."""

    model_config = ConfigDict(frozen=True)

    start: AwareDatetime
    granularity: Granularity


class PreparedAdd(BaseModel):
    """A validated, sanitised add: what extraction reads and what the operation log stores."""

    model_config = ConfigDict(frozen=True)

    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    project: str | None = None
    turns: tuple[Turn, ...]
    alerts: tuple[Alert, ...] = ()
    observation: TimePoint | None = None
    knowledge_time: AwareDatetime | None = None
    timestamp: AwareDatetime | None = None
    infer: bool = True
    immutable: bool = False
    includes: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    metadata: dict[str, Any] = Field(default_factory=dict)
    source_type: SourceType = SourceType.USER
    memory_type: MemoryType | None = None
    idempotency_key: str | None = None
    source: str | None = None
    permissions: tuple[str, ...] = ()
    discourse: Discourse | None = None
    """The conversation's discourse state before the first turn (service/write/discourse.py);
    None: read the turns alone, or thread them from the add before in the same call."""

    @property
    def scope(self) -> TenantScope:
        return TenantScope(self.user_id, self.agent_id, self.run_id, self.project)


def check_batch_size(count: int) -> None:
    """InvalidInput unless 1 <= count <= MAX_BATCH_ITEMS."""
    if not 1 <= count <= MAX_BATCH_ITEMS:
        message = f"items: a batch holds 1 to {MAX_BATCH_ITEMS} items, not {count}"
        raise InvalidInput(message, field="items")


def validated(data: dict[str, Any]) -> AddRequest:
    """An AddRequest from keyword data, with pydantic errors turned into InvalidInput."""
    try:
        return AddRequest.model_validate(data)
    except ValidationError as exc:
        raise invalid_input(exc) from None


def invalid_input(exc: ValidationError, prefix: str = "") -> InvalidInput:
    first = exc.errors()[0]
    field = prefix + ".".join(str(part) for part in first["loc"])
    return InvalidInput(f"{field or 'body'}: {first['msg']}", field=field or "body")


def prepare(
    request: AddRequest,
    *,
    max_chars: int = 200_000,
    stage: Callable[[str], AbstractContextManager[None]] = lambda _: nullcontext(),
) -> PreparedAdd:
    """Validate, parse and notarise. Raises InvalidInput naming the field; writes nothing."""
    scope = TenantScope(request.user_id, request.agent_id, request.run_id, request.project)
    with stage("parse"):
        parsed = parse_input(request.messages, max_chars=max_chars)
    with stage("notary"):
        _refuse_credential_ids(request)
        turns, alerts = _sanitise(parsed)
        metadata, meta_alerts = _metadata(request.metadata)
        source = _source(request.source, meta_alerts)
    return PreparedAdd(
        user_id=scope.user_id,
        agent_id=scope.agent_id,
        run_id=scope.run_id,
        project=scope.project,
        turns=tuple(turns),
        alerts=tuple(alerts + meta_alerts),
        observation=_point(request.observation_date, "observation_date"),
        knowledge_time=_instant(request.knowledge_time, "knowledge_time"),
        timestamp=_instant(request.timestamp, "timestamp"),
        infer=request.infer,
        immutable=request.immutable,
        includes=tuple(request.includes or ()),
        excludes=tuple(request.excludes or ()),
        metadata=metadata,
        source_type=request.source_type,
        memory_type=request.memory_type,
        idempotency_key=request.idempotency_key,
        source=source,
        permissions=tuple(request.permissions or ()),
    )


ID_FIELDS = ("user_id", "agent_id", "run_id", "project")


def _refuse_credential_ids(request: AddRequest) -> None:
    """An id that holds a credential is refused, not masked: ids name tenants, and masking
    would merge the tenants of two different secrets. The error never repeats the value."""
    for field in ID_FIELDS:
        value = getattr(request, field)
        found = [a for a in notarize(value).alerts if a.kind == "credential"] if value else []
        if found:
            raise InvalidInput(
                f"{field} holds a credential ({found[0].detail}); use an id that is not a secret",
                field=field,
            )


def _source(source: str | None, alerts: list[Alert]) -> str | None:
    """`source` is stored and selected on: it is notarised like every other text."""
    if source is None:
        return None
    result = notarize(source)
    alerts.extend(
        Alert(kind=a.kind, detail=f"{a.detail} at source", span=a.span, turn=a.turn)
        for a in result.alerts
    )
    return result.text


def _sanitise(turns: list[Turn]) -> tuple[list[Turn], list[Alert]]:
    clean: list[Turn] = []
    alerts: list[Alert] = []
    for turn in turns:
        result = notarize(turn.text, turn=turn.index)
        media = [_clean_media(ref, turn.index, alerts) for ref in turn.media]
        alerts.extend(turn.alerts)
        alerts.extend(result.alerts)
        clean.append(
            turn.model_copy(update={"text": result.text, "media": tuple(media), "alerts": ()})
        )
    return clean, alerts


def _clean_media(ref: MediaRef, turn: int, alerts: list[Alert]) -> MediaRef:
    result = notarize(ref.ref, turn=turn)
    alerts.extend(result.alerts)
    return ref if result.text == ref.ref else ref.model_copy(update={"ref": result.text})


def _metadata(raw: dict[str, Any] | None) -> tuple[dict[str, Any], list[Alert]]:
    if not raw:
        return {}, []
    if len(json.dumps(raw, default=str)) > MAX_METADATA_BYTES:
        raise InvalidInput(f"metadata is larger than {MAX_METADATA_BYTES} bytes", field="metadata")
    try:
        clean, alerts = notarize_json(raw)
    except ValueError as exc:
        raise InvalidInput(f"metadata: {exc}", field="metadata") from None
    assert isinstance(clean, dict)
    return clean, list(alerts)


def _point(value: str | date | datetime | None, field: str) -> TimePoint | None:
    if value is None:
        return None
    span = parse_time_argument(value, field=field)
    return TimePoint(start=span.start, granularity=span.granularity)


def _instant(value: str | date | datetime | None, field: str) -> datetime | None:
    if value is None:
        return None
    return parse_time_argument(value, field=field).start
