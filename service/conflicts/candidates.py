"""The review queue: list, confirm and reject candidates (held or rejected extracted records).

Confirming promotes the record through the normal conflict path (it is embedded then, and its
belief starts at the confirmation); rejecting keeps it for audit with the reviewer's reason.
Both are ledgered.
"""

from __future__ import annotations

from datetime import datetime

from extractors.notary.core import notarize
from graph.domain.errors import ConflictError, InvalidInput, NotFound
from graph.domain.ledger import LedgerDraft
from graph.domain.model import Candidate, CandidateStatus, Entity
from graph.domain.signature import entity_key
from graph.domain.tenancy import TenantScope
from service.conflicts.usecases import Services
from service.embedding import Embedder
from service.views import CandidateOut, CandidatesOut, ResultOut, ResultsOut
from service.write.build import Draft, ItemPlan, rules_of
from service.write.commit import Outcome, commit
from service.write.request import PreparedAdd
from service.write.uow import UnitOfWork, in_unit

STATUSES = ("pending", "rejected", "promoted")


class Candidates:
    def __init__(self, services: Services, embedder: Embedder) -> None:
        self.s = services
        self.embedder = embedder

    def list(
        self, scope: TenantScope, status: str | None = "pending", limit: int = 100
    ) -> CandidatesOut:
        if status is not None and status not in STATUSES:
            raise InvalidInput(f"status must be one of {', '.join(STATUSES)}", field="status")
        if not 1 <= limit <= 1000:
            raise InvalidInput("limit must be between 1 and 1000", field="limit")
        wanted: CandidateStatus | None = status  # type: ignore[assignment]
        found = self.s.store.read(lambda tx: tx.candidates.find(scope.group_id, wanted, limit))
        return CandidatesOut.model_construct(candidates=[CandidateOut.of(c) for c in found])

    def confirm(self, scope: TenantScope, candidate_id: str) -> ResultsOut:
        candidate = self._pending(scope, candidate_id)
        now = self.s.clock.now()
        plan = self._plan(scope, candidate, now)
        manual = self.s.writes.manual_for([plan])

        def promote(uow: UnitOfWork) -> list[Outcome]:
            (outcomes,) = commit(uow, [plan], manual=manual, names=self.s.writes.names)
            decided = candidate.model_copy(
                update={
                    "status": "promoted",
                    "decided_at": now,
                    "decided_by": "reviewer",
                    "promoted_id": outcomes[0].fact.uuid,
                }
            )
            uow.decided(decided)
            entry = LedgerDraft(
                "candidate_confirm",
                (candidate.uuid, decided.promoted_id or ""),
                {"rule": candidate.rule},
            )
            uow.ledger(scope.group_id, [entry])
            uow.commit()
            return outcomes

        outcomes = in_unit(self.s.store, now, promote)
        return ResultsOut.model_construct(results=[ResultOut.of(o) for o in outcomes])

    def reject(
        self, scope: TenantScope, candidate_id: str, reason: str | None = None
    ) -> CandidateOut:
        candidate = self._pending(scope, candidate_id)
        now = self.s.clock.now()
        decided = candidate.model_copy(
            update={
                "status": "rejected",
                "decided_at": now,
                "decided_by": "reviewer",
                "reason": notarize(reason).text if reason else candidate.reason,
            }
        )

        def work(uow: UnitOfWork) -> None:
            uow.decided(decided)
            entry = LedgerDraft("candidate_reject", (candidate.uuid,), {"reason": decided.reason})
            uow.ledger(scope.group_id, [entry])
            uow.commit()

        in_unit(self.s.store, now, work)
        return CandidateOut.of(decided)

    def _pending(self, scope: TenantScope, candidate_id: str) -> Candidate:
        found = self.s.store.read(lambda tx: tx.candidates.get(scope.group_id, candidate_id))
        if found is None:
            raise NotFound(
                f"no candidate {candidate_id} in this tenant", details={"id": candidate_id}
            )
        if found.status != "pending":
            raise ConflictError(
                f"candidate {candidate_id} is already {found.status}",
                details={"id": candidate_id, "status": found.status},
            )
        return found

    def _plan(self, scope: TenantScope, candidate: Candidate, now: datetime) -> ItemPlan:
        fact = candidate.fact
        (vector,) = self.embedder.embed([fact.fact])
        fact = fact.model_copy(update={"created_at": now, "fact_embedding": vector})
        draft = Draft(
            fact, fact.subject, fact.value, rules_of(self.s.table, fact), candidate.correction
        )
        prepared = PreparedAdd(
            user_id=scope.user_id, agent_id=scope.agent_id, run_id=scope.run_id, turns=()
        )
        plan = ItemPlan(prepared, scope.group_id, now, drafts=[draft])
        for name, uuid in ((fact.subject, fact.subject_uuid), (fact.value, fact.object_uuid)):
            plan.entities.setdefault(
                entity_key(name),
                Entity(
                    uuid=uuid,
                    group_id=scope.group_id,
                    name=name[:500],
                    normalized=entity_key(name),
                    created_at=now,
                ),
            )
        return plan
