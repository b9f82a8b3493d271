"""English relative time as a small grammar: a modifier, a unit, and what it hangs on.

    phrase   := [mod] unit | "the" unit ("before" | "after") [anchor] | count unit direction
              | part-of month | holiday | "the other day"
    mod      := last | past | this past | previous | this | next | coming | this coming
    unit     := weekday (full or abbreviated: Tues, Thu, Sat) | weekend | day | week | month
              | year
    anchor   := any time expression right after ("the weekend before Christmas"), "last" /
                "next" ("the week before last"), else the previous expression of the text
                ("We went last weekend. The weekend before, we hiked."), else the reference day
    count    := digits | number words (three, twenty-five) | a couple of | a few | several
    direction:= before X | after X | earlier | later        ("ago" is in `temporal.english`)

Each production resolves to a period (first day, granularity, and an explicit end where the
period is not one unit long: a weekend is Saturday and Sunday; a holiday of several days).
Conventions (the docstring of `temporal.calendar` has the rest):

* Weekends: "this weekend" is the Saturday and Sunday of the reference's week; "last" /
  "past" / "this past" / "previous" weekend the one of the week before; "next weekend" the one
  of the following week; "the coming weekend" the first that has not begun. A weekend after a
  preposition ("over the weekend") is the latest that has begun by the reference day in a
  sentence of the past, the first that has not in one that looks forward (will, going to...),
  and none in a present one ("the park is crowded on the weekend": every weekend).
* A weekday alone is the next one (today included) unless its sentence tells of the past.
* "past" / "this past" Friday is the latest Friday strictly before the reference day; "this
  coming" Friday the first after it. An abbreviated weekday alone counts only after "on" and
  capitalised ("on Sat"), so "I sat down" is not Saturday.
* "The other day" is the week before the reference day (approximate, WEEK); "the other night"
  likewise.
* "Early / mid / late May" and "the beginning / middle / end of May" are the month's first
  seven days, seven days from the 12th, or last seven days (WEEK, approximate).
* Holidays (`temporal.holidays`): "last Christmas", "over Christmas", "Thanksgiving 2022",
  "over the holidays" (24 December to 1 January; needs a preposition).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, timedelta

from extractors.temporal import holidays
from extractors.temporal.calendar import (
    YEAR,
    Anchored,
    G,
    Hit,
    L,
    R,
    Rule,
    Span,
    make,
    month_near,
    nearest_weekday,
    part_of,
    period_start,
    relative_period,
    shift,
    step,
)
from extractors.temporal.tense import looks_forward, tense
from graph.domain.enums import Granularity

_I = re.IGNORECASE
WEEKDAYS = ("mo", "tu", "we", "th", "fr", "sa", "su")
WD_FULL = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
WD_ANY = WD_FULL + r"|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun"
_ONES = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen"]  # fmt: skip
NUMBER_WORDS: dict[str, int] = (
    {w: i + 1 for i, w in enumerate(_ONES)}
    | {w: i + 10 for i, w in enumerate(_TEENS)}
    | {w: 10 * (i + 2) for i, w in enumerate(_TENS)}
    | {"a": 1, "an": 1, "zero": 0, "a dozen": 12, "dozen": 12, "a hundred": 100, "hundred": 100}
)
VAGUE = {"a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3, "few": 3, "several": 3}
NUM = (
    r"(?P<n>\d{1,4}|a\s+couple(?:\s+of)?|couple\s+of|a\s+few|few|several|half\s+an?"
    rf"|(?:{'|'.join(_TENS)})(?:[-\s](?:{'|'.join(_ONES)}))?|a\s+dozen|a\s+hundred|"
    + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
    + ")"
)
_MODS = {
    "last": "last", "past": "last", "this past": "last", "the past": "last",
    "previous": "last", "the previous": "last", "this": "this", "next": "next",
    "coming": "coming", "this coming": "coming", "the coming": "coming", "upcoming": "coming",
    "the upcoming": "coming",
}  # fmt: skip
_MOD_RE = (
    r"(?P<mod>this\s+past|the\s+past|this\s+coming|the\s+coming|the\s+previous|the\s+upcoming"
    r"|last|past|previous|this|next|coming|upcoming)\s+"
)
_UNITS = {"day": G.DAY, "week": G.WEEK, "month": G.MONTH, "year": G.YEAR}
_HOLIDAYS = {
    "christmas eve": "christmas_eve", "christmas day": "christmas", "christmas": "christmas",
    "xmas": "christmas", "new year's eve": "new_years_eve", "new years eve": "new_years_eve",
    "new year's day": "new_year", "new year's": "new_year", "new year": "new_year",
    "new years": "new_year", "thanksgiving": "thanksgiving", "easter": "easter",
    "halloween": "halloween", "valentine's day": "valentines", "valentines day": "valentines",
    "independence day": "independence_day", "the fourth of july": "independence_day",
    "fourth of july": "independence_day", "memorial day": "memorial_day",
    "labor day": "labor_day", "labour day": "labor_day", "chinese new year": "spring",
    "lunar new year": "spring", "spring festival": "spring", "mid-autumn festival": "mid_autumn",
    "dragon boat festival": "dragon_boat", "the holidays": "holidays",
}  # fmt: skip
_HOLIDAY_RE = "|".join(
    re.escape(name).replace(r"\ ", r"\s+").replace("'", "['’]?")
    for name in sorted(_HOLIDAYS, key=len, reverse=True)
)
_MONTH_FULL = (
    r"(?P<mon>(?-i:March|May)|january|february|april|june|july|august|september|october"
    r"|november|december)"
)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_ALONE = frozenset([
    "i", "we", "you", "he", "she", "they", "it", "my", "our", "his", "her", "their", "and",
    "but", "so", "then", "when", "that", "too", "as",
])  # fmt: skip
"""Words that may follow an anchored phrase standing alone ("the weekend before, we hiked")."""


def number(raw: str) -> tuple[int, bool]:
    """The count of "3", "three", "twenty-five", "a couple of", and whether it is vague."""
    raw = " ".join(raw.lower().replace("-", " ").split())
    if raw.isdigit():
        return int(raw), False
    if raw in VAGUE:
        return VAGUE[raw], True
    if raw in NUMBER_WORDS:
        return NUMBER_WORDS[raw], False
    return sum(NUMBER_WORDS[word] for word in raw.split()), False


def weekday_of(word: str) -> int:
    return WEEKDAYS.index(word[:2].lower())


# --------------------------------------------------------------------------- weekends


def weekend_of_week(day: date, weeks: int = 0) -> Span:
    """The Saturday and Sunday of `day`'s week (Monday..Sunday), moved by `weeks`."""
    saturday = period_start(day, G.WEEK) + timedelta(days=5 + 7 * weeks)
    return saturday, saturday + timedelta(days=2)


def weekend_before(first: date) -> Span:
    """The latest weekend that is over by `first`."""
    sunday_end = first - timedelta(days=2)
    saturday = sunday_end - timedelta(days=(sunday_end.weekday() - 5) % 7)
    return saturday, saturday + timedelta(days=2)


def weekend_after(end: date) -> Span:
    """The first weekend that starts on or after `end`."""
    saturday = end + timedelta(days=(5 - end.weekday()) % 7)
    return saturday, saturday + timedelta(days=2)


def _weekend_hit(m: re.Match[str], span: Span, *, group: str | int = 0) -> Hit:
    return Hit(m.start(group), m.end(group), span[0], G.DAY, last=span[1])


def _mod_weekend(m: re.Match[str], today: date) -> Hit:
    mod = _MODS[norm(m.group("mod"))]
    if mod == "coming":
        return _weekend_hit(m, weekend_after(today + timedelta(days=1)))
    weeks = {"last": -1, "this": 0, "next": 1}[mod]
    return _weekend_hit(m, weekend_of_week(today, weeks))


def _bare_weekend(m: re.Match[str], today: date) -> Hit | None:
    """A weekend without its week is a weekend only in a sentence with a tense: "The park is
    crowded on the weekend" speaks of every weekend, and names none."""
    said = tense(m)
    if said == "future":
        return _weekend_hit(m, weekend_after(today), group="core")
    if said == "past":
        return _weekend_hit(m, weekend_before(today + timedelta(days=2)), group="core")
    return None


def _far_unit(m: re.Match[str], today: date) -> Hit:
    """ "the weekend / week / month / year before last" or "after next": two away."""
    offset = -2 if m.group("dir").lower().startswith("before") else 2
    unit = m.group("u").lower().replace("-", "")
    if unit == "weekend":
        return _weekend_hit(m, weekend_of_week(today, offset))
    granularity = _UNITS[unit]
    return make(m, relative_period(today, granularity, offset), granularity)


# --------------------------------------------------------------------------- anchored


def _anchored_hit(m: re.Match[str], resolve: Anchored) -> Hit:
    return Hit(m.start(), m.end(), date.min, G.DAY, anchored=resolve)


def _unit_beside(m: re.Match[str], today: date) -> Hit:
    """ "the weekend / week / day / Friday before" or "after" (the anchor comes later)."""
    unit, before = m.group("u").lower().replace("-", ""), m.group("dir").lower() == "before"

    def resolve(anchor: Span) -> tuple[date, Granularity, date | None]:
        first, end = anchor
        if unit == "weekend":
            span = weekend_before(first) if before else weekend_after(end)
            return span[0], G.DAY, span[1]
        if unit in ("day", "week"):
            days = 1 if unit == "day" else 7
            granularity = G.DAY if unit == "day" else G.WEEK
            return (first - timedelta(days=days) if before else end), granularity, None
        if unit in _UNITS:
            granularity = _UNITS[unit]
            base = first if before else end - timedelta(days=1)
            return relative_period(base, granularity, -1 if before else 1), granularity, None
        wd = weekday_of(unit)
        if before:
            return nearest_weekday(first - timedelta(days=1), wd, future=False), G.DAY, None
        return nearest_weekday(end, wd, future=True), G.DAY, None

    return _anchored_hit(m, resolve)


def _count_beside(m: re.Match[str], today: date) -> Hit | None:
    """ "two days before / after" (an anchor), "three weeks earlier / later" (the previous)."""
    n, vague = number(m.group("n"))
    sign = -1 if m.group("dir").lower() in ("before", "earlier") else 1
    unit = m.group("u").lower() + "s"

    def resolve(anchor: Span) -> tuple[date, Granularity, date | None]:
        return shift(anchor[0], **{unit: sign * n}), G.DAY, None

    hit = _anchored_hit(m, resolve)
    return replace(hit, approximate=vague)


def compose(text: str, hits: Sequence[Hit], today: date) -> list[Hit]:
    """Resolve anchored hits: against the expression right after them ("the weekend before
    Christmas" becomes one hit), else the previous expression, else the reference day; an
    anchored phrase followed by words that are no time ("the week before the exam") is
    dropped."""
    out: list[Hit] = []
    skip = -1
    for i, hit in enumerate(hits):
        if i == skip:
            continue
        if hit.anchored is None:
            out.append(hit)
            continue
        following = hits[i + 1] if i + 1 < len(hits) else None
        if (
            following is not None
            and following.anchored is None
            and (not text[hit.end : following.start].strip())
        ):
            resolved = _resolved(hit, (following.day, following.until))
            if resolved is not None:
                out.append(replace(resolved, end=following.end, role=following.role))
            skip = i + 1
        elif _stands_alone(text, hit.end):
            anchor = (out[-1].day, out[-1].until) if out else (today, today + timedelta(days=1))
            resolved = _resolved(hit, anchor)
            out += [] if resolved is None else [resolved]
    return out


def _resolved(hit: Hit, anchor: Span) -> Hit | None:
    assert hit.anchored is not None
    try:
        found = hit.anchored(anchor)
        if found is None:
            return None
        day, granularity, last = found
        step(day, granularity, 1)
    except (ValueError, OverflowError):
        return None
    return replace(hit, day=day, granularity=granularity, last=last, anchored=None)


def _stands_alone(text: str, end: int) -> bool:
    rest = text[end : end + 30].lstrip()
    if not rest or not rest[0].isalnum():
        return True
    word = re.match(r"[A-Za-z']+", rest)
    return word is not None and word.group(0).lower() in _ALONE


# --------------------------------------------------------------------------- days and weeks


def _past_weekday(m: re.Match[str], today: date) -> Hit:
    mod, wd = _MODS[norm(m.group("mod"))], weekday_of(m.group("wd"))
    return make(m, nearest_weekday(today, wd, future=mod == "coming", strict=True), G.DAY)


def _abbreviated_weekday(m: re.Match[str], today: date) -> Hit:
    day = nearest_weekday(today, weekday_of(m.group("wd")), future=tense(m) != "past")
    return Hit(m.start("core"), m.end("core"), day, G.DAY, kind="bare")


def _other_day(m: re.Match[str], today: date) -> Hit:
    return make(m, today - timedelta(days=7), G.WEEK, approximate=True)


def _month_part(m: re.Match[str], today: date) -> Hit:
    month = _MONTHS.index(m.group("mon")[:3].lower()) + 1
    year = m.group("y")
    start = date(int(year), month, 1) if year else month_near(today, month, tense(m))
    raw = (m.group("p") or m.group("q")).lower()
    part = {"early": "begin", "beginning": "begin", "start": "begin", "mid": "mid"}.get(raw)
    day, granularity = part_of(start, G.MONTH, part or ("mid" if raw == "middle" else "end"))
    return make(m, day, granularity, approximate=True)


def _holiday(m: re.Match[str], today: date) -> Hit | None:
    key = _HOLIDAYS[norm(m.group("h")).replace("’", "'")]
    if key.startswith("new_year") and (
        m.group("h")[0].islower() or _GREETING.search(m.string, max(0, m.start() - 10), m.start())
    ):
        return None  # "a new year", "Happy New Year!": no date
    follower = _WORD_AFTER.match(m.string, m.end())
    if follower is not None and follower.group(1).lower() not in _HOLIDAY_FOLLOWERS:
        return None  # "our Christmas party", "the Thanksgiving Invitational": a name
    if m.group("y"):
        span = holidays.in_year(key, int(m.group("y")))
    else:
        mod = _MODS.get(norm(m.group("mod") or ""), "")
        span = holidays.occurrence(key, today, mod, forward=not mod and looks_forward(m))
    if span is None:
        return None
    last = None if span[1] - span[0] == timedelta(days=1) else span[1]
    hit = make(m, span[0], G.DAY, approximate=key == "holidays", last=last)
    return replace(hit, needs_marker=key == "holidays" and not m.group("mod"))


_GREETING = re.compile(r"happy\s+$", _I)
_WORD_AFTER = re.compile(r"[ \t]+([A-Za-z][A-Za-z']*)")
_HOLIDAY_FOLLOWERS = _ALONE | frozenset([
    "day", "eve", "morning", "afternoon", "evening", "night", "weekend", "week", "break",
    "holiday", "holidays", "vacation", "season", "time", "is", "was", "will", "with", "at", "in",
    "on", "this", "last",
])  # fmt: skip
"""Words after a holiday that keep it a time ("Christmas morning", "Easter we went"); any
other word makes it part of a name ("Christmas party")."""


def norm(words: str) -> str:
    return " ".join(words.lower().split())


def _rule(pattern: str, flags: int = _I) -> re.Pattern[str]:
    return re.compile(L + "(?:" + pattern + ")" + R, flags)


_WEEKEND = r"week-?end(?!s)"
RULES: tuple[Rule, ...] = (
    (_rule(_MOD_RE + _WEEKEND), _mod_weekend),
    (
        _rule(
            r"(?:over|on|at|during|for|by|from|through|after)\s+(?P<core>the\s+" + _WEEKEND + ")"
        ),
        _bare_weekend,
    ),
    (
        _rule(r"the\s+(?P<u>week-?end|week|month|year)\s+(?P<dir>before\s+last|after\s+next)"),
        _far_unit,
    ),
    (
        _rule(rf"the\s+(?P<u>week-?end|day|week|month|year|{WD_FULL})\s+(?P<dir>before|after)"),
        _unit_beside,
    ),
    (
        _rule(NUM + r"\s+(?P<u>day|week|month|year)s?\s+(?P<dir>before|after|earlier|later)"),
        _count_beside,
    ),
    (
        _rule(
            r"(?P<mod>this\s+past|the\s+past|past|this\s+coming|the\s+coming)\s+"
            rf"(?P<wd>{WD_ANY})"
        ),
        _past_weekday,
    ),
    (
        _rule(r"on\s+(?P<core>(?P<wd>(?-i:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)))"),
        _abbreviated_weekday,
    ),
    (_rule(r"the\s+other\s+(?:day|night)"), _other_day),
    (
        _rule(
            r"(?:(?P<q>early|mid|late)[-\s]+|(?:the\s+)?(?P<p>beginning|start|middle|end)\s+of\s+)"
            + _MONTH_FULL
            + rf"(?:,?\s+(?P<y>{YEAR}))?"
        ),
        _month_part,
    ),
    (
        _rule(rf"(?:(?P<mod>last|this|next|past)\s+)?(?P<h>{_HOLIDAY_RE})(?:,?\s+(?P<y>{YEAR}))?"),
        _holiday,
    ),
)
