"""Write benchmark: add_batch vs per-item add, per-stage time, dedup lookup cost vs store size.

Prints, per backend, in one run:

* batch throughput planned in-process and by `--workers` extraction processes
  (PALIMPSEST_EXTRACT_WORKERS), their ratio (target >= 1.6x with 2 on 2 cores) and the store's
  share of the batch's time (target <= 25%): the writer's wall time inside its transactions
  (which also holds its waits for the GIL, held in-process by the extraction thread, and for
  a CPU the other sessions hold), and the CPU it spent there as a share of the batch's CPU;
* throughput of the same N short messages (default 2,000; English and Chinese) through
  per-item `add` and through `add_batch`, and the ratio (target >= 10x);
* the per-stage time breakdown of each path (parse, notary, extract, embed, align, persist,
  ledger);
* on the embedded store, the cost of durability: per-item adds per second with SQLite's
  `synchronous=FULL` (the default) beside `NORMAL`, and their ratio;
* the cost of the dedup + alignment lookups of one write at 1k and at 100k stored facts,
  and the ratio (target <= 1.5).

Usage: python -m bench.write [--backends sqlite,neo4j] [--messages 2000] [--sizes 1000,100000]
       [--workers 2] [--only scaling]
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from bench.runner.options import arguments, backends_of, sizes_of
from bench.runner.stores import drop_group, open_store
from bench.runner.synth import NOW, Synth
from bench.runner.timing import percentile
from graph.domain.tenancy import TenantScope
from graph.ports.facts import AlignmentKey
from graph.ports.store import Store, StoreTx
from service.bootstrap import bootstrap
from service.clients.memory import Memory
from service.settings import Settings
from service.write.parallel import WORKER_CPU
from service.write.pipeline import STORE_CPU
from service.write.warm import model_steps

STAGES = ("parse", "notary", "extract", "plan", "embed", "store", "align", "persist", "ledger")
LOOKUPS = 500

_EN = [
    "I like {x}",
    "I live in {city} and I like {x}",
    "My favourite colour is {colour}",
    "I work at {company}",
    "I speak {language} and {language2}",
    "I don't like {x}",
    "My dog is called {name}",
    "I use {tool} daily",
    "My badge number is B-{n}",
    "My locker is number {n}",
    "I work at {company} in {city}",
]
_ZH = [
    "我喜欢{x}",
    "我住在{city}",
    "我的狗叫{name}",
    "我在{company}工作",
    "我会说{language}",
    "我的工号是A-{n}",
]
_WORDS = {
    "x": [
        "green tea",
        "jazz",
        "chess",
        "hiking",
        "sushi",
        "cycling",
        "opera",
        "poetry",
        "sailing",
        "pottery",
        "origami",
        "tango",
        "curling",
        "fencing",
        "kayaking",
        "haiku",
    ],
    "city": [
        "Berlin",
        "Lima",
        "Oslo",
        "Kyoto",
        "Porto",
        "Quito",
        "Dakar",
        "Hanoi",
        "Perth",
        "Quebec",
        "Tbilisi",
        "Cusco",
        "北京",
        "上海",
        "成都",
        "杭州",
    ],
    "colour": ["blue", "green", "red", "ochre", "teal", "amber", "violet", "cyan"],
    "company": ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Soylent", "Tyrell"],
    "language": ["French", "Japanese", "Basque", "Swahili", "Welsh", "Tamil", "Farsi", "Polish"],
    "name": ["Rex", "Bella", "Milo", "Luna", "Otis", "Nala", "Ziggy", "Pepper"],
    "tool": ["Neovim", "Terraform", "Postgres", "Redis", "Kafka", "Emacs", "Docker", "Bazel"],
}


def messages(count: int, seed: int = 3) -> list[str]:
    """`count` distinct short messages (no repeats, so batching gains nothing from dedup)."""
    rng = random.Random(seed)
    seen: set[str] = set()
    while len(seen) < count:
        template = rng.choice(_ZH if len(seen) % 5 == 4 else _EN)
        fields: dict[str, object] = {k: rng.choice(v) for k, v in _WORDS.items()}
        fields.update(language2=rng.choice(_WORDS["language"]), n=rng.randrange(100, 10_000))
        seen.add(template.format(**fields))
    return sorted(seen, key=lambda _: rng.random())


def build_memory(store: Store, workers: int = 1) -> Memory:
    return Memory(container=bootstrap(Settings(extract_workers=workers), store=store))


def per_item(memory: Memory, texts: list[str], users: int) -> float:
    began = time.perf_counter()
    for i, text in enumerate(texts):
        memory.add(text, user_id=f"item{i % users}")
    return time.perf_counter() - began


def batched(memory: Memory, texts: list[str], users: int, prefix: str = "batch") -> float:
    items = [{"messages": t, "user_id": f"{prefix}{i % users}"} for i, t in enumerate(texts)]
    began = time.perf_counter()
    memory.add_batch(items)
    return time.perf_counter() - began


def stage_line(seconds: dict[str, float], count: int) -> str:
    parts = [f"{s} {1000 * seconds.get(s, 0.0) / count:.2f}" for s in STAGES]
    return "ms/msg: " + ", ".join(parts)


def throughput(store: Store, count: int) -> dict[str, Any]:
    texts = messages(count)
    memory = build_memory(store)
    warm(memory)
    one = per_item(memory, texts, users=20)
    item_stages = dict(memory.container.writes.timings.seconds)
    memory.container.writes.timings.seconds.clear()
    many = batched(memory, texts, users=20)
    batch_stages = dict(memory.container.writes.timings.seconds)
    return {
        "per_item_rate": count / one,
        "batch_rate": count / many,
        "item_stages": item_stages,
        "batch_stages": batch_stages,
    }


def warm(memory: Memory) -> None:
    """Every model loaded before a timed run (spaCy, the Chinese segmenter, the encoder), here
    and in the extraction processes: a load inside the run would count against whichever
    path met it first."""
    container = memory.container
    memory.add("warm up the store: I like tea. 我喜欢茶。", user_id="warmup")
    for step in model_steps(container.embedder, container.extractor, NOW):
        step()
    if container.writes.pool is not None:
        container.writes.pool.warm()
    container.writes.timings.seconds.clear()


def worker_scaling(store: Store, count: int, workers: int) -> dict[int, dict[str, float]]:
    """The same batch (fresh texts, fresh tenants) planned in-process and by `workers`
    extraction processes: rate, the store's share of the batch's wall time (the writer's time
    inside its transactions), the CPU seconds the writer spent inside them, and the CPU
    seconds of the writer's process and of the extraction processes."""
    texts = messages(count, seed=5)
    measured: dict[int, dict[str, float]] = {}
    for n in (1, workers):
        memory = build_memory(store, n)
        warm(memory)
        began = process_cpu()
        wall = batched(memory, texts, users=20, prefix=f"w{n}_")
        writer_cpu = process_cpu() - began
        stages = dict(memory.container.writes.timings.seconds)
        memory.container.writes.close()
        measured[n] = {
            "wall": wall,
            "rate": count / wall,
            "store_share": stages.get("store", 0.0) / wall,
            "store_cpu": stages.get(STORE_CPU, 0.0),
            "writer_cpu": writer_cpu,
            "workers_cpu": stages.get(WORKER_CPU, 0.0),
        }
    return measured


def process_cpu() -> float:
    """CPU seconds of this process so far, every thread."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cpu_share(row: dict[str, float]) -> float:
    """The store's CPU (the writer inside its transactions) as a share of all the CPU the
    batch took (the writer's process and the extraction processes): unlike the wall share,
    it does not move with the other sessions' load on the machine."""
    return row["store_cpu"] / max(row["writer_cpu"] + row["workers_cpu"], 1e-9)


@dataclass(frozen=True)
class ScalingBounds:
    """What the pool could gain over in-process planning on idle cores, from one run's CPU
    and wall times."""

    cores: float
    """In-process wall time over the pooled batch's least wall time: at least the writer's
    CPU (one writer) and at least all its CPU spread over every core."""
    writer: float
    """In-process wall time over the pooled writer's CPU (Amdahl's serial part alone)."""
    in_process_cores: float
    """Cores the in-process batch kept busy (CPU over wall): above 1 when the store's commit,
    which releases the GIL, overlaps the next chunk's planning."""
    extra_cpu: float
    """The pooled batch's CPU over the in-process batch's (pickling, per-process caches)."""


def scaling_bounds(one: dict[str, float], many: dict[str, float], cores: int) -> ScalingBounds:
    """Bounds from the in-process row `one` and the pooled row `many` of `worker_scaling`.
    Measured against the in-process wall time, not its CPU: in-process planning already runs
    the store's commit beside the next chunk, so it is not one core's worth of work."""
    pooled_cpu = many["writer_cpu"] + many["workers_cpu"]
    least = max(many["writer_cpu"], pooled_cpu / cores, 1e-9)
    return ScalingBounds(
        cores=one["wall"] / least,
        writer=one["wall"] / max(many["writer_cpu"], 1e-9),
        in_process_cores=one["writer_cpu"] / max(one["wall"], 1e-9),
        extra_cpu=pooled_cpu / max(one["writer_cpu"], 1e-9),
    )


def print_scaling(backend: str, count: int, measured: dict[int, dict[str, float]]) -> None:
    one, many = measured[min(measured)], measured[max(measured)]
    for n in sorted(measured):
        row = measured[n]
        print(
            f"{backend:7} batch with {n} extraction process(es): {row['rate']:.1f} msg/s, "
            f"store share of batch time {100 * row['store_share']:.0f}% (target <= 25%), "
            f"{100 * cpu_share(row):.1f}% of the batch's CPU; "
            f"CPU ms/msg: writer {1000 * row['writer_cpu'] / count:.2f} "
            f"(the store {1000 * row['store_cpu'] / count:.2f}), "
            f"extraction processes {1000 * row['workers_cpu'] / count:.2f}"
        )
    ratio = many["rate"] / one["rate"]
    cores = os.cpu_count() or 1
    bounds = scaling_bounds(one, many, cores)
    print(
        f"{backend:7} batch {max(measured)} workers / 1: {ratio:.2f}x (target >= 1.6x); "
        f"bound from CPU on {cores} idle cores {bounds.cores:.2f}x (in-process the batch "
        f"kept {bounds.in_process_cores:.2f} cores busy, the pool needs "
        f"{bounds.extra_cpu:.2f}x its CPU), from the one writer (Amdahl) "
        f"{bounds.writer:.2f}x; the store's share of the in-process CPU "
        f"{100 * cpu_share(one):.1f}%; load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )


def lookup_cost(store: Store, group: str, synth: Synth, size: int) -> float:
    """Median ms of one write's dedup + alignment lookups (signature seek + aligned query)."""
    rng = random.Random(size)

    def one() -> None:
        number = rng.randrange(size)
        subject = synth.subject(number)
        key = AlignmentKey(subject, f"p{number % 7}")

        def work(tx: StoreTx) -> None:
            tx.facts.by_signatures(group, [f"{rng.getrandbits(128):032x}"])
            tx.facts.aligned(group, [key], NOW)

        store.read(work)  # type: ignore[arg-type]

    samples = []
    for _ in range(LOOKUPS):
        began = time.perf_counter()
        one()
        samples.append((time.perf_counter() - began) * 1000)
    return statistics.median(samples[20:]) if len(samples) > 40 else percentile(samples, 50)


def grow(store: Store, synth: Synth, start: int, stop: int) -> None:
    for low in range(start, stop, 1000):
        entities, facts = synth.chunk(low, min(stop, low + 1000))

        def work(tx: StoreTx, entities: Any = entities, facts: Any = facts) -> None:
            tx.entities.upsert(entities)
            tx.facts.record(facts)

        store.transaction(work)


def durability_cost(count: int) -> dict[str, float]:
    """Commits per second on a file-backed embedded store, per `synchronous` level: each
    commit one operation record, the smallest transaction a synchronous add makes (what
    `synchronous` changes is the cost of the commit itself, not of the models before it)."""
    from graph.backends.sqlite import SqliteStore
    from graph.domain.model import Operation

    rates: dict[str, float] = {}
    for level in ("NORMAL", "FULL", "NORMAL", "FULL"):  # twice, interleaved, against drift
        with tempfile.TemporaryDirectory(prefix="palimpsest-bench-") as folder:
            store = SqliteStore(Path(folder) / "bench.db", synchronous=level)
            began = time.perf_counter()
            for n in range(count):
                op = Operation(event_id=f"e{n}", group_id="u_bench", created_at=NOW, updated_at=NOW)
                store.transaction(partial(_append, op))
            rates[level] = max(rates.get(level, 0.0), count / (time.perf_counter() - began))
            store.close()
    return rates


def _append(operation: Any, tx: StoreTx) -> None:
    tx.operations.append(operation)


def print_durability(count: int) -> None:
    rates = durability_cost(count)
    print(
        f"sqlite  durability: {rates['NORMAL']:.0f} commits/s with synchronous=NORMAL, "
        f"{rates['FULL']:.0f} commits/s with FULL (the default); FULL/NORMAL "
        f"{rates['FULL'] / rates['NORMAL']:.2f}",
        flush=True,
    )


def run(backend: str, count: int, sizes: list[int], uri: str, workers: int, only: str) -> None:
    with open_store(backend, uri) as store:
        groups = [
            TenantScope(user_id=f"{p}{i}").group_id
            for p in ("item", "batch", "w1_", f"w{workers}_")
            for i in range(20)
        ] + [TenantScope(user_id="warmup").group_id]
        for group in (*groups, "bench_lookup"):
            drop_group(store, group)
        if only == "scaling":
            print_scaling(backend, count, worker_scaling(store, count, workers))
            for group in groups:
                drop_group(store, group)
            return
        result = throughput(store, count)
        ratio = result["batch_rate"] / result["per_item_rate"]
        print(
            f"{backend:7} {count} messages: per-item {result['per_item_rate']:.1f} msg/s, "
            f"batch {result['batch_rate']:.1f} msg/s, batch/per-item {ratio:.1f}x "
            f"(target >= 10x)",
            flush=True,
        )
        print(f"{backend:7}   per-item {stage_line(result['item_stages'], count)}")
        print(f"{backend:7}   batch    {stage_line(result['batch_stages'], count)}")
        print_scaling(backend, count, worker_scaling(store, count, workers))
        synth, done, costs = Synth("bench_lookup"), 0, {}
        for size in sizes:
            grow(store, synth, done, size)
            done = size
            costs[size] = lookup_cost(store, "bench_lookup", synth, size)
            print(f"{backend:7} dedup+align lookup at {size:>7,} facts: {costs[size]:.3f} ms")
        small, large = costs[sizes[0]], costs[sizes[-1]]
        print(
            f"{backend:7} lookup cost ratio {sizes[-1]:,}/{sizes[0]:,}: {large / small:.2f} "
            "(target <= 1.5)",
            flush=True,
        )
        for group in (*groups, "bench_lookup"):
            drop_group(store, group)


def main() -> None:
    parser = arguments(__doc__, "1000,100000")
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2, help="extraction processes to compare")
    parser.add_argument(
        "--only", choices=("all", "scaling"), default="all", help="scaling: the worker rows only"
    )
    args = parser.parse_args()
    sizes = sizes_of(args)
    for backend in backends_of(args):
        run(backend, args.messages, sizes, args.neo4j_uri, args.workers, args.only)
        if backend == "sqlite" and args.only == "all":
            print_durability(min(args.messages, 500))
