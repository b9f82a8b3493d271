"""Time expressions: find them in English and Chinese text and resolve them against a reference.

Public API: `find_times` (free text; API time arguments are the domain's:
`graph.domain.timeargs.parse_time_argument`). The language
rules live in `temporal.english` and `temporal.chinese`; the shared calendar helpers in
`temporal.calendar` (see its docstring for the conventions every result follows).
"""

from __future__ import annotations

import re
from datetime import date, datetime, tzinfo
from functools import lru_cache
from typing import Literal

from extractors.schema import TimeMention
from extractors.temporal import chinese as temporal_zh
from extractors.temporal import english as temporal_en
from extractors.temporal.calendar import Finder, Hit, select
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
    if reference.tzinfo is None or reference.utcoffset() is None:
        raise InvalidTime("the reference time must be timezone-aware", field="reference")
    return list(_found(text, reference.date(), reference.tzinfo, lang))


@lru_cache(maxsize=256)
def _found(text: str, today: date, tz: tzinfo, lang: str | None) -> tuple[TimeMention, ...]:
    """`find_times` kept for the last texts (an extractor and the event reader,
    `temporal.events`, ask about the same turn; mentions are immutable). Keyed by the local day
    and the zone: equal instants in two zones are equal datetimes, but not the same answer."""
    hits = [hit for finder in _finders(text, lang) for hit in finder(text, today)]
    return tuple(_mention(text, hit, tz) for hit in select(hits))


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
        end=_midnight(hit.until, tz),
        granularity=hit.granularity,
        role=hit.role,
        approximate=hit.approximate,
        inclusive=hit.inclusive,
    )
