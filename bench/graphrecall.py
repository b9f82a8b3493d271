"""Recall@10 of the embedded store's vector graph at a size, without building the store.

Usage: python -m bench.graphrecall [--size 1000000] [--ef 400,800] [--late 20]

The embedded store answers a tenant above `EXACT_BELOW` rows from an HNSW graph over int8
copies of its vectors and rescores the graph's `RESCORE` nearest by their exact float32 cosine
(graph/backends/sqlite/vectors.py). Building a 1M store through the port takes hours here; the
graph over the same vectors takes minutes. This builds that graph with the store's own
functions and settings (`new_index`, `quantise`, `LOAD_BATCH` batches on every core) over the
scale corpus's first `size` vectors (bench/scalecorpus.py), caches it in the data folder
(`graph-<size>-c<connectivity>-e<expansion_add>.usearch`), and asks it bench.scale's 40
recall questions (10 births, 30 of bench/read's mix) plus `--late` births from past the first
30% of the records. Beside each expansion it prints the baseline the store uses below
`EXACT_BELOW`: an exact int8 scan's `RESCORE` nearest, rescored the same way. Exact answers:
a float32 scan of every vector (top 30, so ties at rank 10 count; bench/knn.py).

Every vector is a candidate here (the store also filters by time): the recall is the graph's.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from usearch.index import Index

from bench.knn import Recall, recall_at
from bench.read import encoder, queries
from bench.scalecorpus import ScaleSynth, Vectors, data_folder
from bench.scalestores import GROUP, merge_nearest, neighbours
from graph.backends.sqlite.vectors import (
    CONNECTIVITY,
    EXPANSION_ADD,
    LOAD_BATCH,
    RESCORE,
    new_index,
    quantise,
    tune,
)
from graph.ports import Scored

Matrix = npt.NDArray[np.float32]
EXACT_K = 30


@dataclass(frozen=True)
class Asked:
    label: str
    texts: list[str]


def questions(size: int, late: int) -> list[Asked]:
    """bench.scale's 40 recall questions, and `late` births from past 30% of `size`."""
    synth = ScaleSynth(GROUP)
    for _ in synth.sentences(0, size):
        pass
    first = [f"Where was {b.name} born?" for b in synth.births[:10]]
    tail = synth.births[len(synth.births) * 3 // 10 :]
    step = max(1, len(tail) // max(1, late))
    later = [f"Where was {b.name} born?" for b in tail[::step][:late]]
    return [Asked("births", first), Asked("mix", queries(synth, 30)), Asked("late births", later)]


def graph(vectors: Matrix, path: Path) -> Index:
    """The store's graph over `vectors` (keys: row numbers), read from `path` when built."""
    if path.exists():
        index = Index.restore(str(path))
        if index is not None and len(index) == len(vectors):
            return tune(index)
    index = new_index(vectors.shape[1])
    started, cpu = time.perf_counter(), time.process_time()
    for low in range(0, len(vectors), LOAD_BATCH):
        block = vectors[low : low + LOAD_BATCH]
        keys = np.arange(low, low + len(block), dtype=np.uint64)
        index.add(keys, quantise(block), threads=0)
        if (low // LOAD_BATCH) % 5 == 0:
            print(f"graph: {low + len(block):,} of {len(vectors):,} rows, "
                  f"{time.perf_counter() - started:.0f} s", flush=True)  # fmt: skip
    print(f"graph built: {time.perf_counter() - started:.0f} s wall, "
          f"{time.process_time() - cpu:.0f} s CPU", flush=True)  # fmt: skip
    partial = path.with_suffix(".part")
    index.save(str(partial))
    partial.replace(path)
    return index


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
    index: Index, vectors: Matrix, asked: Matrix, exact_scan: bool
) -> tuple[list[list[Scored]], list[float]]:
    found, cpu = [], []
    for query in asked:
        started = time.process_time()
        hits = index.search(quantise(query.reshape(1, -1))[0], RESCORE, exact=exact_scan)
        keys = [int(k) for k in np.asarray(hits.keys).ravel()]
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
    parser.add_argument("--ef", default="400,800", help="search expansions to try")
    parser.add_argument("--late", type=int, default=20)
    parser.add_argument("--no-scan", action="store_true", help="skip the int8 scan baseline")
    args = parser.parse_args(argv)
    folder = data_folder()
    store = Vectors(folder)
    store.ensure(args.size, GROUP)
    vectors = store.rows(0, args.size)
    groups = questions(args.size, args.late)
    texts = [t for g in groups for t in g.texts]
    asked = np.asarray(encoder().embed(texts), dtype=np.float32)
    want = exact(vectors, asked)
    path = folder / f"graph-{args.size}-c{CONNECTIVITY}-e{EXPANSION_ADD}.usearch"
    index = graph(vectors, path)
    spans, at = {}, 0
    for g in groups:
        spans[g.label] = slice(at, at + len(g.texts))
        at += len(g.texts)
    bench40 = slice(0, spans["mix"].stop)

    def recalls(found: list[list[Scored]]) -> dict[str, Recall | None]:
        out = {"bench.scale's 40": recall_at(found[bench40], want[bench40], 10)}
        for label, span in spans.items():
            out[label] = recall_at(found[span], want[span], 10)
        return out

    print(f"\n{args.size:,} vectors, connectivity {CONNECTIVITY}, expansion_add {EXPANSION_ADD}, "
          f"{RESCORE} candidates rescored; recall@10 strict / tie-aware\n")  # fmt: skip
    print(
        "| candidates from | " + " | ".join(["bench.scale's 40", *spans]) + " | CPU ms p50 / p95 |"
    )
    print("| --- " * (len(spans) + 3) + "|")
    for ef in (int(e) for e in args.ef.split(",")):
        index.expansion_search = ef  # type: ignore[misc]
        found, cpu = answer(index, vectors, asked, exact_scan=False)
        print(row(f"graph, ef {ef}", recalls(found), cpu), flush=True)
    if not args.no_scan:
        found, cpu = answer(index, vectors, asked, exact_scan=True)
        print(row("exact int8 scan (baseline)", recalls(found), cpu), flush=True)


if __name__ == "__main__":
    main()
