"""The scale corpus's embeddings are the same however many processes compute them, and a run
that was interrupted resumes from the blocks it finished."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bench.scale import corpus as scalecorpus
from bench.scale.base import GROUP
from bench.scale.corpus import Vectors

pytestmark = pytest.mark.slow


def test_two_processes_embed_what_one_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one = Vectors(tmp_path / "one", real=130)
    one.ensure(130, GROUP, workers=1)
    monkeypatch.setattr(scalecorpus, "BLOCK", 40)  # four blocks: 40, 40, 40, 10
    two = Vectors(tmp_path / "two", real=130)
    two.ensure(90, GROUP, workers=2)  # grows from 90 to 130 below
    assert two.cached() == 90
    two.ensure(130, GROUP, workers=2)
    assert one.cached() == two.cached() == 130
    np.testing.assert_allclose(one.rows(0, 130), two.rows(0, 130), atol=1e-5)
    assert not two.path.with_suffix(".parts").exists()
    # past `real` the rows are derived, the same for both
    np.testing.assert_array_equal(one.rows(130, 135), two.rows(130, 135))


def test_a_rerun_keeps_the_blocks_already_embedded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scalecorpus, "BLOCK", 30)
    vectors = Vectors(tmp_path, real=60)
    parts = vectors.path.with_suffix(".parts")
    parts.mkdir(parents=True)
    marker = np.full((30, scalecorpus.DIM), 0.5, dtype=np.float32)
    (parts / "000000030-000000060.f32").write_bytes(marker.tobytes())  # finished before
    vectors.ensure(60, GROUP, workers=1)
    rows = vectors.rows(0, 60)
    np.testing.assert_array_equal(rows[30:], marker)  # kept, not embedded again
    assert np.all(np.abs(np.linalg.norm(rows[:30], axis=1) - 1.0) < 1e-3)  # embedded now
