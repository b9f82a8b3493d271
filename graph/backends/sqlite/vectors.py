"""An in-process cosine index over each tenant's fact embeddings.

Vectors live in the facts table (computed once, stored on the record); this index keeps one
normalised float32 matrix per tenant in memory, loaded on first use and extended incrementally
with rows added since (by row id). Removing vectors (erasure) bumps the tenant's generation in
`tenant_state`, which makes every process reload.

Up to `REDUCE_ABOVE` rows a query is one exact matrix product. Above, the scan is memory-bound
(100k x 512 floats is 200 MB read per query, about 14 ms on the development machine), so a
query first scores every row in a 128-dimensional projection (the top principal directions of
a sample of the tenant's vectors: a quarter of the bytes) and then rescores the best
`RERANK` candidates exactly: the scores returned are exact, and on the read benchmark's 100k
real sentence embeddings 99.7% of the exact top 30 are found, in 4 ms instead of 14. The
projection is refitted whenever the tenant has doubled since the last fit (about 0.7 s at
100k, once).
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]
REDUCE_ABOVE = 32_768
REDUCED_DIM = 128
FIT_SAMPLE = 8192
RERANK = 600


@dataclass
class _TenantVectors:
    generation: int = -1
    last_id: int = 0
    uuids: list[str] = field(default_factory=list)
    matrix: Matrix | None = None
    basis: Matrix | None = None
    """width x REDUCED_DIM, orthonormal columns; None below `REDUCE_ABOVE` rows."""
    reduced: Matrix | None = None
    """matrix @ basis, kept in step with `matrix`."""
    fitted_rows: int = 0


@dataclass(frozen=True)
class _Snapshot:
    """What one query reads; arrays are replaced, never changed in place."""

    uuids: list[str]
    matrix: Matrix
    basis: Matrix | None
    reduced: Matrix | None


_LOAD = (
    "SELECT id, uuid, fact_embedding FROM facts "
    "WHERE group_id = ? AND id > ? AND fact_embedding IS NOT NULL ORDER BY id"
)
_EXTEND = (  # rows added since the last load: a rowid range (`+group_id` is no index term)
    "SELECT id, uuid, fact_embedding FROM facts "
    "WHERE +group_id = ? AND id > ? AND fact_embedding IS NOT NULL ORDER BY id"
)


class VectorIndex:
    """Per-tenant matrices shared by every connection of one store in this process."""

    def __init__(self, reduce_above: int = REDUCE_ABOVE) -> None:
        self._tenants: dict[str, _TenantVectors] = {}
        self._lock = threading.Lock()
        self._reduce_above = reduce_above

    def search(
        self, conn: sqlite3.Connection, group_id: str, query: npt.ArrayLike, limit: int
    ) -> list[tuple[str, float]]:
        """The `limit` nearest (uuid, cosine) pairs of the tenant, best first."""
        with self._lock:
            state = self._refresh(conn, group_id)
            if state.matrix is None or not state.uuids:
                return []
            snap = _Snapshot(state.uuids, state.matrix, state.basis, state.reduced)
        vector = _normalise(np.asarray(query, dtype=np.float32).reshape(1, -1)).ravel()
        if vector.shape[0] != snap.matrix.shape[1]:
            return []
        rows = snap.matrix.shape[0]
        if snap.basis is None or snap.reduced is None or not 4 * limit < RERANK < rows // 2:
            scores: Matrix = snap.matrix @ vector
            return _top(scores, np.arange(rows), snap.uuids, limit)
        rough: Matrix = snap.reduced[:rows] @ (vector @ snap.basis)
        candidates = np.argpartition(-rough, RERANK)[:RERANK]
        exact: Matrix = snap.matrix[candidates] @ vector
        return _top(exact, candidates, snap.uuids, limit)

    def _refresh(self, conn: sqlite3.Connection, group_id: str) -> _TenantVectors:
        generation = _generation(conn, group_id)
        state = self._tenants.get(group_id)
        if state is None or state.generation != generation:
            state = _TenantVectors(generation=generation)
            self._tenants[group_id] = state
        query = _LOAD if state.last_id == 0 else _EXTEND
        rows = conn.execute(query, (group_id, state.last_id)).fetchall()
        if rows:
            _append(state, rows)
            self._project(state)
        return state

    def _project(self, state: _TenantVectors) -> None:
        """Fit the projection when the tenant crosses the threshold or has doubled since the
        last fit; otherwise project only the new rows."""
        matrix = state.matrix
        if matrix is None or matrix.shape[0] <= self._reduce_above:
            return
        rows = matrix.shape[0]
        if state.basis is None or state.reduced is None or rows >= 2 * state.fitted_rows:
            state.basis = _fit(matrix)
            state.reduced = np.ascontiguousarray(matrix @ state.basis)
            state.fitted_rows = rows
        elif state.reduced.shape[0] < rows:
            fresh = matrix[state.reduced.shape[0] :] @ state.basis
            state.reduced = np.vstack([state.reduced, fresh])


def _append(state: _TenantVectors, rows: list[sqlite3.Row]) -> None:
    width = len(rows[0]["fact_embedding"]) // 4
    fresh = [r for r in rows if len(r["fact_embedding"]) // 4 == width]
    block = np.frombuffer(b"".join(r["fact_embedding"] for r in fresh), dtype=np.float32)
    block = _normalise(block.reshape(len(fresh), width))
    if state.matrix is not None and state.matrix.shape[1] != width:
        return
    state.uuids.extend(r["uuid"] for r in fresh)
    state.matrix = block if state.matrix is None else np.vstack([state.matrix, block])
    state.last_id = rows[-1]["id"]


def _generation(conn: sqlite3.Connection, group_id: str) -> int:
    row = conn.execute(
        "SELECT vector_generation FROM tenant_state WHERE group_id = ?", (group_id,)
    ).fetchone()
    return int(row[0]) if row else 0


def _normalise(matrix: Matrix) -> Matrix:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    normalised: Matrix = (matrix / norms).astype(np.float32, copy=False)
    return normalised


def _fit(matrix: Matrix) -> Matrix:
    """The top `REDUCED_DIM` right singular vectors of a fixed sample of rows (uncentred:
    they keep the most of every inner product, which is what cosine ranking reads)."""
    rng = np.random.default_rng(0)
    sample = matrix[rng.choice(matrix.shape[0], min(FIT_SAMPLE, matrix.shape[0]), replace=False)]
    _, _, right = np.linalg.svd(sample, full_matrices=False)
    basis: Matrix = np.ascontiguousarray(right[:REDUCED_DIM].T, dtype=np.float32)
    return basis


def _top(
    scores: Matrix, rows: npt.NDArray[np.intp], uuids: list[str], limit: int
) -> list[tuple[str, float]]:
    """The best `limit` of `scores` (score i belongs to row `rows[i]`), best first."""
    if limit >= len(scores):
        order = np.argsort(-scores)
    else:
        part = np.argpartition(-scores, limit)[:limit]
        order = part[np.argsort(-scores[part])]
    return [(uuids[rows[i]], float(scores[i])) for i in order[:limit]]
