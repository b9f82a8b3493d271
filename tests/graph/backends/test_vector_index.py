"""The embedded store's vector index: an exact int8 scan below its threshold, a Hamming scan
of sign bits picking the int8 candidates above it, exact float32 rescoring of the candidates
either way, saved rows reused only for the generation they were made for
(graph/backends/sqlite/vectors.py), over a real SQLite table."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from graph.backends.sqlite.vectors import VectorIndex

WIDTH = 512
GROUP = "g1"


def table(vectors: np.ndarray) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    conn.execute(
        "CREATE TABLE facts (id INTEGER PRIMARY KEY, uuid TEXT, group_id TEXT, fact_embedding BLOB)"
    )
    conn.execute("CREATE TABLE tenant_state (group_id TEXT, vector_generation INTEGER)")
    add(conn, vectors, 0)
    return conn


def add(conn: sqlite3.Connection, vectors: np.ndarray, start: int) -> None:
    conn.executemany(
        "INSERT INTO facts (uuid, group_id, fact_embedding) VALUES (?, ?, ?)",
        [(f"f{start + i}", GROUP, v.astype(np.float32).tobytes()) for i, v in enumerate(vectors)],
    )


def sentences_like(count: int, seed: int) -> np.ndarray:
    """Vectors with the low-rank structure of sentence embeddings (topics plus noise)."""
    rng = np.random.default_rng(seed)
    topics = rng.normal(size=(48, WIDTH))
    mix = rng.normal(size=(count, 48)) * rng.exponential(size=(count, 48))
    out: np.ndarray = mix @ topics + rng.normal(scale=0.3, size=(count, WIDTH))
    return out


def exact_top(vectors: np.ndarray, query: np.ndarray, k: int) -> list[str]:
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    scores = unit @ (query / np.linalg.norm(query))
    return [f"f{i}" for i in np.argsort(-scores)[:k]]


def test_small_tenants_are_searched_exactly() -> None:
    vectors = sentences_like(1500, seed=1)
    conn = table(vectors)
    index = VectorIndex(exact_below=2000)
    query = vectors[7] + np.random.default_rng(2).normal(scale=0.5, size=WIDTH)
    found = index.search(conn, GROUP, query, 30)
    assert [uuid for uuid, _ in found] == exact_top(vectors, query, 30)
    assert found[0][1] == pytest.approx(max(score for _, score in found))


def test_large_tenants_keep_almost_all_of_the_exact_neighbours_with_exact_scores() -> None:
    vectors = sentences_like(6000, seed=3)
    conn = table(vectors)
    index = VectorIndex(exact_below=2000)
    rng = np.random.default_rng(4)
    recalls = []
    for row in rng.choice(len(vectors), 25, replace=False):
        query = vectors[row] + rng.normal(scale=1.0, size=WIDTH)
        found = index.search(conn, GROUP, query, 30)
        expected = exact_top(vectors, query, 30)
        recalls.append(len({uuid for uuid, _ in found} & set(expected)) / 30)
        assert found[0][0] == expected[0]
        unit = vectors[int(found[0][0][1:])]
        cosine = unit @ query / np.linalg.norm(unit) / np.linalg.norm(query)
        assert found[0][1] == pytest.approx(cosine, abs=1e-4)
    assert float(np.mean(recalls)) >= 0.95


def test_rows_added_after_the_first_search_are_found() -> None:
    vectors = sentences_like(3000, seed=5)
    conn = table(vectors)
    index = VectorIndex(exact_below=2000)
    index.search(conn, GROUP, vectors[0], 10)  # reads the rows
    late = sentences_like(200, seed=6)
    add(conn, late, len(vectors))
    firsts = [index.search(conn, GROUP, row, 5)[0][0] for row in late]
    assert firsts == [f"f{len(vectors) + i}" for i in range(len(late))]


def test_saved_rows_are_reused_and_extended_by_a_new_process(tmp_path: Path) -> None:
    vectors = sentences_like(3000, seed=7)
    conn = table(vectors)
    first = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    first.search(conn, GROUP, vectors[0], 10)
    first.save()
    assert list(tmp_path.glob("*.npz"))
    late = sentences_like(50, seed=8)
    add(conn, late, len(vectors))
    second = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    assert second.search(conn, GROUP, vectors[5], 1)[0][0] == "f5"
    assert second.search(conn, GROUP, late[3], 1)[0][0] == f"f{len(vectors) + 3}"


def test_saving_deletes_the_graph_an_earlier_version_saved_for_the_tenant(tmp_path: Path) -> None:
    vectors = sentences_like(1200, seed=11)
    conn = table(vectors)
    index = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    index.search(conn, GROUP, vectors[0], 10)
    digest = hashlib.sha256(GROUP.encode()).hexdigest()[:32]
    own, other = tmp_path / f"{digest}.usearch", tmp_path / f"{'0' * 32}.usearch"
    own.write_bytes(b"this tenant's graph")
    other.write_bytes(b"another tenant's graph")
    index.save()
    assert (tmp_path / f"{digest}.npz").exists()
    assert not own.exists()
    assert other.exists()  # another tenant's rows were not saved: its file stays until they are


def test_saved_rows_of_an_older_generation_are_not_used(tmp_path: Path) -> None:
    vectors = sentences_like(1200, seed=9)
    conn = table(vectors)
    first = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    first.search(conn, GROUP, vectors[0], 10)
    first.save()
    # An erasure removes the newest row and bumps the generation; SQLite then hands its row id
    # to the next insert, which rows of the old generation believe they already hold.
    conn.execute("DELETE FROM facts WHERE uuid = 'f1199'")
    conn.execute("INSERT INTO tenant_state VALUES (?, 1)", (GROUP,))
    fresh = -vectors[0]
    add(conn, fresh.reshape(1, -1), 5000)
    second = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    assert second.search(conn, GROUP, fresh, 1)[0][0] == "f5000"


def test_vectors_of_another_width_are_ignored() -> None:
    vectors = sentences_like(20, seed=10)
    conn = table(vectors)
    conn.execute(
        "INSERT INTO facts (uuid, group_id, fact_embedding) VALUES ('odd', ?, ?)",
        (GROUP, np.ones(8, dtype=np.float32).tobytes()),
    )
    index = VectorIndex()
    assert index.search(conn, GROUP, vectors[2], 1)[0][0] == "f2"
    assert index.search(conn, GROUP, np.ones(8), 1) == []


def test_restored_rows_answer_as_the_saved_ones_did(tmp_path: Path) -> None:
    rng = np.random.default_rng(11)
    vectors = rng.normal(size=(6000, WIDTH))  # no structure: the hardest case for sign bits
    conn = table(vectors)
    queries = list(rng.normal(size=(30, WIDTH)))
    first = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    before = [first.search(conn, GROUP, query, 10) for query in queries]
    first.save()
    assert list(tmp_path.glob("*.npz"))
    second = VectorIndex(tmp_path, save_above=1000, exact_below=1000)
    after = [second.search(conn, GROUP, query, 10) for query in queries]
    assert after == before


def test_sign_bits_pick_the_candidates_only_above_the_threshold() -> None:
    """Below `exact_below` rows every row is ranked by its int8 cosine; above it, only the
    rows nearest in Hamming distance of their sign bits are: a row whose signs all differ from
    the query's, though nearer by cosine, is then not a candidate."""
    rng = np.random.default_rng(12)
    query = np.full(WIDTH, 0.01)
    query[:8] = 50.0  # every sign positive, its weight on eight dimensions
    far = -query
    far[:8] = 50.0  # cosine ~1 to the query, yet 504 of its 512 signs opposite
    near = np.abs(rng.normal(size=(3000, WIDTH)))  # cosine ~0.1, every sign the query's
    vectors = np.vstack([far.reshape(1, -1), near])
    conn = table(vectors)
    exact_top_one = exact_top(vectors, query, 1)[0]
    assert VectorIndex(exact_below=5000).search(conn, GROUP, query, 1)[0][0] == exact_top_one
    pruned = VectorIndex(exact_below=1000).search(conn, GROUP, query, 1)[0][0]
    assert exact_top_one == "f0" and pruned != "f0"


def test_a_visible_subset_is_searched_exactly_and_widened_until_it_fills_the_answer() -> None:
    """`visible` (a time question's visibility) reads the int8 candidates' rows, the float32
    vectors among them, before any is rescored; when it keeps too few, the search asks for
    more candidates."""
    vectors = sentences_like(1500, seed=5)
    conn = table(vectors)
    index = VectorIndex(exact_below=2000)
    query = vectors[11] + np.random.default_rng(6).normal(scale=0.5, size=WIDTH)
    asked: list[int] = []

    def every_tenth(ids: list[int]) -> list[sqlite3.Row]:
        asked.append(len(ids))
        marks = ",".join("?" * len(ids))
        return conn.execute(
            f"SELECT uuid, fact_embedding FROM facts WHERE id IN ({marks}) AND (id - 1) % 10 = 0",
            ids,
        ).fetchall()

    found = index.search(conn, GROUP, query, 30, visible=every_tenth)
    kept = vectors[::10]
    expected = [f"f{10 * int(uuid[1:])}" for uuid in exact_top(kept, query, 30)]
    assert [uuid for uuid, _ in found] == expected
    assert asked[0] == 120 and len(asked) > 1  # 120 candidates keep 12: widened
