"""One size of the scale benchmark, measured in its own process (bench/scale/sizes.py runs it).

Usage: python -m bench.scale.probe BACKEND SIZE SAMPLES FOLDER; prints one JSON line last.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import dataclasses
import json
import random
import statistics
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from bench.read.latency import encoder, queries
from bench.runner.synth import NOW
from bench.runner.timing import summary, timed
from bench.scale.base import GROUP, ScaleBackend
from bench.scale.corpus import NAMESPACE, Birth, ScaleSynth
from bench.scale.knn import Recall, recall_at
from bench.scale.stores import backends
from graph.backends.sqlite import SqliteStore
from graph.domain.clock import ManualClock
from graph.ports.search import Scored
from graph.ports.store import Store
from service.bootstrap import bootstrap
from service.clients.memory import Memory
from service.settings import Settings

USER = "benchread"
ROUNDS = 3
WORDS = ("tea", "jazz", "chess", "kayaking", "opera", "sailing", "pottery", "tango", "haiku")


def resident_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def latency(fn: Callable[[], Any], samples: int) -> dict[str, float]:
    """p50 over every sample; p95 = median of ROUNDS rounds' p95s."""
    timed(fn, 3)
    rounds = [timed(fn, max(2, samples // ROUNDS)) for _ in range(ROUNDS)]
    every = [s for r in rounds for s in r]
    return {
        "p50": summary(every)["p50"],
        "p95": statistics.median(summary(r)["p95"] for r in rounds),
    }


def load_models() -> None:
    """The encoder and the extractor's models, on a throwaway store (excluded from memory)."""
    warm = Memory(container=bootstrap(Settings(), store=SqliteStore(), clock=ManualClock(NOW)))
    warm.add("I moved to Lisbon in 2023 and I like green tea.", user_id="warm")
    warm.search("where do I live?", user_id="warm")
    encoder().embed(["warm up"])


class Probe:
    """The use cases of one size's store, timed."""

    def __init__(self, memory: Memory, synth: ScaleSynth, samples: int) -> None:
        self.memory, self.synth, self.samples = memory, synth, samples
        self.rng = random.Random(17)
        self.projects = max(1, synth.projects // 20 - 1)

    def project(self) -> str:
        return f"project {self.rng.randrange(self.projects)}"

    def reads(self) -> dict[str, dict[str, float]]:
        m, n = self.memory, self.samples
        known = (NOW.date()).isoformat()
        some = self.synth.about_projects
        return {
            "facts": latency(lambda: m.facts(user_id=USER, subject=self.project()), n),
            "facts_as_of": latency(
                lambda: m.facts(user_id=USER, subject=self.project(), as_of="2024"), n
            ),
            "facts_known_at": latency(
                lambda: m.facts(user_id=USER, subject=self.project(), known_at=known), n
            ),
            "history": latency(lambda: m.history(self.project(), user_id=USER), n),
            "audit": latency(
                lambda: m.conflict_resolve(
                    fact_id=self.rng.choice(some), dry_run=True, user_id=USER
                ),
                n,
            ),
        }

    def search(self, backend: ScaleBackend, size: int) -> dict[str, Any]:
        current = [b for b in self.synth.births if b.current]  # one right answer each
        births = self.rng.sample(current, min(len(current), self.samples))
        cycle = iter(births * 50)
        right: list[bool] = []

        def ask() -> None:
            birth = next(cycle)
            found = self.memory.search(f"Where was {birth.name} born?", user_id=USER, limit=10)
            hits = found["results"]  # the fact, or the episode it was told in
            right.append(bool(hits) and hits[0]["id"] in (birth.fact_uuid, told_id(birth)))

        born = latency(ask, self.samples)
        baseline = [backend.full_bm25(size, f"Where was {b.name} born?") for b in births]
        mix = iter(queries(self.synth) * 50)
        mixed = latency(lambda: self.memory.search(next(mix), user_id=USER), self.samples)
        return {
            "ms": {"search": born, "search_mix": mixed},
            "top1": sum(right) / len(right),
            "bm25_top1": None
            if any(b is None for b in baseline)
            else sum(b == birth.fact_uuid for b, birth in zip(baseline, births, strict=True))
            / len(births),
        }

    def writes(self) -> dict[str, dict[str, float]]:
        timings = self.memory.container.writes.timings.seconds
        out: dict[str, dict[str, float]] = {}
        for kind, infer in (("", True), ("_verbatim", False)):
            aligns: list[float] = []

            def one(infer: bool = infer, aligns: list[float] = aligns) -> None:
                before = timings.get("align", 0.0)
                word = self.rng.choice(WORDS)
                text = f"I like {word} with {self.rng.getrandbits(40):x}."
                self.memory.add(text, user_id=USER, infer=infer)
                aligns.append((timings.get("align", 0.0) - before) * 1000)

            out["write" + kind] = latency(one, self.samples)
            out["align" + kind] = {
                "p50": summary(aligns)["p50"],
                "p95": summary(aligns)["p95"],
            }
        return out

    def recall(self, backend: ScaleBackend, size: int, store: Store) -> Recall | None:
        """Recall@10 of the store's vector channel against an exact scan (strict and tie-aware,
        bench/scale/knn.py); the exact scan keeps 30 so ties at rank 10 are counted."""
        asked = [f"Where was {b.name} born?" for b in self.synth.births[:10]]
        asked += queries(self.synth, 30)
        vectors = np.asarray(encoder().embed(asked), dtype=np.float32)
        exact = backend.exact_vectors(size, vectors, 3 * 10)
        if exact is None:
            return None
        found = [nearest(store, vector.tolist()) for vector in vectors]
        return recall_at(found, exact, 10)


def nearest(store: Store, vector: list[float]) -> list[Scored]:
    return store.read(lambda tx: tx.search.vector(GROUP, vector, 10, None, NOW))


def told_id(birth: Birth) -> str:
    return str(uuid.uuid5(NAMESPACE, f"episode/{birth.fact_uuid}"))


def main() -> None:
    name, size, samples, folder = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    backend = backends(Path(folder))[name]
    synth = ScaleSynth(GROUP)
    for _ in synth.sentences(0, size):  # the births and projects asked about
        pass
    load_models()
    with_models = resident_mb()
    with backend.opened(size) as store:
        memory = Memory(container=bootstrap(Settings(), store=store, clock=ManualClock(NOW)))
        probe = Probe(memory, synth, samples)
        memory.search("warm up", user_id=USER)
        found = probe.search(backend, size)
        result: dict[str, Any] = {"ms": {**probe.reads(), **found.pop("ms")}, **found}
        result["ms"].update(probe.writes())
        result["rss_models_mb"] = with_models
        result["rss_store_mb"] = resident_mb() - with_models
        recall = probe.recall(backend, size, store)
        result["recall"] = None if recall is None else dataclasses.asdict(recall)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
