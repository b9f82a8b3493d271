"""Recall@k of an approximate nearest-neighbour answer against an exact scan, strict and
tie-aware.

Strict recall counts a returned item only when it is one of the exact top k by identity. Among
near-identical vectors (the scale corpus derives 19 noisy near-copies of each real record's
vector past record 50,000) the exact k-th neighbour often ties with the next ones within float
noise, and which of them a scan ranks k-th is arbitrary: strict recall then counts an equally
near answer as a miss. The tie-aware recall is ann-benchmarks' `knn` metric: a returned item
counts when its distance (1 - cosine) is at most the exact k-th distance plus `EPSILON`, i.e.
its cosine is at least the exact k-th cosine minus `EPSILON`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from graph.ports.search import Scored

EPSILON = 1e-3


@dataclass(frozen=True)
class Recall:
    strict: float
    tie_aware: float
    tied: int
    """Questions whose exact (k+1)-th neighbour is within `EPSILON` of the k-th (a tie at k)."""
    questions: int
    epsilon: float = EPSILON


def recall_at(
    found: Sequence[Sequence[Scored]],
    exact: Sequence[Sequence[Scored]],
    k: int = 10,
    epsilon: float = EPSILON,
) -> Recall | None:
    """Mean recall@k over the questions with any exact neighbour; `exact` best first (give
    more than k to count ties at k), `found` the answer's; each score is an exact cosine."""
    pairs = [(got[:k], want) for got, want in zip(found, exact, strict=True) if want]
    if not pairs:
        return None
    strict = [_strict(got, want[:k]) for got, want in pairs]
    aware = [_tie_aware(got, want[:k], epsilon) for got, want in pairs]
    tied = sum(1 for _, want in pairs if _tied(want, k, epsilon))
    return Recall(_mean(strict), _mean(aware), tied, len(pairs), epsilon)


def _strict(got: Sequence[Scored], want: Sequence[Scored]) -> float:
    return len({n.uuid for n in got} & {n.uuid for n in want}) / len(want)


def _tie_aware(got: Sequence[Scored], want: Sequence[Scored], epsilon: float) -> float:
    threshold = want[-1].score - epsilon
    return sum(1 for n in got if n.score >= threshold) / len(want)


def _tied(want: Sequence[Scored], k: int, epsilon: float) -> bool:
    return len(want) > k and want[k].score >= want[k - 1].score - epsilon


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)
