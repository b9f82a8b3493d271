"""The one funnel of the Neo4j backend's queries: a named query from `cypher/` run in one
managed transaction, its rows as plain maps. Every role of a transaction (`facts.py`,
`ledger.py`, ...) runs its queries through the same `Rows`."""

from __future__ import annotations

from typing import Any, LiteralString

from neo4j import ManagedTransaction

from graph.backends.neo4j import codec
from graph.backends.neo4j.queries import query as cypher
from graph.domain.model import Fact


class Rows:
    def __init__(self, tx: ManagedTransaction) -> None:
        self.tx = tx

    def __call__(self, name: LiteralString, **params: Any) -> list[dict[str, Any]]:
        # the rows hold maps, lists and scalars only: `record.data()` would copy every nested
        # value again (a tenth of a search on Neo4j)
        result = self.tx.run(cypher(name), params)
        return [dict(zip(record.keys(), record, strict=True)) for record in result]

    def facts(self, name: LiteralString, **params: Any) -> list[Fact]:
        """The records of a query whose rows hold a `fact` map each."""
        return [codec.fact_from_map(row["fact"]) for row in self(name, **params)]
