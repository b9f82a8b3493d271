"""Time enters the domain only through a `Clock`. The domain never calls `datetime.now()`."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Protocol

from graph.domain.errors import InvalidTime


class Clock(Protocol):
    """Anything that can tell the current, timezone-aware time."""

    def now(self) -> datetime: ...


class ManualClock:
    """A clock that moves only when told to. Pure; used by tests, benchmarks and replays."""

    def __init__(self, start: datetime, *, tick: timedelta = timedelta(0)) -> None:
        require_aware(start, "start")
        self._now = start
        self._tick = tick

    def now(self) -> datetime:
        current = self._now
        self._now = current + self._tick
        return current

    def set(self, when: datetime) -> None:
        require_aware(when, "when")
        self._now = when

    def advance(self, delta: timedelta) -> datetime:
        self._now = self._now + delta
        return self._now


def require_aware(value: datetime, field: str) -> datetime:
    """Reject naive datetimes with an error naming the field."""
    if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
        raise InvalidTime(
            f"{field} must be timezone-aware (got naive {value.isoformat()})", field=field
        )
    return value
