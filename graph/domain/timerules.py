"""The time rules of ARCHITECTURE.md §4 as pure functions.

Both backends implement these same rules in SQL and Cypher; the conformance and property tests
compare them with these functions, which are the reference.

* current:      expired_at IS NULL and (invalid_at IS NULL or invalid_at > now)
* as_of(V):     valid_at <= V.end and (invalid_at IS NULL or invalid_at > V.start), not expired
                (a point V is the period [V, V]; a year or month means "valid at any point in it")
* known_at(K):  created_at <= K and (expired_at IS NULL or expired_at > K), and an invalid_at
                counts only if invalidated_at <= K (or it was known from the start)
* both:         as_of(V) as known at K
* known_at alone asks what the store would have answered as "current" at K.

`bounds(query, now)` reduces any question to three instants (`TimeBounds`); `within` is the
rule on them, and both backends encode the same bounds into their one SQL / Cypher time rule
(`graph/backends/sqlite/sql.py` TIME_RULE, `cypher/fragment_time_rule.cypher`), so they
compute nothing about time themselves.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import NamedTuple, Protocol

from graph.domain.clock import require_aware
from graph.domain.enums import Granularity
from graph.domain.errors import InvalidTime

_ONE_MICROSECOND = timedelta(microseconds=1)


class Temporal(Protocol):
    """The time fields the rules read (a `Fact` has them all)."""

    @property
    def valid_at(self) -> datetime: ...
    @property
    def invalid_at(self) -> datetime | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def invalidated_at(self) -> datetime | None: ...
    @property
    def expired_at(self) -> datetime | None: ...


@dataclass(frozen=True)
class Period:
    """A closed event-time interval [start, end]; a point in time has start == end."""

    start: datetime
    end: datetime

    def __post_init__(self) -> None:
        require_aware(self.start, "as_of")
        require_aware(self.end, "as_of")
        if self.end < self.start:
            raise InvalidTime("as_of period ends before it starts", field="as_of")

    @classmethod
    def point(cls, when: datetime) -> Period:
        return cls(when, when)

    @classmethod
    def half_open(cls, start: datetime, end_exclusive: datetime) -> Period:
        """[start, end) as the closed interval [start, end - 1µs]: a day, a month, a year."""
        return cls(start, end_exclusive - _ONE_MICROSECOND)


@dataclass(frozen=True)
class TimeQuery:
    """Which question a read asks. Neither set: current. The caller states it; nobody guesses."""

    as_of: Period | None = None
    known_at: datetime | None = None

    def __post_init__(self) -> None:
        if self.known_at is not None:
            require_aware(self.known_at, "known_at")

    @property
    def is_current(self) -> bool:
        return self.as_of is None and self.known_at is None


CURRENT = TimeQuery()


def believed_at(fact: Temporal, known_at: datetime | None) -> bool:
    """Did the store hold this record as a belief at `known_at` (None: now)?"""
    if known_at is None:
        return fact.expired_at is None
    if fact.created_at > known_at:
        return False
    return fact.expired_at is None or fact.expired_at > known_at


def effective_invalid_at(fact: Temporal, known_at: datetime | None) -> datetime | None:
    """The end of validity as known at `known_at`: an invalidation learned later is ignored."""
    if fact.invalid_at is None or known_at is None:
        return fact.invalid_at
    if fact.invalidated_at is not None and fact.invalidated_at > known_at:
        return None
    return fact.invalid_at


class TimeBounds(NamedTuple):
    """The instants the time rule compares a record with (None: not asked).

    known:  known_at; None means "as believed now" (not expired)
    end:    the as_of period's end (valid_at <= end); None without as_of
    moment: the record's validity must reach past it: as_of's start, else known_at, else now
    """

    known: datetime | None
    end: datetime | None
    moment: datetime


def bounds(query: TimeQuery, now: datetime) -> TimeBounds:
    """The bounds of one time question asked at `now`."""
    if query.as_of is not None:
        return TimeBounds(query.known_at, query.as_of.end, query.as_of.start)
    return TimeBounds(query.known_at, None, query.known_at or now)


def within(fact: Temporal, b: TimeBounds) -> bool:
    """The time rule on bounds (what TIME_RULE and fragment_time_rule.cypher say)."""
    if not believed_at(fact, b.known):
        return False
    if b.end is not None and fact.valid_at > b.end:
        return False
    invalid_at = effective_invalid_at(fact, b.known)
    return invalid_at is None or invalid_at > b.moment


def visible(fact: Temporal, query: TimeQuery, now: datetime) -> bool:
    """The one rule every read path applies."""
    return within(fact, bounds(query, now))


def is_current(fact: Temporal, now: datetime) -> bool:
    return visible(fact, CURRENT, now)


def period_end(start: datetime, granularity: Granularity) -> datetime:
    """The first instant after the period that starts at `start` (calendar arithmetic)."""
    if granularity is Granularity.YEAR:
        return _add_months(start, 12)
    if granularity in (Granularity.QUARTER, Granularity.MONTH):
        return _add_months(start, 3 if granularity is Granularity.QUARTER else 1)
    if granularity is Granularity.WEEK:
        return start + timedelta(days=7)
    if granularity is Granularity.DAY:
        return start + timedelta(days=1)
    return start + _ONE_MICROSECOND


def _add_months(start: datetime, months: int) -> datetime:
    year, month = divmod(start.month - 1 + months, 12)
    year += start.year
    day = min(start.day, calendar.monthrange(year, month + 1)[1])
    return start.replace(year=year, month=month + 1, day=day)
