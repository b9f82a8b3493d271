"""Time arguments of the API and the time question of a query (ARCHITECTURE.md §4, API.md).

* `parse_time_argument`: 2024, 2024-06, 2024-06-01 (UTC periods) or an ISO datetime (an
  instant; naive means UTC). Anything else, or a time outside years 1-9999 once its offset is
  applied (`supported`), raises `InvalidTime` naming the field.
* `time_query(as_of, known_at)`: which question a read asks.
  - `as_of` is event time. An instant is that point; a date, month or year is the whole period
    ("valid at any point in it"): as_of=2024 returns what was true at some moment of 2024.
  - `known_at` is ingestion time: what the store believed then. A datetime is that instant; a
    bare date, month or year means the END of that period, i.e. everything the store had
    learned by then ("what did we believe in 2024" = at the last instant of 2024).
  - Both together: as_of V as known at K. Neither: current.

The bounds a backend encodes for a question come from `timerules.bounds`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from graph.domain.enums import Granularity
from graph.domain.errors import InvalidTime
from graph.domain.timerules import CURRENT, Period, TimeQuery, period_end

TimeArgument = str | datetime | date

_ONE_MICROSECOND = timedelta(microseconds=1)
_PERIOD = re.compile(r"(?P<y>\d{4})(?:-(?P<mo>\d{2})(?:-(?P<d>\d{2}))?)?")
_INSTANT = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}.*")


@dataclass(frozen=True)
class TimeSpan:
    """What a time argument names: [start, end) at a granularity (an instant: end = start+1µs)."""

    start: datetime
    end: datetime
    granularity: Granularity


def parse_time_argument(value: TimeArgument, *, field: str) -> TimeSpan:
    """An API time argument as a span; `InvalidTime` naming `field` when it is not one."""
    text = _text(value)
    try:
        period = _PERIOD.fullmatch(text)
        if period is not None:
            return _period(period)
        if _INSTANT.fullmatch(text):
            return _instant(supported(datetime.fromisoformat(text), field=field))
    except (ValueError, OverflowError) as exc:
        raise InvalidTime(f"not a valid date or time: {value!r}", field=field) from exc
    raise InvalidTime(f"not a valid date or time: {value!r}", field=field)


def _text(value: object) -> str:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value.strip() if isinstance(value, str) else ""


def _period(m: re.Match[str]) -> TimeSpan:
    month, day = m.group("mo"), m.group("d")
    granularity = Granularity.DAY if day else Granularity.MONTH if month else Granularity.YEAR
    start = datetime(int(m.group("y")), int(month or 1), int(day or 1), tzinfo=UTC)
    return TimeSpan(start, period_end(start, granularity), granularity)


def _instant(moment: datetime) -> TimeSpan:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return TimeSpan(moment, moment + _ONE_MICROSECOND, Granularity.INSTANT)


def supported(moment: datetime, *, field: str) -> datetime:
    """`moment` unchanged when it and the next microsecond lie in years 1-9999 once made UTC
    (what both stores hold; a +14:00 offset on 0001-01-01 falls before year 1); else
    `InvalidTime` naming `field`."""
    try:
        (moment + _ONE_MICROSECOND).astimezone(UTC)
        moment.astimezone(UTC)
    except OverflowError:
        message = f"{field}: outside the supported range (years 1-9999 in UTC)"
        raise InvalidTime(message, field=field) from None
    return moment


def time_query(as_of: TimeArgument | None, known_at: TimeArgument | None) -> TimeQuery:
    """The time question of a request (raises InvalidTime naming the field)."""
    if as_of is None and known_at is None:
        return CURRENT
    period = as_of_period(as_of) if as_of is not None else None
    moment = known_at_instant(known_at) if known_at is not None else None
    return TimeQuery(as_of=period, known_at=moment)


def as_of_period(value: TimeArgument) -> Period:
    """An instant is that point; a date, month or year the whole period."""
    span = parse_time_argument(value, field="as_of")
    if span.granularity is Granularity.INSTANT:
        return Period.point(span.start)
    return Period.half_open(span.start, span.end)


def known_at_instant(value: TimeArgument) -> datetime:
    """A datetime is that instant; a date, month or year the last instant of the period."""
    span = parse_time_argument(value, field="known_at")
    if span.granularity is Granularity.INSTANT:
        return span.start
    return span.end - _ONE_MICROSECOND
