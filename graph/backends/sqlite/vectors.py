"""A bounded-memory vector index over each tenant's fact embeddings.

Vectors live in the facts table (computed once, stored on the record as float32). In memory
each tenant has one HNSW graph (usearch) over int8 copies of its vectors, keyed by the facts'
row ids: about 0.7 KB per fact instead of the 2 KB of a float32 matrix plus its uuids. A query
takes the `RESCORE` nearest row ids by an exact int8 scan below `EXACT_BELOW` rows (SIMD,
about 50 MB read at 100k) and from the graph above, then reads those rows' float32 vectors from
SQLite and ranks them by their exact cosine: the scores returned are exact, only the candidate
set is approximate. A time question's visibility is asked about the candidates' row ids before
any float32 vector is rescored, in the same read of the candidates' rows (`Visible`):
rescoring sixteen times the answer and then dropping the invisible ones cost about 8 ms of CPU
per search at 100k.

Measured on the scale benchmark's 100k store (320 questions: 200 "Where was <name> born?" and
120 of bench/read's mix, which sit far from every stored sentence among many near ties;
recall@10 against an exact float32 scan, CPU ms per query on one core under load 14): the
int8 scan 1.000 at 12 ms; the graph (connectivity 16, expansion_add 64) 0.871 at ef 64 (what
a restored graph used before `tune`), 0.913 at ef 400 (3 ms), 0.928 at 1,000 and 0.948 at
2,000 (each slower than the scan): the graph's own quality caps it, so the scan covers 100k and
the graph only larger tenants. A sign-bit prefilter (1,000 candidates by Hamming distance,
rescored in int8) reached 0.993 but cost more than the int8 scan here (17 ms through usearch,
14 ms in numpy). A graph built with expansion_add 200 instead of 64 (same memory, 2.7x
the build time) answered the 30k prefix at 0.976 instead of 0.936 with ef 400 (0.992 instead of
0.970 at ef 1,000), and the whole 100k store at 0.958 with ef 400 (4.5 ms); graphs saved
before keep their links, only rows added later get the wider build.

Connectivity 32 instead of 16 (2026-12-02, the scale benchmark's 1M store, built in one pass
on two threads in 46 minutes beside a test run): recall@10 0.900 instead of 0.790 at ef 400 on
its 40 questions (every birth found; the mix questions, far from clusters of 20 near-copies, are
what is missed), graph CPU 6.1 instead of 4.1 ms per query, and 788 instead of 660 bytes per
row in the saved graph. A saved graph keeps the connectivity it was built with: delete
`<db>.vectors/` to have the next search rebuild it under these settings (at 1M, about as long
as the build above).

The graph is loaded on first use and extended with the rows added since (by row id). Removing
vectors (erasure) bumps the tenant's generation in `tenant_state`, which makes every process
rebuild it. A file-backed store saves each graph of at least `SAVE_ABOVE` rows beside the
database when it closes (`<db>.vectors/<tenant digest>.usearch`, with the generation and last
row id it covers), so a restart reads 1M vectors' graph in a second instead of rebuilding it
for minutes; a file whose generation is not the tenant's is ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from usearch.index import Index

Matrix = npt.NDArray[np.float32]
Visible = Callable[[list[int]], Sequence[sqlite3.Row]]
"""The rows among these row ids that may be answered, with their `uuid` and `fact_embedding`."""
RESCORE = 100
EXACT_BELOW = 200_000
SAVE_ABOVE = 50_000
LOAD_BATCH = 20_000
CONNECTIVITY = 32
EXPANSION_ADD = 200
EXPANSION_SEARCH = 400


@dataclass
class _TenantVectors:
    generation: int
    width: int = 0
    last_id: int = 0
    saved_id: int = 0
    index: Index | None = None


_LOAD = (  # `+group_id` is no index term: a rowid range, not a scan of the tenant's index
    "SELECT id, fact_embedding FROM facts "
    "WHERE +group_id = ? AND id > ? AND fact_embedding IS NOT NULL ORDER BY id LIMIT ?"
)


class VectorIndex:
    """Per-tenant graphs shared by every connection of one store in this process."""

    def __init__(
        self,
        folder: Path | None = None,
        *,
        save_above: int = SAVE_ABOVE,
        exact_below: int = EXACT_BELOW,
    ) -> None:
        self._tenants: dict[str, _TenantVectors] = {}
        self._lock = threading.Lock()
        self._folder = folder
        self._save_above = save_above
        self._exact_below = exact_below

    def search(
        self,
        conn: sqlite3.Connection,
        group_id: str,
        query: npt.ArrayLike,
        limit: int,
        visible: Visible | None = None,
    ) -> list[tuple[str, float]]:
        """The `limit` nearest (uuid, cosine) pairs of the tenant, best first; with `visible`,
        only among the rows it reads (a time question's visibility and the float32 vectors in
        one read of the candidates' rows: rescoring four times the answer and then dropping
        the invisible ones cost about 8 ms of CPU per search at 100k, and reading the rows
        twice, for their visibility and then their vectors, about 1 ms more at 1M)."""
        vector = np.asarray(query, dtype=np.float32).ravel()
        wanted = max(RESCORE, 4 * limit)
        read = visible or (lambda ids: embeddings(conn, ids))
        while True:
            ids, size = self._nearest(conn, group_id, vector, wanted)
            found = rescore(read(ids) if ids else [], vector, limit)
            if len(found) >= limit or wanted >= size:
                return found
            wanted *= 4

    def _nearest(
        self, conn: sqlite3.Connection, group_id: str, vector: Matrix, wanted: int
    ) -> tuple[list[int], int]:
        """The row ids of the `wanted` nearest int8 vectors, and the tenant's row count."""
        with self._lock:
            state = self._refresh(conn, group_id)
            if state.index is None or len(state.index) == 0 or vector.shape[0] != state.width:
                return [], 0
            size = len(state.index)
            found = state.index.search(
                quantise(vector.reshape(1, -1))[0],
                min(size, wanted),
                exact=size < self._exact_below,
            )
            return [int(key) for key in np.asarray(found.keys).ravel()], size

    def save(self) -> None:
        """Write each large graph that grew since it was read or saved (see the docstring)."""
        if self._folder is None:
            return
        with self._lock:
            for group_id, state in self._tenants.items():
                if state.index is None or len(state.index) < self._save_above:
                    continue
                if state.last_id != state.saved_id:
                    self._write(group_id, state)

    def _write(self, group_id: str, state: _TenantVectors) -> None:
        assert self._folder is not None and state.index is not None
        self._folder.mkdir(parents=True, exist_ok=True)
        path = self._path(group_id)
        partial = path.with_suffix(f".{os.getpid()}.part")
        state.index.save(str(partial))
        os.replace(partial, path)
        meta = {"generation": state.generation, "last_id": state.last_id, "width": state.width}
        path.with_suffix(".json").write_text(json.dumps(meta))
        state.saved_id = state.last_id

    def _path(self, group_id: str) -> Path:
        assert self._folder is not None
        digest = hashlib.sha256(group_id.encode("utf-8")).hexdigest()[:32]
        return self._folder / f"{digest}.usearch"

    def _refresh(self, conn: sqlite3.Connection, group_id: str) -> _TenantVectors:
        generation = _generation(conn, group_id)
        state = self._tenants.get(group_id)
        if state is None or state.generation != generation:
            state = self._read(group_id, generation)
            self._tenants[group_id] = state
        while True:
            rows = conn.execute(_LOAD, (group_id, state.last_id, LOAD_BATCH)).fetchall()
            if rows:
                _append(state, rows)
            if len(rows) < LOAD_BATCH:
                return state

    def _read(self, group_id: str, generation: int) -> _TenantVectors:
        """The tenant's saved graph when one matches `generation`, else an empty state."""
        if self._folder is None:
            return _TenantVectors(generation)
        path = self._path(group_id)
        try:
            meta = json.loads(path.with_suffix(".json").read_text())
            if meta["generation"] != generation:
                return _TenantVectors(generation)
            index = Index.restore(str(path))
        except (OSError, ValueError, KeyError, RuntimeError):
            return _TenantVectors(generation)
        if index is None:
            return _TenantVectors(generation)
        tune(index)
        last = int(meta["last_id"])
        return _TenantVectors(generation, int(meta["width"]), last, last, index)


def _append(state: _TenantVectors, rows: list[sqlite3.Row]) -> None:
    """Add rows of the width the tenant's first vector had (others cannot be compared)."""
    state.last_id = int(rows[-1]["id"])
    if state.width == 0:
        state.width = len(rows[0]["fact_embedding"]) // 4
    fresh = [r for r in rows if len(r["fact_embedding"]) == 4 * state.width]
    if not fresh:
        return
    if state.index is None:
        state.index = new_index(state.width)
    block = np.frombuffer(b"".join(r["fact_embedding"] for r in fresh), dtype=np.float32)
    keys = np.fromiter((r["id"] for r in fresh), dtype=np.uint64, count=len(fresh))
    state.index.add(keys, quantise(block.reshape(len(fresh), state.width)), threads=0)


def new_index(width: int) -> Index:
    return tune(Index(ndim=width, metric="cos", dtype="i8", connectivity=CONNECTIVITY))


def tune(index: Index) -> Index:
    """Set the expansions: usearch saves neither, so a restored graph would search with its
    default (64) and lose recall (0.87 instead of 0.91 at 100k on the scale benchmark)."""
    # usearch declares the setters apart from the properties, which mypy does not follow
    index.expansion_add = EXPANSION_ADD  # type: ignore[misc]
    index.expansion_search = EXPANSION_SEARCH  # type: ignore[misc]
    return index


def quantise(matrix: Matrix) -> npt.NDArray[np.int8]:
    """Each row scaled so its largest component is 127, rounded: cosine does not see the
    per-row scale, and the full int8 range keeps the rounding error small."""
    peak = np.abs(matrix).max(axis=1, keepdims=True)
    peak[peak == 0] = 1.0
    quantised: npt.NDArray[np.int8] = np.rint(matrix * (127.0 / peak)).astype(np.int8)
    return quantised


def embeddings(conn: sqlite3.Connection, ids: list[int]) -> list[sqlite3.Row]:
    """The rows' `uuid` and `fact_embedding`."""
    marks = ",".join("?" * len(ids))
    return conn.execute(
        f"SELECT uuid, fact_embedding FROM facts WHERE id IN ({marks})", ids
    ).fetchall()


def rescore(rows: Sequence[sqlite3.Row], query: Matrix, limit: int) -> list[tuple[str, float]]:
    """The rows' exact cosine to `query` from their stored float32 vectors, best first."""
    width = query.shape[0]
    rows = [r for r in rows if r["fact_embedding"] and len(r["fact_embedding"]) == 4 * width]
    if not rows:
        return []
    block = np.frombuffer(b"".join(r["fact_embedding"] for r in rows), dtype=np.float32)
    matrix = block.reshape(len(rows), width)
    norms = np.linalg.norm(matrix, axis=1) * (np.linalg.norm(query) or 1.0)
    norms[norms == 0] = 1.0
    scores = (matrix @ query) / norms
    order = np.argsort(-scores, kind="stable")[:limit]
    return [(rows[i]["uuid"], float(scores[i])) for i in order]


def _generation(conn: sqlite3.Connection, group_id: str) -> int:
    row = conn.execute(
        "SELECT vector_generation FROM tenant_state WHERE group_id = ?", (group_id,)
    ).fetchone()
    return int(row[0]) if row else 0
