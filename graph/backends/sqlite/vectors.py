"""A bounded-memory vector index over each tenant's fact embeddings.

Vectors live in the facts table (computed once, stored on the record as float32). In memory
each tenant keeps, per row, the sign bits of its vector (64 bytes for 512 dimensions) and an
int8 copy (512 bytes), keyed by the facts' row ids: about 0.6 KB per fact instead of the 2 KB
of a float32 matrix plus its uuids. A query takes the `CANDIDATES` rows nearest in Hamming
distance of the sign bits (faiss's SIMD scan: about 4 ms of one core at 1M rows), ranks those
by their int8 cosine, and reads the best `RESCORE` rows' float32 vectors from SQLite to rank
them by their exact cosine: the scores returned are exact, only the candidate set is
approximate. A tenant of at most `exact_below` rows skips the sign bits: every row is a
candidate. A time question's visibility is asked about the candidates' row ids before any
float32 vector is rescored, in the same read of the candidates' rows (`Visible`): rescoring
sixteen times the answer and then dropping the invisible ones cost about 8 ms of CPU per search
at 100k.

Why not a graph. Until 2026-12-02 a tenant above 200k rows was searched through an HNSW graph
(usearch, connectivity 32, expansion_add 200, search expansion 400) over the int8 copies. On
the scale benchmark's 1M records embedded by the real encoder (`python -m bench.graphrecall`),
its recall@10 was 0.787 (0.720 on bench/read's query mix, which sits far from every stored
sentence among many near ties) at 4.5 ms, 0.948 only at expansion 3,200 (22 ms), and the graph
took 42 minutes of one core to build at 1M. The sign-bit scan with 1,000 candidates found
0.982 of the same exact top 10 at about 5 ms (the scan plus the int8 ranking), needs no build
(adding a row appends 576 bytes), and holds less memory (788 bytes a row in the graph).

The arrays are loaded on first use and extended with the rows added since (by row id).
Removing vectors (erasure) bumps the tenant's generation in `tenant_state`, which makes every
process reload them. A file-backed store saves each tenant's arrays of at least `SAVE_ABOVE`
rows beside the database when it closes (`<db>.vectors/<tenant digest>.npz`, with the
generation and last row id they cover), so a restart reads 1M rows' arrays in about a second
instead of reading and quantising 2 GB of float32 vectors from SQLite; a file whose generation
is not the tenant's is ignored. The `.usearch` graph an earlier version saved for a tenant
(same name, 800 MB at 1M rows) is ignored and deleted when the tenant's rows are saved.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import faiss
import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]
Visible = Callable[[list[int]], Sequence[sqlite3.Row]]
"""The rows among these row ids that may be answered, with their `uuid` and `fact_embedding`."""
RESCORE = 100
CANDIDATES = 1000
EXACT_BELOW = 2 * CANDIDATES
SAVE_ABOVE = 50_000
LOAD_BATCH = 20_000
FORMER_SUFFIX = ".usearch"
"""What the index of earlier versions saved per tenant (an HNSW graph); deleted on save."""

faiss.omp_set_num_threads(1)  # one query at a time: no thread pool spinning beside the server


@dataclass
class Rows:
    """A tenant's rows in memory, grown by doubling: row ids, sign bits, int8 copies and the
    int8 copies' norms, the first `count` of each array in use."""

    width: int
    count: int = 0
    keys: npt.NDArray[np.int64] = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    bits: npt.NDArray[np.uint8] = field(default_factory=lambda: np.empty((0, 0), np.uint8))
    int8: npt.NDArray[np.int8] = field(default_factory=lambda: np.empty((0, 0), np.int8))
    norms: Matrix = field(default_factory=lambda: np.empty(0, dtype=np.float32))

    def append(self, keys: npt.NDArray[np.int64], vectors: Matrix) -> None:
        need = self.count + len(keys)
        if need > len(self.keys):
            self._grow(max(need, 2 * len(self.keys), 1024))
        end = self.count + len(keys)
        quantised = quantise(vectors)
        self.keys[self.count : end] = keys
        self.bits[self.count : end] = sign_bits(vectors)
        self.int8[self.count : end] = quantised
        self.norms[self.count : end] = np.linalg.norm(quantised.astype(np.float32), axis=1)
        self.count = end

    def _grow(self, capacity: int) -> None:
        bytes_per_row = (self.width + 7) // 8
        self.keys = _resized(self.keys, (capacity,), self.count)
        self.bits = _resized(self.bits, (capacity, bytes_per_row), self.count)
        self.int8 = _resized(self.int8, (capacity, self.width), self.count)
        self.norms = _resized(self.norms, (capacity,), self.count)

    def nearest(
        self, vector: Matrix, wanted: int, exact_below: int, candidates: int = CANDIDATES
    ) -> list[int]:
        """Row ids of the `wanted` rows nearest `vector` by int8 cosine, among the sign bits'
        `candidates` nearest (at least 10x `wanted`) when there are more than `exact_below`."""
        pick = max(candidates, 10 * wanted)
        if self.count > max(exact_below, pick):
            _, found = faiss.knn_hamming(
                sign_bits(vector.reshape(1, -1)), self.bits[: self.count], pick
            )
            positions = found[0][found[0] >= 0]
        else:
            positions = np.arange(self.count)
        query = quantise(vector.reshape(1, -1))[0].astype(np.float32)
        scores = (self.int8[positions].astype(np.float32) @ query) / np.maximum(
            self.norms[positions], 1e-9
        )
        best = np.argsort(-scores, kind="stable")[:wanted]
        return [int(key) for key in self.keys[positions[best]]]

    @classmethod
    def of(cls, width: int, saved: dict[str, npt.NDArray[np.generic]]) -> Rows:
        keys = saved["keys"].astype(np.int64)
        return cls(width, len(keys), keys, saved["bits"].astype(np.uint8),
                   saved["int8"].astype(np.int8), saved["norms"].astype(np.float32))  # fmt: skip


def _resized(array: npt.NDArray[Any], shape: tuple[int, ...], keep: int) -> npt.NDArray[Any]:
    out = np.empty(shape, dtype=array.dtype)
    if keep:
        out[:keep] = array[:keep]
    return out


@dataclass
class _TenantVectors:
    generation: int
    width: int = 0
    last_id: int = 0
    saved_id: int = 0
    rows: Rows | None = None


_LOAD = (  # `+group_id` is no index term: a rowid range, not a scan of the tenant's index
    "SELECT id, fact_embedding FROM facts "
    "WHERE +group_id = ? AND id > ? AND fact_embedding IS NOT NULL ORDER BY id LIMIT ?"
)


class VectorIndex:
    """Per-tenant rows in memory, shared by every connection of one store in this process."""

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
            rows = state.rows
            if rows is None or rows.count == 0 or vector.shape[0] != state.width:
                return [], 0
            return rows.nearest(vector, min(rows.count, wanted), self._exact_below), rows.count

    def save(self) -> None:
        """Write each large tenant's rows that grew since they were read or saved."""
        if self._folder is None:
            return
        with self._lock:
            for group_id, state in self._tenants.items():
                if state.rows is None or state.rows.count < self._save_above:
                    continue
                if state.last_id != state.saved_id:
                    self._write(group_id, state)

    def _write(self, group_id: str, state: _TenantVectors) -> None:
        assert self._folder is not None and state.rows is not None
        self._folder.mkdir(parents=True, exist_ok=True)
        path = self._path(group_id)
        partial = path.with_suffix(f".{os.getpid()}.part")
        with partial.open("wb") as out:
            rows = state.rows
            n = rows.count
            np.savez(
                out,
                keys=rows.keys[:n],
                bits=rows.bits[:n],
                int8=rows.int8[:n],
                norms=rows.norms[:n],
            )
        os.replace(partial, path)
        meta = {"generation": state.generation, "last_id": state.last_id, "width": state.width}
        path.with_suffix(".json").write_text(json.dumps(meta))
        path.with_suffix(FORMER_SUFFIX).unlink(missing_ok=True)
        state.saved_id = state.last_id

    def _path(self, group_id: str) -> Path:
        assert self._folder is not None
        digest = hashlib.sha256(group_id.encode("utf-8")).hexdigest()[:32]
        return self._folder / f"{digest}.npz"

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
        """The tenant's saved rows when they match `generation`, else an empty state."""
        if self._folder is None:
            return _TenantVectors(generation)
        path = self._path(group_id)
        try:
            meta = json.loads(path.with_suffix(".json").read_text())
            if meta["generation"] != generation:
                return _TenantVectors(generation)
            with np.load(path) as saved:
                rows = Rows.of(int(meta["width"]), {name: saved[name] for name in saved.files})
        except (OSError, ValueError, KeyError):
            return _TenantVectors(generation)
        last = int(meta["last_id"])
        return _TenantVectors(generation, rows.width, last, last, rows)


def _append(state: _TenantVectors, rows: list[sqlite3.Row]) -> None:
    """Add rows of the width the tenant's first vector had (others cannot be compared)."""
    state.last_id = int(rows[-1]["id"])
    if state.width == 0:
        state.width = len(rows[0]["fact_embedding"]) // 4
    fresh = [r for r in rows if len(r["fact_embedding"]) == 4 * state.width]
    if not fresh:
        return
    if state.rows is None:
        state.rows = Rows(state.width)
    block = np.frombuffer(b"".join(r["fact_embedding"] for r in fresh), dtype=np.float32)
    keys = np.fromiter((r["id"] for r in fresh), dtype=np.int64, count=len(fresh))
    state.rows.append(keys, block.reshape(len(fresh), state.width))


def sign_bits(matrix: Matrix) -> npt.NDArray[np.uint8]:
    """Each row's signs, eight dimensions a byte (what faiss's Hamming scan reads)."""
    bits: npt.NDArray[np.uint8] = np.packbits(matrix > 0, axis=1)
    return bits


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
