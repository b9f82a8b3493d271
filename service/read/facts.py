"""Fact queries: what is true now, what was true as of a time, what the store believed then.

Use cases take their collaborators (`ReadDeps`) and a validated request and return the API's
shapes; they raise only `graph.domain.errors` classes.
"""

from __future__ import annotations

from dataclasses import replace

from graph.domain.errors import NotFound
from graph.domain.ledger import Head
from graph.domain.model import Fact, Operation
from graph.domain.tenancy import TenantScope
from graph.domain.timeargs import time_query
from graph.ports.facts import FactQuery
from graph.ports.store import StoreReads
from service.entity_names import stored_key
from service.read.access import Principals, open_to, readable
from service.read.answers import FactsOut, LedgerOut
from service.read.deps import ReadDeps
from service.read.questions import fact_filter
from service.read.requests import FactsRequest
from service.views import FactOut, OperationOut


def list_facts(deps: ReadDeps, request: FactsRequest, principals: Principals = None) -> FactsOut:
    """`{"facts": [Fact]}`: the records visible to the request's time question, newest first
    (and readable by the caller's principals: `access.py`)."""
    group = request.tenant().group_id
    query = FactQuery(
        filter=fact_filter(request, deps.table),
        time=time_query(request.as_of, request.known_at),
        limit=request.limit,
    )
    now = deps.clock.now()

    def found_in(tx: StoreReads) -> list[Fact]:
        asked = _about(tx, group, query, request.subject)
        return readable(tx, group, tx.facts.find(group, asked, now), principals)

    found = deps.store.read(found_in)
    return FactsOut.model_construct(facts=[FactOut.of(fact) for fact in found])


def _about(tx: StoreReads, group: str, query: FactQuery, subject: str | None) -> FactQuery:
    """The query about the entity `subject` names, under the key the store holds it by (its
    canonical name's, or an older one: `service.entity_names`)."""
    if subject is None or query.filter.subject_key is None:
        return query
    key = stored_key(tx, group, subject)
    return replace(query, filter=replace(query.filter, subject_key=key))


def get_fact(
    deps: ReadDeps, scope: TenantScope, fact_id: str, principals: Principals = None
) -> FactOut:
    """One record of the caller's tenant, whatever its state; another tenant's id (or a record
    the caller may not read) is not found."""
    group = scope.group_id
    found = deps.store.read(
        lambda tx: readable(tx, group, tx.facts.get(group, [fact_id]), principals)
    )
    if not found:
        raise NotFound(f"no fact {fact_id}", details={"fact_id": fact_id})
    return FactOut.of(found[0])


def operation_status(
    deps: ReadDeps, event_id: str, user_id: str | None = None, principals: Principals = None
) -> OperationOut:
    """An operation's status; with `user_id`, another tenant's operation is not found, and
    with `principals`, nor is a write to a source they may not read (its payload is the
    source's words)."""
    operation = deps.store.read(lambda tx: tx.operations.get(event_id))
    if (
        operation is None
        or (user_id is not None and operation.group_id != TenantScope(user_id=user_id).group_id)
        or not _operation_open(deps, operation, principals)
    ):
        raise NotFound(f"no operation {event_id}", details={"event_id": event_id})
    return OperationOut.of(operation)


def _operation_open(deps: ReadDeps, operation: Operation, principals: Principals) -> bool:
    """Is the write's source open to `principals`: its queued payload's permissions, or (a
    receipt keeps no payload) the episodes its result names?"""
    if principals is None:
        return True
    if not open_to(operation.payload.get("permissions"), principals):
        return False
    named = (operation.result or {}).get("episode_ids") or []
    ids = [str(e) for e in named]
    episodes = deps.store.read(lambda tx: tx.episodes.get(operation.group_id, ids))
    return all(open_to(e.permissions, principals) for e in episodes)


def verify_ledger(deps: ReadDeps, scope: TenantScope, expect_head: str | None = None) -> LedgerOut:
    """Walk the tenant's hash chain and recompute the records it covers; with `expect_head`
    (`length:hash`, from an earlier answer's `head`), also find a truncated or replaced chain."""
    expected = Head.parse(expect_head) if expect_head else None
    verdict = deps.store.verify_ledger(scope.group_id, expected)
    return LedgerOut.model_validate(verdict.model_dump())
