"""Every public verb of the Python surface, declared once: its parameters, result and doc, the
HTTP route `Client` calls, and the use case `Memory` runs.

`python -m service.clients.generate` writes from these declarations the three modules that
callers and mypy read: `protocol.py` (`MemoryAPI`), `memory_verbs.py` (`Memory`'s methods) and
`remote_verbs.py` (the methods `Client` and `AsyncClient` share); a test regenerates them and
fails on any difference, so a verb is added here and nowhere else in `service/clients/`.

A verb's HTTP call follows from its route: a `{name}` in the path is that parameter (quoted as
one segment); the others, and the `**` ones, go in the query of a GET or DELETE and in the JSON
body of a POST (`query` moves some of a POST's to the query), a None left out of both except
among the `**` ones of a body; the answer is read into the result model (`answer`: an expression
choosing it). `send` replaces all that for a verb whose route depends on its arguments. `local`
is the body of `Memory`'s method (an expression is returned). Nothing imports this module at run
time: only the generator and its test read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Verb:
    name: str
    params: str
    """The parameters after `self`, as they are written in the signature."""
    returns: str
    doc: str
    route: str
    """"METHOD /path/{param}"."""
    local: str
    query: tuple[str, ...] = ()
    wire: dict[str, str] = field(default_factory=dict)
    """A parameter's name on the wire, where it is not a Python name (`from_` -> `from`)."""
    answer: str = ""
    lines: bool = False
    """The answer is JSON Lines, one result item per line."""
    send: str = ""


SCOPE = "user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None"

MODELS = """
from service.conflicts.answers import (
    AuditOut,
    HistoryOut,
    ResolutionOut,
    ReviewOut,
    RollbackOut,
    WrittenOut,
)
from service.read.answers import FactsOut, GraphOut, LedgerOut, PathsOut, SearchOut
from service.tenancy.usecases import ErasureOut, ExportLine
from service.views import (
    AddOut,
    BatchOut,
    CandidateOut,
    CandidatesOut,
    FactOut,
    OperationOut,
    PendingOut,
    ResultsOut,
)
"""

LOCAL_IMPORTS = """
from graph.domain.tenancy import TenantScope
from service.conflicts import reversal, usecases
from service.conflicts.history import history
from service.read import facts as fact_cases
from service.read import relations
from service.read.requests import (
    FactsRequest,
    GraphRequest,
    PathsRequest,
    ScopeArgs,
    SearchRequest,
    validated,
)
from service.read.search import search as search_case
from service.write.request import validated as validated_write
"""

VERBS: tuple[Verb, ...] = (
    Verb(
        "add",
        "messages: Any, *, mode: str = 'sync', **options: Any",
        "AddOut | PendingOut",
        """Extract and store facts: `AddOut` (`.results`, `.alerts`); with mode="async",
        `PendingOut` (`.event_id`, `.status` PENDING) at once.

        m.add("I moved to Berlin in 2023.", user_id="alice", observation_date="2023-06-01")
        """,
        "POST /v1/memories",
        local="""
        request = validated_write({"messages": messages, **options})
        if mode == "async":
            return PendingOut.of(self._container.writes.enqueue(request))
        return self._container.writes.add(request)
        """,
        query=("mode",),
        answer="PendingOut if mode == 'async' else AddOut",
    ),
    Verb(
        "add_batch",
        "items: list[dict[str, Any]]",
        "BatchOut",
        """Many adds; each item as the arguments of `add`: `.results`, one per item (its answer,
        or its own `.error`).""",
        "POST /v1/memories/batch",
        local="BatchOut.model_construct(results=self._container.writes.add_batch(items))",
    ),
    Verb(
        "get_operation",
        "event_id: str, *, user_id: str | None = None",
        "OperationOut",
        "`.event_id`, `.status`, and `.result` or `.error` once the write has one.",
        "GET /v1/operations/{event_id}",
        local="fact_cases.operation_status(self._container.reads, event_id, user_id)",
    ),
    Verb(
        "facts",
        "**arguments: Any",
        "FactsOut",
        """`.facts`: current facts, or those valid `as_of` as known `known_at`.

        m.facts(user_id="alice", subject="alice", predicate="lives_in", as_of="2024")
        """,
        "GET /v1/facts",
        local="""fact_cases.list_facts(
            self._container.reads, validated(FactsRequest, arguments)
        )""",
    ),
    Verb(
        "search",
        "q: str, **arguments: Any",
        "SearchOut",
        """`.results`: hybrid recall over the records visible to one time question.

        m.search("what graphics card do I have?", user_id="alice", as_of="2025-12")
        """,
        "GET /v1/search",
        local="""
        request = validated(SearchRequest, {"q": q, **arguments})
        return search_case(self._container.reads, request)
        """,
    ),
    Verb(
        "get_fact",
        "fact_id: str, **scope: Any",
        "FactOut",
        "One record of the tenant by id, whatever its state.",
        "GET /v1/facts/{fact_id}",
        local="""
        tenant = validated(ScopeArgs, scope).tenant()
        return fact_cases.get_fact(self._container.reads, tenant, fact_id)
        """,
    ),
    Verb(
        "graph",
        "entity: str, **arguments: Any",
        "GraphOut",
        """`.entity`, `.nodes`, `.edges` (facts), `.next_cursor`: what was connected to the
        entity, within `depth` (1-3) hops, for one time question (current by default).

        m.graph("alice", user_id="alice", depth=2, as_of="2024")
        """,
        "GET /v1/entities/{entity}/graph",
        local="""
        request = validated(GraphRequest, {"name": entity, **arguments})
        return relations.entity_graph(self._container.reads, request)
        """,
    ),
    Verb(
        "paths",
        "from_: str, to: str, **arguments: Any",
        "PathsOut",
        """`.from_`, `.to`, `.paths` (lists of facts): the shortest chains of records connecting
        two entities, at most `depth` (default 3) records long.

        m.paths("alice", "acme", user_id="alice", as_of="2024")
        """,
        "GET /v1/paths",
        local="""
        request = validated(PathsRequest, {"from": from_, "to": to, **arguments})
        return relations.paths(self._container.reads, request)
        """,
        wire={"from_": "from"},
    ),
    Verb(
        "history",
        f"entity: str, *, {SCOPE}, predicate: str | None = None",
        "HistoryOut",
        "The entity's version chains, oldest first, and any broken link.",
        "GET /v1/entities/{entity}/history",
        local="""
        scope = TenantScope(user_id, agent_id, run_id)
        return history(self._container.store, scope, entity, predicate)
        """,
    ),
    Verb(
        "conflict_resolve",
        "content: str | None = None, *, fact_id: str | None = None, dry_run: bool = True,"
        " scope: Literal['record', 'audit'] = 'record', " + SCOPE + ", project: str | None = None",
        "ResolutionOut | WrittenOut | AuditOut",
        """The plan for a statement or a stored record (`dry_run=False` executes it);
        `scope="audit"` scans the whole tenant instead.""",
        "POST /v1/conflicts/resolve",
        local="""
        tenant = TenantScope(user_id, agent_id, run_id, project)
        if scope == "audit":
            return usecases.audit(self._container.services, tenant)
        return usecases.resolve(
            self._container.services, tenant, content=content, fact_id=fact_id, dry_run=dry_run
        )
        """,
        send="""
        tenant = present(user_id=user_id, agent_id=agent_id, run_id=run_id, project=project)
        if scope == "audit":
            return self._send(Call("POST", "/v1/conflicts/audit", body=tenant, answer=AuditOut))
        body = {**tenant, **present(content=content, fact_id=fact_id), "dry_run": dry_run}
        answer = ResolutionOut if dry_run else WrittenOut
        return self._send(Call("POST", "/v1/conflicts/resolve", body=body, answer=answer))
        """,
    ),
    Verb(
        "audit",
        f"*, {SCOPE}",
        "AuditOut",
        """Scan the tenant's current records for conflicts (records that share an entity and a
        predicate, pairwise): the conflicts found and how much was scanned.""",
        "POST /v1/conflicts/audit",
        local="usecases.audit(self._container.services, TenantScope(user_id, agent_id, run_id))",
    ),
    Verb(
        "rollback",
        f"fact_id: str, *, {SCOPE}",
        "RollbackOut",
        """Undo the latest action about a record (its write, a resolution, a confirmation),
        restoring what it changed; refused (409) when a later action changed the same fields.""",
        "POST /v1/facts/{fact_id}/rollback",
        local="""
        scope = TenantScope(user_id, agent_id, run_id)
        return reversal.rollback(self._container.services, scope, fact_id)
        """,
    ),
    Verb(
        "confirm_fact",
        "fact_id: str, *, user_id: str | None = None",
        "ReviewOut",
        """The reviewer says this record is right: pending updates land, the records it disputed
        stop being believed, and it becomes verified.""",
        "POST /v1/facts/{fact_id}/confirm",
        local="reversal.confirm(self._container.services, TenantScope(user_id), fact_id)",
    ),
    Verb(
        "reject_fact",
        "fact_id: str, *, user_id: str | None = None",
        "ReviewOut",
        """The reviewer says this record is wrong: it stops being believed, and its counterparts
        are no longer disputed unless another record still contradicts them.""",
        "POST /v1/facts/{fact_id}/reject",
        local="reversal.reject(self._container.services, TenantScope(user_id), fact_id)",
    ),
    Verb(
        "candidates",
        "*, user_id: str | None = None, status: str | None = 'pending', limit: int = 100",
        "CandidatesOut",
        "The review queue: extracted records held (or rejected) by the promotion rules.",
        "GET /v1/candidates",
        local="self._container.candidates.list(TenantScope(user_id), status, limit)",
    ),
    Verb(
        "confirm_candidate",
        "candidate_id: str, *, user_id: str | None = None",
        "ResultsOut",
        """Promote a held candidate through the normal conflict path (its belief starts at the
        confirmation); ledgered.""",
        "POST /v1/candidates/{candidate_id}/confirm",
        local="self._container.candidates.confirm(TenantScope(user_id), candidate_id)",
    ),
    Verb(
        "reject_candidate",
        "candidate_id: str, *, user_id: str | None = None, reason: str | None = None",
        "CandidateOut",
        "Reject a held candidate: it is kept for audit with the reviewer's reason; ledgered.",
        "POST /v1/candidates/{candidate_id}/reject",
        local="self._container.candidates.reject(TenantScope(user_id), candidate_id, reason)",
    ),
    Verb(
        "verify_ledger",
        f"*, {SCOPE}, expect_head: str | None = None",
        "LedgerOut",
        """Walk the tenant's hash chain and the records it covers: `.ok`, `.length`,
        `.first_bad_seq`, `.reason`, `.record`, `.head`.""",
        "GET /v1/ledger/verify",
        local="""
        scope = TenantScope(user_id, agent_id, run_id)
        return fact_cases.verify_ledger(self._container.reads, scope, expect_head)
        """,
    ),
    Verb(
        "forget_user",
        "user_id: str",
        "ErasureOut",
        "Erase a user's memory; the ledger keeps a tombstone.",
        "DELETE /v1/users/{user_id}",
        local="self._container.tenancy.forget_user(TenantScope(user_id))",
    ),
    Verb(
        "export",
        "*, user_id: str | None = None",
        "list[ExportLine]",
        """Every record of the tenant, one `{"kind", "record"}` line each.""",
        "GET /v1/export",
        local="list(self._container.tenancy.export(TenantScope(user_id)))",
        answer="ExportLine",
        lines=True,
    ),
)
