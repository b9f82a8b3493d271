"""Time expressions: find them in English and Chinese text and resolve them against a reference.

Public API: `find_times` (free text) and `parse_time_argument` (API arguments). The language
rules live in `temporal.english` and `temporal.chinese`; the shared calendar helpers in
`temporal.calendar` (see its docstring for the conventions every result follows).
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Literal

from extractors.schema import TimeMention
from extractors.temporal import chinese as temporal_zh
from extractors.temporal import english as temporal_en
from extractors.temporal.calendar import Finder, G, Hit, select, step
from graph.domain.errors import InvalidTime

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]")


def find_times(
    text: str, reference: datetime, *, lang: Literal["en", "zh"] | None = None
) -> list[TimeMention]:
    """All time expressions in `text`, resolved against the aware `reference`.

    `lang` None detects: CJK characters run the Chinese rules, Latin letters the English
    rules (mixed text runs both). Results are non-overlapping and in text order.
    """
    tz = reference.tzinfo
    if tz is None or reference.utcoffset() is None:
        raise InvalidTime("the reference time must be timezone-aware", field="reference")
    today = reference.date()
    hits = [hit for finder in _finders(text, lang) for hit in finder(text, today)]
    return [_mention(text, hit, tz) for hit in select(hits)]


def _finders(text: str, lang: str | None) -> list[Finder]:
    if lang is not None:
        finders = {"en": temporal_en.find, "zh": temporal_zh.find}
        if lang not in finders:
            raise ValueError(f"unsupported language: {lang!r}")
        return [finders[lang]]
    chosen: list[Finder] = [temporal_zh.find] if _CJK.search(text) else []
    if _LATIN.search(text) or not chosen:
        chosen.append(temporal_en.find)
    return chosen


def _midnight(day: date, tz: tzinfo) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=tz)


def _mention(text: str, hit: Hit, tz: tzinfo) -> TimeMention:
    return TimeMention(
        text=text[hit.start : hit.end],
        span=(hit.start, hit.end),
        start=_midnight(hit.day, tz),
        end=_midnight(step(hit.day, hit.granularity, 1), tz),
        granularity=hit.granularity,
        role=hit.role,
        approximate=hit.approximate,
    )


_ARG_PERIOD = re.compile(r"(?P<y>\d{4})(?:-(?P<mo>\d{2})(?:-(?P<d>\d{2}))?)?")
_ARG_INSTANT = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}.*")


def parse_time_argument(value: str, *, field: str) -> TimeMention:
    """An API time argument: 2024, 2024-06, 2024-06-01 (UTC periods) or an ISO datetime.

    A naive datetime means UTC; a datetime is an INSTANT whose `end` is one microsecond later.
    Anything else raises `InvalidTime` naming `field`.
    """
    text = value.strip() if isinstance(value, str) else ""
    try:
        period = _ARG_PERIOD.fullmatch(text)
        if period is not None:
            return _arg_period(value, period)
        if _ARG_INSTANT.fullmatch(text):
            return _arg_instant(value, datetime.fromisoformat(text))
    except (ValueError, OverflowError) as exc:
        raise InvalidTime(f"not a valid date or time: {value!r}", field=field) from exc
    raise InvalidTime(f"not a valid date or time: {value!r}", field=field)


def _arg_period(value: str, m: re.Match[str]) -> TimeMention:
    month, day = m.group("mo"), m.group("d")
    granularity = G.DAY if day else G.MONTH if month else G.YEAR
    start = date(int(m.group("y")), int(month or 1), int(day or 1))
    return TimeMention(
        text=value,
        span=(0, len(value)),
        start=_midnight(start, UTC),
        end=_midnight(step(start, granularity, 1), UTC),
        granularity=granularity,
    )


def _arg_instant(value: str, moment: datetime) -> TimeMention:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return TimeMention(
        text=value,
        span=(0, len(value)),
        start=moment,
        end=moment + timedelta(microseconds=1),
        granularity=G.INSTANT,
    )
