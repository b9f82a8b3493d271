"""add_batch: many adds in few transactions, per-item events, one bad item fails alone."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.domain.model import Fact
from graph.domain.tenancy import TenantScope
from service.clients.memory import Memory
from tests.support.reads import reads


def test_a_batch_reports_a_per_item_event_and_isolates_bad_items(memory: Memory) -> None:
    items = [
        {"messages": "I live in Lima", "user_id": "alice"},
        {"messages": "", "user_id": "alice"},
        {"messages": "我喜欢喝茶", "user_id": "bob"},
        {"messages": "I live in Lima", "user_id": "alice"},
        {"messages": "hi", "user_id": "alice", "observation_date": "not a date"},
        {"messages": "I live in Quito now", "user_id": "alice"},
    ]
    out = memory.add_batch(items)["results"]
    assert [r["index"] for r in out] == list(range(6))
    assert [r["results"][0]["event"] for r in out if "results" in r] == [
        "ADD",
        "ADD",
        "DUPLICATE",
        "UPDATE",
    ]
    assert (out[1]["error"]["code"], out[4]["error"]["code"]) == ("invalid_input", "invalid_time")
    assert out[3]["results"][0]["id"] == out[0]["results"][0]["id"]
    assert memory.verify_ledger(user_id="alice")["ok"]


def test_a_history_imported_in_one_batch_forms_one_version_chain(memory: Memory) -> None:
    items = [
        {"messages": "I live in Rome", "user_id": "alice", "observation_date": "2026-01-01"},
        {"messages": "I live in Oslo", "user_id": "alice", "observation_date": "2024-01-01"},
        {"messages": "I live in Kyiv", "user_id": "alice", "observation_date": "2025-01-01"},
    ]
    memory.add_batch(items)
    group = TenantScope(user_id="alice").group_id
    chain = reads(memory.container.store).facts.history(group, "alice", "lives_in")
    assert [f.value for f in chain] == ["Oslo", "Kyiv", "Rome"]
    oslo, kyiv, rome = chain
    assert (oslo.superseded_by, kyiv.supersedes) == (kyiv.uuid, oslo.uuid)
    assert (kyiv.superseded_by, rome.supersedes) == (rome.uuid, kyiv.uuid)
    assert (oslo.invalid_at, kyiv.invalid_at, rome.invalid_at) == (
        kyiv.valid_at,
        rome.valid_at,
        None,
    )


def test_batches_split_into_chunks_and_stay_per_tenant(memory: Memory) -> None:
    memory.container.writes.config = memory.container.writes.config.__class__(chunk_size=3)
    items = [
        {"messages": f"I like dish number {i} and jazz", "user_id": f"u{i % 2}"} for i in range(8)
    ]
    out = memory.add_batch(items)["results"]
    assert all("results" in r for r in out)
    for user in ("u0", "u1"):
        group = TenantScope(user_id=user).group_id
        facts = [r for r in memory.container.store.export(group) if isinstance(r, Fact)]
        assert {f.user_id for f in facts} == {user}
        assert memory.verify_ledger(user_id=user)["ok"]


def test_chunks_commit_in_order_while_the_next_is_extracted(memory: Memory) -> None:
    """Chunk k+1 is extracted while chunk k commits; alignment and dedup still see every
    earlier chunk, because commits run one at a time, in input order."""
    memory.container.writes.config = memory.container.writes.config.__class__(chunk_size=2)
    said = [
        "I live in Lima", "I like jazz", "I live in Quito now", "I like tea",
        "I live in Lima", "I live in Bogota now", "I like jazz",
    ]  # fmt: skip
    out = memory.add_batch([{"messages": s, "user_id": "alice"} for s in said])["results"]
    events = [r["results"][0]["event"] for r in out]
    assert events == ["ADD", "ADD", "UPDATE", "ADD", "UPDATE", "UPDATE", "DUPLICATE"]
    group = TenantScope(user_id="alice").group_id
    chain = reads(memory.container.store).facts.history(group, "alice", "lives_in")
    assert len(chain) == 4
    assert [f.value for f in chain if f.superseded_by is None] == ["Bogota"]
    assert memory.verify_ledger(user_id="alice")["ok"]


POOL = (
    "I live in {city}", "我住在{city}", "I work at {co}", "I work at {co} in {city}",
    "我在{co}工作", "I like {thing}", "I don't like {thing}", "我喜欢{thing}",
    "I live in {city} and I like {thing}",
)  # fmt: skip
CITIES, COMPANIES, THINGS = ("Lima", "Oslo", "Dakar"), ("Acme", "Hooli"), ("jazz", "tea")
_runs = itertools.count()


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    said=st.lists(
        st.builds(
            lambda t, c, o, x: POOL[t].format(city=CITIES[c], co=COMPANIES[o], thing=THINGS[x]),
            st.integers(0, len(POOL) - 1),
            st.integers(0, 2),
            st.integers(0, 1),
            st.integers(0, 1),
        ),
        min_size=2,
        max_size=14,
    ),
    chunk=st.integers(1, 4),
)
def test_a_batch_leaves_the_same_current_facts_as_the_same_adds_one_by_one(
    memory: Memory, said: list[str], chunk: int
) -> None:
    run = next(_runs)
    writes = memory.container.writes
    writes.config = writes.config.__class__(chunk_size=chunk)
    batched = memory.add_batch([{"messages": s, "user_id": f"b{run}"} for s in said])["results"]
    assert all("error" not in item for item in batched), batched
    for s in said:
        memory.add(s, user_id=f"s{run}")

    def current(user: str) -> list[tuple[str, str, int]]:
        found = memory.facts(user_id=user, limit=1000)["facts"]
        return sorted((f["predicate"], f["value"], f["polarity"]) for f in found)

    assert current(f"b{run}") == current(f"s{run}")
    assert memory.verify_ledger(user_id=f"b{run}")["ok"]


def test_a_reasserted_fact_repeated_in_one_chunk_is_a_duplicate_without_retrying_items(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lima, then Oslo, then Lima again: the third record holds the successor signature. A
    chunk repeating Lima twice must find it for both drafts (it once found it for the first
    only, hit the unique index with the second and redid the chunk item by item)."""
    for said in ("I live in Lima", "I live in Oslo", "I live in Lima"):
        memory.add(said, user_id="alice")
    store = memory.container.store
    calls = []
    real = store.transaction
    monkeypatch.setattr(store, "transaction", lambda fn: calls.append(fn) or real(fn))
    out = memory.add_batch(
        [{"messages": s, "user_id": "alice"} for s in ("I live in Lima", "我住在Lima")]
    )["results"]
    assert [r["results"][0]["event"] for r in out] == ["DUPLICATE", "DUPLICATE"]
    assert len(calls) == 1


def test_moving_back_within_one_chunk_is_an_update_not_a_duplicate(memory: Memory) -> None:
    """The chunk's deduplication view follows the chunk's own changes: Lima (stored), then in
    one chunk Oslo (closes Lima) and Lima again, which is a new current record, as it would be
    one add at a time."""
    memory.add("I live in Lima", user_id="alice")
    out = memory.add_batch(
        [{"messages": s, "user_id": "alice"} for s in ("I live in Oslo", "I live in Lima")]
    )["results"]
    assert [r["results"][0]["event"] for r in out] == ["UPDATE", "UPDATE"]
    assert [f["value"] for f in memory.facts(user_id="alice")["facts"]] == ["Lima"]


def test_a_record_closed_earlier_in_the_chunk_is_no_duplicate_holder(memory: Memory) -> None:
    """Hooli, Acme, Hooli stored (the second Hooli holds the successor signature); then one
    chunk says Acme (closing that Hooli) and Hooli again. The signature lookup for the last
    draft reads the store, which does not have the chunk's own change yet: it must see the
    record as the chunk does (closed), so the last Hooli is an UPDATE and stays current."""
    for said in ("I work at Hooli", "I work at Acme", "I work at Hooli"):
        memory.add(said, user_id="alice")
    out = memory.add_batch(
        [{"messages": s, "user_id": "alice"} for s in ("I work at Acme", "I work at Hooli")]
    )["results"]
    assert [r["results"][0]["event"] for r in out] == ["UPDATE", "UPDATE"]
    assert [f["value"] for f in memory.facts(user_id="alice")["facts"]] == ["Hooli"]
