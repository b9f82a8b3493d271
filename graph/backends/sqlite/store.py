"""The embedded default store: SQLite from the standard library, WAL mode, one writer.

Writes are serialised through one connection (`BEGIN IMMEDIATE`, also across processes thanks
to SQLite's own lock and a busy timeout); reads use one connection per thread and see a
consistent snapshot for the duration of a `read`. Driver errors are translated here:
`database is locked` and I/O failures become `StoreUnavailable`, anything else `StoreError`.

`":memory:"` is a private database file in a fresh temporary folder (in RAM under /dev/shm
where there is one), deleted on close or when the store is collected. It is not SQLite's shared
in-memory cache: that cache locks whole tables between connections and answers `table is
locked` at once, ignoring the busy timeout, so a reader polling while the worker writes made
writes fail at random. A file in WAL mode lets readers and the writer run side by side, exactly
as on disk.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from graph.backends.sqlite import schema
from graph.backends.sqlite.entities import SqliteEntities
from graph.backends.sqlite.episodes import SqliteEpisodes
from graph.backends.sqlite.erasure import SqliteErasure
from graph.backends.sqlite.export import SqliteExport
from graph.backends.sqlite.facts import SqliteFacts
from graph.backends.sqlite.ledger import SqliteLedger
from graph.backends.sqlite.maintenance import SqliteMaintenance
from graph.backends.sqlite.memo import MemoConnection
from graph.backends.sqlite.operations import SqliteOperations
from graph.backends.sqlite.review import SqliteActions, SqliteCandidates
from graph.backends.sqlite.search import SqliteSearch
from graph.backends.sqlite.vectors import VectorIndex
from graph.domain.errors import (
    InvalidInput,
    PalimpsestError,
    StoreError,
    StoreUnavailable,
)
from graph.ports.store import Capabilities, Store, StoreReads, StoreTx

T = TypeVar("T")

BUSY_TIMEOUT_MS = 15_000
SYNCHRONOUS = ("NORMAL", "FULL", "EXTRA")
"""SQLite's `synchronous` levels we allow. FULL (the default) syncs the WAL at every commit, so
an answered write survives a power failure; NORMAL syncs only at checkpoints (faster; the last
commits can be lost on power failure, never on a process crash). docs/operations.md."""
_TRANSIENT = ("locked", "busy", "disk i/o", "unable to open")


class SqliteTx(StoreTx):
    """Every role on one connection; the store owns the transaction boundary."""

    def __init__(self, conn: sqlite3.Connection, vectors: VectorIndex) -> None:
        self.conn = conn
        """The connection every role runs on (tests read the index statistics through it)."""
        self.facts = SqliteFacts(conn)
        self.entities = SqliteEntities(conn)
        self.episodes = SqliteEpisodes(conn)
        self.search = SqliteSearch(conn, vectors, self)
        self.ledger = SqliteLedger(conn)
        self.operations = SqliteOperations(conn)
        self.candidates = SqliteCandidates(conn)
        self.actions = SqliteActions(conn)
        self.erasure = SqliteErasure(conn)
        self.export = SqliteExport(conn)


class SqliteStore(Store):
    """A store in one SQLite file (or in memory, for tests)."""

    capabilities = Capabilities(
        name="sqlite",
        vector_search="approximate",  # exact scores, candidates from sign bits (vectors.py)
        fulltext_analyzer="bigram",
        concurrent_writers=False,
    )

    def __init__(
        self,
        path: str | Path = ":memory:",
        *,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        synchronous: str = "FULL",
    ) -> None:
        if synchronous not in SYNCHRONOUS:
            raise InvalidInput(f"synchronous must be one of {SYNCHRONOUS}", field="synchronous")
        self._synchronous = synchronous
        self._busy_timeout_ms = busy_timeout_ms
        temporary = str(path) == ":memory:"
        self._removal: weakref.finalize[..., object] | None = None
        if temporary:
            folder = _temporary_folder()
            self._removal = weakref.finalize(self, shutil.rmtree, folder, ignore_errors=True)
            self._path = str(Path(folder) / "memory.db")
        else:
            self._path = _location(Path(path))
        self._vectors = VectorIndex(None if temporary else Path(f"{self._path}.vectors"))
        self._write_lock = threading.Lock()
        self._local = threading.local()
        self._closed = False
        self._writer = self._connect()
        try:
            self._apply_schema()
        except BaseException:
            self._writer.close()
            raise

    def read(self, fn: Callable[[StoreReads], T]) -> T:
        conn = self._reader()
        try:
            conn.execute("BEGIN")
            try:
                return fn(SqliteTx(conn, self._vectors))
            finally:
                conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise translate(exc) from exc

    def transaction(self, fn: Callable[[StoreTx], T]) -> T:
        with self._write_lock:
            conn = self._writer
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise translate(exc) from exc
            try:
                result = fn(SqliteTx(conn, self._vectors))
                conn.execute("COMMIT")
                return result
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise translate(exc) from exc
                raise

    def maintenance(self) -> SqliteMaintenance:
        """Resets, baselines and probes for tests and benchmarks (`graph.ports.maintenance`)."""
        return SqliteMaintenance(self._raw_write)

    def _raw_write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """`fn` on the writer connection in one transaction, for maintenance only."""
        with self._write_lock:
            conn = self._writer
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = fn(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return result

    def compact(self) -> None:
        """After an erasure: merge the keyword index (dropping deleted terms) and checkpoint
        the WAL, so erased text is neither searchable nor left in the files (deleted pages
        are zeroed: secure_delete is on)."""
        with self._write_lock:
            try:
                for index in ("facts_fts", "episodes_fts"):
                    self._writer.execute(f"INSERT INTO {index} ({index}) VALUES ('optimize')")
                self._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as exc:
                raise translate(exc) from exc

    def close(self) -> None:
        if self._closed:
            return
        self._vectors.save()
        self._closed = True
        for conn in (self._writer, getattr(self._local, "conn", None)):
            if conn is not None:
                conn.close()
        if self._removal is not None:
            self._removal()

    def _reader(self) -> sqlite3.Connection:
        if self._closed:
            raise StoreUnavailable("the store is closed")
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._connect()
            self._local.conn = conn
        return conn

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(
                self._path,
                check_same_thread=False,
                isolation_level=None,
                timeout=self._busy_timeout_ms / 1000,
                factory=MemoConnection,
            )
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"cannot open the embedded store: {exc}") from exc
        conn.row_factory = sqlite3.Row
        for pragma in (
            "journal_mode = WAL",
            f"synchronous = {self._synchronous}",
            "foreign_keys = ON",
            f"busy_timeout = {self._busy_timeout_ms}",
            "secure_delete = ON",
        ):
            conn.execute(f"PRAGMA {pragma}")
        return conn

    def _apply_schema(self) -> None:
        with self._write_lock:
            schema.apply(self._writer, self._path)


def _location(target: Path) -> str:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreUnavailable(f"cannot create the data folder {target.parent}: {exc}") from exc
    return str(target)


def _temporary_folder() -> str:
    """A new private folder for a temporary store, in RAM (/dev/shm) where there is one."""
    shm = Path("/dev/shm")
    parent = str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None
    try:
        return tempfile.mkdtemp(prefix="palimpsest-", dir=parent)
    except OSError as exc:
        raise StoreUnavailable(f"cannot create a temporary store: {exc}") from exc


def translate(exc: sqlite3.Error) -> PalimpsestError:
    """A driver error in the port's vocabulary."""
    text = str(exc).lower()
    if isinstance(exc, sqlite3.OperationalError) and any(t in text for t in _TRANSIENT):
        return StoreUnavailable(f"the embedded store is unavailable: {exc}")
    return StoreError(f"the embedded store failed: {exc}")
