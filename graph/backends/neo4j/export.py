"""Export's verb (`graph.ports.export`) as Cypher from `cypher/`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, LiteralString

from graph.backends.neo4j import codec
from graph.backends.neo4j.rows import Rows
from graph.ports.export import ExportKind, ExportReads, Record


class Neo4jExport(ExportReads):
    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    def page(self, group_id: str, kind: ExportKind, after: str, limit: int) -> list[Record]:
        name, decode = _EXPORTS[kind]
        rows = self._rows(name, group_id=group_id, after=after, limit=limit)
        return [decode(row["record"]) for row in rows]


_EXPORTS: dict[str, tuple[LiteralString, Callable[[dict[str, Any]], Record]]] = {
    "entity": ("export_entities", codec.entity_from_map),
    "fact": ("export_facts", codec.fact_from_map),
    "episode": ("export_episodes", codec.episode_from_map),
    "operation": ("export_operations", codec.operation_from_map),
    "candidate": ("export_candidates", codec.candidate_from_map),
}
