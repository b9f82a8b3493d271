"""Upgrades keep data: a store an earlier version wrote opens with today's code and answers as
it should, on both backends.

Each fixture in tests/upgrade/fixtures/ is the store an earlier commit wrote for one fixed
scenario (tests/upgrade/make_fixture.py: alice moved to Berlin in 2023 and to Paris in 2025,
works at Acme, likes green, has a dog named Rex, written asynchronously; bob lives in 北京): the
embedded store of every schema version (1-4) as SQL text, the Neo4j database of the same
commits as JSON (the schema statements that version made, then its records). Opening one
migrates it forward; the ledger verifies with the length that version wrote, the as-of,
current and search answers are right, a new write supersedes the old record, and the store
records today's schema version.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from graph.backends.sqlite.schema import SCHEMA_VERSION, stored_version
from graph.ports.store import Store
from service.clients.memory import Memory
from tests.conftest import NEO4J_URI
from tests.support.reads import reads

FIXTURES = Path(__file__).parent / "fixtures"
NOW = datetime(2026, 12, 1, tzinfo=UTC)
SQLITE = sorted(FIXTURES.glob("sqlite-schema*.sql"))
NEO4J = sorted(FIXTURES.glob("neo4j-*.json"))


def header(path: Path) -> dict[str, Any]:
    first = path.read_text().splitlines()[0]
    return dict(json.loads(first.removeprefix("-- ")))


def values(memory: Memory, user: str, **question: Any) -> set[str]:
    return {f.value for f in memory.facts(user_id=user, subject=user, **question).facts}


def check_answers(memory: Memory, lengths: dict[str, int]) -> None:
    for user, length in lengths.items():
        verdict = memory.verify_ledger(user_id=user)
        assert (verdict.ok, verdict.length) == (True, length), user
    assert "Berlin" in values(memory, "alice", as_of="2024")
    assert "Paris" not in values(memory, "alice", as_of="2024")
    now = values(memory, "alice")
    assert {"Paris", "Acme"} <= now and "Berlin" not in now
    assert "北京" in values(memory, "bob")
    hits = memory.search("Paris", user_id="alice").results
    assert hits and "Paris" in hits[0].memory
    others = memory.search("Paris", user_id="bob").results
    assert all("Paris" not in hit.memory for hit in others)  # tenants stay apart


def check_new_write(memory: Memory, lengths: dict[str, int]) -> None:
    added = memory.add("I moved to Rome in 2026.", user_id="alice", observation_date="2026-02-01")
    assert [r.event for r in added.results] == ["UPDATE"]
    assert "Rome" in values(memory, "alice") and "Paris" not in values(memory, "alice")
    assert "Paris" in values(memory, "alice", as_of="2025-06")
    verdict = memory.verify_ledger(user_id="alice")
    assert verdict.ok and verdict.length > lengths["alice"]
    check_told_later(memory, lengths)


def check_told_later(memory: Memory, lengths: dict[str, int]) -> None:
    """bob's 北京 (told 2024-05-01, no start said) was written before facts kept when they were
    told: it is read as told at its `valid_at`, so a move told later to a time before it
    supersedes it (docs/write.md, "Told later"), and the old record still verifies. A store of
    a later commit kept it, told that same day."""
    (old,) = memory.facts(user_id="bob", subject="bob", predicate="lives_in").facts
    assert old.told_at in (None, old.valid_at)
    moved = memory.add("我去年搬到了上海", user_id="bob", observation_date="2024-09-01")
    assert [r.event for r in moved.results] == ["UPDATE"]
    assert values(memory, "bob") >= {"上海"} and "北京" not in values(memory, "bob")
    verdict = memory.verify_ledger(user_id="bob")
    assert verdict.ok and verdict.length > lengths["bob"]


@pytest.mark.parametrize("fixture", SQLITE, ids=lambda p: p.stem)
def test_an_embedded_store_of_every_earlier_schema_version_upgrades(
    fixture: Path, tmp_path: Path
) -> None:
    made = header(fixture)
    database = tmp_path / "palimpsest.db"
    with sqlite3.connect(database) as conn:
        conn.executescript(fixture.read_text())
        before = stored_version(conn)
    assert before is not None and before <= SCHEMA_VERSION
    memory = Memory(backend="sqlite", data_dir=tmp_path)
    try:
        check_answers(memory, made["ledger_lengths"])
        check_new_write(memory, made["ledger_lengths"])
    finally:
        memory.close()
    with sqlite3.connect(database) as conn:
        assert stored_version(conn) == SCHEMA_VERSION


def test_there_is_a_fixture_for_every_embedded_schema_version() -> None:
    versions = sorted(int(p.stem.removeprefix("sqlite-schema")) for p in SQLITE)
    assert versions == list(range(1, SCHEMA_VERSION + 1))


@pytest.fixture
def restored_schema(neo4j_store: Store) -> Iterator[Any]:
    """The Neo4j test server's schema dropped for a fixture's, and today's put back after."""
    from graph.backends.neo4j.store import Neo4jStore

    maintenance = neo4j_store.maintenance()
    maintenance.wipe()
    maintenance.drop_schema()
    yield maintenance
    maintenance.wipe()
    maintenance.drop_schema()
    Neo4jStore(NEO4J_URI, connection_timeout=5.0).close()  # today's schema, as the suite expects


def neo4j_props(props: dict[str, Any]) -> dict[str, Any]:
    def value(v: Any) -> Any:
        if isinstance(v, dict) and "$datetime" in v:
            return datetime.fromisoformat(v["$datetime"]).astimezone(UTC)
        return v

    return {key: value(v) for key, v in props.items()}


@pytest.mark.neo4j_only
@pytest.mark.parametrize("fixture", NEO4J, ids=lambda p: p.stem)
def test_a_neo4j_database_an_earlier_commit_wrote_upgrades(
    fixture: Path, restored_schema: Any, tmp_path: Path
) -> None:
    from graph.backends.neo4j.store import SCHEMA_VERSION as NEO4J_VERSION

    made = json.loads(fixture.read_text())
    restored_schema.apply_schema_statements(made["schema"])
    nodes = [{"labels": n["labels"], "props": neo4j_props(n["props"])} for n in made["nodes"]]
    edges = [{**e, "props": neo4j_props(e["props"])} for e in made["edges"]]
    restored_schema.load_records(nodes, edges)
    memory = Memory(backend="neo4j", neo4j_uri=NEO4J_URI, data_dir=tmp_path)
    try:
        check_answers(memory, made["ledger_lengths"])
        works = reads(memory.container.store).search.fulltext("u_alice", "works at", 5, None, NOW)
        assert works, "an older fact is found by its predicate's words (`search_text`)"
        check_new_write(memory, made["ledger_lengths"])
        version = memory.container.store.maintenance()
        assert version.schema_version() == NEO4J_VERSION
    finally:
        memory.close()
