"""Store benchmark: batch write through the port vs raw insertion, and lookup latency vs size.

For each backend, grows two tenants to each size N (10k, 100k; 1M with --full): one through
the port's batch write (entities upserted, facts recorded, one transaction per chunk), one
through a raw batched insert of the same rows (Neo4j: UNWIND ... CREATE; SQLite: executemany).
At each N it times current and as_of lookups of one subject (20 facts). It prints absolute
numbers and the ratios that the targets are stated in:

* port write rate / raw write rate (target on Neo4j: >= 0.5)
* lookup p95 at 100k / p95 at 10k (target: <= 1.5), and p95 at 100k < 10 ms

Usage: python -m bench.store [--backends sqlite,neo4j] [--full] [--sizes 10000,100000]
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from bench.runner.options import arguments, backends_of, sizes_of
from bench.runner.stores import drop_group, open_store
from bench.runner.synth import NOW, Synth
from bench.runner.timing import summary, timed
from graph.domain.model import Entity, Fact
from graph.domain.timerules import Period, TimeQuery
from graph.ports.facts import FactFilter, FactQuery
from graph.ports.store import Store, StoreTx

CHUNK = 1000
LOOKUPS = 500
ROUNDS = 5


def port_write(store: Store, entities: list[Entity], facts: list[Fact]) -> None:
    def work(tx: StoreTx) -> None:
        tx.entities.upsert(entities)
        tx.facts.record(facts)

    store.transaction(work)


def raw_write(store: Store, entities: list[Entity], facts: list[Fact]) -> None:
    store.maintenance().raw_insert(entities, facts)


def grow(store: Store, synth: Synth, start: int, stop: int, writer: Any) -> float:
    """Write facts start..stop-1 in chunks; seconds spent inside the writer only."""
    spent = 0.0
    for low in range(start, stop, CHUNK):
        entities, facts = synth.chunk(low, min(stop, low + CHUNK))
        began = time.perf_counter()
        writer(store, entities, facts)
        spent += time.perf_counter() - began
    return spent


def lookups(store: Store, group_id: str, size: int) -> dict[str, dict[str, float]]:
    """p50 over every sample; p95 as the median of ROUNDS rounds' p95s (robust to bursts of
    load from other jobs on a shared machine)."""
    rng = random.Random(size)
    subjects = max(1, size // 20)

    def ask(time_query: TimeQuery) -> dict[str, float]:
        def one() -> None:
            key = f"subject {rng.randrange(subjects)}"
            query = FactQuery(FactFilter(subject_key=key), time_query)
            store.read(lambda tx: tx.facts.find(group_id, query, NOW))

        timed(one, 20)
        rounds = [timed(one, LOOKUPS // ROUNDS) for _ in range(ROUNDS)]
        every = [sample for round_ in rounds for sample in round_]
        return {
            "p50": summary(every)["p50"],
            "p95": statistics.median(summary(round_)["p95"] for round_ in rounds),
        }

    as_of = TimeQuery(as_of=Period.point(NOW.replace(year=2025)))
    return {"current": ask(TimeQuery()), "as_of": ask(as_of)}


def run_backend(backend: str, sizes: list[int], uri: str) -> dict[int, dict[str, Any]]:
    results: dict[int, dict[str, Any]] = {}
    with open_store(backend, uri) as store:
        port, raw = Synth("bench_port"), Synth("bench_raw", seed=8)
        for group in (port.group_id, raw.group_id):
            drop_group(store, group)
        done = 0
        for size in sizes:
            port_s = grow(store, port, done, size, port_write)
            raw_s = grow(store, raw, done, size, raw_write)
            added = size - done
            results[size] = {
                "port_rate": added / port_s,
                "raw_rate": added / raw_s,
                "lookups": lookups(store, port.group_id, size),
            }
            done = size
            report_size(backend, size, results[size])
        for group in (port.group_id, raw.group_id):
            drop_group(store, group)
    return results


def report_size(backend: str, size: int, row: dict[str, Any]) -> None:
    look = row["lookups"]
    print(
        f"{backend:7} N={size:>8,}  port {row['port_rate']:8.0f} facts/s  raw "
        f"{row['raw_rate']:8.0f} facts/s  port/raw {row['port_rate'] / row['raw_rate']:.2f}  "
        f"current p50/p95 {look['current']['p50']:.2f}/{look['current']['p95']:.2f} ms  "
        f"as_of p50/p95 {look['as_of']['p50']:.2f}/{look['as_of']['p95']:.2f} ms",
        flush=True,
    )


def report_ratios(backend: str, results: dict[int, dict[str, Any]]) -> None:
    sizes = sorted(results)
    small, large = results[sizes[0]], results[sizes[-1]]
    for kind in ("current", "as_of"):
        ratio = large["lookups"][kind]["p95"] / small["lookups"][kind]["p95"]
        p95 = large["lookups"][kind]["p95"]
        verdict = "met" if ratio <= 1.5 and p95 < 10 else "NOT met"
        print(
            f"{backend:7} {kind:7} lookup p95 ratio N={sizes[-1]:,}/N={sizes[0]:,}: {ratio:.2f} "
            f"(target <= 1.5), p95 {p95:.2f} ms (target < 10 ms): {verdict}"
        )
    rates = [r["port_rate"] / r["raw_rate"] for r in results.values()]
    print(
        f"{backend:7} port/raw write rate: "
        + ", ".join(f"{r:.2f}" for r in rates)
        + (" (target on Neo4j >= 0.5)" if backend == "neo4j" else "")
    )


def main() -> None:
    parser = arguments(__doc__, "10000,100000")
    parser.add_argument("--full", action="store_true", help="also 1,000,000 facts")
    args = parser.parse_args()
    sizes = sorted({*sizes_of(args), *([1_000_000] if args.full else [])})
    for backend in backends_of(args):
        report_ratios(backend, run_backend(backend, sizes, args.neo4j_uri))
