"""The embedded store's schema: `schema.sql` and the migrations of files an older version made.

A file records the version it was written with (`schema_version`); opening it brings it up to
this version (columns and indexes only ever get added), and a file written by a newer version
is refused before anything is written to it (`StoreTooNew`).
"""

from __future__ import annotations

import sqlite3
from importlib import resources

from graph.backends.sqlite.episodes import index_episodes
from graph.domain.errors import StoreTooNew

SCHEMA_VERSION = 6
"""5: episodes keep the discourse state they were read in (`Episode.discourse`); a version
that does not know the field cannot read them, so it must refuse the file. 6: that state keeps
the names the turn's pronouns refer to (`TurnContext.referred`), for the same reason."""
# Columns added after version 1, with the definition that adds them to an older file.
ADDED_COLUMNS = {
    ("facts", "cardinality"): "TEXT NOT NULL DEFAULT 'single'",
    ("facts", "state_change"): "TEXT NOT NULL DEFAULT ''",
    ("facts", "correction"): "INTEGER NOT NULL DEFAULT 0",
    ("facts", "valid_end"): "INTEGER",
    ("facts", "valid_phrase"): "TEXT NOT NULL DEFAULT ''",
    ("facts", "told_at"): "INTEGER",  # null on older records: Fact.told reads them
    ("episodes", "source"): "TEXT NOT NULL DEFAULT ''",
    ("episodes", "valid_at"): "INTEGER",
    ("episodes", "created_at"): "INTEGER",
    ("ledger", "records"): "TEXT NOT NULL DEFAULT '[]'",
}
# Indexes on added columns, created once the columns exist.
ADDED_INDEXES = (
    "CREATE INDEX IF NOT EXISTS episodes_source ON episodes (group_id, source)",
    "CREATE INDEX IF NOT EXISTS episodes_time ON episodes (group_id, valid_at)",
)


def apply(conn: sqlite3.Connection, path: str) -> None:
    """Create or bring up to date the schema of the file `conn` writes (`path` names it)."""
    script = resources.files("graph.backends.sqlite").joinpath("schema.sql").read_text()
    _refuse_newer(conn, path)
    conn.executescript(script)
    _migrate(conn)
    row = conn.execute("SELECT version FROM schema_version").fetchone()
    if row is None:
        conn.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
    elif row[0] < SCHEMA_VERSION:
        if row[0] < 4:
            index_episodes(conn)
        conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))


def stored_version(conn: sqlite3.Connection) -> int | None:
    """The schema version a file was written with; None for a new, empty file."""
    table = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    if conn.execute(table).fetchone() is None:
        return None
    row = conn.execute("SELECT version FROM schema_version").fetchone()
    return None if row is None else int(row[0])


def _refuse_newer(conn: sqlite3.Connection, path: str) -> None:
    """A file written by a newer version is refused before anything is written to it: this code
    could add records that version reads wrongly (migrations only ever run forward)."""
    found = stored_version(conn)
    if found is not None and found > SCHEMA_VERSION:
        raise StoreTooNew(
            f"the embedded store {path} has schema version {found}, newer than this version's "
            f"{SCHEMA_VERSION}: it was written by a newer palimpsest; upgrade the package "
            "(README, 'Upgrading') or point --data-dir at another folder",
            details={"found": found, "supported": SCHEMA_VERSION},
        )


def _migrate(conn: sqlite3.Connection) -> None:
    """Bring a file made by an older version up to date (columns only ever get added)."""
    for (table, column), definition in ADDED_COLUMNS.items():
        present = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if column not in present:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")
    for statement in ADDED_INDEXES:
        conn.execute(statement)
