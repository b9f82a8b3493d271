"""The sentence encoder under concurrent callers: each caller gets its own texts' vectors, the
same as encoded alone, whether its texts shared a forward pass with others' or not; an error in
a shared pass reaches every caller in it."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest
from threadpoolctl import threadpool_info

from service.embedding import UniversalSentenceEncoder

TEXTS = [f"I live in {city} and I like {thing}" for city in ("Oslo", "Lima", "Kyoto", "Rome")
         for thing in ("tea", "jazz", "chess")]  # fmt: skip


def test_concurrent_callers_get_their_own_vectors() -> None:
    encoder = UniversalSentenceEncoder()
    alone = [encoder.embed([t])[0] for t in TEXTS]
    with ThreadPoolExecutor(6) as pool:
        together = list(pool.map(lambda t: encoder.embed([t, t.upper()]), TEXTS))
    for one, (mine, shouted) in zip(alone, together, strict=True):
        assert np.allclose(one, mine, atol=1e-5)
        assert not np.allclose(mine, shouted, atol=1e-3)


class _Slow:
    """A stand-in model that records its passes and waits in each until released."""

    def __init__(self) -> None:
        self.passes: list[list[str]] = []
        self.release = threading.Event()

    def encode(self, texts: Sequence[str]) -> Any:
        self.passes.append(list(texts))
        self.release.wait(10)
        if "boom" in texts:
            raise RuntimeError("boom")
        return np.ones((len(texts), 4), dtype=np.float32)


@pytest.mark.parametrize("failing", [False, True])
def test_callers_waiting_on_a_busy_encoder_share_the_next_pass(failing: bool) -> None:
    encoder, model = UniversalSentenceEncoder(), _Slow()
    encoder._model = model  # the pass logic only; the real model is tested above
    with ThreadPoolExecutor(4) as pool:
        first = pool.submit(encoder.embed, ["first"])
        while not model.passes:
            threading.Event().wait(0.01)
        waiting = [pool.submit(encoder.embed, [t]) for t in ("a", "boom" if failing else "b")]
        while len(encoder._waiting) < 2:
            threading.Event().wait(0.01)
        model.release.set()
        assert len(first.result()) == 1
        if failing:
            for future in waiting:
                with pytest.raises(RuntimeError):
                    future.result()
        else:
            assert [len(f.result()) for f in waiting] == [1, 1]
    assert model.passes == [["first"], ["a", "boom" if failing else "b"]]


class _Counting:
    """A stand-in model that notes how many threads numpy's BLAS may use during its pass."""

    def __init__(self) -> None:
        self.threads: list[int] = []

    def encode(self, texts: Sequence[str]) -> Any:
        self.threads += [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]
        return np.ones((len(texts), 4), dtype=np.float32)


def test_the_forward_pass_runs_on_one_blas_thread() -> None:
    encoder, model = UniversalSentenceEncoder(), _Counting()
    encoder._model = model
    encoder.embed(["one", "two"])
    assert model.threads and set(model.threads) == {1}
