"""Recall@k against an exact scan: strict counts the exact top k by identity; tie-aware
(ann-benchmarks' `knn`) also counts an answer as near as the exact k-th within epsilon."""

from __future__ import annotations

import pytest

from bench.scale.knn import EPSILON, recall_at
from graph.ports.search import Scored


def ranked(*cosines: float, prefix: str = "e") -> list[Scored]:
    return [Scored(f"{prefix}{i}", c) for i, c in enumerate(cosines)]


def test_an_answer_tied_with_the_exact_kth_counts_only_tie_aware() -> None:
    exact = ranked(0.9, 0.8, 0.7, 0.7 - EPSILON / 2)  # the 3rd and 4th tie within epsilon
    found = [exact[0], exact[1], exact[3]]  # the tied 4th instead of the 3rd

    recall = recall_at([found], [exact], k=3)

    assert recall is not None
    assert recall.strict == pytest.approx(2 / 3)
    assert recall.tie_aware == 1.0
    assert (recall.tied, recall.questions) == (1, 1)


def test_an_answer_farther_than_epsilon_is_a_miss_in_both() -> None:
    exact = ranked(0.9, 0.8, 0.7, 0.6)
    found = [exact[0], exact[1], exact[3]]

    recall = recall_at([found], [exact], k=3)

    assert recall is not None
    assert recall.strict == recall.tie_aware == pytest.approx(2 / 3)
    assert recall.tied == 0


def test_recall_is_the_mean_over_questions_that_have_neighbours() -> None:
    exact = [ranked(0.9, 0.8), ranked(0.5, 0.4, prefix="x"), []]
    found = [ranked(0.9, 0.8), [Scored("other", 0.1)], [Scored("y", 0.2)]]

    recall = recall_at(found, exact, k=2)

    assert recall is not None
    assert recall.strict == recall.tie_aware == 0.5
    assert recall.questions == 2


def test_no_question_with_neighbours_has_no_recall() -> None:
    assert recall_at([[]], [[]], k=10) is None
