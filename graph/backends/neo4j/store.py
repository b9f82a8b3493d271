"""The Neo4j backend (5.26 LTS): managed transactions with retries, errors translated here.

Driver errors never leave this module: an unreachable server, an expired session or exhausted
transient retries become `StoreUnavailable` (nothing committed is lost: a transaction either
committed or did not); a constraint violation becomes `DuplicateRecord` (or `LedgerHeadMoved`
for the ledger, which is retried here); anything else `StoreError`.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

from neo4j import Driver, GraphDatabase, ManagedTransaction, NotificationMinimumSeverity
from neo4j.exceptions import (
    AuthError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from graph.backends.neo4j.entities import Neo4jEntities
from graph.backends.neo4j.episodes import Neo4jEpisodes
from graph.backends.neo4j.erasure import Neo4jErasure
from graph.backends.neo4j.export import Neo4jExport
from graph.backends.neo4j.facts import Neo4jFacts
from graph.backends.neo4j.ledger import Neo4jLedger
from graph.backends.neo4j.maintenance import Neo4jMaintenance
from graph.backends.neo4j.operations import Neo4jOperations
from graph.backends.neo4j.queries import query, schema_queries
from graph.backends.neo4j.review import Neo4jActions, Neo4jCandidates
from graph.backends.neo4j.rows import Rows
from graph.backends.neo4j.search import OLD_GRAPH_CANDIDATES, VECTOR_CANDIDATES, Neo4jSearch
from graph.domain.errors import LedgerHeadMoved, StoreError, StoreTooNew, StoreUnavailable
from graph.ports.store import Capabilities, Store, StoreReads, StoreTx

T = TypeVar("T")
log = logging.getLogger("palimpsest.store")

LEDGER_RETRIES = 8
LEDGER_BACKOFF_SECONDS = 0.01
"""First pause after a lost chain-head race; doubled per attempt with jitter (about 2.5 s in
all at most), so writers of one tenant spread out instead of colliding again at once."""
SCHEMA_VERSION = 3
"""The version of the graph's shape (labels, properties, constraints, indexes, data
migrations) this code writes. Recorded on a `SchemaVersion` node after the schema and its
migrations ran; a database recorded with a higher one is refused at open. Raise it with any
change an older version could not read, and add a fixture (tests/upgrade/). 2: facts carry
`search_text`, which the full-text index reads; a version-1 writer would add facts without
it, which no keyword search finds, after the one-off migration ran. 3: an episode's discourse
state holds `referred` (the names its pronouns refer to, which the keyword index reads), and a
version-2 reader refuses unknown keys in it: it would fail on every such episode instead of
refusing the database (fixture neo4j-407242d.json, written by version 2)."""
INDEX_WAIT_SECONDS = 300
MIGRATION_BATCH = 5_000
# The vector index's HNSW graph: 32 links per node and 200 candidates weighed per insert
# instead of Neo4j's 16 and 100 (docs/storage.md "Vector index settings": recall@10 at 1M)
VECTOR_HNSW = {"vector.hnsw.m": 32, "vector.hnsw.ef_construction": 200}


GRAPHITI_UUID_INDEXES = ("entity_uuid", "episode_uuid", "relation_uuid")
"""graphiti-core's plain range indexes on keys our uniqueness constraints cover."""
LEGACY_TEXT_INDEXES = ("edge_name_and_fact", "node_name_and_summary")
"""Our full-text indexes before they were named apart from graphiti-core's (docs/graphiti.md)."""
RETIRED_INDEXES = ("palimpsest_fact_text",)
"""Our indexes that a later one replaced: the facts' full-text index over their text and
predicate, which read fewer words than SQLite's (now `palimpsest_fact_words`)."""


def vector_index_config(dimensions: int) -> dict[str, Any]:
    """The `indexConfig` the store makes the facts' vector index with."""
    return {
        "vector.dimensions": dimensions,
        "vector.similarity_function": "cosine",
        **VECTOR_HNSW,
    }


class Neo4jTx(StoreTx):
    """Every role on one managed transaction, each running its queries through `rows`."""

    def __init__(self, rows: Rows, *, vector_candidates: int = VECTOR_CANDIDATES) -> None:
        self.facts = Neo4jFacts(rows)
        self.entities = Neo4jEntities(rows)
        self.episodes = Neo4jEpisodes(rows)
        self.search = Neo4jSearch(rows, vector_candidates)
        self.ledger = Neo4jLedger(rows)
        self.operations = Neo4jOperations(rows)
        self.candidates = Neo4jCandidates(rows)
        self.actions = Neo4jActions(rows)
        self.erasure = Neo4jErasure(rows)
        self.export = Neo4jExport(rows)


class Neo4jStore(Store):
    """A store in one Neo4j database, reached over Bolt."""

    capabilities = Capabilities(
        name="neo4j",
        vector_search="approximate",
        fulltext_analyzer="cjk",
        concurrent_writers=True,
        search_in_one_query=True,
    )

    def __init__(
        self,
        uri: str,
        *,
        user: str = "neo4j",
        password: str | None = None,
        database: str = "neo4j",
        embedding_dimensions: int = 512,
        connection_timeout: float = 10.0,
        max_retry_time: float = 15.0,
        outage_cooldown: float = 0.0,
    ) -> None:
        auth = (user, password) if password else None
        self._database = database
        self._candidates = VECTOR_CANDIDATES
        self._cooldown = outage_cooldown
        self._down_until = 0.0
        try:
            self._driver: Driver = GraphDatabase.driver(
                uri,
                auth=auth,
                connection_timeout=connection_timeout,
                connection_acquisition_timeout=connection_timeout + max_retry_time,
                max_transaction_retry_time=max_retry_time,
                notifications_min_severity=NotificationMinimumSeverity.OFF,
            )
        except (DriverError, Neo4jError, ValueError) as exc:
            raise StoreUnavailable(f"cannot configure the Neo4j driver for {uri}: {exc}") from exc
        try:
            self._apply_schema(embedding_dimensions)
        except BaseException:
            self._driver.close()
            raise

    def read(self, fn: Callable[[StoreReads], T]) -> T:
        def work(tx: ManagedTransaction) -> T:
            return fn(self._port(tx))

        return self._session_call("read", work)

    def transaction(self, fn: Callable[[StoreTx], T]) -> T:
        def work(tx: ManagedTransaction) -> T:
            return fn(self._port(tx))

        for attempt in range(LEDGER_RETRIES):
            try:
                return self._session_call("write", work)
            except LedgerHeadMoved:
                if attempt == LEDGER_RETRIES - 1:
                    raise
                self._pause(LEDGER_BACKOFF_SECONDS * 2**attempt * random.uniform(0.5, 1.5))
        raise AssertionError("unreachable")

    def _pause(self, seconds: float) -> None:
        """Wait before retrying a lost chain-head race (a subclass may observe it)."""
        time.sleep(seconds)

    def close(self) -> None:
        self._driver.close()

    def _port(self, tx: ManagedTransaction) -> Neo4jTx:
        """The port on one transaction (a subclass may observe its queries)."""
        return Neo4jTx(Rows(tx), vector_candidates=self._candidates)

    def _write(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """One named runtime query in a write transaction (data migrations)."""

        def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
            return [record.data() for record in tx.run(query(name), params)]

        return self._session_call("write", work)

    def maintenance(self) -> Neo4jMaintenance:
        """Resets, baselines and probes for tests and benchmarks (`graph.ports.maintenance`)."""
        return Neo4jMaintenance(self._session_call)

    def _session_call(self, mode: str, work: Callable[[ManagedTransaction], T]) -> T:
        """One managed transaction. For `outage_cooldown` seconds after the server was found
        unreachable, calls fail at once instead of each waiting out the driver's timeouts (a
        request that makes several calls still answers 503 promptly)."""
        if time.monotonic() < self._down_until:
            raise StoreUnavailable("Neo4j is unavailable (failed moments ago)")
        try:
            return self._call(mode, work)
        except StoreUnavailable:
            self._down_until = time.monotonic() + self._cooldown
            raise

    def _call(self, mode: str, work: Callable[[ManagedTransaction], T]) -> T:
        try:
            with self._driver.session(database=self._database) as session:
                if mode == "read":
                    return session.execute_read(work)
                return session.execute_write(work)
        except (ServiceUnavailable, SessionExpired, TransientError) as exc:
            raise StoreUnavailable(f"Neo4j is unavailable: {_message(exc)}") from exc
        except AuthError as exc:
            raise StoreUnavailable(f"Neo4j refused the credentials: {_message(exc)}") from exc
        except (Neo4jError, DriverError) as exc:
            raise StoreError(f"Neo4j failed: {_message(exc)}") from exc

    def _apply_schema(self, dimensions: int) -> None:
        self._refuse_newer()
        options = {"indexConfig": vector_index_config(dimensions)}
        self._release_blocking_indexes()
        for name in schema_queries():
            params = {"options": options} if name == "schema_fact_vector" else {}
            self._run_schema(name, params)
        self._run_schema("schema_await", {"seconds": INDEX_WAIT_SECONDS})
        self._migrate("graphiti_fields", "migration_graphiti_fields")
        self._migrate("fact_words", "migration_fact_words")
        self._check_vector_index()
        self._run_schema("store_version_record", {"version": SCHEMA_VERSION})

    def _refuse_newer(self) -> None:
        """A database a newer version shaped is refused before anything is written to it: this
        code could write records that version reads wrongly (migrations only run forward)."""
        row = self._run_schema("store_version_read", {})[0]
        found = row["version"]
        if found is not None and int(found) > SCHEMA_VERSION:
            raise StoreTooNew(
                f"the Neo4j database {self._database!r} has schema version {found}, newer than "
                f"this version's {SCHEMA_VERSION}: it was shaped by a newer palimpsest; upgrade "
                "the package (README, 'Upgrading')",
                details={"found": int(found), "supported": SCHEMA_VERSION},
            )

    def _check_vector_index(self) -> None:
        """Say so when the facts' vector index was made with other HNSW settings than this
        version's: `IF NOT EXISTS` keeps an index as it was made, and rebuilding one takes
        minutes per million facts, so it is the operator's call (docs/storage.md). Such an
        index is asked for as many candidates as before (`OLD_GRAPH_CANDIDATES`), so an
        upgrade does not lower what search finds."""
        config = self.maintenance().vector_index() or {}
        made = {key: config.get(key) for key in VECTOR_HNSW}
        if config and made != VECTOR_HNSW:
            self._candidates = OLD_GRAPH_CANDIDATES
            log.warning(
                "the facts' vector index was made with %s, not %s: it is asked for %d "
                "candidates instead of %d, slower and finding less, until it is rebuilt "
                "(DROP INDEX fact_embedding, then restart the service; docs/storage.md, "
                "'Vector index settings')",
                made,
                VECTOR_HNSW,
                OLD_GRAPH_CANDIDATES,
                VECTOR_CANDIDATES,
            )

    def _migrate(self, name: str, query_name: str) -> None:
        """Run a one-off data migration in batches, once per database (marked when done)."""
        if self._run_schema("migration_applied", {"name": name})[0]["applied"]:
            return
        while self._write(query_name, batch=MIGRATION_BATCH)[0]["updated"]:
            pass
        self._run_schema("migration_record", {"name": name})

    def _release_blocking_indexes(self) -> None:
        """Drop what would make our schema or graphiti-core's fail, whichever ran first."""
        params = {
            "uuid_indexes": list(GRAPHITI_UUID_INDEXES),
            "legacy_text": list(LEGACY_TEXT_INDEXES),
        }
        for row in self._run_schema("graphiti_blocking_indexes", params):
            self._run_schema("drop_index", {"index": row["name"]})
        for name in RETIRED_INDEXES:
            self._run_schema("drop_index", {"index": name})

    def _run_schema(self, name: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        try:
            with self._driver.session(database=self._database) as session:
                return [record.data() for record in session.run(query(name), params)]
        except (ServiceUnavailable, SessionExpired) as exc:
            raise StoreUnavailable(f"Neo4j is unavailable: {_message(exc)}") from exc
        except (Neo4jError, DriverError) as exc:
            raise StoreError(f"creating the Neo4j schema ({name}) failed: {_message(exc)}") from exc


def _message(exc: Exception) -> str:
    return str(exc) or type(exc).__name__
