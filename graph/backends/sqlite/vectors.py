"""An in-process, exact cosine index over each tenant's fact embeddings.

Vectors live in the facts table (computed once, stored on the record); this index keeps one
normalised float32 matrix per tenant in memory, loaded on first use and extended incrementally
with rows added since (by row id). Removing vectors (erasure) bumps the tenant's generation in
`tenant_state`, which makes every process reload. Exact search: no recall loss; one matrix
product per query (about 100k x 512 floats in tens of milliseconds).
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]


@dataclass
class _TenantVectors:
    generation: int = -1
    last_id: int = 0
    uuids: list[str] = field(default_factory=list)
    matrix: Matrix | None = None


class VectorIndex:
    """Per-tenant matrices shared by every connection of one store in this process."""

    def __init__(self) -> None:
        self._tenants: dict[str, _TenantVectors] = {}
        self._lock = threading.Lock()

    def search(
        self, conn: sqlite3.Connection, group_id: str, query: npt.ArrayLike, limit: int
    ) -> list[tuple[str, float]]:
        """The `limit` nearest (uuid, cosine) pairs of the tenant, best first."""
        with self._lock:
            state = self._refresh(conn, group_id)
            if state.matrix is None or not state.uuids:
                return []
            vector = _normalise(np.asarray(query, dtype=np.float32).reshape(1, -1))
            if vector.shape[1] != state.matrix.shape[1]:
                return []
            scores = (state.matrix @ vector.T).ravel()
            return _top(scores, state.uuids, limit)

    def _refresh(self, conn: sqlite3.Connection, group_id: str) -> _TenantVectors:
        generation = _generation(conn, group_id)
        state = self._tenants.get(group_id)
        if state is None or state.generation != generation:
            state = _TenantVectors(generation=generation)
            self._tenants[group_id] = state
        rows = conn.execute(
            "SELECT id, uuid, fact_embedding FROM facts "
            "WHERE group_id = ? AND id > ? AND fact_embedding IS NOT NULL ORDER BY id",
            (group_id, state.last_id),
        ).fetchall()
        if rows:
            _append(state, rows)
        return state


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


def _top(scores: Matrix, uuids: list[str], limit: int) -> list[tuple[str, float]]:
    if limit >= len(scores):
        order = np.argsort(-scores)
    else:
        part = np.argpartition(-scores, limit)[:limit]
        order = part[np.argsort(-scores[part])]
    return [(uuids[i], float(scores[i])) for i in order[:limit]]
