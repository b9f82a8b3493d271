"""Holidays as periods of a year, and which occurrence a mention names.

Western holidays are calendar rules (fixed days, "the fourth Thursday of November", Easter by
`dateutil.easter`); the Chinese festivals that follow the lunisolar calendar (春节, 清明, 端午,
中秋) are read from the `holidays` package's calendar of China, which computes them offline.
A festival with official days off (春节, 国庆, 五一) is the whole block of those days; the
others are their one day. "The holidays" are 24 December to 1 January.

Which occurrence: an explicit year wins; "last" is the latest that ended by the reference
day, "this" the one of the reference's year, "next" the first that starts after it; a bare
mention is the latest that started by the reference day, or the next one when its sentence
looks forward (`forward`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from functools import lru_cache

from dateutil.easter import easter
from dateutil.relativedelta import MO, TH, relativedelta

Period = tuple[date, date]
"""[first day, first day after)."""


def _day(month: int, day: int) -> Callable[[int], Period]:
    def rule(year: int) -> Period:
        first = date(year, month, day)
        return first, first + timedelta(days=1)

    return rule


def _days(month: int, day: int, count: int) -> Callable[[int], Period]:
    def rule(year: int) -> Period:
        first = date(year, month, day)
        return first, first + timedelta(days=count)

    return rule


def _nth(month: int, weekday: relativedelta) -> Callable[[int], Period]:
    def rule(year: int) -> Period:
        first: date = date(year, month, 1) + weekday
        return first, first + timedelta(days=1)

    return rule


def _easter(year: int) -> Period:
    sunday = easter(year)
    return sunday, sunday + timedelta(days=1)


def _winter_holidays(year: int) -> Period:
    return date(year, 12, 24), date(year + 1, 1, 2)


def _chinese(name: str) -> Callable[[int], Period]:
    def rule(year: int) -> Period:
        found = _china(year).get(name)
        if found is None:
            raise ValueError(f"no {name} in {year}")
        return found

    return rule


@lru_cache(maxsize=64)
def _china(year: int) -> dict[str, Period]:
    """The official festivals of China in `year` (days off counted, not working Sundays)."""
    import holidays  # imported on first use: ~0.2 s, only for a text naming a festival

    days = holidays.country_holidays("CN", years=year, language="en_US")
    found: dict[str, Period] = {}
    for day, label in sorted(days.items()):
        for name, key in _CHINA_NAMES.items():
            if label.startswith(name):
                first, end = found.get(key, (day, day))
                found[key] = (min(first, day), max(end, day + timedelta(days=1)))
    return found


_CHINA_NAMES = {
    "Chinese New Year": "spring",
    "Tomb-Sweeping Day": "qingming",
    "Dragon Boat Festival": "dragon_boat",
    "Mid-Autumn Festival": "mid_autumn",
}

RULES: dict[str, Callable[[int], Period]] = {
    "christmas": _day(12, 25),
    "christmas_eve": _day(12, 24),
    "new_year": _day(1, 1),
    "new_years_eve": _day(12, 31),
    "valentines": _day(2, 14),
    "halloween": _day(10, 31),
    "independence_day": _day(7, 4),
    "thanksgiving": _nth(11, relativedelta(weekday=TH(4))),
    "memorial_day": _nth(5, relativedelta(day=31, weekday=MO(-1))),
    "labor_day": _nth(9, relativedelta(weekday=MO(1))),
    "easter": _easter,
    "holidays": _winter_holidays,
    "national_day": _days(10, 1, 7),
    "may_day": _days(5, 1, 5),
    "spring": _chinese("spring"),
    "qingming": _chinese("qingming"),
    "dragon_boat": _chinese("dragon_boat"),
    "mid_autumn": _chinese("mid_autumn"),
    "lantern": lambda year: _shifted(_chinese("spring")(year), 14),
    "chinese_new_years_eve": lambda year: _shifted(_chinese("spring")(year), -1),
}


def _shifted(period: Period, days: int) -> Period:
    first = period[0] + timedelta(days=days)
    return first, first + timedelta(days=1)


def in_year(name: str, year: int) -> Period | None:
    """The holiday `name` (a key of RULES) of `year`, or None where it cannot be computed."""
    try:
        return RULES[name](year)
    except (ValueError, KeyError, OverflowError, NotImplementedError):
        return None


def occurrence(name: str, today: date, mod: str, *, forward: bool = False) -> Period | None:
    """The occurrence of `name` that `mod` ("last", "this", "next", "" for bare) names."""
    if mod == "this":
        return in_year(name, today.year)
    near = [p for y in (today.year - 1, today.year, today.year + 1) if (p := in_year(name, y))]
    if mod == "last":
        return max((p for p in near if p[1] <= today), default=None)
    if mod == "next" or (not mod and forward):
        return min((p for p in near if p[0] > today), default=None)
    return max((p for p in near if p[0] <= today), default=None)
