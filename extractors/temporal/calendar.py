"""The language-neutral parts of time resolution: calendar arithmetic, overlap selection, role
markers and ISO dates, shared by the English (`temporal.english`) and Chinese
(`temporal.chinese`) rules. The public API is in `temporal.resolve`.
No network, no models: regular expressions plus `dateutil.relativedelta`.

Conventions (callers rely on these):
* Every result is a period [start, end) in the reference's time zone: `start` is the first
  instant of the named period, `end` the first instant after it. Calendar arithmetic only:
  "1 month ago" from 2024-03-31 is 2024-02-29, "a year ago" from 2024-02-29 is 2023-02-28.
* Weeks run Monday..Sunday (ISO). "last week" / 上周 is the whole previous week (WEEK).
* "N days/weeks/months/years ago" / N天前 / 三个月前 is the whole period of the unit that far
  back, at the unit's grain: "three years ago" is that year (YEAR), "six weeks ago" that ISO
  week, "two months ago" that month, "3 days ago" that day; "N days from now" / 三天后 the same
  ahead; 三年以来 (a boundary, role `since`) the day three years back. A vague count is a
  bounded interval, approximate: "a couple of" / "a few" / "several" / 几 (2, 3, 3) span one
  unit either side (a few weeks ago: the weeks two to four back), a range 两三 its two ends, 多
  ("三个多月前") the count and one more.
* Weekdays: "last Wednesday" is the most recent Wednesday strictly before the reference day;
  "this Friday" / 本周五 the Friday of the reference's week; "next Monday" / 下周一 the Monday
  of the following week; 上周三 the Wednesday of the previous week. A bare weekday ("on
  Friday", 周五) is the most recent such day on or before the reference, or the first one on or
  after it when its sentence has a future marker (will, 'll, going to, next, tomorrow, 要去,
  打算, 明天...) or follows "for" / "by" ("booked the flight for Friday"). A weekday range in
  Chinese (周一到周五) is a weekly schedule: no mention.
* A month or a month and day without a year ("in March", "on May 5", 3月, 6月1日) is on the
  side of the reference its nearest tensed word says (`temporal.tense`): the latest by the
  reference for the past, the first from it for the future, else the nearer one.
* Parts of periods are approximate: the beginning / middle / end of a year is its January /
  June / December (MONTH); of a month its first seven days, the seven days from the 12th, or
  its last seven days (WEEK). "earlier this month" is the month itself, approximate.
* Quarters: "Q3 2023", "the third quarter of 1998", "fourth-quarter", 2023年第三季度, 上季度;
  without a year, `quarter_near` (the latest begun; "the latest quarter" is the last one
  ended). QUARTER granularity.
* Seasons (northern hemisphere, meteorological) are approximate three-month periods with
  QUARTER granularity starting 1 March / June / September / December; "winter 2023" starts
  in December 2023.
* Spans include the words that change the meaning (since, until, from ... to, about; 从, 以来,
  直到 ... 为止, 大约, 左右) and leave out plain prepositions (in, on, during, of).
* An English bare year counts only after a preposition ("in 2023", "since 2020"); numbers in
  identifiers, versions and model names (INV-2024-001, 5.8.4, RTX 4090) are never times.
* Clock times are not read from free text: `find_times` never returns INSTANT.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from extractors.schema import TimeRole
from extractors.temporal.gates import Gate
from graph.domain.enums import Granularity

G = Granularity
YEAR = r"(?:19|20)\d{2}"
L = r"(?<![A-Za-z0-9_$#/.\-])"
"""ASCII left boundary: `\\b` would treat CJK characters as word characters."""
R = r"(?![A-Za-z0-9_%]|[-./:]\d)"
"""ASCII right boundary: no letter, digit, or identifier/version continuation (-001, .11)."""
SENTENCE_END = re.compile(r"[!?;\n。！？；]|\.(?!\w|\s+[a-z\d])")
"""Where a sentence ends: not at a period a letter or digit follows (5.39, U.S), nor one a lowercase
word or a number follows after a space (Corp. said, Dec. 7)."""
_SENTENCE_WINDOW = 400
_MARKER_WINDOW = 40
"""How far back a sentence or a marker is looked for (keeps long texts linear)."""


Span = tuple[date, date]
"""A period as [first day, first day after)."""


@dataclass(frozen=True)
class Hit:
    """A time expression found by a rule: span, first day of the period, granularity."""

    start: int
    end: int
    day: date
    granularity: Granularity
    approximate: bool = False
    role: TimeRole = "at"
    needs_marker: bool = False
    """Keep only if a marker ("in", "since", ...) attaches: bare years and month names."""
    last: date | None = None
    """The first day after the period when it is not `granularity` long (a weekend, a
    holiday of several days); None: one period of `granularity` from `day`."""
    kind: str = ""
    """ "weekday" for a weekday named with its week (next Thursday, 下周三), "bare" for a
    weekday alone: a bare one coordinated with a named one is of the same week."""
    inclusive: bool = False
    """An `until` that includes its period ("to 2019" after "from 2015", "through 2019")."""
    anchored: Anchored | None = None
    """A phrase resolved against another time ("the weekend before", "two days later"): the
    expression right after it, else the previous one of the text, else the reference day."""

    @property
    def until(self) -> date:
        """The first day after the period this hit names."""
        return self.last if self.last is not None else step(self.day, self.granularity, 1)


Anchored = Callable[[Span], "tuple[date, Granularity, date | None] | None"]
"""Resolves an anchored phrase against its anchor's period: first day, granularity, end."""
Handler = Callable[[re.Match[str], date], Hit | None]
Rule = tuple[re.Pattern[str], Handler]
Finder = Callable[[str, date], list[Hit]]


@dataclass(frozen=True)
class Marker:
    """A word next to a time expression that sets its role or makes it approximate."""

    role: TimeRole | None = None
    in_span: bool = True
    approximate: bool = False
    opens: bool = False
    """A range opener ("from", "between", 从): a later `needs_opener` marker may attach."""
    needs_opener: bool = False
    """Only right after an opener's expression: "to" in "from 2020 to 2023"."""
    through: bool = False
    """An inclusive end ("through 2019", "from 2015 to 2019", "between 2017 and 2020"): the
    state held through the named period, so its `until` is the first day after it."""
    through_in_range: bool = False
    """Inclusive only right after another expression (2015年到2019年, 从2015年到2019年);
    alone (到2019年) an exclusive until."""
    counts_only: bool = False
    """Only before a count ("over 3 years ago"); elsewhere a plain preposition ("over the
    weekend", "over Christmas"): left out of the span."""


@dataclass(frozen=True)
class MarkerSet:
    before: re.Pattern[str]
    """Matches at the end of the text before a hit (`$` at the hit); group "m" is the marker."""
    after: re.Pattern[str]
    """Matches at the start of the text after a hit; group "m" is the marker."""
    table: Mapping[str, Marker]

    def lookup(self, word: str) -> Marker:
        return self.table[norm(word)]


# --------------------------------------------------------------------------- calendar helpers


def norm(words: str) -> str:
    return " ".join(words.lower().split())


def shift(day: date, **delta: int) -> date:
    """Calendar arithmetic: `shift(d, months=-1)` clips to the month's last day."""
    result: date = day + relativedelta(**delta)
    return result


def step(day: date, granularity: Granularity, n: int) -> date:
    """`day` moved by `n` periods of `granularity`."""
    if granularity is G.WEEK:
        return shift(day, weeks=n)
    if granularity is G.MONTH:
        return shift(day, months=n)
    if granularity is G.QUARTER:
        return shift(day, months=3 * n)
    if granularity is G.YEAR:
        return shift(day, years=n)
    return shift(day, days=n)


def period_start(day: date, granularity: Granularity) -> date:
    """The first day of the period of `granularity` that contains `day`."""
    if granularity is G.WEEK:
        return day - timedelta(days=day.weekday())
    if granularity is G.MONTH:
        return day.replace(day=1)
    if granularity is G.QUARTER:
        return date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)
    if granularity is G.YEAR:
        return date(day.year, 1, 1)
    return day


def relative_period(today: date, granularity: Granularity, offset: int) -> date:
    """First day of this (0), last (-1) or next (+1) week/month/quarter/year."""
    return step(period_start(today, granularity), granularity, offset)


def since_then(hit: Hit | None) -> Hit | None:
    """A length of time said to run up to now ("for three years" after a perfect, 五年了): the
    period that far back (the `ago` reading of the same words) as an approximate `since`."""
    return None if hit is None else replace(hit, role="since", approximate=True)


def periods_away(today: date, unit: Granularity, low: int, high: int, sign: int) -> Span:
    """The whole periods of `unit` from `low` to `high` units away from `today` (`sign` -1
    back, +1 ahead), as [first day, first day after): "three years ago" is that year, "six
    weeks ago" that ISO week, "a few days ago" (two to four) those three days."""
    ends = [period_start(step(today, unit, sign * n), unit) for n in (low, high)]
    return min(ends), step(max(ends), unit, 1)


def valid_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def recent_month(today: date, month: int) -> date:
    """The most recent `month` (1-12) not after the reference's month."""
    return date(today.year if month <= today.month else today.year - 1, month, 1)


def weekday_in_week(today: date, weekday: int, weeks: int) -> date:
    """`weekday` (0 = Monday) of this week (0), last week (-1) or next week (+1)."""
    return period_start(today, G.WEEK) + timedelta(days=7 * weeks + weekday)


def nearest_weekday(today: date, weekday: int, *, future: bool, strict: bool = False) -> date:
    """The closest `weekday` on or before `today` (on or after it if `future`)."""
    delta = (weekday - today.weekday()) % 7 if future else (today.weekday() - weekday) % 7
    if strict and delta == 0:
        delta = 7
    return today + timedelta(days=delta if future else -delta)


def part_of(start: date, granularity: Granularity, part: str) -> tuple[date, Granularity]:
    """The beginning / middle / end of a year (a MONTH) or of a month (a WEEK)."""
    if granularity is G.YEAR:
        return date(start.year, {"begin": 1, "mid": 6, "end": 12}[part], 1), G.MONTH
    if part == "end":
        return shift(start, months=1, days=-7), G.WEEK
    return start.replace(day=12 if part == "mid" else 1), G.WEEK


def sentence_around(text: str, start: int, end: int) -> str:
    """The sentence (clause up to . ! ? ; or a newline) containing text[start:end].

    At most _SENTENCE_WINDOW characters on each side: unbounded, a long text without a full
    stop made every date in it read the whole rest of the text (quadratic).
    """
    left, right = sentence_bounds(text, start, end)
    return text[left:right]


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence around text[start:end] starts and ends (`sentence_around`)."""
    window = max(0, start - _SENTENCE_WINDOW)
    left = max((m.end() for m in SENTENCE_END.finditer(text, window, start)), default=window)
    limit = min(len(text), end + _SENTENCE_WINDOW)
    right = SENTENCE_END.search(text, end, limit)
    return left, right.start() if right else limit


def make(
    m: re.Match[str],
    day: date,
    granularity: Granularity,
    *,
    approximate: bool = False,
    needs_marker: bool = False,
    last: date | None = None,
) -> Hit:
    return Hit(m.start(), m.end(), day, granularity, approximate, "at", needs_marker, last)


# --------------------------------------------------------------------------- running rules


def run_rules(rules: Sequence[Rule], text: str, today: date, gate: Gate | None = None) -> list[Hit]:
    """Every hit of every rule; a date out of range (year 0 or 10000) is no hit. With the
    rules' `gate`, only the rules the text holds a needed character of are tried."""
    found: list[Hit] = []
    tried = (
        rules if gate is None else [r for r, ok in zip(rules, gate.open(text), strict=True) if ok]
    )
    for pattern, handler in tried:
        for m in pattern.finditer(text):
            try:
                hit = handler(m, today)
                if hit is not None:
                    step(hit.day, hit.granularity, 1)
                    found.append(hit)
            except (ValueError, OverflowError):
                continue
    return found


def select(hits: Iterable[Hit]) -> list[Hit]:
    """Non-overlapping hits in text order: the earliest start wins, then the longest."""
    chosen: list[Hit] = []
    for hit in sorted(hits, key=lambda h: (h.start, h.start - h.end)):
        if not chosen or hit.start >= chosen[-1].end:
            chosen.append(hit)
    return chosen


def distribute(text: str, hits: Sequence[Hit], joiner: re.Pattern[str]) -> list[Hit]:
    """ "next Thursday and Friday", 下周三和周五: a bare weekday right after a weekday named with
    its week (joined by `joiner`, which must match the whole text between) is of that week."""
    out = list(hits)
    for i in range(1, len(out)):
        prev, hit = out[i - 1], out[i]
        if (
            hit.kind == "bare"
            and prev.kind == "weekday"
            and joiner.fullmatch(text, prev.end, hit.start)
        ):
            day = weekday_in_week(prev.day, hit.day.weekday(), 0)
            out[i] = replace(hit, day=day, kind="weekday")
    return out


def absorb_weekdays(text: str, hits: Sequence[Hit], between: re.Pattern[str]) -> list[Hit]:
    """ "Wednesday, June 24", "Sunday 27-September": a weekday right before a day's date (with
    only `between` between) is that date's name; the date says which one."""
    out: list[Hit] = []
    for hit in hits:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.kind in ("bare", "weekday")
            and hit.kind == ""
            and hit.granularity is G.DAY
            and hit.last is None
            and between.fullmatch(text, prev.end, hit.start)
        ):
            out[-1] = replace(hit, start=prev.start)
        else:
            out.append(hit)
    return out


def nearest_date(today: date, month: int, day: int, tense: str) -> date | None:
    """A month and day without a year: the latest by `today` for a past sentence, the first
    from it for a future one (None when no year around has it: 29 February), else the nearer
    of the two."""
    candidates = [
        d
        for y in (today.year - 1, today.year, today.year + 1)
        if (d := valid_date(y, month, day)) is not None
    ]
    before = max((d for d in candidates if d <= today), default=None)
    after = min((d for d in candidates if d >= today), default=None)
    if tense == "past":
        return before
    if tense == "future" or before is None:
        return after
    if after is None:
        return before
    return before if (today - before) <= (after - today) else after


def month_near(today: date, month: int, tense: str) -> date:
    """A month without a year: the latest that began by `today` for a past sentence, the first
    that has not ended for a future one, else the nearer of the two (by whole months)."""
    past = recent_month(today, month)
    ahead = past if past.month == today.month else date(past.year + 1, month, 1)
    if tense == "past":
        return past
    if tense == "future":
        return ahead
    here = 12 * today.year + today.month
    return past if here - (12 * past.year + month) <= (12 * ahead.year + month) - here else ahead


def quarter_near(today: date, quarter: int, tense: str) -> date:
    """A quarter without a year ("the third quarter", Q3, 第三季度): the latest that has begun
    by `today`; for a future sentence, the first that did not end more than a quarter ago
    (results are told after a quarter ends: "will report third-quarter results" in October
    is the third quarter just ended, "will ship in the first quarter" next year's)."""
    first = date(today.year, 3 * quarter - 2, 1)
    latest = first if first <= today else shift(first, years=-1)
    if tense == "future" and shift(latest, months=6) <= today:
        return shift(latest, years=1)
    return latest


def attach_markers(text: str, hits: Sequence[Hit], markers: MarkerSet) -> list[Hit]:
    """Extend hits with their role/approximation markers; drop `needs_marker` hits without."""
    out: list[Hit] = []
    opener_end = -1
    for i, hit in enumerate(hits):
        low = max(out[-1].end if out else 0, hit.start - _MARKER_WINDOW)
        high = hits[i + 1].start if i + 1 < len(hits) else len(text)
        previous = out[-1].end if out else -1
        new, opened = _attach(text, hit, markers, (low, high), (opener_end, previous))
        if new is not None:
            out.append(new)
        opener_end = new.end if new is not None and opened else -1
    return out


def _attach(
    text: str, hit: Hit, ms: MarkerSet, bounds: tuple[int, int], ends: tuple[int, int]
) -> tuple[Hit | None, bool]:
    """`ends`: where the last opener's expression ended (-1: none open) and where the
    previous expression ended."""
    found = opened = False
    opener_end, previous_end = ends
    for _ in range(2):  # at most two prefixes: "since about 2020"
        pre = ms.before.search(text, bounds[0], hit.start)
        if pre is None:
            break
        marker = ms.lookup(pre.group("m"))
        if marker.counts_only and not _COUNT_START.match(text, hit.start):
            marker = Marker(in_span=False)
        if marker.needs_opener and not _follows_opener(text, opener_end, pre.start("m")):
            break
        if marker.through_in_range:
            in_range = _follows_opener(text, previous_end, pre.start("m"))
            marker = replace(marker, through=in_range, through_in_range=False)
        hit = _apply(hit, marker, start=pre.start("m"))
        found, opened = True, opened or marker.opens
    post = ms.after.match(text, hit.end, bounds[1])
    if post is not None:
        hit, found = _apply(hit, ms.lookup(post.group("m")), end=post.end("m")), True
    if hit.needs_marker and not found:
        return None, False
    return replace(hit, needs_marker=False), opened


_COUNT_START = re.compile(
    r"\d|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple|several"
    r"|half|twenty|thirty|forty|fifty)\b",
    re.IGNORECASE,
)


def _follows_opener(text: str, opener_end: int, marker_start: int) -> bool:
    return opener_end >= 0 and not text[opener_end:marker_start].strip()


def _apply(hit: Hit, marker: Marker, *, start: int | None = None, end: int | None = None) -> Hit:
    return replace(
        hit,
        inclusive=hit.inclusive or marker.through,
        start=start if start is not None and marker.in_span else hit.start,
        end=end if end is not None and marker.in_span else hit.end,
        role=marker.role or hit.role,
        approximate=hit.approximate or marker.approximate,
    )


# --------------------------------------------------------------------------- ISO dates


def _iso(m: re.Match[str], today: date) -> Hit | None:
    day = valid_date(int(m.group("y")), int(m.group("mo")), int(m.group("d")))
    return None if day is None else make(m, day, G.DAY)


ISO_RULES: tuple[Rule, ...] = (
    (
        re.compile(
            L + rf"(?P<y>{YEAR})(?P<sep>[-/])(?P<mo>\d{{1,2}})(?P=sep)(?P<d>\d{{1,2}})"
            r"(?:(?=T\d)|(?![A-Za-z0-9_%]|[-./:]\d))"
        ),
        _iso,
    ),
)
"""2023-06-01, 2023/6/1 (also the date part of 2023-06-01T10:00): language-neutral."""
