"""Extraction across processes (PALIMPSEST_EXTRACT_WORKERS): the same records as one process.

The pool runs real `spawn`ed processes with the real rule extractor; the embedder is the
hashing one (no model file to load per process), named in the settings so each process builds
its own.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from extractors.predicates import load_table
from extractors.promotion import default_rules
from graph.domain.clock import ManualClock
from graph.domain.model import Entity, Episode, Fact
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.bootstrap import bootstrap
from service.clients.memory import Memory
from service.runtime.worker import Worker
from service.settings import Settings
from service.write.parallel import ModelSpec, PlannerPool, split
from service.write.planner import Planner
from service.write.request import prepare, validated
from tests.conftest import T0

TEXTS = [
    "I live in Vienna and I work at Globex.",
    "My sister Dana is married to Leo Park (actor).",
    "I no longer work at Initech.",
    "我住在上海，我喜欢喝茶。",
    "I might move to Tokyo next year.",
    "My favourite colour is teal.",
    "I started at Hooli on 3 March 2024.",
    "我的显卡是 RTX 4090，发票号 INV-2024-001",
    "Here is my photo of the new bike.",
    "I speak Dutch and Portuguese.",
]


PLACES = ["Vienna", "Lisbon", "Oslo", "Quito", "Hanoi", "Perth", "Tunis", "Riga"]
THINGS = ["tea", "chess", "jazz", "kayaks", "ramen", "tango", "origami", "cider"]


def distinct_texts() -> list[str]:
    """48 different statements: states that replace each other, tastes that accumulate,
    dated starts, endings, hedges and Chinese, so the judge has real work to do."""
    texts = []
    for n, (place, thing) in enumerate(zip(PLACES, THINGS, strict=True)):
        texts += [
            f"I live in {place}.",
            f"I like {thing}.",
            f"I started at Studio {place} on {n + 1} March 2024.",
            f"I no longer like {THINGS[n - 1]}.",
            f"I might move to {PLACES[n - 1]} next year.",
            f"我喜欢{['喝茶', '下棋', '爵士乐', '划船', '拉面', '探戈', '折纸', '苹果酒'][n]}。",
        ]
    return texts


def spec() -> ModelSpec:
    return ModelSpec(load_table(None), default_rules(), "hashing", 512)


@pytest.fixture(scope="module")
def pool() -> Iterator[PlannerPool]:
    started = PlannerPool(spec(), 2, min_items=4)
    started.warm()
    yield started
    started.close()


def items(count: int) -> list[tuple[str, Any]]:
    made = []
    for n in range(count):
        request = validated({"messages": TEXTS[n % len(TEXTS)], "user_id": f"u{n % 3}"})
        made.append((str(uuid.UUID(int=n)), prepare(request, max_chars=200_000)))
    return made


def test_split_keeps_order_and_uses_every_worker() -> None:
    parts = split(list(range(7)), 3)
    assert [list(p) for p in parts] == [[0, 1, 2], [3, 4], [5, 6]]
    assert split([0], 3) == [[0]]


def test_plans_made_in_worker_processes_equal_the_plans_made_here(pool: PlannerPool) -> None:
    work = items(23)
    here = spec().planner().planned(work, T0)
    there, seconds = pool.plan(work, T0)
    assert there == here  # ids, facts, candidates, alerts, embeddings: record for record
    assert any(plan.drafts for plan in here)
    assert seconds["extract"] > 0 and seconds["embed"] > 0


def records(store: Store, user: str) -> list[tuple[Any, ...]]:
    """A tenant's records without their ids (two tenants' ids differ by construction), the
    user's own name written as USER."""
    kept: list[tuple[Any, ...]] = []
    for record in store.export(TenantScope(user_id=user).group_id):
        if isinstance(record, Fact):
            kept.append(
                (
                    "fact",
                    record.fact,
                    record.predicate,
                    record.value,
                    record.valid_at,
                    record.invalid_at,
                    record.expired_at,
                    record.polarity,
                )
            )
        elif isinstance(record, Episode):
            kept.append(("episode", record.content, record.role, record.valid_at))
        elif isinstance(record, Entity):
            kept.append(("entity", record.name))
    return sorted((_anonymous(r, user) for r in kept), key=repr)


def _anonymous(record: tuple[Any, ...], user: str) -> tuple[Any, ...]:
    return tuple(f.replace(user, "USER") if isinstance(f, str) else f for f in record)


def memory_with(store: Store, workers: int) -> Memory:
    settings = Settings(embedder="hashing", extract_workers=workers, chunk_size=20)
    clock = ManualClock(T0, tick=timedelta(0))
    container = bootstrap(settings, store=store, clock=clock)
    if container.writes.pool is not None:
        container.writes.pool.min_items = 4
    return Memory(container=container)


def verdicts(answers: list[dict[str, Any]]) -> list[list[tuple[str, str, int]]]:
    """Each item's answer in input order: what the write did with each of its facts, and how
    many earlier facts it conflicted with (what an item sees depends on every item before it)."""
    return [
        [(r["event"], r["memory"], len(r["conflicts"])) for r in answer["results"]]
        for answer in answers
    ]


def test_a_batch_planned_across_processes_stores_what_one_process_stores(store: Store) -> None:
    batch = [{"messages": text, "user_id": "tenant_solo"} for text in distinct_texts()]
    one = memory_with(store, 1)
    assert one.container.writes.pool is None
    alone = one.add_batch(batch)["results"]
    many = memory_with(store, 2)
    try:
        answers = many.add_batch([{**item, "user_id": "tenant_pool"} for item in batch])["results"]
        assert all("error" not in answer for answer in answers)
        assert many.container.writes.timings.seconds["extract"] > 0
    finally:
        many.container.writes.close()
    assert verdicts(answers) == verdicts(alone)  # item by item, in input order
    assert {event for item in verdicts(alone) for event, _, _ in item} >= {"ADD", "UPDATE"}
    assert records(store, "tenant_pool") == records(store, "tenant_solo")
    assert len(records(store, "tenant_solo")) > len(batch)


def test_queued_operations_are_planned_side_by_side_and_committed_in_order(store: Store) -> None:
    one, many = memory_with(store, 1), memory_with(store, 2)
    try:
        # One queue for all tenants: the in-process run drains it first. Each memory has its
        # own clock on the same timeline; operations are claimed oldest first.
        for text in TEXTS:
            one.add(text, user_id="tenant_solo", mode="async")
            one.container.clock.advance(timedelta(milliseconds=1))  # type: ignore[attr-defined]
        assert one.run_pending() == len(TEXTS)
        for text in TEXTS:
            many.add(text, user_id="tenant_pool", mode="async")
            many.container.clock.advance(timedelta(milliseconds=1))  # type: ignore[attr-defined]
        worker = Worker(many.container.writes)
        turns = 0
        while worker.run_once():
            turns += 1
        assert turns == len(TEXTS) // 2  # two operations per turn, one per process
    finally:
        many.container.writes.close()
    assert records(store, "tenant_pool") == records(store, "tenant_solo")


class BrokenSpec(ModelSpec):
    """A spec whose processes cannot start (a model that fails to load)."""

    def planner(self, timings: object = None) -> Planner:
        raise RuntimeError("model files missing")


def test_a_pool_that_cannot_start_falls_back_to_planning_in_process(store: Store) -> None:
    memory = memory_with(store, 1)
    base = spec()
    memory.container.writes.pool = PlannerPool(
        BrokenSpec(base.table, base.rules, base.embedder, base.dimensions), 2, min_items=4
    )
    try:
        batch = [{"messages": text, "user_id": "fallback"} for text in TEXTS]
        answers = memory.add_batch(batch)["results"]
        assert all("error" not in answer for answer in answers)
    finally:
        memory.container.writes.close()
    assert len(records(store, "fallback")) > len(TEXTS)
