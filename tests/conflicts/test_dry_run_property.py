"""Hypothesis: for any history and any statement, the dry run plans exactly what the write then
does, record for record: the same events, the same new records and the same changes to stored
records. On both backends, through the real write path (issue 10)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.domain.judge import Verdict
from graph.domain.model import Fact
from graph.domain.tenancy import TenantScope
from graph.ports.facts import FactQuery
from service.clients.memory import Memory
from service.conflicts.usecases import preview_verdicts
from tests.support.reads import reads

PROPERTY = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
_tenants = itertools.count()
LIFECYCLE = (
    "predicate", "value", "polarity", "scope", "signature", "confidence", "verify_status",
    "disputed", "needs_confirmation", "valid_at", "invalid_at", "invalidated_at", "expired_at",
    "supersedes", "superseded_by",
)  # fmt: skip

clauses = st.tuples(
    st.sampled_from(
        [
            "I live in {}",
            "I moved to {}",
            "No, I live in {}",
            "I like {}",
            "I don't like {}",
            "Atlas supports {}",
            "Atlas does not support {}",
        ]
    ),
    st.sampled_from(["Oslo", "Rome", "Kyiv", "SSO", "jazz"]),
)
statements = st.tuples(
    st.lists(clauses, min_size=1, max_size=2),
    st.sampled_from(["user", "user", "web_search", "file"]),
    st.sampled_from(["2023-06-01", "2024", "2025-03-10", "2026-11-01"]),
)


def request(user: str, item: Any) -> dict[str, Any]:
    parts, source, date = item
    text = ". ".join(template.format(word) for template, word in parts)
    return {
        "messages": text,
        "user_id": user,
        "source_type": source,
        "observation_date": date,
    }


def everything(memory: Memory, user: str) -> dict[str, Fact]:
    group = TenantScope(user_id=user).group_id
    query = FactQuery(include_history=True, limit=1000)
    found = reads(memory.container.store).facts.find(group, query, memory.container.clock.now())
    return {f.uuid: f for f in found}


def shape(fact: Fact, ids: dict[str, str], now: datetime) -> tuple[Any, ...]:
    """A record's judged fields, with this step's new ids and transaction time named."""
    return tuple(_named(getattr(fact, name), ids, now) for name in LIFECYCLE)


def _named(value: Any, ids: dict[str, str], now: datetime) -> Any:
    if isinstance(value, str):
        return ids.get(value, value)
    if value == now:
        return "NOW"
    return value


def planned(verdicts: list[Verdict], before: dict[str, Fact], now: datetime) -> Any:
    records = dict(before)
    written: list[str] = []
    for verdict in (v for v in verdicts if v.writes):
        for change in verdict.changes:
            records[change.uuid] = records[change.uuid].model_copy(update=change.after)
        records[verdict.fact.uuid] = verdict.fact
        written.append(verdict.fact.uuid)
    ids = {u: f"new{n}" for n, u in enumerate(written)}
    changed = {u: records[u] for u in before}
    return _outcome(verdicts, [records[u] for u in written], changed, before, ids, now)


def done(results: list[dict[str, Any]], before: dict[str, Fact], after: dict[str, Fact]) -> Any:
    written = [r["id"] for r in results if r["event"] not in ("DUPLICATE", "NOOP")]
    new = [after[u] for u in written]
    now = new[0].created_at if new else datetime.min.replace(tzinfo=UTC)
    ids = {u: f"new{n}" for n, u in enumerate(written)}
    changed = {u: f for u, f in after.items() if u in before}
    return _outcome(results, new, changed, before, ids, now)


def _outcome(
    events: list[Any],
    new: list[Fact],
    changed: dict[str, Fact],
    before: dict[str, Fact],
    ids: dict[str, str],
    now: datetime,
) -> Any:
    names = [e.event.value if isinstance(e, Verdict) else e["event"] for e in events]
    records = [shape(f, ids, now) for f in new]
    moved = {
        u: shape(f, ids, now)
        for u, f in changed.items()
        if shape(f, {}, now) != shape(before[u], {}, now)
    }
    return names, records, moved


@PROPERTY
@given(history=st.lists(statements, max_size=4), statement=statements)
def test_the_dry_run_plans_what_the_write_then_does(
    shared_memory: Memory, history: list[Any], statement: Any
) -> None:
    user = f"d{next(_tenants)}x{id(object())}"
    writes = shared_memory.container.writes
    for item in history:
        writes.add(request(user, item))
    before = everything(shared_memory, user)
    plan = writes.preview(request(user, statement))
    now = shared_memory.container.clock.now()
    store = shared_memory.container.store
    verdicts = store.read(lambda reads: preview_verdicts(reads, plan.drafts, now))
    out = writes.add(request(user, statement), force=True)
    after = everything(shared_memory, user)
    # the statement's own time (its created_at) is what its effects carry, in either run
    assert done(out["results"], before, after) == planned(verdicts, before, plan.created_at)
