"""Recall@10 of the embedded store's vector index at a size, without building the store.

Usage: python -m bench.scale.embedded_recall [--size 1000000] [--candidates 1000,4000] [--late 20]

The embedded store answers a tenant above `EXACT_BELOW` rows from the sign bits of its vectors:
the `CANDIDATES` nearest by Hamming distance, ranked by their int8 cosine, the best `RESCORE`
rescored by their exact float32 cosine (graph/backends/sqlite/vectors.py). Building a 1M store
through the port takes hours here; the index over the same vectors takes about a minute. This
fills the store's own in-memory rows (`Rows`, in `LOAD_BATCH` batches) with the scale corpus's
first `size` vectors (bench/scale/corpus.py) and asks bench.scale's 40 recall questions (10
births, 30 of bench/read's mix) plus `--late` births from past the first 30% of the records,
for each candidate count, beside the baseline of an exact int8 scan of every row (what the
store does at or below `EXACT_BELOW` rows), rescored the same way. Exact answers: a float32
scan of every vector (top 30, so ties at rank 10 count; bench/scale/knn.py). Time is CPU per query,
one thread, candidates only (the float32 rescoring reads 100 rows, the same for every variant).

Every vector is a candidate here (the store also filters by time): the recall is the index's.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bench.read.latency import encoder, queries
from bench.scale.base import GROUP, merge_nearest, neighbours
from bench.scale.corpus import ScaleSynth, Vectors, data_folder
from bench.scale.knn import Recall, recall_at
from graph.backends.sqlite.vectors import LOAD_BATCH, RESCORE, Rows
from graph.ports.search import Scored

Matrix = npt.NDArray[np.float32]
EXACT_K = 30
EVERY_ROW = 1 << 62
"""An `exact_below` no tenant reaches: the exact int8 scan of every row (the baseline)."""


@dataclass(frozen=True)
class Asked:
    label: str
    texts: list[str]


def questions(size: int, late: int) -> list[Asked]:
    """bench.scale.sizes's 40 recall questions, and `late` births from past 30% of `size`."""
    synth = ScaleSynth(GROUP)
    for _ in synth.sentences(0, size):
        pass
    first = [f"Where was {b.name} born?" for b in synth.births[:10]]
    tail = synth.births[len(synth.births) * 3 // 10 :]
    step = max(1, len(tail) // max(1, late))
    later = [f"Where was {b.name} born?" for b in tail[::step][:late]]
    return [Asked("births", first), Asked("mix", queries(synth, 30)), Asked("late births", later)]


def index(vectors: Matrix) -> Rows:
    """The store's in-memory rows over `vectors` (keys: row numbers), filled as it fills them."""
    rows = Rows(vectors.shape[1])
    started = time.process_time()
    for low in range(0, len(vectors), LOAD_BATCH):
        block = vectors[low : low + LOAD_BATCH]
        rows.append(np.arange(low, low + len(block), dtype=np.int64), block)
    print(f"index filled: {len(vectors):,} rows, {time.process_time() - started:.1f} s CPU, "
          f"{rows_bytes(rows) / len(vectors):.0f} bytes a row", flush=True)  # fmt: skip
    return rows


def rows_bytes(rows: Rows) -> int:
    n = rows.count
    return sum(a[:n].nbytes for a in (rows.keys, rows.bits, rows.int8, rows.norms))


def exact(vectors: Matrix, asked: Matrix) -> list[list[Scored]]:
    unit = asked / np.linalg.norm(asked, axis=1, keepdims=True)
    best: list[list[tuple[float, str]]] = [[] for _ in range(len(unit))]
    for low in range(0, len(vectors), 50_000):
        block = vectors[low : low + 50_000]
        merge_nearest(best, [str(i) for i in range(low, low + len(block))], block, unit, EXACT_K)
    return neighbours(best)


def rescored(vectors: Matrix, query: Matrix, keys: list[int]) -> list[Scored]:
    """The candidates' exact cosine from their float32 vectors, best 10 (as the store does)."""
    matrix = vectors[keys]
    scores = matrix @ query / (np.linalg.norm(matrix, axis=1) * np.linalg.norm(query))
    order = np.argsort(-scores, kind="stable")[:10]
    return [Scored(str(keys[i]), float(scores[i])) for i in order]


def answer(
    rows: Rows, vectors: Matrix, asked: Matrix, exact_below: int, candidates: int
) -> tuple[list[list[Scored]], list[float]]:
    found, cpu = [], []
    for query in asked:
        started = time.process_time()
        keys = rows.nearest(query, RESCORE, exact_below, candidates)
        cpu.append(1000 * (time.process_time() - started))
        found.append(rescored(vectors, query, keys))
    return found, cpu


def row(label: str, recalls: dict[str, Recall | None], cpu: list[float]) -> str:
    cells = [f"{r.strict:.3f} / {r.tie_aware:.3f}" if r else "-" for r in recalls.values()]
    p50, p95 = np.percentile(cpu, 50), np.percentile(cpu, 95)
    return f"| {label} | " + " | ".join(cells) + f" | {p50:.1f} / {p95:.1f} |"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--candidates", default="1000,4000", help="sign-bit candidate counts")
    parser.add_argument("--late", type=int, default=20)
    parser.add_argument("--no-scan", action="store_true", help="skip the int8 scan baseline")
    args = parser.parse_args(argv)
    store = Vectors(data_folder())
    store.ensure(args.size, GROUP)
    vectors = store.rows(0, args.size)
    groups = questions(args.size, args.late)
    asked = np.asarray(encoder().embed([t for g in groups for t in g.texts]), dtype=np.float32)
    want = exact(vectors, asked)
    rows = index(vectors)
    spans, at = {}, 0
    for g in groups:
        spans[g.label] = slice(at, at + len(g.texts))
        at += len(g.texts)
    bench40 = slice(0, spans["mix"].stop)

    def recalls(found: list[list[Scored]]) -> dict[str, Recall | None]:
        out = {"bench.scale.sizes's 40": recall_at(found[bench40], want[bench40], 10)}
        for label, span in spans.items():
            out[label] = recall_at(found[span], want[span], 10)
        return out

    print(f"\n{args.size:,} vectors; the best {RESCORE} candidates rescored exactly; "
          "recall@10 strict / tie-aware\n")  # fmt: skip
    labels = " | ".join(["bench.scale.sizes's 40", *spans])
    print(f"| candidates from | {labels} | CPU ms p50 / p95 |")
    print("| --- " * (len(spans) + 3) + "|")
    for count in (int(c) for c in args.candidates.split(",")):
        found, cpu = answer(rows, vectors, asked, 0, count)
        print(row(f"sign bits, {count:,} by Hamming", recalls(found), cpu), flush=True)
    if not args.no_scan:
        found, cpu = answer(rows, vectors, asked, EVERY_ROW, 0)
        print(row("exact int8 scan (baseline)", recalls(found), cpu), flush=True)


if __name__ == "__main__":
    main()
