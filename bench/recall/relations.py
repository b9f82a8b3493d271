"""Search over short factual sentences that share their words: latency growth from 1k to 10k
records, and whether every current value of the asked relation is in the top 10.

Corpus: real names (bench/data/relnames.toml: people, teams, employers, parties, schools,
places, countries, ranks, awards and groups named in TimeQA's human-annotated files) in ten
relation templates ("<person> plays for <team>.", "<person> works at <employer>.", ...). Each
person gets a deterministic career: several teams, employers and homes one after another (each
a later turn, so the write path supersedes the earlier one), two schools, awards and groups
that accumulate, one spouse, country and rank. So a tenth of the records say "plays for", and
one value is shared by a hundred people at 10k. Records are written person after person, one
turn a day, through `Memory.add_batch` (the whole write path: notary, extraction, alignment);
the 1k store is the first 1,000 records of the 10k one. The days end at `END`, in the past,
for the largest size: until 2026-12-04 they began on 2020-01-01, so 7,480 of the 10k records
were dated after today, which a current search never shows; the 10k store then held about
2,500 records a search can answer, and its costs (candidates the time rule drops) were not
those of 10k records.

Questions: for people complete in the 1k store, one per relation ("Which team does <person>
play for?"), asked of both stores alternately (so the machine's load drifts over both). A
question is complete when every current value of its relation for that person (the last team;
every school) is in the text of the top 10 hits. Beside the service, a plain Okapi BM25 over
the same sentences (English stems) answers the same questions.

`--before REV` (a git revision or a checkout) also asks the same questions of the same stores
with that revision's search, in its own process, a round of it after each round of this one,
so both growths are measured at the same load.

    python -m bench.recall.relations [--sizes 1000,10000] [--questions 100] [--rounds 3]
                                     [--backend sqlite|neo4j] [--before REV]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.data.sets import dataset_path
from bench.recall.baselines import Okapi, stems
from bench.recall.evidence import shown
from bench.recall.scores import holds
from bench.runner.checkouts import in_tree, tree_of
from bench.runner.options import store_options
from bench.runner.timing import percentile

TENANT = "relations"
END = datetime(2025, 1, 1, 9, 0, tzinfo=UTC)
BATCH = 200
SEED = 31


@dataclass(frozen=True)
class Relation:
    name: str
    kind: str
    """The kind of value (a list of relnames.json, or "person")."""
    sentence: str
    question: str
    count: int
    """How many values a person gets, in order."""
    accumulates: bool = False
    """Every value stays current (schools, awards); else only the last one does."""


RELATIONS = (
    Relation("team", "team", "{p} plays for {v}.", "Which team does {p} play for?", 5),
    Relation("employer", "employer", "{p} works at {v}.", "Where does {p} work?", 3),
    Relation("home", "place", "{p} lives in {v}.", "Where does {p} live?", 3),
    Relation("party", "party", "{p} represents the {v}.", "Which party does {p} represent?", 2),
    Relation("rank", "rank", "{p} holds the rank of {v}.", "What rank does {p} hold?", 2),
    Relation("spouse", "person", "{p} is married to {v}.", "Who is {p} married to?", 1),
    Relation("country", "country", "{p} is a citizen of {v}.",
             "Which country is {p} a citizen of?", 1),
    Relation("school", "school", "{p} studied at {v}.", "Where did {p} study?", 2, True),
    Relation("award", "award", "{p} won the {v}.", "What did {p} win?", 3, True),
    Relation("group", "group", "{p} is a member of the {v}.",
             "Which group is {p} a member of?", 2, True),
)  # fmt: skip


@dataclass(frozen=True)
class Record:
    person: str
    relation: Relation
    value: str
    text: str


@dataclass(frozen=True)
class Question:
    person: str
    relation: Relation
    text: str
    current: tuple[str, ...]


def names(path: Path | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((path or dataset_path("relnames")).read_bytes())
    return data


def careers(data: dict[str, Any]) -> Iterator[list[Record]]:
    """Each person's records, in the order they are told (person by person)."""
    rng = random.Random(SEED)
    pools = {**data["values"], "person": data["persons"]}
    for person in data["persons"]:
        told: list[Record] = []
        for relation in RELATIONS:
            pool = [v for v in pools[relation.kind] if v != person]
            for value in rng.sample(pool, relation.count):
                text = relation.sentence.format(p=person, v=value)
                told.append(Record(person, relation, value, text))
        rng.shuffle(told)
        yield told


def corpus(data: dict[str, Any], size: int) -> list[Record]:
    records: list[Record] = []
    for told in careers(data):
        records.extend(told)
        if len(records) >= size:
            break
    return records[:size]


def questions(records: Sequence[Record], count: int) -> list[Question]:
    """One question per relation of each person whose records are all in `records`, the
    first `count` (people in order, relations in order)."""
    by_person: dict[str, list[Record]] = {}
    for record in records:
        by_person.setdefault(record.person, []).append(record)
    complete = sum(r.count for r in RELATIONS)
    asked: list[Question] = []
    for person, told in by_person.items():
        if len(told) < complete:
            continue
        for relation in RELATIONS:
            values = [r.value for r in told if r.relation == relation]
            current = tuple(values if relation.accumulates else values[-1:])
            asked.append(Question(person, relation, relation.question.format(p=person), current))
    return asked[:count]


def first_day(size: int) -> datetime:
    """The day of the first record when the largest store holds `size`: its last is `END`."""
    return END - timedelta(days=size)


def fill(
    memory: Any, records: Sequence[Record], tenant: str = TENANT, start: datetime | None = None
) -> float:
    """Seconds to add `records`, one turn a day from `start` (by default so that they end at
    `END`), BATCH turns per `add_batch`."""
    first = start or first_day(len(records))
    began = time.perf_counter()
    for low in range(0, len(records), BATCH):
        items = [
            {"messages": [{"role": "user", "content": r.text,
                           "timestamp": (first + timedelta(days=low + i)).isoformat()}],
             "user_id": tenant}
            for i, r in enumerate(records[low : low + BATCH])
        ]  # fmt: skip
        for result in memory.add_batch(items).results:
            if getattr(result, "error", None):
                raise RuntimeError(f"add failed: {result.error}")
    return time.perf_counter() - began


def complete(q: Question, texts: Sequence[str]) -> bool:
    joined = "\n".join(texts)
    return all(holds(joined, value) for value in q.current)


Asker = Callable[[Question], list[str]]


def service(memory: Any, tenant: str = TENANT) -> Asker:
    def ask(q: Question) -> list[str]:
        hits = memory.search(q.text, user_id=tenant, limit=10)["results"]
        return [shown(hit) for hit in hits]

    return ask


def bm25(records: Sequence[Record]) -> Asker:
    index = Okapi([(str(i), stems(r.text)) for i, r in enumerate(records)])

    def ask(q: Question) -> list[str]:
        return [records[int(i)].text for i in index.top(stems(q.text), 10)]

    return ask


@dataclass
class Measured:
    ms: list[float]
    cpu: list[float] = field(default_factory=list)
    """The process's CPU ms per search (every thread): under another session's load the wall
    time is mostly waiting for a core, the CPU time much less so."""
    complete: int = 0
    asked: int = 0

    def line(self, label: str) -> str:
        p50, p95 = statistics.median(self.ms), percentile(self.ms, 95)
        cpu = f"{statistics.median(self.cpu):.1f} | {percentile(self.cpu, 95):.1f}"
        share = self.complete / max(1, self.asked)
        return (f"| {label} | {p50:.1f} | {p95:.1f} | {cpu} | {self.complete}/{self.asked} "
                f"({share:.1%}) |")  # fmt: skip


def alternate(
    askers: dict[str, Asker],
    asked: Sequence[Question],
    rounds: int,
    out: dict[str, Measured] | None = None,
) -> dict[str, Measured]:
    """Each asker times every question `rounds` times, the askers taking turns per question;
    completeness from the first round (of `out`, when it is given: more rounds of it)."""
    out = out if out is not None else {label: Measured([]) for label in askers}
    for label in askers:
        out.setdefault(label, Measured([]))
    for _ in range(rounds):
        for q in asked:
            for label, ask in askers.items():
                start, cpu = time.perf_counter(), time.process_time()
                texts = ask(q)
                out[label].ms.append(1000 * (time.perf_counter() - start))
                out[label].cpu.append(1000 * (time.process_time() - cpu))
                if out[label].asked < len(asked):
                    out[label].asked += 1
                    out[label].complete += complete(q, texts)
    return out


BEFORE = """
import json, sys, time
from pathlib import Path
from bench.recall.evidence import shown
from service import Memory
job = json.load(sys.stdin)
memories = {}
for store in job["stores"]:
    memory = (Memory(data_dir=Path(store["folder"])) if job["backend"] == "sqlite"
              else Memory(backend="neo4j", neo4j_uri=job["uri"]))
    memory.search(job["questions"][0], user_id=store["tenant"], limit=10)  # warm
    memories[store["label"]] = (memory, store["tenant"])
ms = {label: [] for label in memories}
cpu = {label: [] for label in memories}
texts = {label: [] for label in memories}
for question in job["questions"]:
    for label, (memory, tenant) in memories.items():
        start, used = time.perf_counter(), time.process_time()
        hits = memory.search(question, user_id=tenant, limit=10)["results"]
        ms[label].append(1000 * (time.perf_counter() - start))
        cpu[label].append(1000 * (time.process_time() - used))
        texts[label].append([shown(hit) for hit in hits])
for memory, _ in memories.values():
    memory.close()
print(json.dumps({"ms": ms, "cpu": cpu, "texts": texts}))
"""
"""One round of the questions asked with another checkout's search, of the same stores."""


def before_round(
    tree: Path, job: dict[str, Any], asked: Sequence[Question], out: dict[str, Measured]
) -> None:
    """One round of `BEFORE` in `tree`, added to `out` (labels "..., before")."""
    found = in_tree(tree, BEFORE, job)
    for label, ms in found["ms"].items():
        measured = out.setdefault(label, Measured([]))
        measured.ms += ms
        measured.cpu += found["cpu"][label]
        if measured.asked < len(asked):
            measured.asked = len(asked)
            measured.complete = sum(
                complete(q, texts) for q, texts in zip(asked, found["texts"][label], strict=True)
            )


def _memory(folder: Path, backend: str, uri: str, group: str) -> Any:
    from service import Memory

    if backend == "sqlite":
        return Memory(data_dir=folder)
    from bench.runner.stores import drop_group
    from graph.domain.tenancy import TenantScope

    memory = Memory(backend="neo4j", neo4j_uri=uri)
    drop_group(memory.container.store, TenantScope(user_id=group).group_id)
    return memory


def growth(measured: dict[str, Measured], low: int, high: int, suffix: str = "") -> str:
    """The service's search p95 (and p50) growth from `low` to `high` records, wall and CPU."""
    small, large = (measured[f"service {s:,}{suffix}"] for s in (low, high))

    def ratios(a: list[float], b: list[float]) -> str:
        return (f"p95 {percentile(b, 95) / percentile(a, 95):.2f}x, "
                f"p50 {statistics.median(b) / statistics.median(a):.2f}x")  # fmt: skip

    return (f"service{suffix} search growth {low:,} -> {high:,} (target p95 <= 1.5x): wall "
            f"{ratios(small.ms, large.ms)}; CPU {ratios(small.cpu, large.cpu)}")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--questions", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", help="a git revision or checkout asked beside this one")
    store_options(parser, one=True, default="sqlite")
    args = parser.parse_args(argv)
    data = names()
    sizes = [int(s) for s in args.sizes.split(",")]
    records = corpus(data, max(sizes))
    asked = questions(records[: min(sizes)], args.questions)
    start = first_day(len(records))
    print(f"# {len(records):,} records of {len(RELATIONS)} relations, {len(asked)} questions")
    askers: dict[str, Asker] = {}
    memories = []
    stores = []
    with tempfile.TemporaryDirectory(prefix="palimpsest-relations-") as folder:
        for size in sizes:
            tenant = f"{TENANT}-{size}"
            memory = _memory(Path(folder) / str(size), args.backend, args.neo4j_uri, tenant)
            memories.append(memory)
            seconds = fill(memory, records[:size], tenant, start)
            print(f"# {size:,}: added in {seconds:.1f} s", flush=True)
            askers[f"service {size:,}"] = service(memory, tenant)
            askers[f"bm25 {size:,}"] = bm25(records[:size])
            label = f"service {size:,}, before"
            stores.append({"label": label, "folder": str(Path(folder) / str(size)),
                           "tenant": tenant})  # fmt: skip
        for ask in askers.values():
            ask(asked[0])  # warm
        tree = tree_of(args.before) if args.before else None
        job = {"stores": stores, "backend": args.backend, "uri": args.neo4j_uri,
               "questions": [q.text for q in asked]}  # fmt: skip
        measured: dict[str, Measured] = {}
        for _ in range(args.rounds):
            alternate(askers, asked, 1, measured)
            if tree is not None:
                before_round(tree, job, asked, measured)
        for memory in memories:
            memory.close()
    print(f"\n# load average (1 min) at the end: {os.getloadavg()[0]:.1f}")
    print("| system, records | p50 ms | p95 ms | CPU p50 ms | CPU p95 ms "
          "| every current value in the top 10 |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for label, m in sorted(measured.items(), key=lambda item: item[0].startswith("service")):
        print(m.line(label))
    print()
    low, high = min(sizes), max(sizes)
    print(growth(measured, low, high))
    if tree is not None:
        print(growth(measured, low, high, ", before"))


if __name__ == "__main__":
    main()
