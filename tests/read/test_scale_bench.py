"""`python -m bench.scale --small` runs end to end on the embedded store: it builds two tiny
cached stores through the port, measures each in its own process and prints every target's
ratio; a second build of a cached size loads nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench import scale
from bench.scalecorpus import Vectors, data_folder
from bench.scalestores import SqliteScale

pytestmark = pytest.mark.slow


def test_the_small_scale_benchmark_prints_every_ratio(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PALIMPSEST_BENCH_DATA", str(tmp_path))
    scale.main(["--small"])
    out = capsys.readouterr().out
    for target in ("search ", "facts ", "facts_as_of ", "align ", "align_verbatim "):
        assert re.search(rf"sqlite  {target}\s*p95 900/300: \d+\.\d\d \(target <= ", out), target
    assert re.search(r"search top-1 at 900: \d\.\d\d vs full bm25 \d\.\d\d", out)
    assert re.search(r"resident memory growth 300 -> 900: -?\d+\.\d\d KB per fact", out)
    recall = re.search(r"vector recall@10 at 900: (\d\.\d+)", out)
    assert recall is not None and float(recall.group(1)) == 1.0  # a tiny tenant is exact

    folder = data_folder().with_name("scale-small")
    backend = SqliteScale(folder)
    assert backend.held(900) == 900
    scale.build(backend, 900, Vectors(folder, real=120))
    assert "built" not in capsys.readouterr().out
