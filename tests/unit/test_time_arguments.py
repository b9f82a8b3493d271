"""API time arguments and the time question of a query: the domain's rules
(`graph.domain.timeargs`, `graph.domain.timerules.bounds`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from graph.domain.enums import Granularity
from graph.domain.errors import InvalidTime
from graph.domain.timeargs import parse_time_argument
from graph.domain.timerules import CURRENT, Period, TimeBounds, TimeQuery, bounds

# --------------------------------------------------------------------------- parse_time_argument


@pytest.mark.parametrize(
    ("value", "start", "end", "granularity"),
    [
        ("2024", datetime(2024, 1, 1, tzinfo=UTC), datetime(2025, 1, 1, tzinfo=UTC), "year"),
        ("2024-06", datetime(2024, 6, 1, tzinfo=UTC), datetime(2024, 7, 1, tzinfo=UTC), "month"),
        ("2024-12", datetime(2024, 12, 1, tzinfo=UTC), datetime(2025, 1, 1, tzinfo=UTC), "month"),
        ("2024-02-29", datetime(2024, 2, 29, tzinfo=UTC), datetime(2024, 3, 1, tzinfo=UTC), "day"),
        (" 2023-06-01 ", datetime(2023, 6, 1, tzinfo=UTC), datetime(2023, 6, 2, tzinfo=UTC), "day"),
    ],
)
def test_argument_periods(value: str, start: datetime, end: datetime, granularity: str) -> None:
    mention = parse_time_argument(value, field="valid_at")
    assert (mention.start, mention.end, mention.granularity.value) == (start, end, granularity)
    assert mention.start.tzinfo is not None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2024-06-01T10:00:00Z", datetime(2024, 6, 1, 10, tzinfo=UTC)),
        (
            "2024-06-01T10:00:00+02:00",
            datetime(2024, 6, 1, 10, tzinfo=timezone(timedelta(hours=2))),
        ),
        ("2024-06-01T10:00:00", datetime(2024, 6, 1, 10, tzinfo=UTC)),
        ("2024-06-01 10:00", datetime(2024, 6, 1, 10, tzinfo=UTC)),
        ("2024-06-01T10:00:00.250-05:00", datetime(2024, 6, 1, 15, 0, 0, 250000, tzinfo=UTC)),
    ],
)
def test_argument_instants(value: str, expected: datetime) -> None:
    mention = parse_time_argument(value, field="knowledge_time")
    assert mention.granularity is Granularity.INSTANT
    assert mention.start == expected  # the same instant
    assert mention.start.tzinfo is not None
    if value.endswith("+02:00"):
        assert mention.start.utcoffset() == timedelta(hours=2)  # the given offset is kept
    assert mention.end - mention.start == timedelta(microseconds=1)


@pytest.mark.parametrize(
    "value",
    [
        "",
        "   ",
        "yesterday",
        "June 2024",
        "2024-13",
        "2024-00",
        "2024-02-30",
        "2023-02-29",
        "2024-6-1",
        "24-06-01",
        "12345",
        "0000",
        "2024-06-01T25:00",
        "2024-06-01T10:00+25:00",
        "2024-06-01Tnoon",
        "2024/06/01",
        "20240601",
    ],
)
def test_bad_arguments_raise_invalid_time_with_the_field(value: str) -> None:
    with pytest.raises(InvalidTime) as err:
        parse_time_argument(value, field="as_of")
    assert err.value.field == "as_of"
    assert err.value.details["field"] == "as_of"
    assert err.value.code == "invalid_time"


def test_non_string_argument_raises_invalid_time() -> None:
    with pytest.raises(InvalidTime):
        parse_time_argument(20240601, field="as_of")  # type: ignore[arg-type]


def test_dates_and_datetimes_parse_as_their_iso_text() -> None:
    day = parse_time_argument(datetime(2024, 6, 1, 10, tzinfo=UTC).date(), field="as_of")
    assert (day.start, day.granularity) == (datetime(2024, 6, 1, tzinfo=UTC), Granularity.DAY)
    moment = parse_time_argument(datetime(2024, 6, 1, 10, tzinfo=UTC), field="as_of")
    assert (moment.start, moment.granularity) == (
        datetime(2024, 6, 1, 10, tzinfo=UTC),
        Granularity.INSTANT,
    )


# --------------------------------------------------------------------------- bounds

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
V0 = datetime(2024, 1, 1, tzinfo=UTC)
V1 = datetime(2024, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)
K = datetime(2025, 6, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (CURRENT, TimeBounds(known=None, end=None, moment=NOW)),
        (TimeQuery(known_at=K), TimeBounds(known=K, end=None, moment=K)),
        (TimeQuery(as_of=Period(V0, V1)), TimeBounds(known=None, end=V1, moment=V0)),
        (TimeQuery(as_of=Period(V0, V1), known_at=K), TimeBounds(known=K, end=V1, moment=V0)),
    ],
)
def test_bounds_of_each_time_question(query: TimeQuery, expected: TimeBounds) -> None:
    assert bounds(query, NOW) == expected
