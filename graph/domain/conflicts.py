"""Assertion alignment and the six conflict classes of table 4-4, as pure functions.

Two records are compared only when they share tenant, subject and predicate (the store's
alignment query guarantees that). The judgment chain, in order:

1. comparable fact types: a hypothesis or an opinion is compared only with its own kind;
2. scope: another project or namespace is a scope difference (ADD), checked before content;
3. polarity: the same value with opposite polarity is a preference change when the predicate is
   a preference (UPDATE), a change of state when either statement is marked as an ending or a
   start (`state_change`: "I no longer work at Globex", "I started at Globex"; UPDATE, the later
   one closes the earlier in event time), else a logical contradiction (KEEP_BOTH);
4. the same value again is a restatement: NOOP, unless it names its own time apart from the
   record's for a multi-valued predicate ("we won the cup last week" after "we won the cup" of
   May: another occurrence, ADD), or the new record is more precise in time,
   which makes it a refinement that supersedes the vaguer one, or (single-valued predicates)
   starts earlier than the current record, which makes it history: a value can return ("plays
   for Brighton" in 2002 and again in 2016), and an as-of question about 2002 needs the earlier
   record;
5. different values of a multi-valued predicate coexist (ADD);
6. the same quantity at another precision ("about 3 months" / "92 days") is a precision
   difference: keep the more complete record (a refinement supersedes, a vaguer statement is a
   NOOP);
7. different values from sources of different kinds (first-hand vs retrieved or inferred) are a
   source conflict (KEEP_BOTH);
8. otherwise a preference change or a temporal update (UPDATE); a correction ("no, it is X")
   expires the old record instead of closing it in event time, unless it says when the new
   value began, after the old one's start ("Actually I moved to Paris in March 2025"): then it
   tells a change, and the old record closes there.

Authority then decides what may execute: an immutable record is never superseded, and a source
of lower authority never supersedes a higher one (its record is kept, disputed, instead).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from graph.domain.enums import Cardinality, ConflictType, FactType, SourceType, WriteEvent
from graph.domain.model import Fact
from graph.domain.quantities import parse_quantity, same_magnitude
from graph.domain.timerules import period_end

FIRST_HAND = frozenset({SourceType.USER, SourceType.SYSTEM, SourceType.FILE})
SOURCE_RANK = {
    SourceType.SYSTEM: 3,
    SourceType.USER: 3,
    SourceType.FILE: 2,
    SourceType.EXTERNAL: 1,
    SourceType.AGENT_GENERATED: 1,
    SourceType.INFERENCE: 1,
    SourceType.WEB_SEARCH: 0,
}
WEAK_TYPES = frozenset({FactType.INFERENCE, FactType.BELIEF})
SOLO_TYPES = frozenset({FactType.HYPOTHESIS, FactType.OPINION})
GRANULARITY_ORDER = ("year", "quarter", "month", "week", "day", "instant")

Mode = Literal["close", "expire", "history", "settle", "none"]


@dataclass(frozen=True)
class PredicateRules:
    """What the classifier needs to know about a predicate."""

    cardinality: Cardinality = Cardinality.SINGLE
    preference: bool = False


@dataclass(frozen=True)
class Finding:
    """How a new record relates to one existing record, and what to do about it.

    `mode` says how an UPDATE lands: `close` ends the old record in event time (a temporal
    update), `expire` stops believing it (a correction or a refinement), `history` records the
    new record as an older version (it happened before the current one), `settle` retires the
    target because a reviewer confirmed the new record over it (see `judge`, `Policy.reviewed`).
    """

    target_id: str
    conflict_type: ConflictType
    action: WriteEvent
    reason: str
    mode: Mode = "none"
    authorised: bool = True

    @property
    def conflicts(self) -> bool:
        return self.conflict_type is not ConflictType.NONE


def authority(fact: Fact) -> int:
    """Source rank, one lower for inferences and beliefs."""
    rank = SOURCE_RANK[fact.source_type]
    return rank - 1 if fact.fact_type in WEAK_TYPES else rank


def classify(new: Fact, old: Fact, rules: PredicateRules, *, correction: bool = False) -> Finding:
    """The verdict for `new` against one aligned, current `old` record."""
    verdict = _judge(new, old, rules, correction)
    if verdict.mode == "history":  # the stored, later record is the one that supersedes
        # The same value said of an earlier time contradicts nobody: the later record only
        # marks where the earlier one's period ends, whatever their sources' ranks.
        return _authorise(old, new, verdict, target=old, ranked=verdict.conflicts)
    if verdict.action is WriteEvent.UPDATE:
        return _authorise(new, old, verdict, target=old)
    return verdict


def _judge(new: Fact, old: Fact, rules: PredicateRules, correction: bool) -> Finding:
    if not _comparable(new.fact_type, old.fact_type):
        return _verdict(
            old,
            ConflictType.NONE,
            WriteEvent.ADD,
            f"{new.fact_type} and {old.fact_type} are not comparable assertions",
        )
    if new.scope != old.scope:
        return _verdict(
            old,
            ConflictType.SCOPE_DIFFERENCE,
            WriteEvent.ADD,
            f"scope {new.scope or 'global'!r} differs from {old.scope or 'global'!r}",
        )
    if new.polarity != old.polarity:
        return _polarity(new, old, rules, correction)
    if new.value_key == old.value_key:
        return _restatement(new, old, rules)
    if new.polarity < 0:  # "no longer in Oslo", then "no longer in Rome": both hold
        return _verdict(
            old, ConflictType.NONE, WriteEvent.ADD, "denials of different values both hold"
        )
    if correction and not _changed_since(new, old):
        return _update(
            new, old, ConflictType.TEMPORAL_UPDATE, "a correction of the record", "expire"
        )
    return _different_values(new, old, rules)


def _changed_since(new: Fact, old: Fact) -> bool:
    """A correction that says when the new state began, after the record's own start, tells
    a change in time ("Actually I moved to Paris in March 2025" after "I moved to Berlin in
    2023"): the record held until then, and closes there instead of being retracted."""
    return bool(new.valid_phrase) and new.valid_at > old.valid_at


def _polarity(new: Fact, old: Fact, rules: PredicateRules, correction: bool) -> Finding:
    if new.value_key != old.value_key:
        return _verdict(
            old, ConflictType.NONE, WriteEvent.ADD, "opposite polarity about a different value"
        )
    if correction:
        return _update(new, old, ConflictType.LOGICAL_CONTRADICTION, "a correction", "expire")
    if rules.preference:
        return _update(
            new,
            old,
            ConflictType.PREFERENCE_CHANGE,
            f"preference for {old.value!r} reversed",
            "close",
        )
    changed = _state_change(new, old)
    if changed is not None:
        return _update(new, old, ConflictType.TEMPORAL_UPDATE, changed, "close")
    return _verdict(
        old,
        ConflictType.LOGICAL_CONTRADICTION,
        WriteEvent.KEEP_BOTH,
        f"{new.predicate} {old.value!r} asserted and denied; needs confirmation",
    )


def _state_change(new: Fact, old: Fact) -> str | None:
    """Why an assertion and a denial of one value are a change in time, not a contradiction:
    one of them says the state ended or began ("no longer", "quit", 离职; "started", 入职).
    The later one closes the earlier one; None when neither says so."""
    marked = new if new.state_change else old if old.state_change else None
    if marked is None:
        return None
    verb = "ended" if marked.polarity < 0 else "began"
    return f"{new.predicate} {old.value!r} {verb}: a change of state, not a contradiction"


def _restatement(new: Fact, old: Fact, rules: PredicateRules) -> Finding:
    if rules.cardinality is Cardinality.MULTI and _another_time(new, old):
        return _verdict(
            old,
            ConflictType.NONE,
            WriteEvent.ADD,
            f"the same value said of another time ({new.valid_phrase}): another occurrence",
        )
    if _finer(new, old):
        return _update(
            new,
            old,
            ConflictType.PRECISION_DIFFERENCE,
            "the same value with a more precise time: the refinement supersedes",
            "expire",
        )
    if rules.cardinality is Cardinality.SINGLE and _earlier(new, old):
        return _verdict(
            old,
            ConflictType.NONE,
            WriteEvent.ADD,
            "the same value, said of an earlier time: kept as history (a value can return)",
            mode="history",
        )
    return _verdict(
        old,
        ConflictType.PRECISION_DIFFERENCE,
        WriteEvent.NOOP,
        "the same value restated; the existing record is at least as complete",
    )


def _another_time(new: Fact, old: Fact) -> bool:
    """Does `new` name its own time ("we won the cup last week"), in a period apart from
    `old`'s? Then a multi-valued statement tells of another occurrence, not the same one."""
    if not new.valid_phrase:
        return False
    return said_end(new) <= old.valid_at or said_end(old) <= new.valid_at


def said_end(fact: Fact) -> datetime:
    """Where the period a record's time names ends: the phrase's own end ("last weekend":
    Monday), else the end of its `valid_at` at its granularity (its day, month or year)."""
    return fact.valid_end or period_end(fact.valid_at, fact.valid_granularity)


def _earlier(new: Fact, old: Fact) -> bool:
    """Does `new`'s whole period (its year, month or day) end before `old` begins? Then it
    tells what held earlier ("plays for Brighton" in 2002, again in 2016, Brentford between);
    "2023" against "June 2023" is only vaguer."""
    return period_end(new.valid_at, new.valid_granularity) <= old.valid_at


def _different_values(new: Fact, old: Fact, rules: PredicateRules) -> Finding:
    """Another value of the predicate: it joins the old one when either holds alongside others
    (a multi-valued predicate, or a record of one that holds several: a membership of an
    academy beside one of a party), else it replaces it."""
    if Cardinality.MULTI in (rules.cardinality, old.cardinality):
        return _verdict(
            old,
            ConflictType.NONE,
            WriteEvent.ADD,
            f"{new.predicate} holds several values; {new.value!r} joins {old.value!r}",
        )
    precision = _precision(new, old)
    if precision is not None:
        return precision
    if (new.source_type in FIRST_HAND) != (old.source_type in FIRST_HAND):
        return _verdict(
            old,
            ConflictType.SOURCE_CONFLICT,
            WriteEvent.KEEP_BOTH,
            f"{new.source_type} says {new.value!r}, {old.source_type} says "
            f"{old.value!r}; needs confirmation",
        )
    kind = ConflictType.PREFERENCE_CHANGE if rules.preference else ConflictType.TEMPORAL_UPDATE
    return _update(new, old, kind, f"{old.value!r} -> {new.value!r}", "close")


def _precision(new: Fact, old: Fact) -> Finding | None:
    a, b = parse_quantity(new.value), parse_quantity(old.value)
    if a is None or b is None or not same_magnitude(a, b):
        return None
    if b.approximate and not a.approximate:
        return _update(
            new,
            old,
            ConflictType.PRECISION_DIFFERENCE,
            f"{new.value!r} is a more precise {old.value!r}",
            "expire",
        )
    return _verdict(
        old,
        ConflictType.PRECISION_DIFFERENCE,
        WriteEvent.NOOP,
        f"{new.value!r} and {old.value!r} are the same quantity; keeping the more "
        "precise existing record",
    )


def _update(new: Fact, old: Fact, kind: ConflictType, reason: str, mode: Mode) -> Finding:
    if mode == "close" and new.valid_at < old.valid_at:
        if told_since(new, old):
            return _verdict(
                old,
                kind,
                WriteEvent.UPDATE,
                f"{reason}: told later, it {_verb(new)} before {old.value!r} was told, and "
                f"{old.value!r} said no start of its own",
                mode="close",
            )
        return _verdict(
            old,
            kind,
            WriteEvent.ADD,
            f"{reason}, but it predates the current record: kept as history",
            mode="history",
        )
    if mode == "close" and told_since(old, new):  # the later telling arrived first (an import)
        return _verdict(
            old,
            kind,
            WriteEvent.ADD,
            f"{reason}, but {old.value!r}, told later, {_verb(old)} before this was told, and "
            "this said no start: kept as history",
            mode="history",
        )
    return _verdict(old, kind, WriteEvent.UPDATE, reason, mode=mode)


def told_since(new: Fact, old: Fact) -> bool:
    """Does `new`, told after `old`, say that the state changed at a time before `old`, whose
    own time was only the day it was told ("I live in Boston" in June, "I moved to Denver last
    year" in November)? Then `old` says only that it held when told, the newer telling says
    what holds since, and it supersedes `old` instead of being placed before it in history.
    A statement of a closed period ("from 2015 to 2019") or of a time with no start or end
    ("I lived in Denver in 2019") stays history (docs/write.md, "Told later")."""
    return (
        new.state_change != ""
        and new.invalid_at is None
        and new.told > old.told
        and not old.start_said
    )


def _verb(fact: Fact) -> str:
    return "ended" if fact.state_change == "ends" else "began"


def _authorise(
    winner: Fact, loser: Fact, verdict: Finding, *, target: Fact, ranked: bool = True
) -> Finding:
    """May `winner` supersede `loser`? An immutable loser says no, and (when `ranked`: the two
    disagree) so does a stronger source."""
    if loser.immutable:
        reason = f"{verdict.reason}; the record it would supersede is immutable"
    elif ranked and authority(winner) < authority(loser):
        reason = f"{verdict.reason}; {winner.source_type} may not supersede {loser.source_type}"
    else:
        return verdict
    return _verdict(target, verdict.conflict_type, WriteEvent.KEEP_BOTH, reason, authorised=False)


def _comparable(a: FactType, b: FactType) -> bool:
    return a == b or (a not in SOLO_TYPES and b not in SOLO_TYPES)


def _finer(new: Fact, old: Fact) -> bool:
    """Is `new` the same assertion placed more precisely inside `old`'s period?"""
    rank = GRANULARITY_ORDER.index
    if rank(new.valid_granularity.value) <= rank(old.valid_granularity.value):
        return False
    return old.valid_at <= new.valid_at < period_end(old.valid_at, old.valid_granularity)


def _verdict(
    old: Fact,
    kind: ConflictType,
    action: WriteEvent,
    reason: str,
    *,
    mode: Mode = "none",
    authorised: bool = True,
) -> Finding:
    return Finding(old.uuid, kind, action, reason, mode, authorised)
