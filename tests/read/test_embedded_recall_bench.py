"""`python -m bench.scale.embedded_recall` fills the embedded store's vector index with the scale
corpus's vectors and prints its recall@10 per sign-bit candidate count beside an exact int8
scan's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.scale import embedded_recall as embeddedrecall

pytestmark = pytest.mark.slow


def test_embedded_recall_prints_each_candidate_count_beside_the_scan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PALIMPSEST_BENCH_DATA", str(tmp_path))
    embeddedrecall.main(["--size", "3000", "--candidates", "1000,2000", "--late", "5"])
    out = capsys.readouterr().out
    assert re.search(r"index filled: 3,000 rows, .* 588 bytes a row", out)  # 8 + 64 + 512 + 4
    cell = r"(\d\.\d{3}) / (\d\.\d{3})"
    rows = {
        m.group(1): [float(x) for x in m.groups()[1:]]
        for m in re.finditer(rf"\| ([^|]+?) \| {cell} \| {cell} \| {cell} \| {cell} \|", out)
    }
    assert set(rows) == {
        "sign bits, 1,000 by Hamming",
        "sign bits, 2,000 by Hamming",
        "exact int8 scan (baseline)",
    }
    # the int8 scan's 100 candidates, rescored exactly, hold every exact top 10
    assert rows["exact int8 scan (baseline)"] == [1.0] * 8
    for label in ("sign bits, 1,000 by Hamming", "sign bits, 2,000 by Hamming"):
        assert rows[label][0] >= 0.9, label  # a third of 3,000 rows by their signs
    for recall in rows.values():  # tie-aware never below strict
        assert all(aware >= strict for strict, aware in zip(recall[::2], recall[1::2], strict=True))
