"""Erasure with ledger tombstones, export, versions and reprocessing, import. Both backends."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from extractors.predicates import parse_table
from graph.domain.model import Fact, LedgerEntry
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.bootstrap import bootstrap
from service.clients.memory import Memory
from service.settings import Settings
from tests.conftest import T0
from tests.support.reads import reads

ALICE = TenantScope(user_id="alice").group_id
NAME = "Zephyrine Quillfeather"


def seed(memory: Memory) -> None:
    memory.add(f"My dentist is {NAME}. I live in Tallinn.", user_id="alice", source="chat:1")
    memory.add(f"{NAME} is sick these days", user_id="alice", source="chat:1")  # a candidate
    memory.add("I like sauna", user_id="alice", source="chat:2", mode="async")
    memory.run_pending()
    memory.add(f"I met {NAME} yesterday", user_id="bob")


def test_forgetting_a_user_erases_content_and_leaves_a_verifiable_tombstone(
    memory: Memory,
) -> None:
    seed(memory)
    before = memory.verify_ledger(user_id="alice")["length"]
    erased = memory.forget_user("alice")["erased"]
    assert erased > 5
    left = memory.export(user_id="alice")
    assert {item["kind"] for item in left} == {"ledgerentry"}
    assert NAME.split(maxsplit=1)[0] not in json.dumps([line.model_dump() for line in left])
    verdict = memory.verify_ledger(user_id="alice")
    assert verdict["ok"] and verdict["length"] == before + 1
    store = memory.container.store
    assert reads(store).search.fulltext(ALICE, NAME, 10, None, T0) == []
    assert reads(store).search.fulltext(ALICE, "Tallinn", 10, None, T0) == []
    bob = TenantScope(user_id="bob").group_id
    assert [f.value for f in store.export(bob) if isinstance(f, Fact)]


def test_forgetting_a_source_keeps_the_rest(memory: Memory) -> None:
    seed(memory)
    out = memory.forget_source("chat:1", user_id="alice")
    assert out["episodes"] == 2 and out["erased"] >= 5
    facts = [r for r in memory.container.store.export(ALICE) if isinstance(r, Fact)]
    assert [f.value for f in facts] == ["sauna"]
    left = [line.model_dump() for line in memory.export(user_id="alice")]
    assert NAME.split(maxsplit=1)[0] not in json.dumps(left)
    assert memory.verify_ledger(user_id="alice")["ok"]


def test_erased_text_is_gone_from_the_embedded_database_files(
    tmp_path: Path, extractor: Any, embedder: Any
) -> None:
    from graph.backends.sqlite import SqliteStore

    store = SqliteStore(tmp_path / "memory.db")
    memory = Memory(
        container=bootstrap(Settings(), store=store, extractor=extractor, embedder=embedder)
    )
    seed(memory)
    memory.forget_user("alice")
    memory.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert b"Tallinn" not in raw and b"sauna" not in raw
    assert b"Zephyrine" in raw  # bob's memory of the same person stays


def test_export_is_every_record_of_the_tenant(memory: Memory) -> None:
    seed(memory)
    kinds = {item["kind"] for item in memory.export(user_id="alice")}
    assert kinds == {"entity", "fact", "episode", "operation", "candidate", "ledgerentry"}
    assert all(item["record"].get("group_id") == ALICE for item in memory.export(user_id="alice"))


def old_table() -> Any:
    """The default predicate table without "reside in": the rules before a change."""
    from importlib import resources

    data = tomllib.loads(resources.files("extractors").joinpath("predicates.toml").read_text())
    data["predicates"]["lives_in"]["en"].remove("reside in")
    return parse_table(data)


def test_reprocessing_after_a_rule_change_touches_exactly_the_affected_records(
    store: Store, embedder: Any
) -> None:
    from extractors.rules import RuleExtractor

    before = Memory(
        container=bootstrap(
            Settings(), store=store, embedder=embedder, extractor=RuleExtractor(old_table())
        )
    )
    resided = before.add("I reside in Lima", user_id="alice", source="s1")["results"][0]
    before.add("I like tea", user_id="alice", source="s1")
    before.add("I speak French", user_id="alice", source="s2")
    assert resided["fact"]["predicate"] == "reside_in"
    after = Memory(container=bootstrap(Settings(), store=store, embedder=embedder))
    assert len(after.stale(user_id="alice")["facts"]) == 3
    dry = after.reprocess(user_id="alice", dry_run=True)
    assert (dry["changed"], dry["unchanged"]) == (1, 2)
    report = after.reprocess(user_id="alice")
    assert (report["changed"], report["outdated"], report["added"]) == (1, 1, 1)
    lives = after.history("alice", user_id="alice", predicate="lives_in")["chains"][0]
    (new,) = lives["versions"]
    assert (new["value"], new["supersedes"]) == ("Lima", resided["id"])
    old = after.history("alice", user_id="alice", predicate="reside_in")["chains"][0]
    (kept,) = old["versions"]
    assert kept["verify_status"] == "outdated" and kept["expired_at"] is not None
    assert after.reprocess(user_id="alice")["changed"] == 0
    assert after.verify_ledger(user_id="alice")["ok"]


def test_import_loads_a_file_with_progress(tmp_path: Path) -> None:
    transcript = tmp_path / "chat.txt"
    transcript.write_text("user: I live in Tartu\nassistant: Noted!\nI like chess\n")
    lines = tmp_path / "items.jsonl"
    lines.write_text(
        json.dumps({"messages": "I speak Estonian", "user_id": "mari"})
        + "\n"
        + json.dumps({"role": "user", "content": "I like saunas"})
        + "\n"
    )
    data = tmp_path / "data"
    for path in (transcript, lines):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "service.cli",
                "import",
                str(path),
                "--user-id",
                "mari",
                "--data-dir",
                str(data),
                "--backend",
                "sqlite",
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
            env={"PALIMPSEST_EMBEDDER": "hashing", "PATH": "/usr/bin:/bin"},
        )
        assert done.returncode == 0, done.stderr
        assert "importing [" in done.stderr
    from graph.backends.sqlite import SqliteStore

    store = SqliteStore(data / "palimpsest.db")
    group = TenantScope(user_id="mari").group_id
    values = {f.value for f in store.export(group) if isinstance(f, Fact)}
    assert {"Tartu", "chess", "Estonian", "saunas"} <= values
    assert {e.source_description for e in store.export(group) if type(e).__name__ == "Episode"} == {
        "chat.txt",
        "items.jsonl",
    }
    assert not [r for r in store.export(group) if isinstance(r, LedgerEntry) and r.seq == 0]
    store.close()
