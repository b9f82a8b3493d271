"""The ledger covers the records it wrote: a fact edited or deleted in the store, a chain cut
short or deleted, are each located by verify. Both backends, through the real write path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from graph.backends.sqlite import SqliteStore
from graph.domain.errors import InvalidInput
from graph.domain.model import Episode, Fact, LedgerEntry
from graph.domain.tenancy import TenantScope
from service.cli import main
from service.clients.memory import Memory
from service.settings import Settings

ALICE = TenantScope(user_id="alice").group_id


def seed(memory: Memory) -> Any:
    """Three writes for alice (one updates an earlier record) and one for bob."""
    memory.add("I live in Oslo. My dentist is Dr. Ruth Okafor.", user_id="alice")
    memory.add("I moved to Rome.", user_id="alice")
    memory.add("I like sauna", user_id="alice", mode="async")
    memory.run_pending()
    memory.add("I live in Lima.", user_id="bob")
    verdict = memory.verify_ledger(user_id="alice")
    assert verdict.ok and verdict.record is None, verdict
    return verdict


def facts(memory: Memory) -> list[Fact]:
    return [r for r in memory.container.store.export(ALICE) if isinstance(r, Fact)]


def fact_about(memory: Memory, value: str) -> Fact:
    return next(f for f in facts(memory) if f.value.lower() == value)


def test_every_write_commits_to_the_digests_of_its_records(memory: Memory) -> None:
    seed(memory)
    records = list(memory.container.store.export(ALICE))
    entries = [r for r in records if isinstance(r, LedgerEntry)]
    covered = {line.rsplit(":", 1)[0] for e in entries for line in e.records}
    stored = {f"fact:{r.uuid}" for r in records if isinstance(r, Fact)}
    stored |= {f"episode:{r.uuid}" for r in records if isinstance(r, Episode)}
    assert len(stored) >= 7 and stored <= covered


def test_a_fact_edited_in_the_store_is_located(memory: Memory) -> None:
    seed(memory)
    oslo = fact_about(memory, "oslo")
    memory.container.store.maintenance().tamper.fact(ALICE, oslo.uuid, "paris")
    verdict = memory.verify_ledger(user_id="alice")
    assert verdict.ok is False
    assert verdict.record == f"fact:{oslo.uuid}"
    assert "differs" in verdict.reason
    assert verdict.first_bad_seq >= 1
    assert memory.verify_ledger(user_id="bob").ok  # another tenant is untouched


def test_a_fact_deleted_from_the_store_is_located(memory: Memory) -> None:
    seed(memory)
    sauna = fact_about(memory, "sauna")
    memory.container.store.maintenance().tamper.delete_fact(ALICE, sauna.uuid)
    verdict = memory.verify_ledger(user_id="alice")
    assert verdict.ok is False and verdict.record == f"fact:{sauna.uuid}"
    assert "missing" in verdict.reason


def test_an_updated_record_is_judged_by_its_latest_state(memory: Memory) -> None:
    """Oslo was closed by the move to Rome: the later entry committed to its closed state,
    and that digest, not the first one, is what the stored record is compared with."""
    seed(memory)
    oslo = fact_about(memory, "oslo")
    assert oslo.invalid_at is not None or oslo.expired_at is not None
    assert memory.verify_ledger(user_id="alice").ok


def test_a_truncated_chain_is_found_against_the_kept_head(memory: Memory) -> None:
    head = seed(memory).head
    length = int(head.split(":")[0])
    memory.container.store.maintenance().tamper.truncate_ledger(ALICE, length - 1)
    alone = memory.verify_ledger(user_id="alice")
    verdict = memory.verify_ledger(user_id="alice", expect_head=head)
    assert verdict.ok is False and verdict.first_bad_seq == length
    assert "truncated" in verdict.reason
    assert alone.head != head  # the cut chain verifies alone; only the head tells


def test_a_deleted_chain_is_found_against_the_kept_head(memory: Memory) -> None:
    head = seed(memory).head
    memory.container.store.maintenance().tamper.truncate_ledger(ALICE, 0)
    verdict = memory.verify_ledger(user_id="alice", expect_head=head)
    assert verdict.ok is False and verdict.length == 0 and verdict.first_bad_seq == 1


def test_a_kept_head_still_verifies_after_later_writes(memory: Memory) -> None:
    head = seed(memory).head
    memory.add("I like tea", user_id="alice")
    verdict = memory.verify_ledger(user_id="alice", expect_head=head)
    assert verdict.ok and verdict.head != head


def test_a_replaced_chain_of_the_same_length_is_found(memory: Memory) -> None:
    head = seed(memory).head
    length = int(head.split(":")[0])
    forged = f"{length}:{'a' * 64}"
    verdict = memory.verify_ledger(user_id="alice", expect_head=forged)
    assert verdict.ok is False and verdict.first_bad_seq == length


@pytest.mark.parametrize("bad", ["12", "x:" + "0" * 64, "3:abc", "3:" + "G" * 64])
def test_a_malformed_head_is_invalid_input(memory: Memory, bad: str) -> None:
    with pytest.raises(InvalidInput):
        memory.verify_ledger(user_id="alice", expect_head=bad)


def test_erasures_keep_the_chain_verifiable(memory: Memory) -> None:
    memory.add("I live in Oslo.", user_id="alice", source="chat:1")
    memory.add("I like sauna", user_id="alice", source="chat:2")
    memory.forget_source("chat:1", user_id="alice")
    assert memory.verify_ledger(user_id="alice").ok
    memory.forget_user("alice")
    assert memory.verify_ledger(user_id="alice").ok


def test_the_command_line_prints_the_head_and_verifies_against_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PALIMPSEST_EMBEDDER", "hashing")
    with Memory(Settings(data_dir=tmp_path / "data", backend="sqlite")) as memory:
        memory.add("I live in Tartu. I like chess.", user_id="mari")
    store = ["--data-dir", str(tmp_path / "data"), "--backend", "sqlite"]
    assert main(["ledger", "head", "--user-id", "mari", *store]) == 0
    head = capsys.readouterr().out.strip()
    assert int(head.split(":")[0]) >= 1
    assert main(["ledger", "verify", "--user-id", "mari", "--expect-head", head, *store]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    sqlite = SqliteStore(tmp_path / "data" / "palimpsest.db")
    sqlite.maintenance().tamper.truncate_ledger(TenantScope(user_id="mari").group_id, 0)
    sqlite.close()
    assert main(["ledger", "verify", "--user-id", "mari", "--expect-head", head, *store]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["ok"] is False and verdict["first_bad_seq"] == 1


def test_a_clock_in_another_time_zone_keeps_the_ledger_verifiable(
    store: Any, extractor: Any, embedder: Any
) -> None:
    """The store keeps every time in UTC; an entry hashed with the clock's own offset
    (+08:00 here) no longer matched its stored copy, so verify failed at entry 1."""
    from datetime import datetime, timedelta, timezone

    from graph.domain.clock import ManualClock
    from service.bootstrap import bootstrap

    clock = ManualClock(
        datetime(2024, 5, 1, 9, 30, tzinfo=timezone(timedelta(hours=8))),
        tick=timedelta(milliseconds=1),
    )
    memory = Memory(
        container=bootstrap(
            Settings(), store=store, clock=clock, extractor=extractor, embedder=embedder
        )
    )
    seed(memory)
    entries = [r for r in memory.container.store.export(ALICE) if isinstance(r, LedgerEntry)]
    assert entries and all(e.at.utcoffset() == timedelta(0) for e in entries)
