"""`python -m bench.scale --small` runs end to end on every selected backend (the embedded
store, and Neo4j at the test server): it builds two tiny cached stores through the port,
measures each in its own process and prints every target's ratio, Neo4j's search beside the
embedded store's; a second build of a cached size loads nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bench.scale import sizes as scale
from bench.scale.corpus import Vectors, data_folder
from bench.scale.neo4j_store import URI_VARIABLE, Neo4jScale
from bench.scale.stores import backends
from graph.backends.neo4j.maintenance import Neo4jMaintenance
from tests.conftest import NEO4J_URI, selected_backends, wipe_neo4j

pytestmark = pytest.mark.slow


def test_the_small_scale_benchmark_prints_every_ratio(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    request: pytest.FixtureRequest,
) -> None:
    monkeypatch.setenv("PALIMPSEST_BENCH_DATA", str(tmp_path))
    monkeypatch.setenv(URI_VARIABLE, NEO4J_URI)  # scale.main sets it for its measuring processes
    names = selected_backends(request.config)
    if "neo4j" in names:
        wipe_neo4j(request.getfixturevalue("neo4j_store"))
    scale.main(["--small", "--backends", ",".join(names), "--neo4j-uri", NEO4J_URI])
    out = capsys.readouterr().out
    for name in names:
        for target in ("search ", "facts ", "facts_as_of ", "align ", "align_verbatim "):
            line = rf"{name:7} {target}\s*p95 900/300: \d+\.\d\d \(target <= "
            assert re.search(line, out), (name, target)
        assert re.search(rf"{name:7} search top-1 at 900: \d\.\d\d vs full bm25 \d\.\d\d", out)
        assert re.search(rf"{name:7} resident memory growth 300 -> 900: -?\d+\.\d\d KB", out)
        recall = re.search(rf"{name:7} vector recall@10 at 900: (\d\.\d+)", out)
        assert recall is not None, name
        # a tiny tenant is exact on the embedded store; Neo4j's HNSW graph nearly so
        assert float(recall.group(1)) >= (1.0 if name == "sqlite" else 0.9), name
        aware = re.search(
            rf"{name:7} vector recall@10 tie-aware at 900: (\d\.\d+) .*; \d+ of 40 questions tie",
            out,
        )
        assert aware is not None, name  # never below strict: an exact top-10 hit is within it
        assert float(aware.group(1)) >= float(recall.group(1)), name
    if len(names) == 2:
        assert re.search(r"neo4j/sqlite search p95 at 900: \d+\.\d\d", out)

    folder = data_folder().with_name("scale-small")
    for name in names:
        backend = backends(folder)[name]
        assert backend.held(900) == 900
        scale.build(backend, 900, Vectors(folder, real=120))
    assert "built" not in capsys.readouterr().out
    if "neo4j" in names:
        exact_from_the_generated_vectors_is_the_stored_scan(folder, monkeypatch)


def exact_from_the_generated_vectors_is_the_stored_scan(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Neo4j exact scan reads the data folder's vectors instead of paging the stored ones
    (a minute instead of twelve at 1M): the same neighbours, read with one page of 50."""
    pages: list[int] = []
    page = Neo4jMaintenance.fact_vectors

    def counted(self: Neo4jMaintenance, group_id: str, after: str, limit: int) -> Any:
        pages.append(limit)
        return page(self, group_id, after, limit)

    monkeypatch.setattr(Neo4jMaintenance, "fact_vectors", counted)
    asked = Vectors(folder, real=120).rows(400, 404) + 0.1  # off the stored points
    generated = Neo4jScale(NEO4J_URI, folder).exact_vectors(900, asked, 10)
    assert pages == [50]
    stored = Neo4jScale(NEO4J_URI).exact_vectors(900, asked, 10)
    assert len(pages) > 1  # paged through every stored vector
    assert generated is not None and stored is not None
    for mine, theirs in zip(generated, stored, strict=True):
        assert [hit.uuid for hit in mine] == [hit.uuid for hit in theirs]
        assert [hit.score for hit in mine] == pytest.approx([hit.score for hit in theirs])


def test_build_only_builds_every_size_and_measures_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--build-only` leaves the cached stores a later timed run reuses, and times nothing (the
    1M store is built at low priority while others work; it is measured on a quiet machine)."""
    monkeypatch.setenv("PALIMPSEST_BENCH_DATA", str(tmp_path))
    scale.main(["--small", "--backends", "sqlite", "--build-only"])
    out = capsys.readouterr().out
    assert re.search(r"sqlite  N=\s+300 cached: 300 records", out), out
    assert re.search(r"sqlite  N=\s+900 cached: 900 records", out), out
    assert "p50/p95" not in out and "target" not in out and "measured at" not in out, out
    folder = data_folder().with_name("scale-small")
    assert [backends(folder)["sqlite"].held(size) for size in (300, 900)] == [300, 900]
