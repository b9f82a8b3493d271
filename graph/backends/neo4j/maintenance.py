"""`graph.ports.maintenance.Maintenance` on Neo4j, with the schema probes the interop tests use.

Every query is a file of `cypher/maintenance/` (or, for `drop_index`, the runtime one the store
itself uses); each runs in one write transaction through the store's translated session.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, LiteralString, TypeVar

from neo4j import ManagedTransaction

from graph.backends.neo4j import codec
from graph.backends.neo4j.queries import maintenance_query, query
from graph.domain.model import Entity, Fact
from graph.ports.maintenance import Maintenance, Tampering

T = TypeVar("T")
Call = Callable[[str, Callable[[ManagedTransaction], Any]], Any]
BATCH = 5_000


class Neo4jMaintenance(Maintenance):
    def __init__(self, session_call: Call) -> None:
        self._call = session_call
        self.tamper = Neo4jTampering(self)

    def _run(self, name: str, **params: Any) -> list[dict[str, Any]]:
        return self._text(maintenance_query(name), params)

    def _text(self, text: LiteralString, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
            return [record.data() for record in tx.run(text, dict(params))]

        found: list[dict[str, Any]] = self._call("write", work)
        return found

    def wipe(self) -> None:
        while self._run("admin_wipe", batch=BATCH)[0]["deleted"]:
            pass

    def drop_group(self, group_id: str) -> None:
        while self._run("admin_delete_group", group_id=group_id, batch=2000)[0]["deleted"]:
            pass

    def raw_insert(self, entities: Sequence[Entity], facts: Sequence[Fact]) -> None:
        if entities:
            self._run("bench_raw_entities", entities=[codec.entity_props(e) for e in entities])
        rows = [
            {
                "subject_uuid": f.subject_uuid,
                "object_uuid": f.object_uuid,
                "props": codec.fact_props(f),
            }
            for f in facts
        ]
        self._run("bench_raw_insert", facts=rows)

    def stored_text(self) -> str:
        rows = self._run("admin_stored_values")
        return "\n".join(text for row in rows for text in _texts(row["values"]))

    def plan(self, statement: str, params: Mapping[str, Any] | None = None) -> list[str]:
        """The operators of Neo4j's EXPLAIN plan, each with its details."""

        def work(tx: ManagedTransaction) -> list[str]:
            summary = tx.run("EXPLAIN " + statement, dict(params or {})).consume()
            return _operators(summary.plan or {})

        found: list[str] = self._call("read", work)
        return found

    def stamp_schema_version(self, version: int) -> None:
        self._text(query("store_version_record"), {"version": version})

    def schema_version(self) -> int | None:
        found = self._text(query("store_version_read"), {})[0]["version"]
        return None if found is None else int(found)

    # -- upgrade fixtures (Neo4j only) ---------------------------------------------------------

    def drop_schema(self) -> None:
        """Drop every constraint and index (but the built-in token lookups)."""
        for row in self._run("admin_schema_constraint_statements"):
            self._run("admin_drop_constraint", constraint=row["name"])
        for row in self._run("admin_schema_index_statements"):
            self._text(query("drop_index"), {"index": row["name"]})

    def apply_schema_statements(self, statements: Sequence[str]) -> None:
        """Run the CREATE statements an earlier version's schema consisted of, as Neo4j printed
        them (`SHOW ... createStatement`, recorded in an upgrade fixture), then wait for the
        indexes to come online. Test and upgrade fixtures only: the text is the fixture's."""
        for statement in statements:
            if not statement.startswith("CREATE "):
                raise ValueError(f"not a schema statement: {statement[:60]!r}")
            self._text(statement, {})
        self._text(query("schema_await"), {"seconds": 300})

    def load_records(
        self, nodes: Sequence[Mapping[str, Any]], edges: Sequence[Mapping[str, Any]]
    ) -> None:
        """Create nodes (`labels`, `props`) and the relationships between them (`from`/`to`:
        positions in `nodes`, `type`, `props`) exactly as given: an earlier version's records."""
        made = {row["i"]: row["id"] for row in self._run("admin_load_nodes", nodes=list(nodes))}
        rows = [
            {
                "source": made[e["from"]],
                "target": made[e["to"]],
                "type": e["type"],
                "props": e["props"],
            }
            for e in edges
        ]
        if rows:
            self._run("admin_load_edges", edges=rows)

    # -- schema probes (Neo4j only) --------------------------------------------------------

    def indexes(self) -> dict[str, dict[str, Any]]:
        """Every index but the built-in token lookups, by name: type, labels, properties,
        analyzer and owning constraint."""
        return {row["name"]: row for row in self._run("admin_schema_list")}

    def drop_index(self, name: str) -> None:
        """Drop an index, or the constraint that owns it."""
        owner = self.indexes().get(name, {}).get("constraint")
        if owner:
            self._run("admin_drop_constraint", constraint=owner)
        else:
            self._text(query("drop_index"), {"index": name})

    def vector_index(self) -> dict[str, Any] | None:
        """The facts' vector index configuration (`indexConfig`), or None without one."""
        rows = self._run("admin_vector_index")
        return dict(rows[0]["options"]["indexConfig"]) if rows else None

    def rebuild_vector_index(self, config: Mapping[str, Any] | None) -> None:
        """Drop the facts' vector index and, given an `indexConfig`, create it with that one
        (the vector benchmark's variants); None leaves the facts without one."""
        self.drop_index("fact_embedding")
        if config is not None:
            self._text(query("schema_fact_vector"), {"options": {"indexConfig": dict(config)}})
            self._text(query("schema_await"), {"seconds": 300})

    def server_cpu_seconds(self) -> float:
        """The server process's CPU time so far (benchmarks: work per CPU second, which a
        shared machine's load moves far less than per wall second)."""
        return float(self._run("bench_server_cpu")[0]["nanos"]) / 1e9

    def attach_embeddings(self, group_id: str, embeddings: Mapping[str, Sequence[float]]) -> None:
        """Set recorded facts' embeddings afterwards (deferred embedding writes)."""
        rows = [{"uuid": uuid, "embedding": list(vector)} for uuid, vector in embeddings.items()]
        self._run("bench_attach_embeddings", group_id=group_id, rows=rows)

    def fulltext_top(self, group_id: str, lucene: str) -> str | None:
        """The tenant's fact the full-text index ranks first for a Lucene query, unbounded."""
        rows = self._run("bench_fulltext_top", group_id=group_id, query=lucene)
        return str(rows[0]["uuid"]) if rows else None

    def fact_vectors(self, group_id: str, after: str, limit: int) -> list[tuple[str, list[float]]]:
        """One page of the tenant's fact embeddings, in uuid order after `after`."""
        rows = self._run("bench_fact_vectors", group_id=group_id, after=after, limit=limit)
        return _vectors(rows)

    def fact_vectors_since(self, group_id: str, since: datetime) -> list[tuple[str, list[float]]]:
        """The embeddings of the tenant's facts created after `since`."""
        return _vectors(self._run("bench_fact_vectors_since", group_id=group_id, since=since))

    def create_legacy_fact_text_index(self) -> None:
        """The full-text index our schema made before it was named apart from graphiti's."""
        self._run("admin_legacy_fact_text")

    def unmigrate_graphiti_fields(self, group_id: str) -> None:
        """Strip a tenant's records of graphiti's fields, as written before they existed."""
        self._run("admin_unmigrate_graphiti_fields", group_id=group_id)


def _texts(value: object) -> list[str]:
    """Every string, number and byte string in a property map, as it is stored (not escaped)."""
    if isinstance(value, Mapping):
        return [text for item in value.values() for text in _texts(item)]
    if isinstance(value, list | tuple):
        return [text for item in value for text in _texts(item)]
    if isinstance(value, bytes | bytearray):
        return [bytes(value).decode("latin-1")]
    return [str(value)]


def _operators(plan: Mapping[str, Any]) -> list[str]:
    found = [f"{plan.get('operatorType', '')} {plan.get('args', {}).get('Details', '')}"]
    for child in plan.get("children", []):
        found += _operators(child)
    return found


def _vectors(rows: list[dict[str, Any]]) -> list[tuple[str, list[float]]]:
    return [(str(row["uuid"]), list(row["embedding"])) for row in rows]


class Neo4jTampering(Tampering):
    def __init__(self, maintenance: Neo4jMaintenance) -> None:
        self._maintenance = maintenance

    def ledger_entry(self, group_id: str, seq: int, action: str) -> None:
        self._maintenance._run("admin_ledger_tamper", group_id=group_id, seq=seq, action=action)

    def fact(self, group_id: str, uuid: str, value: str) -> None:
        self._maintenance._run("admin_fact_tamper", group_id=group_id, uuid=uuid, value=value)

    def delete_fact(self, group_id: str, uuid: str) -> None:
        self._maintenance._run("admin_fact_delete", group_id=group_id, uuid=uuid)

    def truncate_ledger(self, group_id: str, keep: int) -> None:
        self._maintenance._run("admin_ledger_truncate", group_id=group_id, keep=keep)
