"""Scale-out over one store: two service processes and two worker processes under concurrent
synchronous and asynchronous writes, with workers killed (SIGKILL) meanwhile. Nothing is lost
or applied twice, every operation succeeds, each tenant's ledger verifies and never forks.

The harness is bench/load/scale_out.py; here it runs at a small size (`PALIMPSEST_KILL_ROUNDS`
kill rounds, 2 by default; the issue's 20 rounds are `python -m bench.load.scale_out --rounds 20`).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bench.load.scale_out import Cluster, environment, run
from graph.ports.store import Store
from tests.conftest import NEO4J_URI

ROUNDS = int(os.environ.get("PALIMPSEST_KILL_ROUNDS", "2"))
WRITES = int(os.environ.get("PALIMPSEST_SCALE_WRITES", "18"))


def test_two_services_and_two_workers_apply_every_write_once(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    store: Store
    if backend == "neo4j":
        store = request.getfixturevalue("store")
    else:
        from graph.backends.sqlite import SqliteStore

        store = SqliteStore(tmp_path / "palimpsest.db")
    cluster = Cluster(environment(backend, tmp_path, NEO4J_URI), tmp_path)
    cluster.start()
    try:
        report = run(store, cluster, WRITES, ROUNDS)
    finally:
        cluster.stop()
    assert report.problems == []
    assert report.kills == ROUNDS
    assert report.sync_sent + report.async_sent == WRITES and report.resent > 0
    assert len(report.events) == report.async_sent  # a resent key gave back its operation
