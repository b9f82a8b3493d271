"""Quantities inside values ("about 3 months", "92 days", 大约3个月, 92天), for precision checks.

Only durations and plain numbers are understood; anything else is not a quantity. Durations are
compared in days (a month is 30.44 days, a year 365.25): two durations within 10% of each other
describe the same span at different precision.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_APPROX = re.compile(
    r"\b(about|around|roughly|approximately|approx\.?|nearly|almost|some|circa|~)\s*|"
    r"(大约|大概|约|差不多|将近|近)|(左右|上下)",
    re.IGNORECASE,
)
_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "twelve": 12,
    "half a": 0.5,
    "一": 1,
    "两": 2,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "十": 10,
    "半": 0.5,
}
_UNITS = {
    "day": 1.0,
    "days": 1.0,
    "天": 1.0,
    "日": 1.0,
    "week": 7.0,
    "weeks": 7.0,
    "周": 7.0,
    "星期": 7.0,
    "个星期": 7.0,
    "month": 30.44,
    "months": 30.44,
    "个月": 30.44,
    "月": 30.44,
    "year": 365.25,
    "years": 365.25,
    "年": 365.25,
    "hour": 1 / 24,
    "hours": 1 / 24,
    "小时": 1 / 24,
    "个小时": 1 / 24,
}
_NUMBER = (
    r"(\d+(?:\.\d+)?|half a|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve"
    r"|[一两二三四五六七八九十半])"
)
_UNIT = r"(days?|weeks?|months?|years?|hours?|个星期|星期|个月|个小时|小时|天|日|周|月|年)"
_DURATION = re.compile(_NUMBER + r"\s*" + _UNIT, re.IGNORECASE)
_PLAIN = re.compile(r"^-?\d+(?:\.\d+)?$")


@dataclass(frozen=True)
class Quantity:
    amount: float
    dimension: str
    approximate: bool


def parse_quantity(text: str) -> Quantity | None:
    """The quantity a value states, or None when it is not (only) a quantity."""
    approximate = bool(_APPROX.search(text))
    bare = _APPROX.sub("", text).strip()
    match = _DURATION.fullmatch(bare)
    if match:
        number = _number(match.group(1))
        unit = _UNITS[match.group(2).lower()]
        return Quantity(number * unit, "duration_days", approximate)
    if _PLAIN.match(bare):
        return Quantity(float(bare), "number", approximate)
    return None


def same_magnitude(a: Quantity, b: Quantity, tolerance: float = 0.1) -> bool:
    if a.dimension != b.dimension:
        return False
    largest = max(abs(a.amount), abs(b.amount))
    return largest == 0 or abs(a.amount - b.amount) / largest <= tolerance


def _number(text: str) -> float:
    lowered = text.lower()
    return float(_WORDS[lowered]) if lowered in _WORDS else float(text)
