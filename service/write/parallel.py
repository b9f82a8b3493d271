"""Extraction and embedding across cores (`PALIMPSEST_EXTRACT_WORKERS`).

The rule extractor (spaCy, the Chinese segmenter) and the sentence encoder are pure CPU work
that holds the GIL, so threads cannot spread them over cores. A `PlannerPool` keeps that many
worker processes, each with its own extractor and encoder (loaded once, when the process
starts), and plans slices of a batch chunk, or whole queued operations, side by side. The plans
come back to the one writer, which commits them in input order: planning is deterministic
(ids are derived from each add's event id), so the records are the same as one process makes.

Processes are started with `spawn` (the service has threads; `fork` would copy their locks),
lazily on first use, and only for work big enough to pay for the trip.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

from extractors.predicates import PredicateTable
from extractors.promotion import PromotionRules
from extractors.rules import RuleExtractor
from service.embedding import build_embedder
from service.write.build import ItemPlan
from service.write.discourse import conversation_of
from service.write.planner import Item, Planner, Timings
from service.write.warm import model_steps

log = logging.getLogger("palimpsest.write")
T = TypeVar("T")

Planned = tuple[list[ItemPlan], dict[str, float]]
"""Plans (embedded) and the seconds each stage took in the worker process."""
WORKER_CPU = "worker_cpu"
"""The stage key of the CPU seconds a worker process spent planning (all its threads)."""


@dataclass(frozen=True)
class ModelSpec:
    """What a worker process needs to build the same planner as the service (picklable)."""

    table: PredicateTable
    rules: PromotionRules
    embedder: str
    dimensions: int

    def planner(self, timings: Timings | None = None) -> Planner:
        embedder = build_embedder(self.embedder, self.dimensions)
        stage = timings.stage if timings is not None else None
        return Planner(RuleExtractor(self.table), embedder, self.table, self.rules, stage)


_timings = Timings()
_process: dict[str, Planner] = {}
"""The worker process's planner, built and warmed once by `_start`."""
WARM_REFERENCE = datetime(2024, 1, 1, tzinfo=UTC)


def _start(spec: ModelSpec) -> None:
    """Worker process initialiser: build the planner and load every model it uses (spaCy,
    the Chinese segmenter, the encoder) before the process takes any work, so no chunk pays
    for a model load whichever process it lands on."""
    planner = spec.planner(_timings)
    for step in model_steps(planner.embedder, planner.extractor, WARM_REFERENCE):
        step()
    _process["planner"] = planner


def _plan(items: Sequence[Item], now: datetime) -> Planned:
    _timings.seconds.clear()
    began = time.process_time()
    plans = _process["planner"].planned(items, now)
    return plans, {**_timings.seconds, WORKER_CPU: time.process_time() - began}


def _ready() -> bool:
    return "planner" in _process


class PlannerPool:
    """`workers` planning processes; `min_items` is the smallest chunk worth splitting."""

    def __init__(self, spec: ModelSpec, workers: int, *, min_items: int = 16) -> None:
        self.spec, self.workers, self.min_items = spec, workers, min_items
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def worth_it(self, count: int) -> bool:
        return count >= self.min_items

    def submit(self, items: Sequence[Item], now: datetime) -> Future[Planned]:
        return self._pool().submit(_plan, list(items), now)

    def start(self, items: Sequence[Item], now: datetime) -> Ticket:
        """Every item sent to be planned and embedded, one slice per process, each
        conversation's items in one slice and in order (a turn is read in the state the turn
        before left: service/write/discourse.py); `gather` collects them in input order.
        Starting the next chunk before gathering this one keeps the processes busy while the
        writer commits."""
        slices = by_conversation(items, self.workers, _conversation)
        futures = [self.submit([items[i] for i in part], now) for part in slices]
        return Ticket(slices, futures)

    @staticmethod
    def gather(ticket: Ticket) -> Planned:
        """The plans of `start`ed slices, in input order, and the stage times they took."""
        placed: dict[int, ItemPlan] = {}
        seconds: dict[str, float] = {}
        for part, future in zip(ticket.slices, ticket.futures, strict=True):
            plans, spent = future.result()
            placed.update(zip(part, plans, strict=True))
            for stage, value in spent.items():
                seconds[stage] = seconds.get(stage, 0.0) + value
        return [placed[i] for i in sorted(placed)], seconds

    def plan(self, items: Sequence[Item], now: datetime) -> Planned:
        """Every item planned and embedded, in input order, split over the workers."""
        return self.gather(self.start(items, now))

    def warm(self) -> None:
        """Start every process now (each loads its models as it starts), not on the first
        batch."""
        for future in [self._pool().submit(_ready) for _ in range(self.workers)]:
            future.result()

    def close(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                log.info("starting %d extraction worker processes", self.workers)
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start,
                    initargs=(self.spec,),
                )
            return self._executor


@dataclass(frozen=True)
class Ticket:
    """Slices under way: the input positions of each slice's items, and its future."""

    slices: list[list[int]]
    futures: list[Future[Planned]]


def _conversation(item: Item) -> str:
    return conversation_of(item[1])


def by_conversation(items: Sequence[T], parts: int, key: Callable[[T], str]) -> list[list[int]]:
    """Input positions in at most `parts` slices (none empty), whole conversations in each:
    each conversation, in order of first appearance, joins the slice holding fewest items."""
    groups: dict[str, list[int]] = {}
    for position, item in enumerate(items):
        groups.setdefault(key(item), []).append(position)
    slices: list[list[int]] = [[] for _ in range(max(parts, 1))]
    for positions in groups.values():
        min(slices, key=len).extend(positions)
    return [sorted(part) for part in slices if part]


def split(items: Sequence[T], parts: int) -> list[Sequence[T]]:
    """`items` in at most `parts` contiguous, near-equal slices (none empty)."""
    size, extra = divmod(len(items), parts)
    slices: list[Sequence[T]] = []
    start = 0
    for n in range(parts):
        stop = start + size + (1 if n < extra else 0)
        if stop > start:
            slices.append(items[start:stop])
        start = stop
    return slices
