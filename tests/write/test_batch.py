"""add_batch: many adds in few transactions, per-item events, one bad item fails alone."""

from __future__ import annotations

from graph.domain.model import Fact
from graph.domain.tenancy import TenantScope
from service.memory import Memory


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
    chain = memory.container.store.history(group, "alice", "lives_in")
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
