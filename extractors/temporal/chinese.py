"""Chinese time-expression rules (conventions: the docstring of `temporal.calendar`).

Python's `\\b` treats CJK characters as word characters, so every rule starting with digits
uses ASCII lookbehinds instead: 4090 in "RTX 4090显卡" is not a year. Chinese numerals are read
up to the hundreds (一, 十二, 二十三, 一百零五; 两 = 2; 几 = about 3, 半年 = six months);
years may be written digit by digit (二〇二三年).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import date, timedelta

from extractors.temporal import holidays
from extractors.temporal.calendar import (
    ISO_RULES,
    YEAR,
    G,
    Hit,
    Marker,
    MarkerSet,
    Rule,
    attach_markers,
    distribute,
    make,
    month_near,
    nearest_date,
    nearest_weekday,
    part_of,
    periods_away,
    quarter_near,
    recent_month,
    relative_period,
    run_rules,
    select,
    shift,
    since_then,
    valid_date,
    weekday_in_week,
)
from extractors.temporal.gates import Gate
from extractors.temporal.relative import weekend_after, weekend_before, weekend_of_week
from extractors.temporal.tense import zh_tense

_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0, "两": 2}
_NO_DIGIT_BEFORE = r"(?<![0-9A-Za-z_$#/.\-零〇一二两三四五六七八九十百几个每])"
_YEAR_ZH = rf"(?P<y>{YEAR}|[〇零一二三四五六七八九]{{4}})"
_MONTH_ZH = r"(?P<mo>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])"
_DAY_ZH = (
    r"(?P<d>3[01]|[12][0-9]|0?[1-9]|三十一?|二十[一二三四五六七八九]?|十[一二三四五六七八九]?"
    r"|[一二三四五六七八九])"
)
_PART_GUARD = r"(?![中次级步恋稿心一二三四五六七八九十])"  # 初中, 初次, 大年初一 are not times
_YEARS = {"大前年": -3, "前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}
_MONTHS = {
    "上上个月": -2, "上个月": -1, "上月": -1, "这个月": 0, "这月": 0, "本月": 0,
    "下个月": 1, "下月": 1, "下下个月": 2,
}  # fmt: skip
_DAYS = {
    "大前天": -3, "前天": -2, "昨天": -1, "昨日": -1, "昨晚": -1, "今天": 0, "今日": 0,
    "今晚": 0, "今早": 0, "明天": 1, "明日": 1, "明早": 1, "明晚": 1, "后天": 2, "大后天": 3,
}  # fmt: skip
_WEEK_MODS = {"上上": -2, "上": -1, "本": 0, "这": 0, "下": 1, "下下": 2}
_WEEKDAYS = {c: i for i, c in enumerate("一二三四五六日")} | {"天": 6}
_PARTS = {"初": "begin", "底": "end", "末": "end"}
_HABIT = re.compile(r"(?:每个?|一到|到了|逢)$")
"""每个周末, 一到周末: a habit, not a date."""
_RANGE_NUMERAL = re.compile(r"[一二两三四五六七八九]{2}")
"""两三, 三四, 七八: a range of two neighbouring counts (两三天前 is two or three days ago)."""
_SEASONS = {"春": 3, "夏": 6, "秋": 9, "冬": 12}
_RANGE_AFTER = re.compile(r"[到至~～\-—－]+(?:周|星期|礼拜)[一二三四五六日天]")
_RANGE_BEFORE = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天][到至~～\-—－]{1,8}$")
_RANGE_REACH = 11  # the longest _RANGE_BEFORE match: 礼拜 + day + 8 dashes


def zh_number(text: str) -> int:
    """3, 三, 十二, 二十, 一百零五 -> int (Arabic digits too)."""
    if text.isascii():
        return int(text)
    total = current = 0
    for char in text:
        if char == "十":
            total, current = total + (current or 1) * 10, 0
        elif char == "百":
            total, current = total + (current or 1) * 100, 0
        else:
            current = _DIGITS[char]
    return total + current


def _year(text: str) -> int:
    return int(text) if text.isascii() else int("".join(str(_DIGITS[c]) for c in text))


def _ymd(m: re.Match[str], today: date) -> Hit | None:
    year = _year(m.group("y"))
    if not 1900 <= year <= 2099:
        return None
    if m.group("mo") is None:
        return None if m.string.startswith("代", m.end()) else make(m, date(year, 1, 1), G.YEAR)
    month = zh_number(m.group("mo"))
    if m.group("d") is None:
        return make(m, date(year, month, 1), G.MONTH)
    day = valid_date(year, month, zh_number(m.group("d")))
    return None if day is None else make(m, day, G.DAY)


def _month_day(m: re.Match[str], today: date) -> Hit | None:
    """6月1日, 3月, 去年3月: a month (and day) without a year is on the side its sentence's
    nearest tensed word says (`temporal.tense`); no tense word: the reference's year for a day,
    the latest begun for a month (Chinese marks no tense on the verb: 回家 may be either)."""
    month, base = zh_number(m.group("mo")), m.group("base")
    year = today.year + _YEARS[base] if base else None
    said = "" if year is not None else zh_tense(m)
    if m.group("d") is not None:
        d = zh_number(m.group("d"))
        day = (
            nearest_date(today, month, d, said)
            if said
            else valid_date(year or today.year, month, d)
        )
        return None if day is None else make(m, day, G.DAY)
    if year is not None:
        return make(m, date(year, month, 1), G.MONTH)
    start = month_near(today, month, said) if said else recent_month(today, month)
    return make(m, start, G.MONTH)


def _rel_day(m: re.Match[str], today: date) -> Hit:
    if m.group(0) in ("前几天", "前些天", "前两天"):
        back = 2 if m.group(0) == "前两天" else 3
        return make(m, today - timedelta(days=back), G.DAY, approximate=True)
    return make(m, today + timedelta(days=_DAYS[m.group(0)]), G.DAY)


def _rel_year(m: re.Match[str], today: date) -> Hit:
    return make(m, relative_period(today, G.YEAR, _YEARS[m.group(0)]), G.YEAR)


def _rel_month(m: re.Match[str], today: date) -> Hit:
    return make(m, relative_period(today, G.MONTH, _MONTHS[m.group(0)]), G.MONTH)


def _week(m: re.Match[str], today: date) -> Hit:
    weeks = _WEEK_MODS[m.group("w").rstrip("个")]
    if m.group("d") is None:
        return make(m, relative_period(today, G.WEEK, weeks), G.WEEK)
    day = weekday_in_week(today, _WEEKDAYS[m.group("d")], weeks)
    return replace(make(m, day, G.DAY), kind="weekday")


def _bare_weekday(m: re.Match[str], today: date) -> Hit | None:
    before = max(0, m.start() - _RANGE_REACH)  # bounded: a search from 0 made long text quadratic
    if _RANGE_AFTER.match(m.string, m.end()) or _RANGE_BEFORE.search(m.string, before, m.start()):
        return None  # 周一到周五 is a weekly schedule, not two dates
    day = nearest_weekday(today, _WEEKDAYS[m.group("d")], future=zh_tense(m) != "past")
    return replace(make(m, day, G.DAY), kind="bare")


def _forward(m: re.Match[str]) -> bool:
    return zh_tense(m) == "future"


def _weekend(m: re.Match[str], today: date) -> Hit | None:
    """这周末 / 本周末 (this week's), 上(个)周末, 下(个)周末; 周末 alone: the latest that has begun
    in a sentence of the past (了, 过), the next one in a sentence that looks forward, else none
    (就是周末人太多, 每个周末: every weekend, no date)."""
    if m.group("w"):
        first, last = weekend_of_week(today, _WEEK_MODS[m.group("w")])
    elif _HABIT.search(m.string, max(0, m.start() - 3), m.start()):
        return None
    elif (said := zh_tense(m)) == "future":
        first, last = weekend_after(today)
    elif said == "past":
        first, last = weekend_before(today + timedelta(days=2))
    else:
        return None
    return make(m, first, G.DAY, last=last)


def _holiday(m: re.Match[str], today: date) -> Hit | None:
    """春节, 去年国庆, 2023年中秋节: the festival's days (`temporal.holidays`)."""
    key, base = _HOLIDAYS[m.group("h")], m.group("base")
    if base:
        year = today.year + _YEARS[base] if base in _YEARS else int(base.rstrip("年"))
        span = holidays.in_year(key, year)
    else:
        span = holidays.occurrence(key, today, "", forward=_forward(m))
    if span is None:
        return None
    last = None if span[1] - span[0] == timedelta(days=1) else span[1]
    return make(m, span[0], G.DAY, last=last)


def _lately(m: re.Match[str], today: date) -> Hit:
    """前段时间, 前阵子, 前些日子: the four weeks before the reference day (approximate)."""
    return make(m, today - timedelta(days=28), G.WEEK, approximate=True, last=today)


def _ago(m: re.Match[str], today: date) -> Hit | None:
    """N天前, 三个多月前, 两周后: the unit's period that far away (`periods_away`); 三年以来
    (since): the one day three years back; 半年前: the day six months back."""
    unit, direction = m.group("u"), m.group("dir")
    if unit == "月" and not m.group("ge"):
        return None  # 3月前 is "before March", not "three months ago"
    sign = 1 if direction.endswith("后") else -1
    if m.group("n") == "半":
        resolved = _half_ago(today, unit, sign)
        return None if resolved is None else make(m, resolved[0], G.DAY, approximate=resolved[1])
    counts = _counts(m)
    if counts is None:
        return None
    (low, high), grain = counts, _ZH_UNITS.get(unit, G.WEEK)
    if direction == "以来":
        day = shift(today, **{_SHIFT[grain]: sign * low})
        return replace(make(m, day, G.DAY, approximate=low != high), role="since")
    first, end = periods_away(today, grain, low, high, sign)
    return make(m, first, grain, approximate=low != high, last=end if low != high else None)


def _ongoing(m: re.Match[str], today: date) -> Hit | None:
    """我在北京住了五年了, 在华为工作三年多了: a length of time closed by 了 (still so): since that
    many units ago (the unit's period, approximate), as "for three years" after a perfect."""
    return since_then(_ago(m, today))


_ZH_UNITS = {"天": G.DAY, "日": G.DAY, "年": G.YEAR, "月": G.MONTH}
_SHIFT = {G.DAY: "days", G.WEEK: "weeks", G.MONTH: "months", G.YEAR: "years"}


def _half_ago(today: date, unit: str, sign: int) -> tuple[date, bool] | None:
    if unit == "年":
        return shift(today, months=6 * sign), False
    return (shift(today, days=15 * sign), True) if unit == "月" else None


def _counts(m: re.Match[str]) -> tuple[int, int] | None:
    """How many units away, as a range: 三 (3, 3), 几 (2, 4), 两三 (2, 3), 三个多 (3, 4)."""
    raw = m.group("n")
    if raw == "几":
        return 2, 4
    if _RANGE_NUMERAL.fullmatch(raw):
        return zh_number(raw[0]), zh_number(raw[1])
    n = zh_number(raw)
    if n == 0 or (m.group("u") == "年" and n >= 1000):
        return None  # 2020年以前 is "before 2020", handled by the year rule and its marker
    return (n, n + 1) if any(m.group(g) for g in ("m1", "m2", "m3")) else (n, n)


def _year_part(m: re.Match[str], today: date) -> Hit:
    base = m.group("base") or "今年"
    year = today.year + _YEARS[base] if base in _YEARS else int(base.rstrip("年"))
    day, granularity = part_of(date(year, 1, 1), G.YEAR, _PARTS[m.group("p")])
    return make(m, day, granularity, approximate=True)


def _month_part(m: re.Match[str], today: date) -> Hit:
    if m.group("mb"):
        start = relative_period(today, G.MONTH, _MONTHS[m.group("mb")])
    elif m.group("mo") and m.group("y"):
        start = date(int(m.group("y")), zh_number(m.group("mo")), 1)
    elif m.group("mo"):
        start = recent_month(today, zh_number(m.group("mo")))
    else:
        start = today.replace(day=1)
    day, granularity = part_of(start, G.MONTH, _PARTS[m.group("p")])
    return make(m, day, granularity, approximate=True)


def _season(m: re.Match[str], today: date) -> Hit:
    base = m.group("base")
    year = today.year + _YEARS[base] if base in _YEARS else int(base.rstrip("年"))
    return make(m, date(year, _SEASONS[m.group("s")], 1), G.QUARTER, approximate=True)


def _rel_quarter(m: re.Match[str], today: date) -> Hit:
    offset = _WEEK_MODS[m.group("w").rstrip("个")]
    return make(m, relative_period(today, G.QUARTER, offset), G.QUARTER)


def _quarter(m: re.Match[str], today: date) -> Hit:
    """2023年第三季度, 去年四季度; 第三季度 alone: `quarter_near` by the sentence's tense."""
    quarter, base = zh_number(m.group("q")), m.group("base")
    if base:
        year = today.year + _YEARS[base] if base in _YEARS else int(base.rstrip("年"))
        return make(m, date(year, 3 * quarter - 2, 1), G.QUARTER)
    return make(m, quarter_near(today, quarter, zh_tense(m)), G.QUARTER)


def _alt(words: Mapping[str, object]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_NUM = r"(?P<n>[0-9]{1,4}|[零一二两三四五六七八九十百]{1,6}|几|半)"
_YEAR_BASE = rf"(?P<base>{_alt(_YEARS)}|{YEAR}年)"
_HOLIDAYS = {
    "春节": "spring", "过年": "spring", "除夕": "chinese_new_years_eve",
    "大年三十": "chinese_new_years_eve", "元宵节": "lantern", "元宵": "lantern",
    "清明节": "qingming", "清明": "qingming", "端午节": "dragon_boat", "端午": "dragon_boat",
    "中秋节": "mid_autumn", "中秋": "mid_autumn", "国庆节": "national_day", "国庆": "national_day",
    "五一": "may_day", "劳动节": "may_day", "元旦": "new_year", "圣诞节": "christmas",
    "圣诞": "christmas", "平安夜": "christmas_eve", "感恩节": "thanksgiving",
    "情人节": "valentines", "万圣节": "halloween",
}  # fmt: skip
_RULES: tuple[Rule, ...] = (
    *ISO_RULES,
    (re.compile(r"(?:(?P<w>上上|下下|上|下|本|这)个?)?(?:周末|礼拜末)"), _weekend),
    (
        re.compile(
            _NO_DIGIT_BEFORE + rf"{_YEAR_BASE}?的?(?P<h>{_alt(_HOLIDAYS)})(?!广场|路|街|大道|村)"
        ),
        _holiday,
    ),
    (re.compile(r"前段时间|前阵子|前一阵子?|前些日子"), _lately),
    (re.compile(_NO_DIGIT_BEFORE + _YEAR_ZH + rf"年(?:{_MONTH_ZH}月(?:{_DAY_ZH}[日号])?)?"), _ymd),
    (
        re.compile(
            _NO_DIGIT_BEFORE + rf"(?P<base>{_alt(_YEARS)})?{_MONTH_ZH}月(?:{_DAY_ZH}[日号]|份)?"
        ),
        _month_day,
    ),
    (re.compile(_alt(_DAYS) + "|前几天|前些天|前两天"), _rel_day),
    (re.compile(_alt(_YEARS)), _rel_year),
    (re.compile(_alt(_MONTHS)), _rel_month),
    (
        re.compile(
            r"(?P<w>上上|下下|上|下|本|这)个?(?:周|星期|礼拜)(?![期围边岁长])"
            r"(?P<d>[一二三四五六日]|天(?![气空]))?"
        ),
        _week,
    ),
    (
        re.compile(
            r"(?<![0-9一二两三四五六七八九十每上下本这个])(?:周|星期|礼拜)"
            r"(?P<d>[一二三四五六日]|天(?![气空]))(?![次遍回趟])"
        ),
        _bare_weekday,
    ),
    (
        re.compile(
            r"(?<![0-9零一二两三四五六七八九十百几半])"
            + _NUM
            + r"(?P<m1>多)?(?P<ge>个)?(?P<m2>多)?(?P<u>天|日|周|星期|礼拜|月|年)(?P<m3>多)?"
            r"(?P<dir>以前|之前|前|以后|之后|后|以来)"
        ),
        _ago,
    ),
    (
        re.compile(
            r"(?<![0-9零一二两三四五六七八九十百几半])"
            + _NUM
            + r"(?P<m1>多)?(?P<ge>个)?(?P<m2>多)?(?P<u>天|日|周|星期|礼拜|月|年)(?P<m3>多)?"
            r"(?P<dir>)(?=了(?:[。，,！!？?；]|$))"
        ),
        _ongoing,
    ),
    (
        re.compile(_NO_DIGIT_BEFORE + rf"(?:{_YEAR_BASE}年?|年)(?P<p>初|底|末)" + _PART_GUARD),
        _year_part,
    ),
    (
        re.compile(
            _NO_DIGIT_BEFORE + rf"(?:(?P<mb>{_alt(_MONTHS)})|(?:(?P<y>{YEAR})年)?{_MONTH_ZH}月"
            r"|月)(?P<p>初|底|末)" + _PART_GUARD
        ),
        _month_part,
    ),
    (re.compile(_NO_DIGIT_BEFORE + _YEAR_BASE + r"(?P<s>[春夏秋冬])[天季]"), _season),
    (re.compile(r"(?P<w>上|下|本|这)个?季度"), _rel_quarter),
    (
        re.compile(_NO_DIGIT_BEFORE + rf"{_YEAR_BASE}?的?第?(?P<q>[一二三四1-4])季度"),
        _quarter,
    ),
)

_GATE = Gate([pattern for pattern, _ in _RULES])

_SINCE, _UNTIL, _ABOUT = Marker(role="since"), Marker(role="until"), Marker(approximate=True)
_TO = Marker(role="until", through_in_range=True)
_MARKERS = MarkerSet(
    before=re.compile(
        r"(?P<m>自从|自打|(?<![来各独亲])自|从|直到|直至|截至|截止到|截止|到|(?<![甚以乃])至"
        r"|大约|大概|大致|约莫|差不多|将近)$"
    ),
    after=re.compile(r"(?P<m>以来|起(?![床来身飞])|开始|至今|为止|以前|之前|以后|之后|左右|前后)"),
    table={
        "自从": _SINCE, "自打": _SINCE, "自": _SINCE, "从": Marker(role="since", opens=True),
        "以来": _SINCE, "起": _SINCE, "开始": _SINCE, "至今": _SINCE, "以后": _SINCE,
        "之后": _SINCE, "直到": _UNTIL, "直至": _UNTIL, "截至": _UNTIL, "截止到": _UNTIL,
        "截止": _UNTIL, "到": _TO, "至": _TO, "为止": _UNTIL, "以前": _UNTIL,
        "之前": _UNTIL, "大约": _ABOUT, "大概": _ABOUT, "大致": _ABOUT, "约莫": _ABOUT,
        "差不多": _ABOUT, "将近": _ABOUT, "左右": _ABOUT, "前后": _ABOUT,
    },
)  # fmt: skip


_JOINER = re.compile(r"[和与跟或、，,及]|还有|以及")


def find(text: str, today: date) -> list[Hit]:
    """Chinese time expressions in `text`, resolved against the reference day `today`."""
    hits = distribute(text, select(run_rules(_RULES, text, today, _GATE)), _JOINER)
    return attach_markers(text, hits, _MARKERS)
