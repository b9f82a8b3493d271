"""Where the scale benchmark keeps its stores: one cached store per size, per backend.

A backend is plugged in by adding a `ScaleBackend` to `BACKENDS`. It has four duties:

* `opened(size)`: a context manager yielding the `Store` that holds (or will hold) the first
  `size` records of the corpus, in tenant `GROUP`; the store outlives the run (cached);
* `held(size)` / `mark(size, records)`: how many records that store already holds (the
  builder loads only the missing ones, through the port's `transaction`);
* `full_bm25(size, question)`: the uuid of the fact a plain, unbounded bm25 ranking of the
  keyword index puts first (the quality baseline of the search), or None when the backend
  cannot say;
* `exact_vectors(size, queries, k)`: per query vector the `k` nearest stored fact embeddings
  by an exact scan, with their cosines, best first (the recall baseline), or None.

The embedded store's implementation is below; Neo4j's is bench/scale/neo4j_store.py (one tenant in
the database at the run's URI, grown from size to size).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bench.scale.base import GROUP, ScaleBackend, merge_nearest, neighbours
from bench.scale.neo4j_store import Neo4jScale, neo4j_uri
from graph.backends.sqlite.search import fts_query
from graph.ports.search import Scored
from graph.ports.store import Store


class SqliteScale:
    """One SQLite file per size under the data folder: store-<size>.db (+ .vectors/)."""

    name = "sqlite"

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, size: int) -> Path:
        return self.folder / f"store-{size}.db"

    def held(self, size: int) -> int:
        marker = self.path(size).with_suffix(".json")
        return int(json.loads(marker.read_text())["records"]) if marker.exists() else 0

    def mark(self, size: int, records: int) -> None:
        self.path(size).with_suffix(".json").write_text(json.dumps({"records": records}))

    @contextmanager
    def opened(self, size: int) -> Iterator[Store]:
        from graph.backends.sqlite import SqliteStore

        if not self.path(size).exists():
            self._seed(size)
        store = SqliteStore(self.path(size), synchronous="NORMAL")
        try:
            yield store
        finally:
            store.close()

    def _seed(self, size: int) -> None:
        """Start from a copy of the largest smaller store (its records are a prefix)."""
        smaller = [s for s in self._sizes() if s < size and self.held(s) == s]
        if not smaller:
            return
        source = self.path(max(smaller))
        self.folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, self.path(size))
        vectors = Path(f"{source}.vectors")
        if vectors.exists():
            shutil.copytree(vectors, Path(f"{self.path(size)}.vectors"))
        self.mark(size, max(smaller))

    def _sizes(self) -> list[int]:
        return [int(p.stem.split("-")[1]) for p in self.folder.glob("store-*.db")]

    def _connect(self, size: int) -> sqlite3.Connection:
        conn = sqlite3.connect(f"file:{self.path(size)}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        return conn

    def full_bm25(self, size: int, question: str) -> str | None:
        match = fts_query(GROUP, question)
        if match is None:
            return None
        conn = self._connect(size)
        try:
            row = conn.execute(
                "SELECT f.uuid FROM facts_fts JOIN facts f ON f.id = facts_fts.rowid "
                "WHERE facts_fts MATCH ? ORDER BY bm25(facts_fts, 0.0, 1.0) LIMIT 1",
                (match,),
            ).fetchone()
        finally:
            conn.close()
        return None if row is None else str(row[0])

    def exact_vectors(
        self, size: int, queries: npt.NDArray[np.float32], k: int
    ) -> list[list[Scored]] | None:
        unit = queries / np.linalg.norm(queries, axis=1, keepdims=True)
        best: list[list[tuple[float, str]]] = [[] for _ in range(len(unit))]
        conn = self._connect(size)
        try:
            cursor = conn.execute(
                "SELECT uuid, fact_embedding FROM facts "
                "WHERE group_id = ? AND fact_embedding IS NOT NULL",
                (GROUP,),
            )
            while rows := cursor.fetchmany(20_000):
                _merge(best, rows, unit, k)
        finally:
            conn.close()
        return neighbours(best)


def _merge(
    best: list[list[tuple[float, str]]],
    rows: list[sqlite3.Row],
    unit: npt.NDArray[np.float32],
    k: int,
) -> None:
    width = unit.shape[1]
    rows = [r for r in rows if len(r[1]) == 4 * width]
    if not rows:
        return
    block = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(-1, width)
    merge_nearest(best, [str(r[0]) for r in rows], block, unit, k)


def backends(folder: Path) -> dict[str, ScaleBackend]:
    """Every backend the benchmark knows: the embedded store in `folder`, Neo4j at the URI of
    $PALIMPSEST_NEO4J_URI (bench/scale/neo4j_store.py)."""
    return {"sqlite": SqliteScale(folder), "neo4j": Neo4jScale(neo4j_uri(), folder)}
