"""The write use cases: add (sync and async), add_batch, and running one queued operation.

Stages, in order: prepare (parse + notary), plan (extract, type, date, sign), embed (once per
fact, one call per batch), commit (one transaction per chunk: dedup, align, classify, persist,
ledger, and the operation's record). Every add is also an `Operation` record written in the
same transaction as its facts, so a commit whose outcome the driver could not confirm is
resolved by reading that record back instead of writing twice. Queued operations are claimed
and run by `service/write/queue.py` through the same stages.
"""

from __future__ import annotations

import logging
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from extractors.parsing.turns import Turn
from extractors.predicates import PredicateTable
from extractors.promotion import PromotionRules, default_rules
from extractors.rules import Extractor
from graph.domain.clock import Clock
from graph.domain.discourse import Discourse
from graph.domain.enums import Granularity, OperationStatus
from graph.domain.errors import DuplicateRecord, PalimpsestError, StoreUnavailable
from graph.domain.model import Episode, Operation
from graph.domain.tenancy import TenantScope
from graph.ports.store import Store
from service.embedding import Embedder
from service.views import (
    AddOut,
    AlertOut,
    BatchItemOut,
    CandidateOut,
    ErrorOut,
    ResultOut,
)
from service.write.build import ItemPlan
from service.write.commit import Outcome, commit
from service.write.discourse import Carried, conversations
from service.write.names import ALIAS_SIMILARITY, NameLikeness
from service.write.parallel import Planned, PlannerPool, Ticket
from service.write.planner import Planner, Timings
from service.write.request import (
    AddRequest,
    PreparedAdd,
    TimePoint,
    check_batch_size,
    prepare,
    validated,
)
from service.write.uow import UnitOfWork, committing, in_unit

log = logging.getLogger("palimpsest.write")

AddInput = AddRequest | Mapping[str, Any]
"""An add's arguments: the request, or its fields as keyword data (validated into one)."""

Chunk = Sequence[tuple[int, str, PreparedAdd]]
"""A batch chunk: each item's index in the batch, event id and prepared request."""
Answers = list[AddOut | ErrorOut]
"""A chunk's answers, one per item: what was written, or the item's error."""
Started = tuple[datetime, Ticket] | None
"""A chunk's slices under way in the worker processes (None: to be planned here)."""
Planning = tuple[datetime, list[ItemPlan]] | None
"""A chunk's plans and when they were made (None: planning failed; items go one by one)."""


@dataclass(frozen=True)
class WriteConfig:
    chunk_size: int = 200
    max_chars: int = 200_000
    manual_groups: frozenset[str] = frozenset()
    manual_default: bool = False
    lease: timedelta = timedelta(minutes=2)
    max_attempts: int = 5
    alias_similarity: float | None = ALIAS_SIMILARITY
    """Hold for review a new single-valued value whose name is at least this alike (the
    encoder's cosine) to the current one's: it may be another name (docs/write.md). None: off."""


class WritePipeline:
    """add / add_batch / enqueue / run_operation over one store."""

    def __init__(
        self,
        store: Store,
        clock: Clock,
        extractor: Extractor,
        embedder: Embedder,
        table: PredicateTable,
        config: WriteConfig | None = None,
        rules: PromotionRules | None = None,
        pool: PlannerPool | None = None,
    ) -> None:
        self.store, self.clock, self.extractor = store, clock, extractor
        self.embedder, self.table = embedder, table
        self.config = config or WriteConfig()
        self.rules = rules or default_rules()
        self.timings = Timings()
        self.planner = Planner(extractor, embedder, table, self.rules, self.timings.stage)
        self.pool = pool
        threshold = self.config.alias_similarity
        self.names = None if threshold is None else NameLikeness(embedder, threshold)

    # -- public use cases ----------------------------------------------------------------

    def add(self, data: AddInput, *, force: bool = False) -> AddOut:
        """Synchronous add: what happened to each fact, and the alerts. `force` executes
        every authorised UPDATE even for a tenant in manual mode (an explicit resolution)."""
        prepared = self._prepare(data)
        return self._write([(str(uuid.uuid4()), prepared)], force=force)[0]

    def preview(self, data: AddInput) -> ItemPlan:
        """What an add would write, without writing: prepared, extracted, typed, signed."""
        now = self.clock.now()
        items = self.contextualised([(str(uuid.uuid4()), self._prepare(data))], now)
        return self._plan(items, now)[0]

    def add_batch(self, items: Sequence[AddInput]) -> list[BatchItemOut]:
        """Many adds; one bad item fails alone (its own error). One answer per item, in input
        order."""
        check_batch_size(len(items))
        answers: dict[int, BatchItemOut] = {}
        for chunk, written in self._pipelined(self._chunks(items, answers), Carried()):
            for (index, _, _), answer in zip(chunk, written, strict=True):
                answers[index] = (
                    BatchItemOut.failed(index, answer)
                    if isinstance(answer, ErrorOut)
                    else BatchItemOut.written(index, answer)
                )
        return [answers[i] for i in range(len(items))]

    def _chunks(
        self, items: Sequence[AddInput], answers: dict[int, BatchItemOut]
    ) -> Iterator[Chunk]:
        """The batch prepared (validated, parsed, notarised) one chunk at a time, when the
        pipeline asks for it: the next chunk is prepared while this one is planned. An item
        that fails preparation is answered with its error now and left out."""
        chunk: list[tuple[int, str, PreparedAdd]] = []
        for index, item in enumerate(items):
            try:
                chunk.append((index, str(uuid.uuid4()), self._prepare(item)))
            except PalimpsestError as exc:
                answers[index] = BatchItemOut.failed(index, ErrorOut.of(exc))
            if len(chunk) == self.config.chunk_size:
                yield chunk
                chunk = []
        if chunk:
            yield chunk

    def _pipelined(
        self, chunks: Iterable[Chunk], carried: Carried
    ) -> Iterator[tuple[Chunk, Answers]]:
        """Each chunk with its answers, in order. The next chunk is extracted and embedded
        (the models) while the previous one is committed in a second thread (mostly waiting on
        the store, which releases the GIL): a batch takes about the longer of the two instead
        of their sum. Commits stay one at a time and in input order."""
        with ThreadPoolExecutor(1, thread_name_prefix="palimpsest-commit") as committer:
            previous: tuple[Chunk, Future[Answers]] | None = None
            for chunk, planned in self._planned(chunks, carried):
                if previous is not None:
                    yield previous[0], previous[1].result()
                previous = chunk, committer.submit(self._store_chunk, chunk, planned)
            if previous is not None:
                yield previous[0], previous[1].result()

    def _planned(
        self, chunks: Iterable[Chunk], carried: Carried
    ) -> Iterator[tuple[Chunk, tuple[datetime, list[ItemPlan]] | None]]:
        """Each chunk with its plans, in order. With worker processes the next chunk is
        already sent to them before this one's plans are awaited, so they plan it while the
        writer commits (without them a chunk is planned here, when its turn comes). A chunk
        that continues a conversation of the chunk under way waits for its plans: its first
        turn is read in the state their last turn left (service/write/discourse.py)."""
        started: deque[tuple[Chunk, Started]] = deque()

        def planned(chunk: Chunk, ticket: Started) -> tuple[Chunk, Planning]:
            done = self._plan_chunk(chunk, ticket)
            carried.remember(done[1] if done is not None else [])
            return chunk, done

        for given in chunks:
            if started and conversations(_items(started[-1][0])) & conversations(_items(given)):
                while started:
                    yield planned(*started.popleft())
            chunk = self._chunk_in_context(given, carried)
            started.append((chunk, self._start_chunk(chunk)))
            if len(started) > 1:
                yield planned(*started.popleft())
        for chunk, ticket in started:
            yield planned(chunk, ticket)

    def _chunk_in_context(self, chunk: Chunk, carried: Carried) -> Chunk:
        now = self.clock.now()
        items = carried.contextualised(self.store, _items(chunk), now)
        return [
            (index, event_id, prepared)
            for (index, _, _), (event_id, prepared) in zip(chunk, items, strict=True)
        ]

    def contextualised(
        self, items: Sequence[tuple[str, PreparedAdd]], now: datetime
    ) -> list[tuple[str, PreparedAdd]]:
        """`items` with their conversations' stored discourse state, where not given yet."""
        missing = [item for item in items if item[1].discourse is None]
        if not missing:
            return list(items)
        return Carried().contextualised(self.store, items, now)

    def enqueue(self, data: AddInput) -> Operation:
        """Asynchronous add: validated and notarised now, written by a worker later."""
        prepared = self._prepare(data)
        now = self.clock.now()
        operation = Operation(
            event_id=str(uuid.uuid4()),
            group_id=prepared.scope.group_id,
            kind="add",
            payload=prepared.model_dump(mode="json"),
            idempotency_key=prepared.idempotency_key,
            created_at=now,
            updated_at=now,
        )
        return in_unit(self.store, now, committing(lambda uow: uow.immediate.queue(operation)))

    def replan(self, scope: TenantScope, episode: Episode) -> ItemPlan:
        """What the current rules make of a stored episode (reprocessing), embedded, pointing
        at that episode instead of a new one."""
        turn = Turn(index=0, role=episode.role, text=episode.content, modality=episode.modality)
        context = episode.discourse.before if episode.discourse is not None else Discourse()
        prepared = PreparedAdd(
            discourse=context,
            user_id=scope.user_id,
            agent_id=scope.agent_id,
            run_id=scope.run_id,
            turns=(turn,),
            knowledge_time=episode.knowledge_time,
            metadata=episode.metadata,
            observation=TimePoint(start=episode.valid_at, granularity=Granularity.INSTANT),
            source=episode.source_description or None,
            permissions=episode.permissions,
        )
        now = self.clock.now()
        plan = self._plan([(str(uuid.uuid4()), prepared)], now)[0]
        stored = {
            "episode_id": episode.uuid,
            "episodes": (episode.uuid,),
            "media_refs": episode.media_refs,
            "modality": episode.modality,
        }
        plan.drafts[:] = [replace(d, fact=d.fact.model_copy(update=stored)) for d in plan.drafts]
        plan.candidates[:] = [
            c.model_copy(update={"fact": c.fact.model_copy(update=stored)}) for c in plan.candidates
        ]
        plan.episodes.clear()
        self._embed([plan])
        return plan

    @property
    def parallelism(self) -> int:
        """How many queued operations a worker turn should claim."""
        return self.pool.workers if self.pool is not None else 1

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()

    # -- stages --------------------------------------------------------------------------

    def _prepare(self, data: AddInput) -> PreparedAdd:
        request = data if isinstance(data, AddRequest) else validated(dict(data))
        return prepare(request, max_chars=self.config.max_chars, stage=self.timings.stage)

    def _plan(self, items: Sequence[tuple[str, PreparedAdd]], now: datetime) -> list[ItemPlan]:
        return self.planner.plan(items, now)

    def _embed(self, plans: Sequence[ItemPlan]) -> None:
        self.planner.embed(plans)

    def _write(
        self,
        items: Sequence[tuple[str, PreparedAdd]],
        operation: Operation | None = None,
        *,
        force: bool = False,
    ) -> list[AddOut]:
        now = self.clock.now()
        items = self.contextualised(items, now)
        return self._store_plans(items, (now, self._plan(items, now)), operation, force=force)

    def _store_plans(
        self,
        items: Sequence[tuple[str, PreparedAdd]],
        planned: tuple[datetime, list[ItemPlan]],
        operation: Operation | None = None,
        *,
        force: bool = False,
        embedded: bool = False,
    ) -> list[AddOut]:
        """Embed (unless `embedded`) and commit planned items in one transaction."""
        now, plans = planned
        if not embedded:
            self._embed(plans)

        def work(uow: UnitOfWork) -> list[AddOut]:
            manual = not force and self.manual_for(plans)
            names = None if force else self.names
            outcomes = commit(uow, plans, manual=manual, names=names)
            answers = self._receipts(uow, items, plans, outcomes, now, operation)
            uow.commit()
            return answers

        try:
            with self.timings.stage("store"), self.timings.cpu(STORE_CPU):
                return in_unit(self.store, now, work, self.timings.stage)
        except DuplicateRecord:
            return self._already_written([event_id for event_id, _ in items])

    def _start_chunk(self, chunk: Chunk) -> Started:
        """A chunk sent to the worker processes to plan, when there are any and it is big
        enough to pay for the trip; None: it is planned here (also when the pool failed)."""
        pool = self.pool
        if pool is None or not pool.worth_it(len(chunk)):
            return None
        now = self.clock.now()
        try:
            return now, pool.start(_items(chunk), now)
        except Exception:
            log.exception("extraction workers failed; planning in-process")
            return None

    def _plan_chunk(
        self, chunk: Chunk, started: Started = None
    ) -> tuple[datetime, list[ItemPlan]] | None:
        """A chunk's plans, embedded (gathered from the worker processes when `started` there),
        or None when planning failed (its items then go one by one)."""
        items = _items(chunk)
        try:
            if started is not None:
                now, ticket = started
                pooled = self._pooled(lambda: PlannerPool.gather(ticket))
                if pooled is not None:
                    return now, pooled
            now = self.clock.now()
            plans = self._plan(items, now)
            self._embed(plans)
        except PalimpsestError:
            return None
        return now, plans

    def _pooled(self, result: Callable[[], Planned]) -> list[ItemPlan] | None:
        """Plans from the worker processes, their stage times counted here; None when the
        pool itself failed (logged; the caller plans in-process). A domain error is raised."""
        try:
            plans, seconds = result()
        except PalimpsestError:
            raise
        except Exception:
            log.exception("extraction workers failed; planning in-process")
            return None
        self.timings.add(seconds)
        return plans

    def _store_chunk(
        self,
        chunk: Chunk,
        planned: tuple[datetime, list[ItemPlan]] | None,
    ) -> list[AddOut | ErrorOut]:
        """One chunk in one transaction; if anything in it fails, each item alone, so one bad
        item fails with its own error and the others are written."""
        items = _items(chunk)
        if planned is not None:
            try:
                return list(self._store_plans(items, planned, embedded=True))
            except StoreUnavailable as exc:
                return [ErrorOut.of(exc) for _ in chunk]
            except PalimpsestError as exc:
                if len(items) == 1:
                    return [ErrorOut.of(exc)]
        answers: list[AddOut | ErrorOut] = []
        for item in items:
            try:
                answers.append(self._write([item])[0])
            except PalimpsestError as exc:
                answers.append(ErrorOut.of(exc))
        return answers

    def manual_for(self, plans: Sequence[ItemPlan]) -> bool:
        """Does the policy make these plans' updates wait (manual mode)?"""
        groups = {plan.group_id for plan in plans}
        return self.config.manual_default or bool(groups & self.config.manual_groups)

    def _receipts(
        self,
        uow: UnitOfWork,
        items: Sequence[tuple[str, PreparedAdd]],
        plans: Sequence[ItemPlan],
        outcomes: Sequence[list[Outcome]],
        now: datetime,
        operation: Operation | None,
    ) -> list[AddOut]:
        """Every add's Operation record, SUCCEEDED with its result, in the same transaction."""
        answers: list[AddOut] = []
        receipts: list[Operation] = []
        for (event_id, _), plan, results in zip(items, plans, outcomes, strict=True):
            answered = answer(event_id, plan, results)
            answers.append(answered)
            result = answered.model_dump(mode="json")
            if operation is not None and operation.event_id == event_id:
                uow.finished(
                    operation.model_copy(
                        update={
                            "status": OperationStatus.SUCCEEDED,
                            "payload": {},
                            "result": result,
                            "error": None,
                            "lease_until": None,
                            "updated_at": now,
                        }
                    )
                )
                continue
            receipts.append(
                Operation(
                    event_id=event_id,
                    group_id=plan.group_id,
                    kind="add",
                    status=OperationStatus.SUCCEEDED,
                    result=result,
                    created_at=now,
                    updated_at=now,
                )
            )
        uow.receipts(receipts)
        return answers

    def _already_written(self, event_ids: Sequence[str]) -> list[AddOut]:
        """A commit reported as failed may have been applied: its receipts tell."""
        receipts = self.store.read(lambda tx: [tx.operations.get(e) for e in event_ids])
        if all(r is not None and r.status is OperationStatus.SUCCEEDED for r in receipts):
            return [AddOut.model_validate(r.result or {}) for r in receipts if r is not None]
        raise DuplicateRecord("a record of this write already exists")


STORE_CPU = "store_cpu"
"""The stage key of the writer thread's CPU seconds inside its store transactions."""


def _items(chunk: Chunk) -> list[tuple[str, PreparedAdd]]:
    return [(event_id, prepared) for _, event_id, prepared in chunk]


def answer(event_id: str, plan: ItemPlan, outcomes: Sequence[Outcome]) -> AddOut:
    return AddOut.trusted(
        {
            "results": [ResultOut.of(o) for o in outcomes],
            "alerts": [AlertOut.of(a) for a in plan.alerts],
            "candidates": [CandidateOut.of(c) for c in plan.candidates],
            "event_id": event_id,
            "episode_id": plan.episodes[-1].uuid if plan.episodes else None,
            "episode_ids": [e.uuid for e in plan.episodes],
        }
    )
