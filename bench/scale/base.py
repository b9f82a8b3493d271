"""What every store of the scale benchmark shares: its tenant, the duties of a backend
(`ScaleBackend`, described in bench/scale/stores.py), and the exact nearest-neighbour scan both
backends' recall baselines fold their stored vectors into."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol

import numpy as np
import numpy.typing as npt

from graph.ports.search import Scored
from graph.ports.store import Store

GROUP = "u_benchread"


class ScaleBackend(Protocol):
    name: str

    def opened(self, size: int) -> AbstractContextManager[Store]: ...

    def held(self, size: int) -> int: ...

    def mark(self, size: int, records: int) -> None: ...

    def full_bm25(self, size: int, question: str) -> str | None: ...

    def exact_vectors(
        self, size: int, queries: npt.NDArray[np.float32], k: int
    ) -> list[list[Scored]] | None: ...


def merge_nearest(
    best: list[list[tuple[float, str]]],
    uuids: list[str],
    block: npt.NDArray[np.float32],
    unit: npt.NDArray[np.float32],
    k: int,
) -> None:
    """Fold one block of stored vectors (rows named by `uuids`) into each query's best `k`
    by cosine (`unit`: the queries, normalised)."""
    block = block / np.linalg.norm(block, axis=1, keepdims=True)
    scores = unit @ block.T
    for i, row_scores in enumerate(scores):
        top = np.argpartition(-row_scores, min(k, len(uuids) - 1))[:k]
        merged = best[i] + [(float(row_scores[j]), uuids[j]) for j in top]
        best[i] = sorted(merged, reverse=True)[:k]


def neighbours(best: list[list[tuple[float, str]]]) -> list[list[Scored]]:
    return [[Scored(uuid, cosine) for cosine, uuid in found] for found in best]
