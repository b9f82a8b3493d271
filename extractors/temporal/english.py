"""English time-expression rules (conventions: the docstring of `temporal.calendar`).

Guards against false positives: month names are matched case-insensitively except "March",
"May" and "Mar", which must be capitalised ("I may go", "we march" are not months); a month
name alone counts only after a preposition ("in March"); weekdays are full names (abbreviations
only after last/this/next), so "We" is never Wednesday; a bare year counts only after a
preposition and not before an unknown lowercase word ("of 2000 people" is a quantity); a
preposition after it opens the clause's next phrase ("born in 1970 in Paris": a time).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from extractors.temporal.calendar import (
    ISO_RULES,
    YEAR,
    G,
    Hit,
    L,
    Marker,
    MarkerSet,
    R,
    Rule,
    absorb_weekdays,
    attach_markers,
    distribute,
    make,
    month_near,
    nearest_date,
    nearest_weekday,
    norm,
    part_of,
    periods_away,
    quarter_near,
    relative_period,
    run_rules,
    select,
    shift,
    since_then,
    valid_date,
    weekday_in_week,
)
from extractors.temporal.gates import Gate
from extractors.temporal.relative import (
    NUM,
    WD_ANY,
    WD_FULL,
    compose,
    number,
    weekday_of,
)
from extractors.temporal.relative import RULES as RELATIVE_RULES
from extractors.temporal.tense import tense

_I = re.IGNORECASE
_MONTH_FULL = (
    r"(?P<mon>(?-i:March|May)|january|february|april|june|july|august|september|october"
    r"|november|december)"
)
_MONTH_ANY = (
    r"(?P<mon>(?-i:March|May)|january|february|april|june|july|august|september|october"
    r"|november|december|(?:(?-i:Mar)|jan|feb|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?)"
)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_WD_FULL = rf"(?P<wd>{WD_FULL})"
_WD_ANY = rf"(?P<wd>{WD_ANY})"
_ORD = r"(?:st|nd|rd|th)?"
_MOD = {"last": -1, "previous": -1, "this": 0, "current": 0, "the": 0, "next": 1, "coming": 1}
_UNITS = {"week": G.WEEK, "month": G.MONTH, "quarter": G.QUARTER, "year": G.YEAR}
_DAY_WORDS = {
    "the day before yesterday": -2,
    "yesterday": -1,
    "last night": -1,
    "today": 0,
    "tonight": 0,
    "this morning": 0,
    "this afternoon": 0,
    "this evening": 0,
    "tomorrow": 1,
    "the day after tomorrow": 2,
    "tmrw": 1, "tmr": 1, "2morrow": 1, "2morow": 1, "2moro": 1, "tomorow": 1, "tommorow": 1,
    "tommorrow": 1, "2day": 0, "2nite": 0, "tonite": 0,
}  # fmt: skip
_PARTS = {"beginning": "begin", "start": "begin", "early": "begin", "middle": "mid", "mid": "mid"}
_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
_YEAR_FOLLOWERS = frozenset([
    "and", "or", "to", "until", "till", "through", "when", "while", "after", "before", "but",
    "so", "as", "because", "since", "then", "i", "we", "you", "he", "she", "they", "it", "my",
    "our", "your", "his", "her", "their", "the", "a", "an", "this", "that", "there", "was",
    "were", "is", "are", "had", "have", "has", "did", "also", "already", "still", "just",
    "only", "onward", "onwards",
    # a preposition opens the clause's next phrase ("born in 1970 in Paris", "married in 2019
    # at home"); a count is followed by what it counts ("of 2000 people"), never one of these
    "in", "at", "on", "with", "for", "from", "near", "during", "into", "across", "around",
    "without", "alongside", "by",
])  # fmt: skip
"""Lowercase words that may follow a bare year ("in 2023 we moved"); others make it a count."""
_NEXT_WORD = re.compile(r"\s+([a-z]+)")


def _month(m: re.Match[str]) -> int:
    return _MONTHS.index(m.group("mon")[:3].lower()) + 1


def _weekday(m: re.Match[str]) -> int:
    return weekday_of(m.group("wd"))


def _rel_day(m: re.Match[str], today: date) -> Hit:
    return make(m, today + timedelta(days=_DAY_WORDS[norm(m.group(0)).lstrip("#")]), G.DAY)


def _rel_period(m: re.Match[str], today: date) -> Hit:
    granularity = _UNITS[m.group("u").lower()]
    return make(m, relative_period(today, granularity, _MOD[m.group("mod").lower()]), granularity)


def _mod_weekday(m: re.Match[str], today: date) -> Hit:
    weekday, mod = _weekday(m), m.group("mod").lower()
    if mod == "last":
        day = nearest_weekday(today, weekday, future=False, strict=True)
    elif mod == "coming":
        day = nearest_weekday(today, weekday, future=True, strict=True)
    else:
        day = weekday_in_week(today, weekday, _MOD[mod])
    return replace(make(m, day, G.DAY), kind="weekday")


def _bare_weekday(m: re.Match[str], today: date) -> Hit:
    day = nearest_weekday(today, _weekday(m), future=tense(m) != "past")
    return replace(make(m, day, G.DAY), kind="bare")


def _ago(m: re.Match[str], today: date) -> Hit | None:
    """ "three years ago" (that year), "six weeks back", "a few days from now": the unit's
    period that far away (`periods_away`); a vague count one unit either side."""
    unit, raw = m.group("u").lower(), norm(m.group("n"))
    sign = 1 if m.group("dir").lower().startswith("from") else -1
    if raw.startswith("half"):
        delta = {"year": ("months", 6), "month": ("days", 15)}.get(unit)
        if delta is None:
            return None
        day = shift(today, **{delta[0]: sign * delta[1]})
        return make(m, day, G.DAY, approximate=unit == "month")
    n, vague = number(raw)
    if unit == "decade":
        unit, n = "year", 10 * n
    low, high = (max(1, n - 1), n + 1) if vague else (n, n)
    first, end = periods_away(today, _AGO_UNITS[unit], low, high, sign)
    return make(m, first, _AGO_UNITS[unit], approximate=vague, last=end if vague else None)


_AGO_UNITS = {"day": G.DAY, "week": G.WEEK, "month": G.MONTH, "year": G.YEAR}
_PERFECT = re.compile(
    r"\b(?:have|has|'ve|'s)\s+(?:(?:not|never|always|just|already|now)\s+)?"
    r"(?:been|\w+ed|\w+en|known|taught|built|done|made|had|kept|led|held|run|grown|worn)\b"
    r"[^.!?;\n]*$",
    _I,
)
"""A present perfect before the phrase, in its sentence: "I have lived here", "she's been"."""
_PERFECT_REACH = 200
"""How far back the perfect is looked for: the phrase's clause, never the whole text (searched
from the text's start, a long message of many "for N years" was quadratic)."""


def _for_perfect(m: re.Match[str], today: date) -> Hit | None:
    """ "I have lived in Berlin for three years", "I've been working at Acme for the past two
    years": since that many units ago (the unit's period, approximate); with no present perfect
    ("I worked there for five years") a length of time, not a time."""
    if not _PERFECT.search(m.string, max(0, m.start() - _PERFECT_REACH), m.start()):
        return None
    return since_then(_ago(m, today))


def _part(m: re.Match[str], today: date) -> Hit:
    if m.group("y"):
        start, granularity = date(int(m.group("y")), 1, 1), G.YEAR
    else:
        granularity = _UNITS[m.group("u").lower()]
        start = relative_period(today, granularity, _MOD[m.group("mod").lower()])
    part = _PARTS.get((m.group("p") or m.group("q")).lower(), "end")
    day, granularity = part_of(start, granularity, part)
    return make(m, day, granularity, approximate=True)


def _earlier_this(m: re.Match[str], today: date) -> Hit:
    granularity = _UNITS[m.group("u").lower()]
    return make(m, relative_period(today, granularity, 0), granularity, approximate=True)


def _month_day(m: re.Match[str], today: date) -> Hit | None:
    if m.group("y"):
        day = valid_date(int(m.group("y")), _month(m), int(m.group("d")))
    else:
        day = nearest_date(today, _month(m), int(m.group("d")), tense(m))
    return None if day is None else make(m, day, G.DAY)


def _month_year(m: re.Match[str], today: date) -> Hit:
    return make(m, date(int(m.group("y")), _month(m), 1), G.MONTH)


def _mod_month(m: re.Match[str], today: date) -> Hit:
    month, mod = _month(m), m.group("mod").lower()
    year = today.year
    if mod == "last" and month >= today.month:
        year -= 1
    elif mod == "next" and month <= today.month:
        year += 1
    return make(m, date(year, month, 1), G.MONTH)


def _bare_month(m: re.Match[str], today: date) -> Hit:
    return make(m, month_near(today, _month(m), tense(m)), G.MONTH, needs_marker=True)


def _year(m: re.Match[str], today: date) -> Hit | None:
    follower = _NEXT_WORD.match(m.string, m.end())
    if follower is not None and follower.group(1) not in _YEAR_FOLLOWERS:
        return None
    return make(m, date(int(m.group("y")), 1, 1), G.YEAR, needs_marker=True)


def _season(m: re.Match[str], today: date) -> Hit:
    month, year = _SEASONS[m.group("s").lower()], m.groupdict().get("y")
    if year:
        start = date(int(year), month, 1)
    else:
        start = _relative_season(today, month, _MOD[m.group("mod").lower()])
    return make(m, start, G.QUARTER, approximate=True)


def _relative_season(today: date, month: int, offset: int) -> date:
    """Last (-1), this (0) or next (+1) season starting in `month` (3, 6, 9 or 12).

    "last spring" is the latest spring that started before the current season did, "next
    winter" the first winter that starts after it; "this summer" is the summer of the
    reference's year (the current winter for "this winter" in January or February).
    """
    if today.month < 3:
        current = date(today.year - 1, 12, 1)
    else:
        current = date(today.year, 3 * (today.month // 3), 1)
    if offset == 0:
        return current if current.month == month else date(today.year, month, 1)
    candidate = date(current.year, month, 1)
    while (candidate >= current) if offset < 0 else (candidate <= current):
        candidate = shift(candidate, years=offset)
    return candidate


def _quarter(m: re.Match[str], today: date) -> Hit | None:
    """ "Q3 2023", "2023 Q3", "Q3", "the third quarter (of 1998 / of last year)",
    "fourth-quarter" (profit): a quarter of the year said, else `quarter_near`."""
    raw = m.group("ord") or m.group("q") or m.group("q2")
    quarter = _ORDINALS.get(raw.lower()) or int(raw)
    year = m.group("y") or m.group("y0") or m.group("y2") or m.group("y3")
    if year:
        return make(m, date(int(year), 3 * quarter - 2, 1), G.QUARTER)
    if m.group("ymod"):
        base = relative_period(today, G.YEAR, _MOD[m.group("ymod").lower()])
        return make(m, date(base.year, 3 * quarter - 2, 1), G.QUARTER)
    if m.group("q") and _NOT_A_QUARTER.match(m.string, m.end()):
        return None  # "Q3:" is a third question
    return make(m, quarter_near(today, quarter, tense(m)), G.QUARTER)


def _latest_quarter(m: re.Match[str], today: date) -> Hit:
    """ "the latest / most recent / past quarter": the last quarter that has ended."""
    return make(m, relative_period(today, G.QUARTER, -1), G.QUARTER)


_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
             "4th": 4}  # fmt: skip
_NOT_A_QUARTER = re.compile(r"\s*[:)]|\s+of\s+the\s+(?!year\b)", _I)
_QUARTER_RE = (
    rf"(?:(?P<y0>{YEAR})\s+)?(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th)[-\s]+quarter"
    rf"(?!\s+of\s+the\s+(?!year\b))(?:\s+of\s+(?:(?P<y>{YEAR})|(?P<ymod>last|this|next)\s+year))?"
    rf"|Q(?P<q>[1-4])(?:\s*(?P<y2>{YEAR}))?|(?P<y3>{YEAR})\s*Q(?P<q2>[1-4])"
)


def _rule(pattern: str) -> re.Pattern[str]:
    return re.compile(L + "(?:" + pattern + ")" + R, _I)


def _tagged(pattern: str) -> re.Pattern[str]:
    """`_rule`, also after a hashtag's "#" ("#Friday", "#tomorrow"), which stays in the span."""
    return re.compile(r"(?<![A-Za-z0-9_$/.\-])#?(?:" + pattern + ")" + R, _I)


_YEAR_AFTER = rf"(?:(?:,\s*|\s+)(?P<y>{YEAR}))?"


_MOD_RE = r"(?P<mod>last|this|next|previous|coming|current)\s+"
_PART_RE = (
    r"(?:(?:the\s+)?(?P<p>end|beginning|start|middle)\s+of\s+|(?P<q>early|late|mid)(?:-|\s+))"
    r"(?:(?P<mod>last|this|next|the)\s+(?P<u>year|month)|(?P<y>" + YEAR + "))"
)
_RULES: tuple[Rule, ...] = (
    *ISO_RULES,
    (_tagged("|".join(w.replace(" ", r"\s+") for w in _DAY_WORDS)), _rel_day),
    (_rule(_MOD_RE + r"(?P<u>week|month|quarter|year)(?!\s+of\b)"), _rel_period),
    (_rule(r"(?P<mod>last|this|next|coming)\s+" + _WD_ANY), _mod_weekday),
    (_tagged(_WD_FULL), _bare_weekday),
    (_rule(NUM + r"\s+(?P<u>day|week|month|year|decade)s?\s+(?P<dir>ago|back|from\s+now)"), _ago),
    (
        _rule(
            r"for\s+(?:the\s+(?:past|last)\s+)?(?:(?:about|over|almost|nearly)\s+)?"
            + NUM
            + r"\s+(?P<u>day|week|month|year|decade)s?(?P<dir>)"
        ),
        _for_perfect,
    ),
    (_rule(_PART_RE), _part),
    (_rule(r"(?:earlier|later)\s+this\s+(?P<u>week|month|year)"), _earlier_this),
    (_rule(_MONTH_ANY + r"\s*(?P<d>\d{1,2})" + _ORD + _YEAR_AFTER), _month_day),
    (
        _rule(r"(?:the\s+)?(?P<d>\d{1,2})" + _ORD + r"[\s-]+(?:of\s+)?" + _MONTH_ANY + _YEAR_AFTER),
        _month_day,
    ),
    (_rule(_MONTH_ANY + rf",?\s+(?:of\s+)?(?P<y>{YEAR})"), _month_year),
    (_rule(r"(?P<mod>last|this|next)\s+" + _MONTH_FULL), _mod_month),
    (_rule(_MONTH_FULL), _bare_month),
    (_rule(rf"(?P<y>{YEAR})"), _year),
    (_rule(_MOD_RE + r"(?P<s>spring|summer|autumn|fall|winter)"), _season),
    (
        _rule(
            r"(?:the\s+)?(?P<s>spring|summer|autumn|fall|winter)\s+(?:of\s+)?(?P<y>" + YEAR + ")"
        ),
        _season,
    ),
    (_rule(_QUARTER_RE), _quarter),
    (_rule(r"(?:the\s+)?(?:latest|most\s+recent|past)\s+quarter"), _latest_quarter),
    *RELATIVE_RULES,
)

_AT = Marker(in_span=False)
_SINCE, _UNTIL, _ABOUT = Marker(role="since"), Marker(role="until"), Marker(approximate=True)
_OVER = Marker(approximate=True, counts_only=True)
_OPEN = Marker(role="since", opens=True)
_CLOSE = Marker(role="until", needs_opener=True, through=True)
_THROUGH = Marker(role="until", through=True)
_MARKERS = MarkerSet(
    before=re.compile(
        r"(?<![A-Za-z])(?P<m>since|from|between|after|until|till|through|before|to|and|in|on"
        r"|during|of|year|about|around|roughly|approximately|nearly|almost|circa|some|over"
        r"|more\s+than|less\s+than)\s+$",
        _I,
    ),
    after=re.compile(r"\s+(?P<m>onwards?)(?![A-Za-z])", _I),
    table={
        "since": _SINCE, "after": _SINCE, "onward": _SINCE, "onwards": _SINCE,
        "from": _OPEN, "between": _OPEN, "to": _CLOSE, "and": _CLOSE,
        "until": _UNTIL, "till": _UNTIL, "through": _THROUGH, "before": _UNTIL,
        "in": _AT, "on": _AT, "during": _AT, "of": _AT, "year": _AT,
        "about": _ABOUT, "around": _ABOUT, "roughly": _ABOUT, "approximately": _ABOUT,
        "nearly": _ABOUT, "almost": _ABOUT, "circa": _ABOUT, "some": _ABOUT, "over": _OVER,
        "more than": _ABOUT, "less than": _ABOUT,
    },
)  # fmt: skip


_BESIDE_DATE = re.compile(r"[\s,]*(?:the\s+)?", _I)
_JOINER = re.compile(r"\s*(?:,\s*)?(?:(?:and|or|&)\s+)?", _I)


_GATE = Gate([pattern for pattern, _ in _RULES])


def find(text: str, today: date) -> list[Hit]:
    """English time expressions in `text`, resolved against the reference day `today`."""
    hits = compose(text, select(run_rules(_RULES, text, today, _GATE)), today)
    hits = absorb_weekdays(text, distribute(text, hits, _JOINER), _BESIDE_DATE)
    return attach_markers(text, hits, _MARKERS)
