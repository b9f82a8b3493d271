"""What the read use cases return: frozen pydantic models (REST's response schemas too; GraphQL
derives its types from them, `service/graphql/types.py`). Facts inside are `FactOut`."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from service.views import FACT_EXAMPLE, FactOut, Out


class FactsOut(Out):
    model_config = ConfigDict(
        frozen=True, json_schema_extra={"examples": [{"facts": [FACT_EXAMPLE]}]}
    )

    facts: list[FactOut]


class SearchHitOut(Out):
    """One search result; status fields repeated from its fact."""

    id: str
    memory: str
    score: float
    verify_status: str
    disputed: bool
    superseded_by: str | None
    channels: list[str]
    fact: FactOut


SEARCH_EXAMPLE = {
    "id": FACT_EXAMPLE["id"],
    "memory": FACT_EXAMPLE["memory"],
    "score": 0.0489,
    "verify_status": "superseded",
    "disputed": False,
    "superseded_by": FACT_EXAMPLE["superseded_by"],
    "channels": ["keyword", "vector", "tags"],
    "fact": FACT_EXAMPLE,
}


class SearchOut(Out):
    model_config = ConfigDict(
        frozen=True, json_schema_extra={"examples": [{"results": [SEARCH_EXAMPLE]}]}
    )

    results: list[SearchHitOut]


class LedgerOut(Out):
    model_config = ConfigDict(
        frozen=True,
        json_schema_extra={"examples": [{"ok": True, "length": 42, "first_bad_seq": None}]},
    )

    ok: bool
    length: int
    first_bad_seq: int | None


class NodeOut(Out):
    id: str
    name: str
    type: str | None = None


class GraphOut(Out):
    """What was connected to an entity for one time question, one page of it."""

    entity: str
    nodes: list[NodeOut]
    edges: list[FactOut]
    next_cursor: str | None = None


class PathsOut(Out):
    """The shortest chains of records from one entity to another."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)

    from_: str = Field(alias="from")
    to: str
    paths: list[list[FactOut]]
