"""Vector inserts on Neo4j: the vector index's settings against the raw UNWIND ceiling, at
equal recall.

Neo4j 5.26 lets a vector index set, besides its dimensions and similarity function,
`vector.quantization.enabled` (quantised vectors inside the index), `vector.hnsw.m` (links per
node) and `vector.hnsw.ef_construction` (candidates weighed per insert). For each variant the
benchmark rebuilds the facts' vector index, writes the same N facts (bench/read's sentences
with the real encoder's vectors, cached) through the port's batch write (entities upserted,
facts recorded with their embeddings, one transaction per CHUNK), and measures:

* facts per second, beside two ceilings: the same port write with no vector index at all, and
  a raw UNWIND ... CREATE of the same rows with no index (`Maintenance.raw_insert`);
* facts per CPU second, the benchmark's and the server's together (the server's from its
  operating-system MBean): the work a write costs, which the load of a shared machine moves far
  less than the wall rate;
* recall@10 of the vector channel as search asks it (`StoreReads.vector`) against exact
  brute-force cosine over the same vectors, for QUERIES query vectors (stored vectors with
  noise of half their norm, so the nearest record is not trivially the query itself);

and deferred embedding writes (the default index): facts recorded without embeddings, then the
embeddings set by a second UNWIND; its rate counts both statements. Ratios are to the default
index (Neo4j's own settings: m 16, ef_construction 100, quantization on) in the same run; the
store's own settings (`VECTOR_HNSW`) are a variant; "equal recall" is recall@10 within
RECALL_MARGIN of it.
A discarded warm-up write comes first, and the default is written again last: the two default
rates bound the drift of a shared machine over the run (ratios within it mean nothing).
`--only` writes the default and the variants named by these prefixes; `--no-ceilings` leaves
out the deferred and no-index writes.

Usage: python -m bench.store.vectors [--sizes 10000] [--neo4j-uri bolt://127.0.0.1:7687]
       [--only "store's,m 8"] [--no-ceilings]
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as bench/read: the encoder's threads

import time
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from bench.read.latency import CHUNK, USER, ReadSynth
from bench.runner.options import arguments, sizes_of
from bench.runner.stores import drop_group, open_store
from bench.runner.synth import NOW
from graph.backends.neo4j.maintenance import Neo4jMaintenance
from graph.backends.neo4j.store import VECTOR_HNSW
from graph.domain.model import Entity, Fact
from graph.ports.store import Store, StoreTx

QUERIES = 200
RECALL_MARGIN = 0.01
NOISE = 0.5
BASE = {"vector.dimensions": 512, "vector.similarity_function": "cosine"}
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},  # Neo4j's own: m 16, ef_construction 100, quantization on
    "store's (m 32, ef_construction 200)": dict(VECTOR_HNSW),
    "quantization off": {"vector.quantization.enabled": False},
    "m 8": {"vector.hnsw.m": 8},
    "ef_construction 50": {"vector.hnsw.ef_construction": 50},
    "m 8, ef_construction 50": {"vector.hnsw.m": 8, "vector.hnsw.ef_construction": 50},
    "ef_construction 200": {"vector.hnsw.ef_construction": 200},
}
Chunks = list[tuple[list[Entity], list[Fact]]]


def chunks(size: int) -> Chunks:
    """The same sentences and vectors every call (new uuids: a fresh tenant each time)."""
    synth = ReadSynth(f"u_{USER}_vectors")
    return [synth.chunk(low, min(size, low + CHUNK)) for low in range(0, size, CHUNK)]


def port_write(store: Store, data: Chunks) -> float:
    began = time.perf_counter()
    for entities, facts in data:

        def work(tx: StoreTx, e: list[Entity] = entities, f: list[Fact] = facts) -> None:
            tx.entities.upsert(e)
            tx.facts.record(f)

        store.transaction(work)
    return time.perf_counter() - began


def raw_write(store: Store, data: Chunks) -> float:
    began = time.perf_counter()
    for entities, facts in data:
        store.maintenance().raw_insert(entities, facts)
    return time.perf_counter() - began


def deferred_write(store: Store, data: Chunks) -> float:
    """Facts without embeddings, then their embeddings in a second statement per chunk."""
    bare = [(e, [f.model_copy(update={"fact_embedding": None}) for f in fs]) for e, fs in data]
    seconds = port_write(store, bare)
    probes = neo4j_probes(store)
    began = time.perf_counter()
    for _, facts in data:
        probes.attach_embeddings(facts[0].group_id, {f.uuid: f.fact_embedding or () for f in facts})
    return seconds + time.perf_counter() - began


def recall_at_10(store: Store, data: Chunks) -> float:
    """Mean share of the exact top 10 (brute-force cosine) that the vector channel returns."""
    facts = [f for _, fs in data for f in fs]
    matrix = np.asarray([f.fact_embedding for f in facts], dtype=np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    rng = np.random.default_rng(5)
    found = 0
    for row in rng.choice(len(facts), size=QUERIES, replace=False):
        noise = np.asarray(rng.normal(size=matrix.shape[1]), dtype=np.float32)
        query = matrix[row] + NOISE * noise / np.linalg.norm(noise)
        exact = {facts[i].uuid for i in np.argsort(-(matrix @ query))[:10]}
        group, asked = facts[0].group_id, query.tolist()
        hits = store.read(lambda tx: tx.search.vector(group, asked, 10, None, NOW))  # noqa: B023
        found += len(exact & {hit.uuid for hit in hits})
    return found / (10 * QUERIES)


def neo4j_probes(store: Store) -> Neo4jMaintenance:
    probes = store.maintenance()
    if not isinstance(probes, Neo4jMaintenance):
        raise SystemExit("the vector index benchmark runs on Neo4j only")
    return probes


def run(
    store: Store,
    size: int,
    config: Mapping[str, Any] | None,
    writer: Callable[[Store, Chunks], float],
) -> dict[str, float]:
    neo4j_probes(store).rebuild_vector_index(None if config is None else BASE | dict(config))
    data = chunks(size)
    group = data[0][1][0].group_id
    drop_group(store, group)
    probes = neo4j_probes(store)
    try:
        client, server = time.process_time(), probes.server_cpu_seconds()
        rate = size / writer(store, data)
        cpu = time.process_time() - client + probes.server_cpu_seconds() - server
        recall = recall_at_10(store, data) if config is not None else float("nan")
    finally:
        drop_group(store, group)
    return {"rate": rate, "recall": recall, "per_cpu": size / cpu}


def main() -> None:
    parser = arguments(__doc__, "10000")
    parser.add_argument("--only", help="variants to write besides the default, by name prefix")
    parser.add_argument("--no-ceilings", action="store_true", help="skip deferred and no-index")
    args = parser.parse_args()
    size = sizes_of(args)[-1]
    prefixes = [p.strip() for p in (args.only or "").split(",") if p.strip()]
    variants = {
        name: config
        for name, config in VARIANTS.items()
        if name == "default" or not prefixes or any(name.startswith(p) for p in prefixes)
    }
    rows: dict[str, dict[str, float]] = {}
    with open_store("neo4j", args.neo4j_uri) as store:
        kept = neo4j_probes(store).vector_index()
        print(f"neo4j vector index before the run: {kept}", flush=True)
        try:
            run(store, size, {}, port_write)  # warm-up (the JIT, the page cache): not reported
            for name, config in variants.items():
                rows[name] = run(store, size, config, port_write)
                report(name, rows[name], rows["default"])
            if not args.no_ceilings:
                ceilings(store, size, rows)
            again = run(store, size, {}, port_write)  # the drift of a shared machine over the run
            report("default, again", again, rows["default"])
        finally:
            neo4j_probes(store).rebuild_vector_index(kept)
    best = max(
        (n for n in rows if rows[n]["recall"] >= rows["default"]["recall"] - RECALL_MARGIN),
        key=lambda n: rows[n]["rate"],
    )
    print(
        f"neo4j N={size:,} fastest at equal recall@10: {best}, "
        f"{rows[best]['rate'] / rows['default']['rate']:.2f}x the default's facts/s (target >= 1.5)"
    )


def ceilings(store: Store, size: int, rows: dict[str, dict[str, float]]) -> None:
    rows["deferred embeddings"] = run(store, size, {}, deferred_write)
    report("deferred embeddings", rows["deferred embeddings"], rows["default"])
    for name, writer in (("no index (port)", port_write), ("no index (raw)", raw_write)):
        rows[name] = run(store, size, None, writer)
        report(name, rows[name], rows["default"])


def report(name: str, row: dict[str, float], default: dict[str, float]) -> None:
    print(
        f"neo4j {name:36} {row['rate']:7.0f} facts/s ({row['rate'] / default['rate']:.2f}x "
        f"default), {row['per_cpu']:5.0f} per CPU s ({row['per_cpu'] / default['per_cpu']:.2f}x)"
        f"  recall@10 {row['recall']:.3f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
