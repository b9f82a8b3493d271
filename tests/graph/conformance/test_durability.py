"""The embedded store's durability is a setting, FULL by default (docs/operations.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.backends.sqlite import SqliteStore
from graph.domain.errors import InvalidInput
from service.bootstrap import build_store
from service.settings import Settings

LEVELS = {"NORMAL": 1, "FULL": 2, "EXTRA": 3}


def level_of(store: SqliteStore) -> int:
    return int(store._writer.execute("PRAGMA synchronous").fetchone()[0])


def test_the_synchronous_api_store_is_full_by_default(tmp_path: Path) -> None:
    store = build_store(Settings(data_dir=tmp_path))
    assert isinstance(store, SqliteStore)
    try:
        assert level_of(store) == LEVELS["FULL"]
    finally:
        store.close()


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_level_is_configurable(tmp_path: Path, level: str) -> None:
    store = build_store(Settings(data_dir=tmp_path, sqlite_synchronous=level))  # type: ignore[arg-type]
    try:
        assert level_of(store) == LEVELS[level]  # type: ignore[arg-type]
    finally:
        store.close()


def test_an_unknown_level_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput):
        SqliteStore(tmp_path / "x.db", synchronous="OFF")
