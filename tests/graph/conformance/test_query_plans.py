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

from graph.backends.sqlite import sql
from graph.backends.sqlite.episodes import EPISODES_BY_UUID
from graph.domain.timerules import CURRENT
from graph.ports.store import Store

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
    plans = store.maintenance()
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
    plan = store.maintenance().plan(statement, {"g": "g", **ids})
    assert plan == ["SEARCH episodes USING INDEX sqlite_autoindex_episodes_1 (uuid=?)"], plan


BEARING_KEY = {"subject_key": "ada", "predicate": "said", "value_key": "hi", "scope": "work"}


def test_bearing_seeks_the_value_index(store: Store, backend: str) -> None:
    """The records bearing on one value of a multi-valued predicate (a write's align stage)
    are three seeks of the (tenant, subject, predicate, scope, value) index, the other scopes
    as a range on scope. Found at 100k on Neo4j: the planner took the (tenant, subject,
    predicate) index for the two range branches and filtered every record of the speaker's
    predicate (2,569 rows for one write), so the align stage grew with the tenant."""
    plans = store.maintenance()
    if backend == "sqlite":
        params = {"g": "g", "s": "ada", "p": "said", "v": "hi", "sc": "work"}
        params.update(sql.time_params(CURRENT, NOW))
        searches = [s for s in plans.plan(sql.BEARING, params) if s.startswith(("SEARCH", "SCAN"))]
        assert len(searches) == 3, searches
        assert all("USING INDEX facts_bearing" in s for s in searches), searches
        return
    from graph.backends.neo4j.codec import time_params
    from graph.backends.neo4j.queries import query

    params = {"group_id": "u_x", "keys": [BEARING_KEY], **time_params(CURRENT, NOW)}
    params.pop("all")
    seeks = [op for op in plans.plan(query("facts_bearing"), params) if "Index" in op.split()[0]]
    assert len(seeks) == 3, seeks
    whole = "(group_id, subject_key, predicate, scope, value_key)"
    assert all(whole in op for op in seeks), seeks
