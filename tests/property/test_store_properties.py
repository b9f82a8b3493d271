"""Hypothesis properties of the store, on every backend.

* Every time question equals a brute-force evaluation of the time rules over the full history;
  in particular as_of/known_at never return a record recorded after K.
* A supersede never changes the old record's valid_at.
* No read verb ever returns another tenant's record.
* The ledger verifies after any sequence of appends.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.domain import ledger
from graph.domain.ledger import LedgerDraft
from graph.domain.model import Fact
from graph.domain.timerules import Period, TimeQuery, visible
from graph.ports.facts import AlignmentKey, FactFilter, FactPatch, FactQuery
from graph.ports.store import Store, StoreTx
from tests.builders import fact, record, unit_vector
from tests.conftest import T0
from tests.support.reads import reads

PROPERTY = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
_tenants = itertools.count()
BASE = T0 - timedelta(days=400)


def fresh_tenant(prefix: str) -> str:
    return f"u_{prefix}{next(_tenants)}_{id(object())}"


def at(day: int) -> datetime:
    return BASE + timedelta(days=day)


@dataclass(frozen=True)
class Plan:
    facts: list[tuple[int, int, int]]  # (subject, valid day, created day)
    supersedes: list[tuple[int, int, int]]  # (old index, new index, learned after days)
    expiries: list[tuple[int, int]]  # (index, expired after days)


plans = st.builds(
    Plan,
    facts=st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=7
    ),
    supersedes=st.lists(
        st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 4)), min_size=1, max_size=3
    ),
    expiries=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 4)), max_size=2),
)


def instants_of(history: list[Fact]) -> list[datetime]:
    """Every instant a rule compares against: asking exactly at them hits each boundary."""
    found = {T0}
    for f in history:
        found.update(
            t
            for t in (f.valid_at, f.invalid_at, f.created_at, f.invalidated_at, f.expired_at)
            if t is not None
        )
    return sorted(found)


def questions(instants: list[datetime]) -> st.SearchStrategy[TimeQuery]:
    moments = st.one_of(
        st.sampled_from(instants),
        st.sampled_from(instants).map(lambda t: t - timedelta(microseconds=1)),
        st.integers(-1, 20).map(at),
    )
    periods = st.tuples(moments, st.integers(0, 4)).map(
        lambda p: Period(p[0], p[0] + timedelta(days=p[1]))
    )
    return st.builds(TimeQuery, as_of=st.none() | periods, known_at=st.none() | moments)


def apply_plan(store: Store, group: str, plan: Plan) -> list[Fact]:
    written = record(
        store,
        *[
            fact(
                group,
                f"s{subject}",
                "p",
                f"v{number}",
                valid_at=at(valid),
                created_at=at(max(valid, created)),
            )
            for number, (subject, valid, created) in enumerate(plan.facts)
        ],
    )
    patches: dict[str, dict[str, object]] = {}
    for old_i, new_i, after in plan.supersedes:
        if old_i >= len(written) or new_i >= len(written) or old_i == new_i:
            continue
        old, new = written[old_i], written[new_i]
        learned = max(old.created_at, new.created_at) + timedelta(days=after)
        patches.setdefault(old.uuid, {}).update(
            invalid_at=max(new.valid_at, old.valid_at),
            invalidated_at=learned,
            superseded_by=new.uuid,
        )
    for index, after in plan.expiries:
        if index < len(written):
            item = written[index]
            patches.setdefault(item.uuid, {})["expired_at"] = item.created_at + timedelta(
                days=after
            )
    store.transaction(
        lambda tx: tx.facts.patch(group, [FactPatch(u, c) for u, c in patches.items()])
    )
    return reads(store).facts.find(group, FactQuery(include_history=True, limit=1000), T0)


@PROPERTY
@given(plan=plans, data=st.data())
def test_every_time_question_equals_brute_force(
    shared_store: Store, plan: Plan, data: st.DataObject
) -> None:
    group = fresh_tenant("time")
    history = apply_plan(shared_store, group, plan)
    originals = {f.value: f for f in history}
    for time in data.draw(st.lists(questions(instants_of(history)), min_size=1, max_size=6)):
        got = {
            f.uuid
            for f in reads(shared_store).facts.find(group, FactQuery(time=time, limit=1000), T0)
        }
        expected = {f.uuid for f in history if visible(f, time, T0)}
        assert got == expected
        if time.known_at is not None:
            assert all(f.created_at <= time.known_at for f in history if f.uuid in got)
    for number, (_, valid, _) in enumerate(plan.facts):
        assert originals[f"v{number}"].valid_at == at(valid)


@PROPERTY
@given(
    rows=st.lists(
        st.tuples(
            st.integers(0, 2),
            st.sampled_from(["tea", "Berlin", "北京", "INV-7"]),
            st.integers(0, 3),
        ),
        min_size=1,
        max_size=9,
    )
)
def test_no_read_ever_returns_another_tenants_record(
    shared_store: Store, rows: list[tuple[int, str, int]]
) -> None:
    tenants = [fresh_tenant("iso") for _ in range(3)]
    written: dict[str, list[Fact]] = {t: [] for t in tenants}
    for owner, value, hot in rows:
        group = tenants[owner]
        written[group] += record(
            shared_store,
            fact(
                group,
                "alice",
                "likes",
                value,
                valid_at=T0,
                embedding=unit_vector(hot),
                text=f"alice likes {value}",
            ),
        )
    every = [f for facts in written.values() for f in facts]
    for group in tenants:
        mine = {f.uuid for f in written[group]}
        assert set(reads_of(shared_store, group, every)) <= mine


def reads_of(store: Store, group: str, every: list[Fact]) -> list[str]:
    """The uuids every read verb returns for `group` when asked about all records."""
    uuids = [f.uuid for f in every]
    found = [f.uuid for f in reads(store).facts.get(group, uuids)]
    found += [
        f.uuid
        for f in reads(store).facts.by_signatures(group, [f.signature for f in every]).values()
    ]
    found += [
        f.uuid for f in reads(store).facts.aligned(group, [AlignmentKey("alice", "likes")], T0)
    ]
    found += [f.uuid for f in reads(store).facts.find(group, FactQuery(include_history=True), T0)]
    found += [
        f.uuid
        for f in reads(store).facts.find(group, FactQuery(FactFilter(subject_key="alice")), T0)
    ]
    found += [f.uuid for f in reads(store).facts.history(group, "alice")]
    for text in ("alice", "tea", "北京", "INV-7"):
        found += [s.uuid for s in reads(store).search.fulltext(group, text, 50, None, T0)]
    found += [s.uuid for s in reads(store).search.vector(group, unit_vector(0), 50, None, T0)]
    found += [
        s.uuid for s in reads(store).search.neighbourhood(group, ["alice", "tea"], 2, 50, None, T0)
    ]
    entities = (
        reads(store).entities.get(group, ["alice", "tea", "berlin", "北京", "inv-7"]).values()
    )
    assert all(e.group_id == group for e in entities)
    return found


@PROPERTY
@given(
    chunks=st.lists(
        st.lists(st.sampled_from(["add", "update", "noop"]), min_size=1, max_size=6),
        min_size=1,
        max_size=6,
    )
)
def test_the_ledger_verifies_after_any_sequence_of_appends(
    shared_store: Store, chunks: list[list[str]]
) -> None:
    group = fresh_tenant("ledger")
    for chunk in chunks:

        def work(tx: StoreTx, chunk: list[str] = chunk) -> None:
            head = tx.ledger.head(group)
            drafts = [LedgerDraft(action, (action,), {"a": action}) for action in chunk]
            tx.ledger.append(group, ledger.chain(group, head, drafts, T0), head.seq if head else 0)

        shared_store.transaction(work)
    verdict = shared_store.verify_ledger(group)
    assert verdict.ok and verdict.length == sum(len(c) for c in chunks)
