"""`python -m bench.graphrecall` builds the embedded store's vector graph over the scale
corpus's vectors, caches it, and prints its recall@10 beside the exact int8 scan's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench import graphrecall

pytestmark = pytest.mark.slow


def test_graph_recall_prints_each_expansion_beside_the_scan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PALIMPSEST_BENCH_DATA", str(tmp_path))
    graphrecall.main(["--size", "600", "--ef", "16,400", "--late", "5"])
    out = capsys.readouterr().out
    assert "graph built" in out
    cell = r"(\d\.\d{3}) / (\d\.\d{3})"
    rows = {
        m.group(1): [float(x) for x in m.groups()[1:]]
        for m in re.finditer(rf"\| ([^|]+?) \| {cell} \| {cell} \| {cell} \| {cell} \|", out)
    }
    assert set(rows) == {"graph, ef 16", "graph, ef 400", "exact int8 scan (baseline)"}
    # the int8 scan's 100 candidates of 600, rescored exactly, hold every exact top 10
    assert rows["exact int8 scan (baseline)"] == [1.0] * 8
    # a graph searched wider finds at least what it found narrower, and near all of 600
    assert rows["graph, ef 400"][0] >= rows["graph, ef 16"][0] >= 0.5
    assert rows["graph, ef 400"][0] >= 0.95
    for recall in rows.values():  # tie-aware never below strict
        assert all(aware >= strict for strict, aware in zip(recall[::2], recall[1::2], strict=True))

    graphrecall.main(["--size", "600", "--ef", "400", "--late", "5", "--no-scan"])
    again = capsys.readouterr().out
    assert "graph built" not in again  # read from the data folder
    assert "| graph, ef 400 |" in again and "int8 scan" not in again
