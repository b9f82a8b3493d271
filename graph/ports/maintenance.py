"""Maintenance: what resets, benchmarks and tests do to a store outside the domain.

Wiping a test database, dropping a benchmark tenant, a raw insert as a benchmark's baseline,
tampering with a ledger entry to prove `verify` finds it, reading a query plan, reading
every stored value (the leak probe). None of it is a
domain verb, so none of it is a role of a transaction; each backend implements this one
interface (Neo4j adds its schema probes), and `store.maintenance()` gives it. The service never
imports this module nor calls `maintenance()` (an import-linter contract in pyproject.toml and
tests/test_layout.py).

Its Cypher lives apart from the runtime queries, in `cypher/maintenance/`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from graph.domain.model import Entity, Fact


class Tampering(ABC):
    """What an attacker with database access does behind the service's back: what the ledger's
    verification must find."""

    @abstractmethod
    def ledger_entry(self, group_id: str, seq: int, action: str) -> None:
        """Rewrite one ledger entry's action in place."""

    @abstractmethod
    def fact(self, group_id: str, uuid: str, value: str) -> None:
        """Rewrite one fact's value in place."""

    @abstractmethod
    def delete_fact(self, group_id: str, uuid: str) -> None:
        """Delete one fact behind the service's back (its ledger entries stay)."""

    @abstractmethod
    def truncate_ledger(self, group_id: str, keep: int) -> None:
        """Delete the tenant's ledger entries after the first `keep` (0: the whole chain)."""


class Maintenance(ABC):
    """Resets, baselines and probes of one store."""

    tamper: Tampering

    @abstractmethod
    def wipe(self) -> None:
        """Remove every record of every tenant (tests' clean slate)."""

    @abstractmethod
    def drop_group(self, group_id: str) -> None:
        """Remove every record of one tenant, its ledger included (benchmark tenants)."""

    @abstractmethod
    def raw_insert(self, entities: Sequence[Entity], facts: Sequence[Fact]) -> None:
        """Insert rows as plainly as the database allows: no port, no checks (a baseline)."""

    @abstractmethod
    def stored_text(self) -> str:
        """Every value the database holds, of every record, index row and tenant, as text:
        what a leak probe searches for a credential's bytes."""

    @abstractmethod
    def plan(self, statement: str, params: Mapping[str, Any] | None = None) -> list[str]:
        """The steps of the database's plan for a native statement (SQL or Cypher)."""

    @abstractmethod
    def stamp_schema_version(self, version: int) -> None:
        """Record another schema version, as a newer (or older) release would have."""

    @abstractmethod
    def schema_version(self) -> int | None:
        """The schema version the store records (None: made before versions were recorded)."""
