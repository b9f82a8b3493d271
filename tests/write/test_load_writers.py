"""The concurrent-writers benchmark (bench/load/writers.py, `--phases writers`) at a small size, on
the embedded store as the issue measures it: a file-backed SQLite with its default
`synchronous=FULL`, a live loopback server, REST writes. It must finish with 0 errors and
every acknowledged write stored; its timings are printed, never asserted."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bench.load.writers import serving, writer_phases
from graph.backends.sqlite import SqliteStore
from graph.domain.tenancy import TenantScope
from graph.ports.facts import FactQuery

CLIENTS, WRITES = 3, 2


def test_concurrent_writers_finish_without_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = SqliteStore(tmp_path / "load.db")
    try:
        with serving(store) as (base, container):
            errors = writer_phases("sqlite", base, container.writes.timings, CLIENTS, WRITES, 120)
        now = datetime.now(UTC)
        groups = [TenantScope(user_id=f"load-sqlite-w-{n}").group_id for n in range(CLIENTS)]
        stored = [
            store.read(lambda r, g=g: r.facts.find(g, FactQuery(include_history=True), now))
            for g in groups
        ]
    finally:
        store.close()
    printed = capsys.readouterr().out
    assert errors == 0
    assert all(stored), "every writer's tenant holds its writes"
    assert f"{CLIENTS} writers" in printed and "queueing bound" in printed
    assert "inside" in printed and "errors 0" in printed
