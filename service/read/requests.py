"""The read requests as every entry point receives them: REST query strings, GraphQL arguments
and the Python client's keyword arguments all validate through these models, so the three
cannot disagree about a name, a default or a limit.

Unknown fields are refused (`extra="forbid"`): a misspelt filter is an error naming it, never a
silently wider answer.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
)

from graph.domain.enums import FactType, MemoryType, VerifyStatus
from graph.domain.errors import InvalidInput
from graph.domain.tenancy import TenantScope
from graph.domain.timeargs import TimeArgument

FACTS_LIMIT = 1000
SEARCH_LIMIT = 100
MAX_QUERY_CHARS = 2000
MAX_FILTER_VALUES = 20

M = TypeVar("M", bound=BaseModel)

_TIME_HELP = (
    "ISO date or datetime, year (2024) or month (2024-06). as_of: valid at any point of the "
    "period; known_at: a datetime is that instant, a date, month or year its end"
)


class ScopeArgs(BaseModel):
    """Who asks: the tenant (user_id, else agent_id, else run_id) and optional narrowing."""

    model_config = ConfigDict(extra="forbid")

    user_id: str | None = Field(default=None, examples=["alice"])
    agent_id: str | None = Field(default=None, description="narrows to records this agent wrote")
    run_id: str | None = Field(default=None, description="narrows to records of this run")
    project: str | None = Field(default=None, description="narrows to records of this project")

    def tenant(self) -> TenantScope:
        return TenantScope(self.user_id, self.agent_id, self.run_id, self.project)


class LedgerArgs(ScopeArgs):
    """Whose ledger to verify, and optionally the head it must still extend."""

    expect_head: str | None = Field(
        default=None,
        max_length=200,
        description="`length:hash` from an earlier answer's `head`: finds a truncated or "
        "replaced chain",
    )


class FilterArgs(ScopeArgs):
    """Optional filters shared by fact queries and search."""

    memory_type: list[MemoryType] = Field(
        default_factory=list, max_length=MAX_FILTER_VALUES, description="any of these types"
    )
    category: list[str] = Field(
        default_factory=list, max_length=MAX_FILTER_VALUES, description="any of these categories"
    )
    verify_status: list[VerifyStatus] = Field(
        default_factory=list, max_length=MAX_FILTER_VALUES, description="any of these statuses"
    )
    scope: str | None = Field(default=None, description="the records' scope (same as project)")
    as_of: TimeArgument | None = Field(
        default=None, description="event time: " + _TIME_HELP, examples=["2024"]
    )
    known_at: TimeArgument | None = Field(
        default=None, description="ingestion time: " + _TIME_HELP, examples=["2026-03-01"]
    )
    include_endings: bool = Field(
        default=False,
        description="also the records that say a state ended (`state_change: ends`, polarity "
        '-1: "I left Acme"); by default an answer lists what is true at its time, and the '
        "ended state's own record is closed there",
    )

    @field_validator("memory_type", "verify_status", mode="wrap")
    @classmethod
    def _members(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        """A bad member is an error of the parameter itself (`memory_type`, not `.0`)."""
        try:
            return handler(value)
        except ValidationError as exc:
            raise ValueError(exc.errors()[0]["msg"]) from None

    @field_validator("category")
    @classmethod
    def _non_empty(cls, values: list[str]) -> list[str]:
        if any(not value.strip() for value in values):
            raise ValueError("filter values must be non-empty")
        return values


class FactsRequest(FilterArgs):
    """GET /v1/facts: current facts, or those valid `as_of` as known `known_at`."""

    subject: str | None = Field(default=None, description="an entity name", examples=["alice"])
    predicate: str | None = Field(default=None, examples=["lives_in"])
    fact_type: FactType | None = Field(
        default=None,
        description="only records of this type (`hypothesis` lists the hedges); by default "
        "every type but `hypothesis`: a hedge is never a current fact",
        examples=["hypothesis"],
    )
    limit: int = Field(default=100, ge=1, le=FACTS_LIMIT)


class SearchRequest(FilterArgs):
    """GET /v1/search: hybrid recall over the records visible to one time question."""

    q: str = Field(
        min_length=1, max_length=MAX_QUERY_CHARS, examples=["what graphics card do I have?"]
    )
    include_history: bool = Field(
        default=False, description="every record (superseded and expired too), no time question"
    )
    limit: int = Field(default=10, ge=1, le=SEARCH_LIMIT)

    @field_validator("q")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the query is empty")
        return value


class HistoryRequest(ScopeArgs):
    """An entity's version chains (GET /v1/entities/{name}/history; the conflict use cases
    answer it)."""

    name: str = Field(min_length=1, max_length=MAX_QUERY_CHARS, description="an entity name")
    predicate: str | None = None


GRAPH_LIMIT = 500
PATHS_LIMIT = 100
MAX_DEPTH = 3


class TimeArgs(ScopeArgs):
    """A tenant and one time question (current when neither field is given)."""

    as_of: TimeArgument | None = Field(
        default=None, description="event time: " + _TIME_HELP, examples=["2024"]
    )
    known_at: TimeArgument | None = Field(
        default=None, description="ingestion time: " + _TIME_HELP, examples=["2026-03-01"]
    )


class GraphArgs(TimeArgs):
    """The query of GET /v1/entities/{name}/graph (the entity comes from the path)."""

    depth: int = Field(default=1, ge=1, le=MAX_DEPTH, description="hops from the entity")
    predicate: str | None = Field(default=None, description="only edges of this predicate")
    limit: int = Field(default=100, ge=1, le=GRAPH_LIMIT, description="edges per page")
    cursor: str | None = Field(
        default=None, pattern=r"^[0-9]{1,6}$", description="next_cursor of the previous page"
    )


class GraphRequest(GraphArgs):
    """What was connected to an entity for one time question."""

    name: str = Field(min_length=1, max_length=MAX_QUERY_CHARS, description="an entity name")


class PathsRequest(TimeArgs):
    """GET /v1/paths: the shortest chains of facts connecting two entities."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    from_: str = Field(
        alias="from", min_length=1, max_length=MAX_QUERY_CHARS, description="an entity name"
    )
    to: str = Field(min_length=1, max_length=MAX_QUERY_CHARS, description="an entity name")
    depth: int = Field(default=MAX_DEPTH, ge=1, le=MAX_DEPTH, description="longest path")
    limit: int = Field(default=10, ge=1, le=PATHS_LIMIT, description="paths at most")


def validated(model: type[M], data: dict[str, Any]) -> M:
    """`model` from keyword data; a validation error becomes InvalidInput naming the field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"] if not isinstance(p, int)) or "query"
        if first["type"] == "extra_forbidden":
            raise InvalidInput(f"unknown parameter: {field}", field=field) from None
        raise InvalidInput(f"{field}: {first['msg']}", field=field) from None
