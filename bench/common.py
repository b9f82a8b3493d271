"""Shared helpers for the benchmarks: timing, percentiles, stores, synthetic facts.

Absolute times on a shared machine drift 2-5x between runs, so every benchmark prints ratios
measured in the same run, next to the absolute numbers.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from graph.domain.model import Entity, Fact
from graph.domain.signature import fact_signature, normalize_text
from graph.ports.store import Store

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
DIM = 512
FACTS_PER_SUBJECT = 20
VALUES = 1000


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def timed(fn: Callable[[], Any], repeat: int) -> list[float]:
    """Milliseconds per call."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "p50": percentile(samples, 50),
        "p95": percentile(samples, 95),
        "mean": statistics.fmean(samples),
    }


@contextmanager
def open_store(backend: str, uri: str) -> Iterator[Store]:
    if backend == "sqlite":
        from graph.backends.sqlite import SqliteStore

        with tempfile.TemporaryDirectory(prefix="palimpsest-bench-") as folder:
            embedded = SqliteStore(Path(folder) / "bench.db")
            try:
                yield embedded
            finally:
                embedded.close()
        return
    from graph.backends.neo4j.store import Neo4jStore

    store = Neo4jStore(uri, password=os.environ.get("PALIMPSEST_NEO4J_PASSWORD"))
    try:
        yield store
    finally:
        store.close()


def drop_group(store: Store, group_id: str) -> None:
    """Remove a benchmark tenant from a Neo4j store (the SQLite store is a temp file)."""
    if store.capabilities.name == "neo4j":
        store.maintenance().drop_group(group_id)


@dataclass
class Synth:
    """Deterministic synthetic facts: FACTS_PER_SUBJECT facts per subject, shared values."""

    group_id: str
    seed: int = 7

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.np_rng = np.random.default_rng(self.seed)
        self.entities: dict[str, Entity] = {}

    def subject(self, index: int) -> str:
        return f"subject {index // FACTS_PER_SUBJECT}"

    def entity(self, name: str) -> tuple[Entity, bool]:
        key = normalize_text(name)
        if key in self.entities:
            return self.entities[key], False
        made = Entity(
            uuid=str(uuid.uuid4()),
            group_id=self.group_id,
            name=name,
            normalized=key,
            created_at=NOW,
        )
        self.entities[key] = made
        return made, True

    def chunk(self, start: int, stop: int) -> tuple[list[Entity], list[Fact]]:
        """Facts number start..stop-1 and the entities they introduce."""
        vectors = self.np_rng.standard_normal((stop - start, DIM)).astype(np.float32)
        new_entities: list[Entity] = []
        facts: list[Fact] = []
        for offset, number in enumerate(range(start, stop)):
            subject, fresh_s = self.entity(self.subject(number))
            value, fresh_v = self.entity(f"value {self.rng.randrange(VALUES)}")
            new_entities += [e for e, fresh in ((subject, fresh_s), (value, fresh_v)) if fresh]
            facts.append(self.fact(number, subject, value, tuple(vectors[offset].tolist())))
        return new_entities, facts

    def fact(self, number: int, subject: Entity, value: Entity, vector: tuple[float, ...]) -> Fact:
        predicate = f"p{number % 7}"
        valid = NOW - timedelta(days=self.rng.randrange(1, 2000))
        signature = fact_signature(
            group_id=self.group_id,
            subject_key=subject.normalized,
            predicate=predicate,
            value_key=value.normalized,
            polarity=1,
            scope="",
            period=f"n{number}",
        )
        return Fact(
            uuid=str(uuid.uuid4()),
            group_id=self.group_id,
            subject=subject.name,
            subject_key=subject.normalized,
            subject_uuid=subject.uuid,
            predicate=predicate,
            value=value.name,
            value_key=value.normalized,
            object_uuid=value.uuid,
            fact=f"{subject.name} {predicate} {value.name}",
            fact_embedding=vector,
            valid_at=valid,
            knowledge_time=NOW,
            created_at=NOW,
            signature=signature,
        )


def arguments(doc: str, sizes: str) -> argparse.ArgumentParser:
    """The options every benchmark takes: --backends, --sizes (default `sizes`), --neo4j-uri."""
    parser = argparse.ArgumentParser(description=doc.split("\n", maxsplit=1)[0])
    parser.add_argument("--backends", default="sqlite,neo4j")
    parser.add_argument("--sizes", default=sizes)
    parser.add_argument(
        "--neo4j-uri", default=os.environ.get("PALIMPSEST_NEO4J_URI", "bolt://127.0.0.1:7687")
    )
    return parser


def backends_of(args: argparse.Namespace) -> list[str]:
    return [b.strip() for b in args.backends.split(",") if b.strip()]


def sizes_of(args: argparse.Namespace) -> list[int]:
    return sorted({int(s) for s in args.sizes.split(",")})
