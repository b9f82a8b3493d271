"""Hybrid recall: keyword, vector, graph and tag channels fused by reciprocal rank fusion.

One search: validate the request, run every channel (`channels.py`, concurrently: `lanes.py`;
the query is embedded once) against the records visible to the time question (current by
default; `as_of`/`known_at` ask another question; `include_history` takes every record), fuse
the lists (`fusion.py`), and fetch the fused records best first, keeping those that pass the
filters and the time question, until `limit` are found. A record holding a Latin identifier of
the query exactly (INV-2024-001, RTX 4090) scores 1.0 more per identifier, which puts it above
every record that does not (a fused score is at most a few hundredths).

Each result carries the record's `verify_status`, `disputed` and `superseded_by` (also inside
`fact`), and the channels that found it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from extractors.notary.core import notarize
from graph.domain.errors import InvalidInput
from graph.domain.model import Fact
from graph.domain.signature import entity_key
from graph.domain.timeargs import time_query
from graph.domain.timerules import visible
from graph.ports import FactFilter, StoreReads
from service.read import channels
from service.read.access import Principals, readable
from service.read.answers import SearchHitOut, SearchOut
from service.read.channels import Question
from service.read.deps import ReadDeps
from service.read.fusion import Fused, fuse
from service.read.lanes import gather
from service.read.questions import fact_filter, matches
from service.read.requests import SearchRequest
from service.views import FactOut

MIN_FETCH = 30
MAX_FETCH = 300
EXACT_BONUS = 1.0


@dataclass(frozen=True)
class Found:
    fact: Fact
    score: float
    channels: tuple[str, ...]


def search(
    deps: ReadDeps, request: SearchRequest, principals: Principals = None
) -> SearchOut:
    """`{"results": [{"id", "memory", "score", "fact", ...}]}`, best first; only records the
    caller's principals may read (`access.py`)."""
    if request.include_history and (request.as_of is not None or request.known_at is not None):
        raise InvalidInput(
            "include_history returns every record; it cannot be combined with as_of or known_at",
            field="include_history",
        )
    flt = fact_filter(request, deps.table)
    question = Question(
        group_id=request.tenant().group_id,
        text=notarize(request.q).text.strip(),  # a secret in a query goes no further
        time=None if request.include_history else time_query(request.as_of, request.known_at),
        now=deps.clock.now(),
        fetch=fetch_size(request.limit, flt),
        principals=principals,
        speakers=speakers(request),
    )
    idents = channels.identifiers(question)
    lists = gather(deps.store, deps.embedder, question, deps.synonyms, idents)
    found = deps.store.read(
        lambda tx: select(tx, question, fuse(lists), idents, flt, request.limit)
    )
    return SearchOut.model_construct(results=[hit(item) for item in found])


def speakers(request: SearchRequest) -> tuple[str, ...]:
    """The entity keys the write path gives the tenant's speakers (user, agent, assistant)."""
    names = (request.user_id, request.agent_id, request.run_id, "assistant")
    return tuple(dict.fromkeys(entity_key(name) for name in names if name))


def fetch_size(limit: int, flt: FactFilter) -> int:
    """Records per channel: a few times the answer, more when filters will drop some."""
    narrowing = flt != FactFilter()
    return min(MAX_FETCH, max(MIN_FETCH, limit * 3) * (3 if narrowing else 1))


def select(
    tx: StoreReads,
    q: Question,
    fused: list[Fused],
    idents: Sequence[str],
    flt: FactFilter,
    limit: int,
) -> list[Found]:
    """The best `limit` fused records that pass the filters, fetched in batches, best first.

    Every identifier candidate is fetched up front (it may rank first once checked); the rest
    in fused order until `limit` of them pass, since no later one can outrank them."""
    order = [entry.uuid for entry in fused]
    facts: dict[str, Fact] = {}
    pending = [e.uuid for e in fused if "identifier" in e.channels]
    cursor, batch, passed = 0, max(2 * limit, 20), 0
    while cursor < len(order) and passed < limit:
        pending += order[cursor : cursor + batch]
        cursor += batch
        wanted = [u for u in dict.fromkeys(pending) if u not in facts]
        fetched = readable(tx, q.group_id, tx.get_facts(q.group_id, wanted), q.principals)
        facts.update((fact.uuid, fact) for fact in fetched)
        pending = []
        passed = sum(1 for u in order[:cursor] if u in facts and _eligible(facts[u], q, flt))
    found = [
        _found(entry, facts[entry.uuid], idents)
        for entry in fused
        if entry.uuid in facts and _eligible(facts[entry.uuid], q, flt)
    ]
    found.sort(key=lambda item: (-item.score, item.fact.uuid))
    return found[:limit]


def _eligible(fact: Fact, q: Question, flt: FactFilter) -> bool:
    return (q.time is None or visible(fact, q.time, q.now)) and matches(fact, flt)


def _found(entry: Fused, fact: Fact, idents: Sequence[str]) -> Found:
    bonus = sum(EXACT_BONUS for ident in idents if channels.contains(fact, ident))
    return Found(fact, entry.score + bonus, tuple(entry.channels))


def hit(item: Found) -> SearchHitOut:
    fact = item.fact
    return SearchHitOut.model_construct(
        id=fact.uuid,
        memory=fact.fact,
        score=round(item.score, 6),
        verify_status=fact.verify_status.value,
        disputed=fact.disputed,
        superseded_by=fact.superseded_by,
        channels=list(item.channels),
        fact=FactOut.of(fact),
    )
