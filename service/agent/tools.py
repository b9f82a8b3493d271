"""The MCP tools: the memory use cases an agent needs, each a thin call on a `Backend`.

Tool names contain their verb. Descriptions tell an agent which time question to ask:
current by default, `as_of` for what was true then, `known_at` for what the memory believed
then. Arguments are those of REST (API.md); an error answers `is_error` with the service's
error code first (`not_found: ...`, `forbidden: ...`), never a stack trace.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel, Field

from graph.domain.errors import PalimpsestError
from graph.domain.tenancy import acting_user
from service.agent.backends import Backend
from service.agent.quotes import quotable
from service.labels import name_operation

INSTRUCTIONS = """\
Palimpsest is a long-term memory that never overwrites: every fact keeps its history.
Store what the user tells you with add_memory; recall with search_memory (open questions) or
get_facts (a known subject or predicate). Three time questions, on every read tool:
- now (default: leave as_of and known_at out): what is true today. Use for almost everything.
- as_of="2024" / "2024-06" / "2024-06-01": what was TRUE in the world then (event time).
  Use for "where did I live in 2024", "what was my plan last spring".
- known_at="2026-03-01T09:00:00Z": what the memory BELIEVED at that moment (ingestion time),
  before later corrections. Use to audit or explain an earlier answer.
Use entity_history to see how something changed, entity_graph and find_paths for who or what
is connected. Before changing memory, call resolve_conflict with dry_run=true and read the
plan. verify_ledger checks that the audit chain is intact."""

User = Annotated[
    str | None,
    Field(description="the user whose memory this is; with API keys, your key's user"),
]
AsOf = Annotated[
    str | None,
    Field(
        description="event time: what was TRUE then. A year (2024), month (2024-06), date or "
        "datetime; leave out for now"
    ),
]
KnownAt = Annotated[
    str | None,
    Field(
        description="ingestion time: what the memory BELIEVED at this instant (a date means "
        "its end); leave out for the current belief"
    ),
]
Endings = Annotated[
    bool,
    Field(
        description='also records saying a state ended ("I left Acme": state_change "ends", '
        "polarity -1); by default only what is true"
    ),
]
Resolve = Callable[[Context], Backend]


def given(**values: Any) -> dict[str, Any]:
    """The arguments the agent gave (None: not given, so the service's default applies)."""
    return {name: value for name, value in values.items() if value is not None}


def pin(user_id: str | None, default_user: str | None) -> str | None:
    """The user a tool call acts for: with `palimpsest mcp --user-id` (`default_user`) that
    user only, naming another is `forbidden`, as an API key pins REST's
    (`graph.domain.tenancy.acting_user`, the one rule)."""
    try:
        acting: str | None = acting_user(user_id, default_user)
    except PalimpsestError as exc:
        raise ToolError(f"{exc.code}: {exc.message}") from exc
    return acting


async def invoke(backend: Backend, method: str, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """One call; a domain error becomes a tool error that starts with its code."""
    try:
        answer: Any = await backend.call(method, *args, **given(**kwargs))
    except PalimpsestError as exc:
        details = f" {json.dumps(exc.details, ensure_ascii=False)}" if exc.details else ""
        raise ToolError(f"{exc.code}: {exc.message}{details}") from exc
    return _json(answer)


def _json(answer: Any) -> dict[str, Any]:
    """A typed answer as the tool's JSON result (its REST shape); a list as `{"items"}`."""
    if isinstance(answer, BaseModel):
        found: dict[str, Any] = answer.model_dump(mode="json", by_alias=True)
        return found
    if isinstance(answer, list):
        return {"items": [_json(item) for item in answer]}
    return dict(answer)


class _Metered(MCPServer):
    """Names each tool call in its HTTP request's scope (its metrics label, `service.labels`)."""

    tools: frozenset[str] = frozenset()

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context | None = None
    ) -> Any:
        request = getattr(getattr(context, "request_context", None), "request", None)
        name_operation(getattr(request, "scope", None), [name], self.tools)
        return await super().call_tool(name, arguments, context)


def build_server(resolve: Resolve, *, default_user: str | None = None) -> MCPServer:
    """The MCP server; `resolve` picks the backend of each call (from its request context)."""
    server = _Metered(name="palimpsest", instructions=INSTRUCTIONS)
    tools = [
        *_write_tools(resolve, default_user),
        *_read_tools(resolve, default_user),
        *_review_tools(resolve, default_user),
    ]
    for tool in tools:
        server.add_tool(tool)
    server.tools = frozenset(tool.__name__ for tool in tools)
    return server


def _write_tools(resolve: Resolve, default_user: str | None) -> list[Callable[..., Any]]:
    async def add_memory(
        ctx: Context,
        messages: Annotated[
            str | list[dict[str, Any]],
            Field(description='a text, or chat messages [{"role", "content", "name"?}]'),
        ],
        user_id: User = None,
        observation_date: Annotated[
            str | None,
            Field(description="when this was said or true (ISO date), if not today"),
        ] = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        project: str | None = None,
        metadata: Annotated[
            dict[str, Any] | None, Field(description="your own ids, returned unchanged")
        ] = None,
    ) -> dict[str, Any]:
        """Remember what the user said: facts are extracted, dated and stored; an update
        closes the old fact instead of overwriting it. Answers with each fact's event
        (ADD, UPDATE, DUPLICATE, ...)."""
        return await invoke(
            resolve(ctx), "add", messages, user_id=pin(user_id, default_user),
            observation_date=observation_date, agent_id=agent_id, run_id=run_id,
            project=project, metadata=metadata,
        )  # fmt: skip

    return [add_memory]


def _read_tools(resolve: Resolve, default_user: str | None) -> list[Callable[..., Any]]:
    async def search_memory(
        ctx: Context,
        query: Annotated[str, Field(description="what you want to recall, any language")],
        user_id: User = None,
        as_of: AsOf = None,
        known_at: KnownAt = None,
        include_history: Annotated[
            bool, Field(description="also superseded and corrected records")
        ] = False,
        include_endings: Endings = False,
        limit: Annotated[int, Field(ge=1, le=100)] = 10,
    ) -> Annotated[CallToolResult, dict[str, Any]]:
        """Recall memories relevant to a question (keywords, meaning and the graph, in English
        and Chinese). Current memories by default; as_of for the past, known_at for an
        earlier belief. Each hit comes with the turn it was read from (who said it, when,
        the words as said): quote the turn."""
        found = await invoke(
            resolve(ctx), "search", query, user_id=pin(user_id, default_user), as_of=as_of,
            known_at=known_at, include_history=include_history or None,
            include_endings=include_endings or None, limit=limit,
        )  # fmt: skip
        text = TextContent(type="text", text=quotable(found))
        return CallToolResult(content=[text], structured_content=found)

    async def get_facts(
        ctx: Context,
        user_id: User = None,
        subject: Annotated[str | None, Field(description="an entity name")] = None,
        predicate: Annotated[str | None, Field(description='e.g. "lives_in"')] = None,
        as_of: AsOf = None,
        known_at: KnownAt = None,
        fact_type: Annotated[
            str | None, Field(description='only this type; "hypothesis" lists the hedges')
        ] = None,
        include_endings: Endings = False,
        limit: Annotated[int, Field(ge=1, le=1000)] = 100,
    ) -> dict[str, Any]:
        """List stored facts exactly (no ranking): current ones, or those true as_of a time,
        as believed known_at a time. Use when you know the subject or predicate. Hedges
        ("might move to Tokyo") are listed only with fact_type="hypothesis"; an ended state
        ("I left Acme": state_change "ends") only with include_endings."""
        return await invoke(
            resolve(ctx), "facts", user_id=pin(user_id, default_user), subject=subject,
            predicate=predicate, as_of=as_of, known_at=known_at, fact_type=fact_type,
            include_endings=include_endings or None, limit=limit,
        )  # fmt: skip

    async def entity_history(
        ctx: Context,
        entity: Annotated[str, Field(description="an entity name, e.g. the user's name")],
        user_id: User = None,
        predicate: str | None = None,
    ) -> dict[str, Any]:
        """How facts about an entity changed: every version chain, oldest first, with the
        superseded, corrected and disputed versions. Use for "when did this change?"."""
        return await invoke(
            resolve(ctx), "history", entity, user_id=pin(user_id, default_user), predicate=predicate
        )

    async def entity_graph(
        ctx: Context,
        entity: Annotated[str, Field(description="an entity name")],
        user_id: User = None,
        depth: Annotated[int, Field(ge=1, le=3, description="hops from the entity")] = 1,
        as_of: AsOf = None,
        known_at: KnownAt = None,
        predicate: str | None = None,
        limit: Annotated[int, Field(ge=1, le=500)] = 100,
        cursor: Annotated[str | None, Field(description="next_cursor of the last page")] = None,
    ) -> dict[str, Any]:
        """What is connected to an entity (people, places, projects) within depth hops, as
        nodes and the facts joining them; as_of for how it looked then."""
        return await invoke(
            resolve(ctx), "graph", entity, user_id=pin(user_id, default_user), depth=depth,
            as_of=as_of, known_at=known_at, predicate=predicate, limit=limit, cursor=cursor,
        )  # fmt: skip

    async def find_paths(
        ctx: Context,
        from_entity: str,
        to_entity: str,
        user_id: User = None,
        depth: Annotated[int, Field(ge=1, le=3)] = 3,
        as_of: AsOf = None,
        known_at: KnownAt = None,
    ) -> dict[str, Any]:
        """How two entities are connected: the shortest chains of facts between them."""
        return await invoke(
            resolve(ctx), "paths", from_entity, to_entity, user_id=pin(user_id, default_user),
            depth=depth, as_of=as_of, known_at=known_at,
        )  # fmt: skip

    return [search_memory, get_facts, entity_history, entity_graph, find_paths]


def _review_tools(resolve: Resolve, default_user: str | None) -> list[Callable[..., Any]]:
    async def resolve_conflict(
        ctx: Context,
        user_id: User = None,
        content: Annotated[str | None, Field(description="a statement to check")] = None,
        fact_id: Annotated[str | None, Field(description="or a stored fact's id")] = None,
        dry_run: Annotated[
            bool, Field(description="true (default): only show the plan; false: carry it out")
        ] = True,
    ) -> dict[str, Any]:
        """Check a statement or a stored fact against memory: which facts it conflicts with
        and what would be done. Call with dry_run=true first; run it only if the plan is
        right."""
        return await invoke(
            resolve(ctx), "conflict_resolve", content, user_id=pin(user_id, default_user),
            fact_id=fact_id, dry_run=dry_run,
        )  # fmt: skip

    async def list_candidates(
        ctx: Context, user_id: User = None, status: str = "pending"
    ) -> dict[str, Any]:
        """Extracted facts waiting for review (held by the promotion rules)."""
        user = pin(user_id, default_user)
        return await invoke(resolve(ctx), "candidates", user_id=user, status=status)

    async def confirm_candidate(
        ctx: Context, candidate_id: str, user_id: User = None
    ) -> dict[str, Any]:
        """Promote a reviewed candidate into memory (through the conflict rules)."""
        return await invoke(
            resolve(ctx), "confirm_candidate", candidate_id, user_id=pin(user_id, default_user)
        )

    async def reject_candidate(
        ctx: Context, candidate_id: str, user_id: User = None, reason: str | None = None
    ) -> dict[str, Any]:
        """Keep a candidate out of memory, with the reason."""
        return await invoke(
            resolve(ctx), "reject_candidate", candidate_id, user_id=pin(user_id, default_user),
            reason=reason,
        )  # fmt: skip

    async def verify_ledger(
        ctx: Context, user_id: User = None, expect_head: str | None = None
    ) -> dict[str, Any]:
        """Check the memory's tamper-evident hash chain and the records it covers: ok,
        length, first bad entry, the edited or missing record, and the head (`length:hash`);
        pass a head kept from earlier as expect_head to detect a truncated chain."""
        return await invoke(
            resolve(ctx),
            "verify_ledger",
            user_id=pin(user_id, default_user),
            expect_head=expect_head,
        )

    return [resolve_conflict, list_candidates, confirm_candidate, reject_candidate, verify_ledger]
