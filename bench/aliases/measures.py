"""What both alias benchmarks measure with (`bench.aliases` on CLDR names, `bench.aliases.sources`
on a second source): a pair of names, the similarities compared, and the score of a method."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from extractors.aliases import AliasTable, fold
from service.embedding import Embedder


@dataclass(frozen=True)
class Pair:
    a: str
    b: str
    alias: bool
    kind: str
    entity: str
    negative: str = ""
    """For a non-alias pair: "neighbour" or "look-alike"."""


def trigrams(text: str) -> set[str]:
    padded = f"  {fold(text)} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def trigram_similarity(a: str, b: str) -> float:
    """Jaccard similarity of the two names' character trigrams (case- and width-folded)."""
    x, y = trigrams(a), trigrams(b)
    return len(x & y) / len(x | y) if x | y else 0.0


@dataclass(frozen=True)
class Score:
    precision: float
    recall: float
    positives: int
    negatives: int

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def score(said: Sequence[bool], truth: Sequence[bool]) -> Score:
    hits = sum(1 for s, t in zip(said, truth, strict=True) if s and t)
    claimed, real = sum(said), sum(truth)
    return Score(
        hits / claimed if claimed else 1.0,
        hits / real if real else 1.0,
        real,
        len(truth) - real,
    )


def encoder_similarity(embedder: Embedder, pairs: Sequence[Pair]) -> list[float]:
    """Cosine of the two names' vectors (each distinct name embedded once)."""
    names = sorted({n for p in pairs for n in (p.a, p.b)})
    vectors: dict[str, np.ndarray] = {}
    for start in range(0, len(names), 256):
        batch = names[start : start + 256]
        for name, vector in zip(batch, embedder.embed(batch), strict=True):
            vectors[name] = np.asarray(vector, dtype=np.float32)
    return [float(vectors[p.a] @ vectors[p.b]) for p in pairs]


def cached_similarity(embedder: Embedder) -> Callable[[Sequence[Pair]], list[float]]:
    """`encoder_similarity`, computed once per list of pairs."""
    seen: dict[tuple[Pair, ...], list[float]] = {}

    def similarity(pairs: Sequence[Pair]) -> list[float]:
        key = tuple(pairs)
        if key not in seen:
            seen[key] = encoder_similarity(embedder, pairs)
        return seen[key]

    return similarity


def table_says(table: AliasTable, a: str, b: str) -> bool:
    return fold(table.canonical(a)) == fold(table.canonical(b))
