"""Export and restore round-trip a tenant exactly (facts and their chains, episodes,
candidates, operations, the ledger), streaming, reporting every rejected line; on both
backends, and through the command line with its progress bar."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from graph.backends.sqlite import SqliteStore
from graph.domain.errors import InvalidInput
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.clients.memory import Memory
from service.tenancy.rekey import Rename
from service.tenancy.restore import restore
from service.tenancy.usecases import ExportLine
from tests.conftest import T0, wipe_neo4j
from tests.read.stories import import_story

G = "u_alice"


def history(memory: Memory) -> list[dict[str, Any]]:
    import_story(memory)  # chains: Berlin -> Paris, Acme -> Globex
    memory.add("The owner of the production payments service is Zhang San", user_id="alice")
    memory.add("I like green tea.", user_id="alice", mode="async")
    memory.run_pending()
    exported = memory.export(user_id="alice")
    kinds = {row["kind"] for row in exported}
    assert kinds == {"entity", "fact", "episode", "operation", "candidate", "ledgerentry"}
    assert all(row["record"]["told_at"] for row in exported if row["kind"] == "fact")
    return exported


@pytest.fixture
def empty_target(backend: str, store: Store, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """A store that holds nothing: a new embedded file, or the test Neo4j wiped."""
    opened: list[Store] = []

    def make() -> Store:
        if backend == "sqlite":
            target: Store = SqliteStore(str(tmp_path / "restored.db"))
            opened.append(target)
            return target
        wipe_neo4j(store)
        return store

    yield make
    for target in opened:
        target.close()


def lines_of(rows: list[ExportLine]) -> Callable[[], list[str]]:
    """The file's lines, from the start, each time the restore asks."""
    lines = [row.model_dump_json() + "\n" for row in rows]
    return lambda: lines


def exported(store: Store) -> list[ExportLine]:
    return [
        ExportLine(kind=type(r).__name__.lower(), record=r.model_dump(mode="json"))
        for r in store.export(G)
    ]


def test_a_restored_tenant_is_the_exported_one(
    memory: Memory, empty_target: Callable[[], Store]
) -> None:
    original = history(memory)
    target = empty_target()
    report = restore(target, G, lines_of(original), now=T0)
    assert report["rejected"] == []
    assert report["ledger"]["ok"] is True
    assert report["ledger"]["length"] == sum(r["kind"] == "ledgerentry" for r in original)
    assert report["ledger"]["head"] == memory.container.store.verify_ledger(G).head
    assert sum(report["restored"].values()) == len(original)
    assert exported(target) == original


def test_every_line_that_cannot_be_restored_is_reported_and_the_rest_goes_on(
    memory: Memory, empty_target: Callable[[], Store]
) -> None:
    original = history(memory)
    foreign = next(r for r in original if r["kind"] == "episode")
    foreign = {"kind": "episode", "record": {**foreign["record"], "group_id": "u_bob"}}
    bad = ["not json\n", json.dumps({"kind": "unicorn", "record": {}}) + "\n"]
    lines = [*bad, *lines_of(original)(), json.dumps(foreign) + "\n"]
    target = empty_target()
    report = restore(target, G, lambda: lines, now=T0)
    reasons = {item["line"]: item["reason"] for item in report["rejected"]}
    assert set(reasons) == {1, 2, len(lines)}
    assert "not an export record" in reasons[1]
    assert "unknown kind" in reasons[2]
    assert "another tenant" in reasons[len(lines)]
    assert report["ledger"]["ok"] is True
    assert exported(target) == original
    with pytest.raises(InvalidInput, match="not empty"):
        restore(target, G, lines_of(original), now=T0)


def exported_by_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *texts: str
) -> tuple[Path, list[dict[str, Any]]]:
    """alice tells `texts` (the first dated 2024-02-01) in a store in tmp_path/one, exported by
    `palimpsest export` to alice.jsonl; the file and the export as the client read it."""
    from service.cli import main

    monkeypatch.setenv("PALIMPSEST_EMBEDDER", "hashing")
    monkeypatch.setenv("PALIMPSEST_DATA_DIR", str(tmp_path / "one"))
    with Memory() as memory:
        for index, text in enumerate(texts):
            when = "2024-02-01" if index == 0 else None
            memory.add(text, user_id="alice", observation_date=when)
        before = memory.export(user_id="alice")
    dump = tmp_path / "alice.jsonl"
    assert main(["export", "--user-id", "alice", "--output", str(dump)]) == 0
    return dump, before


def test_the_command_line_exports_and_restores_with_a_progress_bar(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from service.cli import main

    dump, before = exported_by_cli(tmp_path, monkeypatch, "I live in Berlin.", "I moved to Paris.")
    assert [ExportLine.model_validate_json(x) for x in dump.read_text().splitlines()] == before
    capsys.readouterr()
    monkeypatch.setenv("PALIMPSEST_DATA_DIR", str(tmp_path / "two"))
    assert main(["import", str(dump), "--user-id", "alice"]) == 0
    out, err = capsys.readouterr()
    assert "restoring" in err and "records/s" in err and "100%" in err
    report = json.loads(out.strip().splitlines()[-1])
    assert report["rejected"] == 0 and report["ledger"]["ok"] is True
    with Memory() as restored:
        assert restored.export(user_id="alice") == before
        assert [f["value"] for f in restored.facts(user_id="alice", as_of="2024")["facts"]] == [
            "Berlin"
        ]


def current(memory: Memory, user: str, **query: Any) -> list[tuple[str, str, str]]:
    facts = memory.facts(user_id=user, **query)["facts"]
    return sorted((f["subject"], f["predicate"], f["value"]) for f in facts)


def test_an_export_restores_as_another_user_beside_its_original(memory: Memory) -> None:
    """`--as-user`: a copy in the same store, with its own ids, its user's facts about itself,
    its chains and dates, and a ledger of its own that names the file's head (issue 32)."""
    original = history(memory)
    store = memory.container.store
    head = store.verify_ledger(G).head
    rename = Rename(TenantScope(user_id="alice"), TenantScope(user_id="carol"))
    report = restore(store, G, lines_of(original), now=T0, rename=rename)
    assert report["rejected"] == []
    expected = {"from_group": G, "to_group": "u_carol", "source_head": head}
    assert report["renamed"].model_dump() == expected
    assert report["ledger"]["ok"] is True and report["ledger"]["length"] >= 1
    assert exported(store) == original  # the original is untouched
    renamed = {("carol" if s == "alice" else s, p, v) for s, p, v in current(memory, "alice")}
    assert set(current(memory, "carol")) == renamed
    assert current(memory, "carol", as_of="2024") == [
        (s.replace("alice", "carol"), p, v) for s, p, v in current(memory, "alice", as_of="2024")
    ]
    assert ("carol", "lives_in", "Paris") in current(memory, "carol")
    ids = {r["record"].get("uuid") for r in original} - {None}
    copied = {r["record"].get("uuid") for r in memory.export(user_id="carol")} - {None}
    assert copied and not ids & copied
    assert memory.verify_ledger(user_id="carol")["ok"] is True
    again = memory.add("I moved to Paris.", user_id="carol", observation_date="2026-01-15")
    assert [r["event"] for r in again["results"]] != ["ADD"]  # known, not a new version
    with pytest.raises(InvalidInput, match="not empty"):
        restore(store, G, lines_of(original), now=T0, rename=rename)


def test_restoring_as_a_user_the_file_names_as_someone_else_is_refused(memory: Memory) -> None:
    memory.add("My friend Bob lives in Madrid.", user_id="alice")
    original = [ExportLine.model_validate(row) for row in memory.export(user_id="alice")]
    rename = Rename(TenantScope(user_id="alice"), TenantScope(user_id="bob"))
    with pytest.raises(InvalidInput, match="already has an entity named 'bob'"):
        restore(memory.container.store, G, lines_of(original), now=T0, rename=rename)
    assert memory.export(user_id="bob") == []


def test_the_command_line_restores_as_another_user_and_names_the_files_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from service.cli import main

    dump, _ = exported_by_cli(tmp_path, monkeypatch, "I live in Berlin.")
    capsys.readouterr()
    assert main(["import", str(dump), "--user-id", "bob"]) == 2
    err = capsys.readouterr().err
    assert "u_alice's records" in err and "--as-user" in err and "Traceback" not in err
    assert main(["import", str(dump), "--user-id", "alice", "--as-user", "bob"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["renamed"]["to_group"] == "u_bob" and report["ledger"]["ok"] is True
    with Memory() as memory:
        facts = memory.facts(user_id="bob")["facts"]
        assert [(f["subject"], f["value"]) for f in facts] == [("bob", "Berlin")]
