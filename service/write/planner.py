"""Planning: what a prepared add becomes before the store is touched.

Extract every turn (one batched call), type, date and sign the facts, screen them into
candidates, and embed each fact once. CPU work only, no store and no clock read: the same
items and `now` give the same plans in any process, which is what lets a process pool
(`service.write.parallel`) plan chunks side by side while one writer commits them in order.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime

from extractors.predicates import PredicateTable
from extractors.promotion import PromotionRules
from extractors.rules import Extractor, read_all
from extractors.schema import Job, TurnReading
from service.embedding import Embedder
from service.write.build import Context, ItemPlan, extraction_jobs, plan_item
from service.write.discourse import conversation_of
from service.write.request import PreparedAdd
from service.write.screen import screen_plan

ID_NAMESPACE = uuid.UUID("6f1c1a52-5e3b-4c1e-9a55-7b0f6c4d2e10")

Stage = Callable[[str], AbstractContextManager[None]]
Item = tuple[str, PreparedAdd]
"""An add's event id and its prepared request."""
Extracted = dict[int, TurnReading]
"""An item's candidate facts and discourse state by turn index."""


@dataclass
class Timings:
    """Seconds spent per stage, accumulated (the write benchmark prints them)."""

    seconds: dict[str, float] = field(default_factory=dict)

    clock: Callable[[], float] = field(default=time.perf_counter)

    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def stage(self, name: str) -> AbstractContextManager[None]:
        return self._timed(name, self.clock)

    def cpu(self, name: str) -> AbstractContextManager[None]:
        """Like `stage`, in CPU seconds of the calling thread (time spent waiting for the
        GIL, the disk or another process is not counted)."""
        return self._timed(name, time.thread_time)

    @contextmanager
    def _timed(self, name: str, clock: Callable[[], float]) -> Iterator[None]:
        start = clock()
        try:
            yield
        finally:
            with self.lock:
                self.seconds[name] = self.seconds.get(name, 0.0) + clock() - start

    def add(self, seconds: dict[str, float]) -> None:
        """Fold in stage times measured elsewhere (a worker process)."""
        with self.lock:
            for stage, value in seconds.items():
                self.seconds[stage] = self.seconds.get(stage, 0.0) + value


class Planner:
    """Plans and embeds items with one extractor and one embedder."""

    def __init__(
        self,
        extractor: Extractor,
        embedder: Embedder,
        table: PredicateTable,
        rules: PromotionRules,
        stage: Stage | None = None,
    ) -> None:
        self.extractor, self.embedder, self.table, self.rules = extractor, embedder, table, rules
        self.stage = stage or Timings().stage

    def plan(self, items: Sequence[Item], now: datetime) -> list[ItemPlan]:
        """Extract every turn of every item in one batched call, then type, date and screen."""
        extracted = self._extract(items, now)
        with self.stage("plan"):
            plans = []
            for (event_id, prepared), found in zip(items, extracted, strict=True):
                ctx = self.context(event_id, now)
                plan = plan_item(prepared, ctx, found)
                screen_plan(plan, self.rules, ctx.new_id, now)
                plans.append(plan)
            return plans

    def planned(self, items: Sequence[Item], now: datetime) -> list[ItemPlan]:
        """`plan`, then `embed`: what a worker process hands back."""
        plans = self.plan(items, now)
        self.embed(plans)
        return plans

    def embed(self, plans: Sequence[ItemPlan]) -> None:
        """Give every draft fact its embedding (one call for all of them)."""
        drafts = [d for plan in plans for d in plan.drafts]
        with self.stage("embed"):
            vectors: Iterator[tuple[float, ...]] = iter(
                self.embedder.embed([d.fact.fact for d in drafts])
            )
        for plan in plans:
            plan.drafts[:] = [
                replace(d, fact=d.fact.model_copy(update={"fact_embedding": next(vectors)}))
                for d in plan.drafts
            ]

    def context(self, event_id: str, now: datetime) -> Context:
        """Ids derived from the event id: a retried operation writes the same records, and a
        plan made in another process has the same ids."""
        counter = iter(range(1_000_000))

        def new_id() -> str:
            return str(uuid.uuid5(ID_NAMESPACE, f"{event_id}/{next(counter)}"))

        return Context(self.extractor, self.table, now, new_id, self.rules.version)

    def _extract(self, items: Sequence[Item], now: datetime) -> list[Extracted]:
        """Every turn of every item read in one call; each conversation's turns in order, the
        first from the state its item carries (`PreparedAdd.discourse`), the others from the
        turn before (service/write/discourse.py)."""
        jobs = [extraction_jobs(prepared, now) for _, prepared in items]
        flat = [(n, index, job) for n, each in enumerate(jobs) for index, job in each.items()]
        with self.stage("extract"):
            found = read_all(self.extractor, _threaded(flat, items))
        extracted: list[Extracted] = [{} for _ in items]
        for (n, index, _), reading in zip(flat, found, strict=True):
            extracted[n][index] = reading
        return extracted


def _threaded(flat: Sequence[tuple[int, int, Job]], items: Sequence[Item]) -> list[Job]:
    """The jobs with their conversation, and the stored state on each conversation's first."""
    out: list[Job] = []
    started: set[str] = set()
    for n, _, job in flat:
        prepared = items[n][1]
        key = conversation_of(prepared)
        context = prepared.discourse if key not in started else None
        started.add(key)
        out.append(job._replace(conversation=key, context=context))
    return out
