"""Verbatim-write benchmark: the dedup + align cost of one `infer=false` message as the
speaker's `said` records grow (issue 17), before and after reading only the records that bear
on the message, in one run on one store.

A tenant's speaker gets `size` verbatim records (`said`, multi-valued, the first few in
another scope: every write still reads those, they are its scope-difference findings); then,
per sample, a new message is judged as the write judges it: its signature chain (dedup), its
aligned records, and the judge's findings over them. "every record" is the earlier path (every
current `said` record of the speaker read and compared); "bearing" is the write's path now
(the same value in its scope and every other scope: an index seek). Prints p50 per size and
each path's growth from the smallest size to the largest.

Usage: python -m bench.write.verbatim [--backends sqlite,neo4j] [--sizes 1000,10000] [--samples 60]
       [--full-samples 5]
"""

from __future__ import annotations

import gc
import random
import statistics
import time
import uuid
from collections.abc import Callable

from bench.runner.options import arguments, backends_of, sizes_of
from bench.runner.stores import drop_group, open_store
from bench.runner.synth import NOW
from graph.domain.conflicts import PredicateRules
from graph.domain.enums import Cardinality
from graph.domain.judge import Statement, findings_of
from graph.domain.model import Entity, Fact
from graph.domain.signature import fact_signature, normalize_text
from graph.ports.store import Store, StoreReads, StoreTx
from service.write.view import FactView

GROUP = "u_bench_verbatim"
SPEAKER = "speaker"
RULES = PredicateRules(Cardinality.MULTI)
PATHS = (("every record", False), ("bearing", True))
OTHER_SCOPE = 5  # the first few records were said in another project (scope differences)


def entity(name: str) -> Entity:
    return Entity(
        uuid=str(uuid.uuid4()), group_id=GROUP, name=name, normalized=normalize_text(name),
        created_at=NOW,
    )  # fmt: skip


def said(speaker: Entity, text: str, scope: str = "") -> Fact:
    value_key = normalize_text(text)
    signature = fact_signature(
        group_id=GROUP, subject_key=speaker.normalized, predicate="said", value_key=value_key,
        polarity=1, scope=scope, period="",
    )  # fmt: skip
    return Fact(
        uuid=str(uuid.uuid4()), group_id=GROUP, subject=speaker.name,
        subject_key=speaker.normalized, subject_uuid=speaker.uuid, predicate="said",
        cardinality=Cardinality.MULTI, value=text, value_key=value_key,
        object_uuid=speaker.uuid, fact=text, valid_at=NOW, knowledge_time=NOW, created_at=NOW,
        signature=signature, scope=scope,
    )  # fmt: skip


def grow(store: Store, speaker: Entity, start: int, stop: int) -> None:
    for low in range(start, stop, 1000):
        facts = [
            said(speaker, f"message number {n}: see you at {n % 97} o'clock",
                 "elsewhere" if n < OTHER_SCOPE else "")
            for n in range(low, min(stop, low + 1000))
        ]  # fmt: skip

        def work(tx: StoreTx, facts: list[Fact] = facts, first: bool = low == 0) -> None:
            if first:
                tx.entities.upsert([speaker])
            tx.facts.record(facts)

        store.transaction(work)


def judged(narrow: bool, fact: Fact) -> Callable[[StoreReads], int]:
    """One message's dedup + align as the write runs it; the number of findings."""

    def work(reads: StoreReads) -> int:
        view = FactView(reads.facts, NOW, narrow=narrow)
        view.claim(fact)
        current = view.bearing(fact) if view.narrows(RULES, False) else view.aligned(fact)
        return len(findings_of(Statement(fact, RULES), current))

    return work


def cost(
    store: Store, speaker: Entity, samples: tuple[int, int], rng: random.Random
) -> dict[str, float]:
    """Median ms of each path, measured one path after the other (interleaving them would
    charge the earlier path's garbage to the narrow one); `samples`: how many of each (the
    earlier path reads every record: seconds per sample at 10k)."""
    times: dict[str, float] = {}
    for (name, narrow), count in zip(PATHS, samples, strict=True):
        gc.collect()
        values = []
        for _ in range(count):
            fact = said(speaker, f"a new message {rng.getrandbits(64):x}")
            began = time.perf_counter()
            store.read(judged(narrow, fact))
            values.append((time.perf_counter() - began) * 1000)
        times[name] = statistics.median(values)
    return times


def run(
    backend: str, uri: str, sizes: list[int], samples: tuple[int, int]
) -> dict[int, dict[str, float]]:
    measured: dict[int, dict[str, float]] = {}
    with open_store(backend, uri) as store:
        drop_group(store, GROUP)
        speaker, done, rng = entity(SPEAKER), 0, random.Random(17)
        for size in sizes:
            grow(store, speaker, done, size)
            done = size
            measured[size] = cost(store, speaker, samples, rng)
            row = ", ".join(f"{k} {v:.2f} ms" for k, v in measured[size].items())
            print(f"{backend:7} dedup+align of one verbatim write at {size:>7,} said: {row}",
                  flush=True)  # fmt: skip
        small, large = measured[sizes[0]], measured[sizes[-1]]
        for name in small:
            print(f"{backend:7} {name:12} growth {sizes[-1]:,}/{sizes[0]:,}: "
                  f"{large[name] / small[name]:.2f} (target <= 1.5)", flush=True)  # fmt: skip
        drop_group(store, GROUP)
    return measured


def main() -> None:
    parser = arguments(__doc__, "1000,10000")
    parser.add_argument("--samples", type=int, default=60, help="of the bearing path")
    parser.add_argument("--full-samples", type=int, default=5, help="of the every-record path")
    args = parser.parse_args()
    for backend in backends_of(args):
        run(backend, args.neo4j_uri, sizes_of(args), (args.full_samples, args.samples))


if __name__ == "__main__":
    main()
