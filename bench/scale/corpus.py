"""The scale benchmark's corpus: bench/read's realistic records, a third of them births.

Record n is, when n % 3 == 0, "<First Last> was born in <City>." (a fact `born_in` about a
person named by n, so "Where was <First Last> born?" has one right answer and "born" is in a
third of the records); otherwise a record of bench/read's `ReadSynth` (a hub user and small
projects, Zipf-distributed English words, 15% Chinese). Everything is deterministic in n:
entity and fact ids are uuid5 of their key, so a store built to 100k can be grown to 1M later
by replaying the generator.

Embeddings: the real encoder's, computed once and cached in the data folder
(`vectors-<REAL>.f32`, one 512-float row per record), for the first `REAL` records: every record
of the 1M size. Embedding them takes about 14 minutes on this machine's two cores when it is
quiet (`Vectors.ensure` runs one process per core; about 600 sentences/s each), 75 minutes of
one core under load. Until 2026-12-02 only the first 50,000 were embedded and records past them
took a real record's vector plus isotropic Gaussian noise (`_derived`, still used past `REAL`):
clusters of 19 noisy copies at cosine 0.86 to their source, whose noise of full rank made the
graph index's recall@10 at 1M a pessimistic proxy (0.900 there, docs/storage.md); the recall
printed now is over real embeddings of every record.
"""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from multiprocessing import get_context
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bench.read.latency import PREDICATES, USER, ReadSynth
from bench.runner.synth import NOW
from graph.domain.enums import Cardinality, VerifyStatus
from graph.domain.model import Entity, Episode, Fact
from graph.domain.signature import fact_signature, normalize_text

REAL = 1_000_000
DIM = 512
NOISE = 0.6
CITIES = 400
VERBATIM = 1
CLOSED = 0.2
EXPIRED = 0.23
NAMESPACE = uuid.UUID("5c0a1e00-0000-4000-8000-000000000017")
FIRST_NAMES = [
    "Ada",
    "Alan",
    "Alice",
    "Amara",
    "Anna",
    "Arjun",
    "Ben",
    "Bianca",
    "Carla",
    "Chen",
    "Chloe",
    "Dan",
    "Daria",
    "Dev",
    "Diego",
    "Elena",
    "Eli",
    "Emma",
    "Ezra",
    "Farah",
    "Felix",
    "Gia",
    "Grace",
    "Hana",
    "Hugo",
    "Ida",
    "Ines",
    "Ivan",
    "Jade",
    "Jonas",
    "Julia",
    "Kai",
    "Kofi",
    "Lara",
    "Leo",
    "Lina",
    "Luca",
    "Maya",
    "Mei",
    "Mila",
    "Nadia",
    "Nina",
    "Noah",
    "Omar",
    "Otto",
    "Paula",
    "Pedro",
    "Quinn",
    "Rosa",
    "Ruth",
    "Sami",
    "Sara",
    "Theo",
    "Tom",
    "Una",
    "Uma",
    "Vera",
    "Victor",
    "Wen",
    "Yara",
    "Yuri",
    "Zara",
    "Zoe",
    "Ravi",
    "Priya",
    "Hiro",
    "Aiko",
    "Marta",
    "Jakob",
    "Sven",
    "Ingrid",
    "Kemal",
    "Leila",
    "Tariq",
    "Nour",
    "Femi",
    "Ngozi",
    "Sione",
    "Moana",
    "Aroha",
    "Tane",
    "Kalani",
    "Keanu",
    "Soren",
    "Astrid",
    "Bodil",
    "Hamid",
]


def data_folder() -> Path:
    """Where the scale benchmark keeps its stores and vectors (outside the repository)."""
    root = os.environ.get("PALIMPSEST_BENCH_DATA")
    base = Path(root) if root else Path.home() / ".cache" / "palimpsest" / "bench"
    return base / "scale"


@dataclass(frozen=True)
class Birth:
    """The one record that answers "Where was <name> born?"."""

    name: str
    fact_uuid: str
    current: bool = True
    """False when the record was expired (retracted), as EXPIRED of the records are: the
    search rightly does not answer with it, so it is no question with one right answer."""


@dataclass(frozen=True)
class Chunk:
    entities: list[Entity]
    episodes: list[Episode]
    facts: list[Fact]


class ScaleSynth(ReadSynth):
    """Deterministic records 0..n; `vectors` supplies record i's embedding."""

    def __post_init__(self) -> None:
        super().__post_init__()
        tail = self.words[len(self.words) // 2 :]  # rare words as family names
        self.family = [w.capitalize() for w in tail]
        self.cities = [w.capitalize() for w in self.words[1000 : 1000 + CITIES]]
        self.births: list[Birth] = []
        self.about_projects: list[str] = []
        self.fresh: list[Entity] = []

    def entity(self, name: str) -> tuple[Entity, bool]:
        key = normalize_text(name)
        if key in self.entities:
            return self.entities[key], False
        made = Entity(
            uuid=str(uuid.uuid5(NAMESPACE, f"{self.group_id}/{key}")),
            group_id=self.group_id, name=name, normalized=key, created_at=NOW,
        )  # fmt: skip
        self.entities[key] = made
        self.fresh.append(made)
        return made, True

    def person(self, number: int) -> str:
        k = number // 3
        return f"{FIRST_NAMES[k % len(FIRST_NAMES)]} {self.family[k // len(FIRST_NAMES)]}"

    def record(self, number: int) -> tuple[Entity, Entity, str, str]:
        """(subject, value, predicate, text) of record `number`."""
        if number % 3 == 0:
            name, city = self.person(number), self.cities[self.rng.randrange(CITIES)]
            subject, value = self.entity(name)[0], self.entity(city)[0]
            expired = CLOSED <= fate(number)[1] < EXPIRED
            self.births.append(Birth(name, self.fact_uuid(number), current=not expired))
            return subject, value, "born_in", f"{name} was born in {city}."
        predicate = PREDICATES[number % len(PREDICATES)]
        subject = self.entity(self.subject(number))[0]
        value = self.entity(self.rng.choice(self.values))[0]
        text = self.text(subject.name, predicate, value.name)
        if len(self.texts) < 5000:  # what bench/read's query mix draws words from
            (self.chinese if "，" in text else self.texts).append(text)
        if number % 10 == VERBATIM and subject.name == USER:  # kept as said (infer=false)
            return subject, self.entity(text)[0], "said", text
        if subject.name != USER and fate(number)[1] >= EXPIRED:  # current: can be resolved
            self.about_projects.append(self.fact_uuid(number))
        return subject, value, predicate, text

    def fact_uuid(self, number: int) -> str:
        return str(uuid.uuid5(NAMESPACE, f"{self.group_id}/fact/{number}"))

    def sentences(self, start: int, stop: int) -> Iterator[str]:
        """The texts of records start..stop-1 (advances the generator like `chunk`)."""
        for number in range(start, stop):
            yield self.record(number)[3]

    def scale_chunk(self, start: int, stop: int, vectors: npt.NDArray[np.float32]) -> Chunk:
        self.fresh = []
        facts = []
        for offset, number in enumerate(range(start, stop)):
            subject, value, predicate, text = self.record(number)
            fact = self.scale_fact(number, subject, value, predicate, text)
            vector = tuple(vectors[offset].tolist())
            facts.append(fact.model_copy(update={"fact_embedding": vector}))
        fresh, self.fresh = self.fresh, []
        told = [told_as(f) for f in facts]
        facts = [f.model_copy(update={"episode_id": t.uuid, "episodes": (t.uuid,)})
                 for f, t in zip(facts, told, strict=True)]  # fmt: skip
        return Chunk(fresh, told, facts)

    def scale_fact(
        self, number: int, subject: Entity, value: Entity, predicate: str, text: str
    ) -> Fact:
        valid, roll = fate(number)
        closed = roll < CLOSED and predicate not in ("born_in", "said")
        return Fact(
            uuid=self.fact_uuid(number),
            group_id=self.group_id, user_id=USER, subject=subject.name,
            subject_key=subject.normalized, subject_uuid=subject.uuid, predicate=predicate,
            value=value.name, value_key=value.normalized, object_uuid=value.uuid, fact=text,
            cardinality=Cardinality.MULTI if predicate == "said" else Cardinality.SINGLE,
            categories=("verbatim",) if predicate == "said" else ("personal",), valid_at=valid,
            invalid_at=valid + timedelta(days=30) if closed else None,
            invalidated_at=NOW - timedelta(days=1) if closed else None,
            verify_status=VerifyStatus.SUPERSEDED if closed else VerifyStatus.UNVERIFIED,
            expired_at=NOW - timedelta(hours=1) if CLOSED <= roll < EXPIRED else None,
            knowledge_time=NOW - timedelta(days=2), created_at=NOW - timedelta(days=2),
            signature=fact_signature(
                group_id=self.group_id, subject_key=subject.normalized, predicate=predicate,
                value_key=value.normalized, polarity=1, scope="", period=f"n{number}",
            ),
        )  # fmt: skip


def fate(number: int) -> tuple[datetime, float]:
    """Record `number`'s valid time and the roll that closes (< CLOSED) or expires (< EXPIRED)
    it; not from the generator's rng, so `sentences` replays the same words."""
    rng = random.Random(number)
    return NOW - timedelta(days=rng.randrange(1, 2000)), rng.random()


def told_as(fact: Fact) -> Episode:
    """The turn a fact was read from, as the write path keeps it (searchable too)."""
    return Episode(
        uuid=str(uuid.uuid5(NAMESPACE, f"episode/{fact.uuid}")), group_id=fact.group_id,
        user_id=fact.user_id, content=fact.fact, valid_at=fact.valid_at,
        created_at=fact.created_at, knowledge_time=fact.knowledge_time,
    )  # fmt: skip


BLOCK = 20_000
"""Records per file of `Vectors.ensure`'s workers (the unit a rerun resumes from)."""


def _runs(blocks: list[tuple[int, int]], workers: int) -> list[list[tuple[int, int]]]:
    """`blocks` cut into at most `workers` contiguous runs of about equal length."""
    count = max(1, min(workers, len(blocks)))
    return [blocks[len(blocks) * i // count : len(blocks) * (i + 1) // count] for i in range(count)]


def _block_path(parts: Path, low: int, high: int) -> Path:
    return parts / f"{low:09d}-{high:09d}.f32"


def _embed_run(group_id: str, run: list[tuple[int, int]], parts: Path, chunk: int) -> None:
    """Embed one worker's blocks in order, each into its file (skipped when already there)."""
    from bench.read.latency import encoder

    synth = ScaleSynth(group_id)
    at = 0
    for low, high in run:
        for _ in synth.sentences(at, low):
            pass
        texts = list(synth.sentences(low, high))
        at = high
        target = _block_path(parts, low, high)
        if target.exists():
            continue
        block = [np.asarray(encoder().embed(texts[i : i + chunk]), dtype=np.float32)
                 for i in range(0, len(texts), chunk)]  # fmt: skip
        scratch = target.with_suffix(".tmp")
        scratch.write_bytes(np.concatenate(block).tobytes())
        scratch.replace(target)
        print(f"embedded records {low:,}..{high:,}", flush=True)


class Vectors:
    """Record embeddings: a cached file of real ones, derived ones past `real`."""

    def __init__(self, folder: Path, real: int = REAL) -> None:
        self.path = folder / f"vectors-{real}.f32"
        self.real = real

    def cached(self) -> int:
        return self.path.stat().st_size // (DIM * 4) if self.path.exists() else 0

    def ensure(
        self, count: int, group_id: str, chunk: int = 2000, workers: int | None = None
    ) -> None:
        """Embed the texts of records cached()..min(count, real) and append them: in `workers`
        processes (default: the cores), each embedding a contiguous run of blocks into a file
        of its own (`<path>.parts/`, kept when interrupted, so a rerun resumes), then appended
        in order."""
        want = min(count, self.real)
        done = self.cached()
        if done >= want:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        blocks = [(low, min(want, low + BLOCK)) for low in range(done, want, BLOCK)]
        runs = _runs(blocks, workers or os.cpu_count() or 1)
        parts = self.path.with_suffix(".parts")
        parts.mkdir(exist_ok=True)
        print(f"embedding records {done:,}..{want:,} in {len(runs)} processes", flush=True)
        if len(runs) == 1:
            _embed_run(group_id, runs[0], parts, chunk)
        else:
            with ProcessPoolExecutor(len(runs), mp_context=get_context("spawn")) as pool:
                list(pool.map(_embed_run, [group_id] * len(runs), runs, [parts] * len(runs),
                              [chunk] * len(runs)))  # fmt: skip
        with self.path.open("ab") as out:
            for low, high in blocks:
                block = _block_path(parts, low, high)
                out.write(block.read_bytes())
                block.unlink()
        parts.rmdir()

    def rows(self, start: int, stop: int) -> npt.NDArray[np.float32]:
        real = np.memmap(self.path, dtype=np.float32, mode="r").reshape(-1, DIM)
        if stop <= len(real):
            return np.array(real[start:stop])
        out = np.empty((stop - start, DIM), dtype=np.float32)
        for i, number in enumerate(range(start, stop)):
            out[i] = real[number] if number < len(real) else self._derived(real, number)
        return out

    @staticmethod
    def _derived(real: npt.NDArray[np.float32], number: int) -> npt.NDArray[np.float32]:
        rng = np.random.default_rng(number)
        base = real[number % len(real)]
        noisy = base + NOISE * rng.standard_normal(DIM).astype(np.float32) / np.sqrt(DIM)
        derived: npt.NDArray[np.float32] = noisy / np.linalg.norm(noisy)
        return derived
