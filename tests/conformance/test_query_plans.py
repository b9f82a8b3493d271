"""The hot queries of each backend are index seeks, never a scan of a whole label or table.

Found the hard way: the ledger head, the worker's claim and the review queue each scanned
every tenant's records on Neo4j, so every write got slower as the store grew. The plans are
read with EXPLAIN against the real server (and SQLite's EXPLAIN QUERY PLAN), on an empty store
as on a full one: the planner decides from the query and the schema.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from graph.backends.sqlite.ops import EPISODES_BY_UUID
from graph.maintenance import maintenance_of
from graph.ports import Store

SCANS = re.compile(r"AllNodesScan|NodeByLabelScan|AllRelationshipsScan|RelationshipTypeScan")
NOW = datetime(2026, 1, 1, tzinfo=UTC)
HOT_CYPHER: dict[str, dict[str, Any]] = {
    "ledger_head": {"group_id": "u_x"},
    "operation_candidates": {"now": NOW, "limit": 5},
    "candidates_list": {"group_id": "u_x", "status": None, "limit": 10},
    "facts_by_signature": {"group_id": "u_x", "signatures": ["s"]},
    "facts_get": {"group_id": "u_x", "uuids": ["u"]},
}


def test_hot_queries_seek_an_index(store: Store, backend: str) -> None:
    plans = maintenance_of(store)
    if backend == "sqlite":
        for statement in (
            "SELECT * FROM ledger WHERE group_id = 'g' ORDER BY seq DESC LIMIT 1",
            "SELECT event_id FROM operations WHERE status = 'PENDING' "
            "OR (status = 'RUNNING' AND lease_until < 0) ORDER BY created_at, event_id LIMIT 1",
        ):
            plan = plans.plan(statement)
            assert not any(step.startswith("SCAN") for step in plan), (statement, plan)
        _episodes_by_id_seek_the_key(store)
        return
    from graph.backends.neo4j.queries import query

    for name, params in HOT_CYPHER.items():
        scans = [op for op in plans.plan(query(name), params) if SCANS.search(op)]
        assert scans == [], (name, scans)


def _episodes_by_id_seek_the_key(store: Store) -> None:
    """Thirty episode ids of one tenant are thirty key seeks, not a read of the whole tenant
    through its (group_id, ...) index, which SQLite picked for ten ids or more."""
    ids = {f"u{n}": f"id-{n}" for n in range(30)}
    statement = EPISODES_BY_UUID.format(marks=", ".join(f":{k}" for k in ids))
    plan = maintenance_of(store).plan(statement, {"g": "g", **ids})
    assert plan == ["SEARCH episodes USING INDEX sqlite_autoindex_episodes_1 (uuid=?)"], plan
