"""The one judge: a statement against the records it aligns with, under a policy -> a Verdict.

Every path that decides what a statement does to the memory calls `judge`: the write (single,
batch, async, imports, reprocessing, candidate confirmation), the conflict dry run and
resolve-by-id, the audit, and the reviewer's confirmation of a disputed or pending record
(`Policy(reviewed=True)`). Pure: the records and the time come in as arguments, nothing is
read or written here. The caller (the unit of work) applies the verdict.

    statement ──┐
    aligned ────┼─> judge ─> Verdict(event, findings, executed, own fields, changes)
    policy ─────┘              │
                               └─ classify (six classes) -> decide (action) -> effects
                                                         └> review (a reviewer confirmed it)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from graph.domain.conflicts import Finding, PredicateRules, classify, said_end
from graph.domain.enums import Cardinality, WriteEvent
from graph.domain.model import Fact
from graph.domain.resolution import (
    Change,
    Fields,
    FieldValue,
    confirmed_fields,
    decide,
    effect_of,
    review,
)

NOT_WRITES = frozenset({WriteEvent.DUPLICATE, WriteEvent.NOOP})


@dataclass(frozen=True)
class Statement:
    """A record about to be asserted, with what judging it needs to know."""

    fact: Fact
    rules: PredicateRules
    correction: bool = False
    at: datetime | None = None
    """When the statement was made (an import's own timestamp): the supersessions, expiries and
    closures it causes carry this time, never before the record they change was stored. None:
    the judge's `now` (a stored record re-judged, a reviewer's decision)."""

    @classmethod
    def of_record(cls, fact: Fact, rules: PredicateRules) -> Statement:
        """A stored record judged again as if it were said now (resolve-by-id, a reviewer's
        confirmation, the audit): a correction stays a correction."""
        return cls(fact, rules, fact.correction)


@dataclass(frozen=True)
class Policy:
    """How updates are handled: `manual` makes them wait for confirmation; `reviewed` says a
    reviewer confirmed the statement (a stored record): it wins every dispute it is in."""

    manual: bool = False
    reviewed: bool = False
    alias_similarity: float | None = None
    """Hold an UPDATE for review when the new value's name is at least this alike to the
    current one's (`Aligned.likeness`): it may be another name of the same value. None: never."""


@dataclass(frozen=True)
class Aligned:
    """What the store holds that bears on a statement.

    `holder`: the current record holding the statement's signature, if any (a duplicate).
    `current`: the current records of the same subject and predicate (not the statement).
    `chain`: the believed records of the same subject, predicate and scope, oldest first or in
    any order; needed only when `needs_chain` says so (a statement older than the current one).
    """

    current: tuple[Fact, ...] = ()
    holder: Fact | None = None
    chain: tuple[Fact, ...] = ()
    likeness: Mapping[str, float] = field(default_factory=dict)
    """How alike (0-1, the encoder's) the name of each record in `alias_questions` is to the
    statement's value; needed only when the policy holds possible aliases."""
    findings: tuple[Finding, ...] | None = None
    """`findings_of(statement, current)` when the caller has it already (it asked
    `needs_chain` or `alias_questions` with it); None: the judge classifies `current`."""


@dataclass(frozen=True)
class Verdict:
    """What one statement does. `fact` is the record as it will be written (own fields
    applied), or for DUPLICATE / NOOP the stored record that already says it."""

    event: WriteEvent
    fact: Fact
    findings: tuple[Finding, ...] = ()
    executed: tuple[Finding, ...] = ()
    changes: tuple[Change, ...] = ()
    pending: bool = False
    own: Mapping[str, FieldValue] = field(default_factory=dict)

    @property
    def writes(self) -> bool:
        """Does the statement become a new record?"""
        return self.event not in NOT_WRITES


def findings_of(statement: Statement, current: Iterable[Fact]) -> tuple[Finding, ...]:
    """The statement against each current record: one of the six classes and an action."""
    new, rules = statement.fact, statement.rules
    return tuple(classify(new, old, rules, correction=statement.correction) for old in current)


def needs_chain(
    statement: Statement,
    current: Iterable[Fact],
    findings: Sequence[Finding] | None = None,
) -> bool:
    """Does judging the statement need its version chain (it predates a current record)?
    `findings`: `findings_of(statement, current)`, when the caller has it."""
    if findings is None:
        findings = findings_of(statement, current)
    return any(f.mode == "history" for f in findings)


def alias_questions(
    statement: Statement,
    current: Iterable[Fact],
    findings: Sequence[Finding] | None = None,
) -> tuple[Fact, ...]:
    """The current records the statement would replace by naming another value: an UPDATE
    that closes a record of a different value (not a correction, a denial or history). Its
    value might be another name of theirs (a spelling, a language, an abbreviation the alias
    table lacks); the caller measures how alike the names are (`Aligned.likeness`).
    `findings`: `findings_of(statement, current)`, when the caller has it."""
    records = {f.uuid: f for f in current}
    if findings is None:
        findings = findings_of(statement, records.values())
    return tuple(
        records[f.target_id]
        for f in findings
        if f.action is WriteEvent.UPDATE
        and f.mode == "close"
        and records[f.target_id].value_key != statement.fact.value_key
        and records[f.target_id].polarity == statement.fact.polarity
    )


def judge(statement: Statement, aligned: Aligned, policy: Policy, *, now: datetime) -> Verdict:
    """The verdict on `statement`; its effects carry `statement.at`, else `now`."""
    if aligned.holder is not None:
        return Verdict(WriteEvent.DUPLICATE, aligned.holder)
    findings = aligned.findings
    if findings is None:
        findings = findings_of(statement, aligned.current)
    if policy.reviewed:
        return _reviewed(statement, aligned, findings, now)
    told = _told_in_history(statement.fact, aligned.chain, findings)
    if told is not None:
        return Verdict(WriteEvent.DUPLICATE, told, findings)
    findings, maybe_alias = _maybe_aliases(statement, aligned, findings, policy.alias_similarity)
    decision = decide(findings, manual=policy.manual or maybe_alias)
    if not decision.write_new:
        kept = next(f for f in findings if f.action is WriteEvent.NOOP)
        held = next(r for r in aligned.current if r.uuid == kept.target_id)
        return Verdict(WriteEvent.NOOP, held, decision.verdicts)
    waiting = _held(decision.verdicts, decision.execute) if decision.pending else frozenset()
    own, changes = _effects(statement.fact, decision.execute, aligned, statement.at or now, waiting)
    if decision.pending:
        own["needs_confirmation"] = True
    return Verdict(
        decision.event,
        statement.fact.model_copy(update=own),
        decision.verdicts,
        decision.execute,
        tuple(changes),
        decision.pending,
        own,
    )


def _told_in_history(new: Fact, chain: Sequence[Fact], findings: Sequence[Finding]) -> Fact | None:
    """A past version that already says what a statement older than the current record says:
    the same value, polarity and scope, believed over a period the statement's overlaps
    ("I moved to Berlin in 2023." said again after the move to Paris). The restatement is a
    DUPLICATE of it, whatever order the statements came in, instead of a zero-length version
    squeezed into the chain at the same instant."""
    if not any(f.mode == "history" for f in findings):
        return None
    start = new.valid_at
    end = said_end(new)
    for record in chain:
        same = (record.value_key, record.polarity, record.scope) == (
            new.value_key,
            new.polarity,
            new.scope,
        )
        closes = record.invalid_at
        if (
            same
            and record.uuid != new.uuid
            and record.expired_at is None
            and record.valid_at < end
            and (closes is None or start < closes)
        ):
            return record
    return None


def _maybe_aliases(
    statement: Statement,
    aligned: Aligned,
    findings: tuple[Finding, ...],
    threshold: float | None,
) -> tuple[tuple[Finding, ...], bool]:
    """The findings, those whose target's name is at least `threshold` alike to the new value
    saying so; True when any is (the statement is then held for review: a reviewer confirms
    it as an UPDATE, or rejects it as another name of the current value)."""
    if threshold is None:
        return findings, False
    asked = {f.uuid: f for f in alias_questions(statement, aligned.current, findings)}
    out, held = [], False
    for finding in findings:
        similarity = aligned.likeness.get(finding.target_id)
        if finding.target_id in asked and similarity is not None and similarity >= threshold:
            old = asked[finding.target_id]
            reason = (
                f"{finding.reason}; {statement.fact.value!r} may be another name of "
                f"{old.value!r} (name similarity {similarity:.2f}): held for review"
            )
            out.append(replace(finding, reason=reason))
            held = True
        else:
            out.append(finding)
    return tuple(out), held


def _reviewed(
    statement: Statement, aligned: Aligned, findings: tuple[Finding, ...], now: datetime
) -> Verdict:
    """A reviewer's confirmation: the record's own confirmed fields, then its effects."""
    decision = review(findings, {f.uuid: f for f in aligned.current})
    mine, changes = _effects(statement.fact, decision.execute, aligned, statement.at or now)
    own = {**confirmed_fields(), **mine}
    fact = statement.fact.model_copy(update=own)
    return Verdict(decision.event, fact, findings, decision.execute, tuple(changes), False, own)


def _given(records: Sequence[Fact]) -> Callable[[], Sequence[Fact]]:
    return lambda: records


def _one_line(new: Fact, record: Fact) -> bool:
    """Whether `record` is a version of what `new` states, so may precede or follow it in
    history: the same scope, and for a predicate whose values coexist (likes) the same value
    ("I don't like Oslo" placed before "I like Oslo. I don't like SSO." is followed by the
    first, never the second, whichever id sorts first)."""
    if record.scope != new.scope:
        return False
    single = Cardinality.MULTI not in (new.cardinality, record.cardinality)
    return single or record.value_key == new.value_key


def _held(verdicts: Sequence[Finding], execute: Sequence[Finding]) -> frozenset[str]:
    """The records an update held for review would supersede."""
    return frozenset(
        v.target_id for v in verdicts if v.action is WriteEvent.UPDATE and v not in execute
    )


def _effects(
    new: Fact,
    execute: Sequence[Finding],
    aligned: Aligned,
    now: datetime,
    held: frozenset[str] = frozenset(),
) -> tuple[Fields, list[Change]]:
    """Execute the findings in order; each sees the changes the previous ones made. `held`: the
    records an update held for review would supersede; the statement's place in history is
    found without them, as the reviewer's confirmation will find it (a correction held back
    must not leave what it corrects closed by the history instead of expired)."""
    current = {f.uuid: f for f in aligned.current}
    chain = {f.uuid: f for f in aligned.chain}
    own: Fields = {}
    changes: list[Change] = []
    for finding in execute:
        believed = [
            f
            for f in chain.values()
            if _one_line(new, f) and f.expired_at is None and f.uuid not in held
        ]
        mine, more = effect_of(new, finding, current.get(finding.target_id), _given(believed), now)
        own.update(mine)
        changes.extend(more)
        for change in more:
            for records in (current, chain):
                if change.uuid in records:
                    records[change.uuid] = records[change.uuid].model_copy(update=change.after)
    return own, changes
