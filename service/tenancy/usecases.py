"""Versioned reprocessing, erasure and export of a tenant's memory.

* `stale`: records made under other extraction or policy versions than the current ones.
* `reprocess`: re-extract selected episodes (a source's, or those behind stale records) under
  the current rules. An episode whose records come out the same is left alone; otherwise its
  old records stop being believed (`verify_status = outdated`, kept as history) and the new
  ones link to them with `supersedes`, through the normal conflict path. Ledgered.
* `forget_user` / `forget_source`: erase content (facts, episodes, entities, embeddings, index
  entries, candidates, operations, actions) and leave a ledger tombstone, so the chain still
  verifies and the erasure is provable.
* `export`: every record of the tenant, for backup, migration and audit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from pydantic import ConfigDict

from graph.domain.enums import VerifyStatus
from graph.domain.errors import InvalidInput
from graph.domain.ledger import LedgerDraft
from graph.domain.model import Episode, Fact
from graph.domain.resolution import Change, Fields
from graph.domain.tenancy import TenantScope
from graph.domain.timerules import is_current
from graph.ports.facts import FactFilter, FactQuery
from service.conflicts.usecases import Services
from service.read import exported
from service.read.access import Principals, open_to
from service.views import FactOut, Out
from service.write.build import ItemPlan
from service.write.commit import commit
from service.write.uow import UnitOfWork, committing, in_unit

ERASE_BATCH = 500
PAGE = 500
Progress = Callable[[int, int], None]


class Versions(Out):
    """The rule versions new records are made under."""

    extraction_version: str
    policy_version: str


class StaleOut(Versions):
    """Current records made under other versions than these."""

    facts: list[FactOut]


class ReprocessOut(Out):
    """What a reprocess did (or, with dry_run, would do)."""

    episodes: int
    changed: int
    outdated: int
    added: int
    unchanged: int
    dry_run: bool


class ErasureOut(Out):
    """What an erasure removed (`episodes`: a source's, when one was forgotten)."""

    erased: int
    episodes: int | None = None


class ExportLine(Out):
    """One record of a tenant's export: its kind and its JSON form."""

    model_config = ConfigDict(frozen=True)

    kind: str
    record: dict[str, Any]


@dataclass
class _Tally:
    changed: int = 0
    outdated: int = 0
    added: int = 0
    unchanged: int = 0


class Tenancy:
    def __init__(self, services: Services) -> None:
        self.s = services

    # -- versions --------------------------------------------------------------------------

    def versions(self) -> Versions:
        return Versions(
            extraction_version=self.s.writes.extractor.version,
            policy_version=self.s.writes.rules.version,
        )

    def stale(self, scope: TenantScope, limit: int = 1000) -> StaleOut:
        """Current records made under another extraction or policy version."""
        if not 1 <= limit <= 1000:
            raise InvalidInput("limit must be between 1 and 1000", field="limit")
        now, current = self.s.clock.now(), self.versions()
        found: dict[str, Fact] = {}
        for flt in (
            FactFilter(extraction_version_not=current.extraction_version),
            FactFilter(policy_version_not=current.policy_version),
        ):
            query = FactQuery(flt, limit=limit)
            stale = self.s.store.read(lambda tx: tx.facts.find(scope.group_id, query, now))  # noqa: B023
            for fact in stale:
                found[fact.uuid] = fact
        return StaleOut(
            extraction_version=current.extraction_version,
            policy_version=current.policy_version,
            facts=[FactOut.of(f) for f in found.values()],
        )

    # -- reprocess -------------------------------------------------------------------------

    def reprocess(
        self,
        scope: TenantScope,
        *,
        source: str | None = None,
        only_stale: bool = True,
        dry_run: bool = False,
        since_version: str | None = None,
        progress: Progress | None = None,
        principals: Principals = None,
    ) -> ReprocessOut:
        """Re-extract a source's episodes (or all), by default only those behind records made
        under other versions than the current ones, or than `since_version` when given; with
        `principals` (API keys on), only episodes they may read."""
        episodes = [e for e in self._episodes(scope, source) if open_to(e.permissions, principals)]
        report = _Tally()
        wanted = self._stale_rule(only_stale, since_version)
        for done, episode in enumerate(episodes, start=1):
            self._reprocess_one(scope, episode, wanted, dry_run, report)
            if progress is not None:
                progress(done, len(episodes))
        return ReprocessOut(episodes=len(episodes), dry_run=dry_run, **vars(report))

    def _stale_rule(self, only_stale: bool, since: str | None) -> Callable[[Fact], bool] | None:
        if not only_stale:
            return None
        if since is not None:
            return lambda f: since not in (f.extraction_version, f.policy_version)
        current = self.versions()
        return lambda f: (
            f.extraction_version != current.extraction_version
            or f.policy_version != current.policy_version
        )

    def _episodes(self, scope: TenantScope, source: str | None) -> list[Episode]:
        if source is not None:
            return self.s.store.read(
                lambda tx: tx.episodes.of_source(scope.group_id, source, 100_000)
            )
        return [r for r in self.s.store.export(scope.group_id, page=PAGE) if isinstance(r, Episode)]

    def _reprocess_one(
        self,
        scope: TenantScope,
        episode: Episode,
        stale: Callable[[Fact], bool] | None,
        dry_run: bool,
        report: _Tally,
    ) -> None:
        now = self.s.clock.now()
        found = self.s.store.read(lambda tx: tx.facts.of_episodes(scope.group_id, [episode.uuid]))
        old = [f for f in found if is_current(f, now)]
        if stale is not None and not any(stale(f) for f in old):
            report.unchanged += 1
            return
        plan = self.s.writes.replan(scope, episode)
        if {d.fact.signature for d in plan.drafts} == {f.signature for f in old}:
            report.unchanged += 1
            return
        report.changed += 1
        report.outdated += len(old)
        report.added += len(plan.drafts)
        if not dry_run:
            self._replace(scope, episode, old, plan, now)

    def _replace(
        self, scope: TenantScope, episode: Episode, old: list[Fact], plan: ItemPlan, now: datetime
    ) -> None:
        group = scope.group_id
        for index, draft in enumerate(plan.drafts):
            previous = _counterpart(draft.fact, old)
            if previous is not None:
                fact = draft.fact.model_copy(update={"supersedes": previous.uuid})
                plan.drafts[index] = replace(draft, fact=fact)

        def work(uow: UnitOfWork) -> None:
            outdated: Fields = {"expired_at": now, "verify_status": VerifyStatus.OUTDATED}
            for fact in old:
                uow.facts.change(group, Change(fact.uuid, outdated))
            commit(uow, [plan])
            entry = LedgerDraft(
                "reprocess",
                (episode.uuid, *(f.uuid for f in old)),
                {"versions": self.versions().model_dump(), "outdated": [f.uuid for f in old]},
            )
            uow.ledger(group, [entry])
            uow.commit()

        in_unit(self.s.store, now, work)

    # -- erasure ---------------------------------------------------------------------------

    def forget_user(self, scope: TenantScope, progress: Progress | None = None) -> ErasureOut:
        group, erased = scope.group_id, 0
        erase = committing(lambda uow: uow.immediate.erase_group(group, ERASE_BATCH))
        while removed := in_unit(self.s.store, self.s.clock.now(), erase):
            erased += removed
            if progress is not None:
                progress(erased, 0)
        entry = LedgerDraft("erase", (group,), {"records": erased})
        account = committing(lambda uow: uow.ledger(group, [entry]))
        in_unit(self.s.store, self.s.clock.now(), account)
        self.s.store.compact()
        return ErasureOut.model_construct(erased=erased)

    def forget_source(self, scope: TenantScope, source: str) -> ErasureOut:
        if not source:
            raise InvalidInput("name the source to forget", field="source")
        group = scope.group_id
        episodes = self._episodes(scope, source)
        ids = [e.uuid for e in episodes]

        def work(uow: UnitOfWork) -> int:
            removed = uow.immediate.erase_episodes(group, ids)
            uow.ledger(group, [LedgerDraft("erase_source", tuple(ids), {"records": removed})])
            uow.commit()
            return removed

        erased = in_unit(self.s.store, self.s.clock.now(), work) if ids else 0
        self.s.store.compact()
        return ErasureOut(erased=erased, episodes=len(ids))

    # -- export ----------------------------------------------------------------------------

    def export(
        self, scope: TenantScope, principals: tuple[str, ...] | None = None
    ) -> Iterator[ExportLine]:
        """One line per record: `{"kind", "record"}`; with `principals` (API keys on), only
        what they may read (`service.read.exported`)."""
        group = scope.group_id
        closed = None
        if principals is not None:
            closed = exported.closed_of(self.s.store.export(group, page=PAGE), principals)
        for record in self.s.store.export(group, page=PAGE):
            kept = record if closed is None else exported.shown(record, closed)
            if kept is not None:
                kind = type(kept).__name__.lower()
                yield ExportLine.model_construct(kind=kind, record=kept.model_dump(mode="json"))


def _counterpart(new: Fact, old: list[Fact]) -> Fact | None:
    """The old record a re-extracted one replaces: same subject, predicate and scope; else
    the one read from the same words of the episode (overlapping source spans)."""
    for fact in old:
        if (fact.subject_key, fact.predicate, fact.scope) == (
            new.subject_key,
            new.predicate,
            new.scope,
        ):
            return fact
    for fact in old:
        if _overlap(fact.source_span, new.source_span):
            return fact
    return None


def _overlap(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    return a is not None and b is not None and a[0] < b[1] and b[0] < a[1]
