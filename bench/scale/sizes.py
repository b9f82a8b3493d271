"""Scale benchmark: reads, search, writes and memory at 1k to 1M facts, as ratios of one run.

The corpus is bench/scale/corpus.py (bench/read's records, a third of them "<First Last> was
born in <City>.", a tenth of the hub user's kept verbatim). Each size's store is built once
through the port's batch transaction (entities, episodes and facts of 2,000 records at a time,
no HTTP, no extraction) and cached in the data folder ($PALIMPSEST_BENCH_DATA/scale, default
~/.cache/palimpsest/bench/scale), grown from the next smaller one; later runs reuse it. Each
size is then measured in a fresh process (so resident memory is that size's), through the
Memory client's use cases:

* facts / facts_as_of / facts_known_at: GET /v1/facts of one project (20 facts);
* history: GET /v1/entities/{project}/history;
* audit: a dry-run conflict resolve of one stored record against its bucket;
* search: "Where was <First Last> born?" ("born" is in a third of the records), asked about
  current records only (a retracted one is rightly not answered), its top-1 hit rate beside a
  plain bm25 ranking over every match of the keyword index (the baseline);
* search_mix: bench/read's query mix;
* write / write_verbatim: one add (extracting, and infer=false), and the align stage of each
  (the dedup + alignment lookups against the tenant): align, align_verbatim;
* vector recall@10 of the store's index against an exact scan of the stored vectors, strict
  (the exact top 10 by identity) and tie-aware (within 1e-3 of the exact 10th cosine, as
  ann-benchmarks' `knn` metric; bench/scale/knn.py), with how many questions tie at rank 10;
* resident memory after the models are loaded and after the store is used.

p50 over every sample, p95 the median of three rounds' p95s. Measuring adds a few dozen
records to the cached store per run. Usage:

  python -m bench.scale [--sizes 1000,10000,100000,1000000] [--backends sqlite,neo4j] [--small]
                        [--neo4j-uri bolt://127.0.0.1:7687] [--build-only]

--build-only: build (or grow) each size's cached store and stop, measuring nothing: the slow
part (embedding a million records, loading them) can run at low priority beside other work
(`nice -n 19 python -m bench.scale --sizes 10000,1000000 --build-only`), and the timed run later
on a quiet machine reuses the stores.

--small: sizes 300 and 900 with few samples (CI runs it). Backends plug in by
bench/scale/stores.py (`ScaleBackend`); Neo4j's (bench/scale/neo4j_store.py) keeps one size at a
time in the server's tenant `u_benchread`. With both backends, Neo4j's search p95 is printed over
the embedded store's at each size.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as bench/read: see its docstring

import argparse
import itertools
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.runner.synth import NOW
from bench.scale.base import GROUP, ScaleBackend
from bench.scale.corpus import ScaleSynth, Vectors, data_folder
from bench.scale.neo4j_store import URI_VARIABLE, neo4j_uri
from bench.scale.stores import backends

CHUNK = 2000
SMALL_SIZES = "300,900"


def build(backend: ScaleBackend, size: int, vectors: Vectors) -> None:
    """Load the records the size's cached store lacks, through the port."""
    with backend.opened(size) as store:
        have = backend.held(size)
        if have >= size:
            return
        vectors.ensure(size, GROUP)
        synth = ScaleSynth(GROUP)
        for _ in synth.sentences(0, have):
            pass
        began = time.perf_counter()
        for low in range(have, size, CHUNK):
            high = min(size, low + CHUNK)
            chunk = synth.scale_chunk(low, high, vectors.rows(low, high))

            def work(tx: Any, c: Any = chunk) -> None:
                tx.entities.upsert(c.entities)
                tx.episodes.record(c.episodes)
                tx.facts.record(c.facts)

            store.transaction(work)
            backend.mark(size, high)
        took = time.perf_counter() - began
        print(f"{backend.name:7} built {size:,} records ({size - have:,} new) in {took:.0f} s",
              flush=True)  # fmt: skip


def measure(backend: str, size: int, samples: int, folder: Path) -> dict[str, Any]:
    """Measure one size in a child process; its last output line is the JSON result."""
    command = [
        sys.executable, "-m", "bench.scale.probe", backend, str(size), str(samples), str(folder)
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"measuring {backend} at {size} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def report_size(backend: str, size: int, row: dict[str, Any]) -> None:
    cells = "  ".join(f"{name} {v['p50']:.1f}/{v['p95']:.1f}" for name, v in row["ms"].items())
    print(f"{backend:7} N={size:>9,} p50/p95 ms: {cells}", flush=True)
    print(
        f"{backend:7} N={size:>9,} search top-1 {row['top1']:.2f} (full bm25 {row['bm25_top1']}), "
        f"vector recall@10 {_strict(row['recall'])}, RSS {row['rss_models_mb']:.0f} MB with "
        f"models, +{row['rss_store_mb']:.0f} MB with the store",
        flush=True,
    )


def _strict(recall: dict[str, Any] | None) -> str:
    return "-" if recall is None else f"{recall['strict']:.3f}"


def ratio_lines(backend: str, results: dict[int, dict[str, Any]]) -> list[str]:
    """Every target of issue 17 the sizes measured allow, with its ratio."""
    sizes = sorted(results)
    p95 = {s: {k: v["p95"] for k, v in results[s]["ms"].items()} for s in sizes}
    top, base = sizes[-1], 10_000 if 10_000 in results else sizes[0]
    first = sizes[0]
    lines = []

    def ratio(name: str, big: int, small: int, limit: float) -> None:
        value = p95[big][name] / p95[small][name]
        verdict = "met" if value <= limit else "NOT met"
        lines.append(f"{backend:7} {name:15} p95 {big:,}/{small:,}: {value:.2f} "
                     f"(target <= {limit}): {verdict}")  # fmt: skip

    for low, high in itertools.pairwise(sizes):
        limit = 1.5 if (low, high) == (1000, 10_000) else 3.0
        ratio("search", high, low, limit)
    for name in ("facts", "facts_as_of"):
        ratio(name, top, base, 1.5)
    for name in ("align", "align_verbatim"):
        ratio(name, top, first, 1.5)
    for size in sizes:
        if size >= 100_000:
            ms = p95[size]["search"]
            lines.append(f"{backend:7} search p95 at {size:,}: {ms:.1f} ms (target < 50 ms): "
                         + ("met" if ms < 50 else "NOT met"))  # fmt: skip
    lines += memory_lines(backend, results, base, top)
    return lines


def memory_lines(
    backend: str, results: dict[int, dict[str, Any]], base: int, top: int
) -> list[str]:
    lines = []
    for size in sorted(results):
        row = results[size]
        if row["bm25_top1"] is not None:
            verdict = "met" if row["top1"] >= row["bm25_top1"] else "NOT met"
            lines.append(f"{backend:7} search top-1 at {size:,}: {row['top1']:.2f} vs full bm25 "
                         f"{row['bm25_top1']:.2f}: {verdict}")  # fmt: skip
    if top > base:
        grown = results[top]["rss_store_mb"] - results[base]["rss_store_mb"]
        per_fact = grown * 1e6 / (top - base) / 1024
        verdict = "met" if per_fact <= 1.0 else "NOT met"
        lines.append(f"{backend:7} resident memory growth {base:,} -> {top:,}: {per_fact:.2f} KB "
                     f"per fact (target <= 1 KB): {verdict}")  # fmt: skip
    return lines + recall_lines(backend, top, results[top]["recall"])


def recall_lines(backend: str, size: int, recall: dict[str, Any] | None) -> list[str]:
    """Strict recall@10 (the target's measure) and, beside it, the tie-aware one
    (bench/scale/knn.py: ann-benchmarks' `knn`), with how many questions tie at rank 10."""
    if recall is None:
        return []
    strict, aware = recall["strict"], recall["tie_aware"]
    return [
        f"{backend:7} vector recall@10 at {size:,}: {strict:.3f} (strict; target >= 0.95): "
        + ("met" if strict >= 0.95 else "NOT met"),
        f"{backend:7} vector recall@10 tie-aware at {size:,}: {aware:.3f} (a hit counts within "
        f"{recall['epsilon']:g} of the exact 10th cosine, ann-benchmarks' knn); "
        f"{recall['tied']} of {recall['questions']} questions tie at rank 10",
    ]


def versus_lines(every: dict[str, dict[int, dict[str, Any]]]) -> list[str]:
    """Neo4j's search p95 over the embedded store's at each size both measured (target <= 2
    from 100k), and Neo4j's own growth from 10k to its largest size (target <= 1.5)."""
    neo4j, embedded = every.get("neo4j", {}), every.get("sqlite", {})
    lines = []
    for size in sorted(set(neo4j) & set(embedded)):
        value = neo4j[size]["ms"]["search"]["p95"] / embedded[size]["ms"]["search"]["p95"]
        target = f" (target <= 2): {'met' if value <= 2 else 'NOT met'}" if size >= 100_000 else ""
        lines.append(f"neo4j/sqlite search p95 at {size:,}: {value:.2f}{target}")
    top = max(neo4j, default=0)
    if 10_000 in neo4j and top > 10_000:
        value = neo4j[top]["ms"]["search"]["p95"] / neo4j[10_000]["ms"]["search"]["p95"]
        verdict = "met" if value <= 1.5 else "NOT met"
        lines.append(f"neo4j   search p95 {top:,}/10,000: {value:.2f} (target <= 1.5 to 1M): "
                     f"{verdict}")  # fmt: skip
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", maxsplit=1)[0])
    parser.add_argument("--backends", default="sqlite")
    parser.add_argument("--sizes", default="1000,10000,100000,1000000")
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--small", action="store_true", help="two tiny sizes (tests, CI)")
    parser.add_argument(
        "--build-only", action="store_true", help="build the cached stores, measure nothing"
    )
    parser.add_argument(
        "--neo4j-uri", default=neo4j_uri(), help="the neo4j server, or SIZE=URI,... (one per size)"
    )
    args = parser.parse_args(argv)
    os.environ[URI_VARIABLE] = args.neo4j_uri  # the measuring processes open it too
    folder = data_folder()
    sizes = sorted({int(s) for s in (SMALL_SIZES if args.small else args.sizes).split(",")})
    samples = 6 if args.small else args.samples
    if args.small:
        folder = folder.with_name("scale-small")
    vectors = Vectors(folder, real=120) if args.small else Vectors(folder)
    known = backends(folder)
    every: dict[str, dict[int, dict[str, Any]]] = {}
    for name in [b.strip() for b in args.backends.split(",") if b.strip()]:
        backend = known[name]
        results = every.setdefault(name, {})
        for size in sizes:
            build(backend, size, vectors)
            if args.build_only:
                print(f"{name:7} N={size:>9,} cached: {backend.held(size):,} records", flush=True)
                continue
            results[size] = measure(name, size, samples, folder)
            report_size(name, size, results[size])
        for line in ratio_lines(name, results) if results else []:
            print(line, flush=True)
    if args.build_only:
        return
    for line in versus_lines(every):
        print(line, flush=True)
    print(f"measured at {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"as of {NOW.date()}")  # fmt: skip
