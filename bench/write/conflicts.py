"""Conflict benchmark: alignment + classification per write vs store size; a whole-tenant audit.

Prints, per backend, in one run:

* the cost of aligning one new record (the indexed query for its subject and predicate) and
  classifying it against the aligned records, at 1k and at 100k stored facts, and the ratio
  (target <= 1.5);
* the time of a full-tenant audit of the largest store, with what it scanned and flagged.

Usage: python -m bench.write.conflicts [--backends sqlite,neo4j] [--sizes 1000,100000]
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from bench.runner.options import arguments, backends_of, sizes_of
from bench.runner.stores import drop_group, open_store
from bench.runner.synth import NOW, Synth
from graph.domain.clock import ManualClock
from graph.domain.conflicts import PredicateRules, classify
from graph.domain.enums import Cardinality
from graph.ports.facts import AlignmentKey
from graph.ports.store import Store, StoreTx
from service.bootstrap import bootstrap
from service.conflicts.answers import AuditOut
from service.conflicts.usecases import audit
from service.settings import Settings

GROUP = "bench_conflicts"
MULTI = Cardinality.MULTI
SAMPLES = 500


def grow(store: Store, synth: Synth, start: int, stop: int) -> None:
    """Facts about many facets: multi-valued predicates, except one in a hundred single-valued
    (so about one bucket in a hundred holds a real pending conflict)."""
    for low in range(start, stop, 1000):
        entities, made = synth.chunk(low, min(stop, low + 1000))
        facts = [
            f if (low + i) % 100 == 0 else f.model_copy(update={"cardinality": MULTI})
            for i, f in enumerate(made)
        ]

        def work(tx: StoreTx, entities: Any = entities, facts: Any = facts) -> None:
            tx.entities.upsert(entities)
            tx.facts.record(facts)

        store.transaction(work)


def align_and_classify(store: Store, synth: Synth, size: int) -> float:
    """Median ms of one write's alignment query plus its classification."""
    rng = random.Random(size)
    samples = []
    for _ in range(SAMPLES):
        number = rng.randrange(size)
        subject = synth.subject(number).lower()
        key = AlignmentKey(subject, f"p{number % 7}")
        began = time.perf_counter()
        aligned = store.read(lambda tx: tx.facts.aligned(GROUP, [key], NOW))  # noqa: B023
        for old in aligned:
            classify(aligned[0], old, PredicateRules(old.cardinality))
        samples.append((time.perf_counter() - began) * 1000)
    return statistics.median(samples[20:])


def run(backend: str, sizes: list[int], uri: str) -> None:
    with open_store(backend, uri) as store:
        drop_group(store, GROUP)
        synth, done, costs = Synth(GROUP), 0, {}
        for size in sizes:
            grow(store, synth, done, size)
            done = size
            costs[size] = align_and_classify(store, synth, size)
            print(
                f"{backend:7} align+classify at {size:>7,} facts: {costs[size]:.3f} ms", flush=True
            )
        ratio = costs[sizes[-1]] / costs[sizes[0]]
        print(
            f"{backend:7} align+classify ratio {sizes[-1]:,}/{sizes[0]:,}: {ratio:.2f} "
            "(target <= 1.5)",
            flush=True,
        )
        seconds, report = audit_group(store)
        print(
            f"{backend:7} audit of {sizes[-1]:,} facts: {seconds:.1f} s, scanned "
            f"{report.scanned:,} records in {report.buckets:,} buckets, flagged "
            f"{report.flagged:,} groups ({report.flagged_records:,} records)",
            flush=True,
        )
        drop_group(store, GROUP)


def audit_group(store: Store) -> tuple[float, AuditOut]:
    """Audit the benchmark tenant (its group id is not a user's, so call the use case)."""
    container = bootstrap(Settings(embedder="hashing"), store=store, clock=ManualClock(NOW))
    scope = _BenchScope()
    began = time.perf_counter()
    report = audit(container.services, scope)  # type: ignore[arg-type]
    return time.perf_counter() - began, report


class _BenchScope:
    """The benchmark tenant's scope: the synthetic group id as is."""

    group_id = GROUP


def main() -> None:
    parser = arguments(__doc__, "1000,100000")
    args = parser.parse_args()
    sizes = sizes_of(args)
    for backend in backends_of(args):
        run(backend, sizes, args.neo4j_uri)


if __name__ == "__main__":
    main()
