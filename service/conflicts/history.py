"""An entity's version chains, oldest first, with a check that reports any broken link."""

from __future__ import annotations

from datetime import datetime

from graph.domain.chains import chain_problems
from graph.domain.errors import InvalidInput, NotFound
from graph.domain.model import Fact
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.conflicts.answers import ChainOut, HistoryOut, ProblemOut
from service.entity_names import stored_key
from service.read.access import Principals, readable
from service.views import FactOut


def history(
    store: Store,
    scope: TenantScope,
    entity: str,
    predicate: str | None = None,
    principals: Principals = None,
) -> HistoryOut:
    """The entity's chains (per predicate and scope), oldest version first, and any broken
    link: only the versions the caller's principals may read (`service.read.access`)."""
    if not entity.strip():
        raise InvalidInput("name the entity", field="name")
    group = scope.group_id
    key = store.read(lambda tx: stored_key(tx, group, entity))
    found = store.read(lambda tx: tx.facts.history(group, key, predicate))
    records = store.read(lambda tx: readable(tx, group, found, principals))
    if not records:
        raise NotFound(f"no facts about {entity!r} in this tenant", details={"entity": entity})
    chains: dict[tuple[str, str], list[Fact]] = {}
    for fact in records:
        chains.setdefault((fact.predicate, fact.scope), []).append(fact)
    broken = chain_problems(store.read(lambda tx: tx.facts.history(group, key)))
    return HistoryOut.model_construct(
        entity=records[0].subject,
        chains=[
            ChainOut.model_construct(
                predicate=pred,
                scope=where,
                versions=[FactOut.of(f) for f in sorted(items, key=_event_order)],
            )
            for (pred, where), items in sorted(chains.items())
        ],
        broken=[ProblemOut.of(p) for p in broken],
    )


def _event_order(fact: Fact) -> tuple[datetime, datetime, str]:
    return (fact.valid_at, fact.created_at, fact.uuid)
