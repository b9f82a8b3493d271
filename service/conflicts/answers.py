"""The conflict use cases' answers, as frozen pydantic models (API.md: resolve, audit, rollback,
confirm / reject, history): the use cases return them, REST serialises them as they are,
GraphQL reads them into its types, the Python client dumps them. One model per shape.

    resolve(content, dry_run)   -> ResolutionOut   plan: [StepOut], verdicts: [JudgedOut]
    resolve(fact_id)            -> ResolutionOut
    resolve(content, execute)   -> WrittenOut      plan: [WrittenStepOut], verdicts: [Conflict],
                                                   results: [Result]
    audit                       -> AuditOut        groups: [GroupOut (records, plan: [PairOut])]
    rollback                    -> RollbackOut     the records restored
    confirm / reject            -> ReviewOut       the records the verdict changed
    history                     -> HistoryOut      chains: [ChainOut], broken: [ProblemOut]
"""

from __future__ import annotations

from graph.domain.chains import ChainProblem
from graph.domain.conflicts import Finding
from graph.domain.model import Fact
from service.views import ConflictOut, FactOut, Out, ResultOut


class StepOut(Out):
    """What judging a statement or a stored record does to one record, and why."""

    action: str
    conflict_type: str
    target_id: str | None
    reason: str
    memory: str
    subject: str
    predicate: str
    value: str

    @classmethod
    def of(cls, fact: Fact, action: str, kind: str, target: str | None, reason: str) -> StepOut:
        return cls.model_construct(
            action=action,
            conflict_type=kind,
            target_id=target,
            reason=reason,
            memory=fact.fact,
            subject=fact.subject,
            predicate=fact.predicate,
            value=fact.value,
        )

    @classmethod
    def of_finding(cls, fact: Fact, finding: Finding) -> StepOut:
        action, kind = finding.action.value, finding.conflict_type.value
        return cls.of(fact, action, kind, finding.target_id, finding.reason)


class JudgedOut(Out):
    """A verdict (`Conflict`) with the statement it judged."""

    target_id: str | None
    conflict_type: str
    action: str
    reason: str
    executed: bool
    memory: str
    value: str

    @classmethod
    def of(cls, finding: Finding, fact: Fact, executed: bool) -> JudgedOut:
        conflict = ConflictOut.of(finding, executed)
        return cls.model_construct(**conflict.model_dump(), memory=fact.fact, value=fact.value)


class ResolutionOut(Out):
    """A plan: the dry run of a statement, or a stored record judged again (and executed)."""

    plan: list[StepOut]
    verdicts: list[JudgedOut]
    executed: bool


class WrittenStepOut(Out):
    """One record an executed statement wrote: its event and its first conflict."""

    action: str
    conflict_type: str
    target_id: str | None
    reason: str
    memory: str
    id: str

    @classmethod
    def of(cls, result: ResultOut) -> WrittenStepOut:
        first = result.conflicts[0] if result.conflicts else None
        return cls.model_construct(
            action=result.event,
            conflict_type=first.conflict_type if first else "none",
            target_id=first.target_id if first else None,
            reason=first.reason if first else "",
            memory=result.memory,
            id=result.id,
        )


class WrittenOut(Out):
    """A statement written with every authorised update executed (`dry_run=false`)."""

    plan: list[WrittenStepOut]
    verdicts: list[ConflictOut]
    executed: bool
    results: list[ResultOut]

    @classmethod
    def of(cls, results: list[ResultOut]) -> WrittenOut:
        return cls.model_construct(
            plan=[WrittenStepOut.of(r) for r in results],
            verdicts=[c for r in results for c in r.conflicts],
            executed=True,
            results=results,
        )


class PairOut(Out):
    """One conflicting pair of an audit group: the later record against the earlier."""

    action: str
    conflict_type: str
    target_id: str
    fact_id: str
    reason: str

    @classmethod
    def of(cls, new: Fact, finding: Finding) -> PairOut:
        return cls.model_construct(
            action=finding.action.value,
            conflict_type=finding.conflict_type.value,
            target_id=finding.target_id,
            fact_id=new.uuid,
            reason=finding.reason,
        )


class GroupOut(Out):
    """Records the audit found in conflict (pairs sharing a record form one group)."""

    entity: str
    predicate: str
    scope: str
    conflict_type: str
    records: list[FactOut]
    plan: list[PairOut]


class AuditOut(Out):
    scanned: int
    buckets: int
    flagged: int
    flagged_records: int
    groups: list[GroupOut]


class RollbackOut(Out):
    """The record whose latest action was undone, and every record the undo restored."""

    rolled_back: str
    facts: list[FactOut]


class ReviewOut(Out):
    """A reviewer's verdict: did it change anything, and the records as they now are."""

    executed: bool
    facts: list[FactOut]


class ChainOut(Out):
    """One version chain (a predicate in a scope), oldest version first."""

    predicate: str
    scope: str
    versions: list[FactOut]


class ProblemOut(Out):
    """A broken link of a version chain."""

    record: str
    predicate: str
    scope: str
    link: str
    problem: str

    @classmethod
    def of(cls, problem: ChainProblem) -> ProblemOut:
        return cls.model_construct(
            record=problem.record,
            predicate=problem.predicate,
            scope=problem.scope,
            link=problem.link,
            problem=problem.problem,
        )


class HistoryOut(Out):
    entity: str
    chains: list[ChainOut]
    broken: list[ProblemOut]
