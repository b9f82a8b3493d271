"""The embedded default backend (SQLite, standard library)."""

from graph.backends.sqlite.store import SqliteStore

__all__ = ["SqliteStore"]
