"""Relative time as a grammar (issue 33): properties over a calendar.

Every reference day from 1901 to 2099 is fair game, so leap years (2000 and 2024, not 1900 or
2100), month ends, the ISO week start (Monday) and the year boundary are all crossed. The
golden files (tests/golden/temporal_*.json, "class" entries) pin single cases; these pin the
rules.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from dateutil.relativedelta import relativedelta
from hypothesis import example, given, settings
from hypothesis import strategies as st

from extractors.schema import TimeMention
from extractors.temporal.resolve import find_times
from graph.domain.enums import Granularity

DAYS = st.dates(min_value=date(1901, 3, 1), max_value=date(2099, 10, 31))
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
ZH_WEEKDAYS = "一二三四五六日"


def _one(text: str, today: date, lang: str = "en") -> TimeMention:
    reference = datetime(today.year, today.month, today.day, 15, tzinfo=UTC)
    found = find_times(text, reference, lang=lang)  # type: ignore[arg-type]
    assert len(found) == 1, (text, today, found)
    return found[0]


def _days(mention: TimeMention) -> tuple[date, date]:
    return mention.start.date(), mention.end.date()


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


@settings(max_examples=300, deadline=None)
@given(DAYS)
def test_weekends_are_a_saturday_and_a_sunday_of_the_right_week(today: date) -> None:
    monday = _monday(today)
    for text, zh, week in (
        ("We met last weekend.", "我们上个周末见了面。", -1),
        ("We meet this weekend.", "我们这周末见面。", 0),
        ("We meet next weekend.", "我们下周末见面。", 1),
    ):
        first, end = _days(_one(text, today))
        assert first.weekday() == 5 and end - first == timedelta(days=2)
        assert _monday(first) == monday + timedelta(weeks=week)
        assert _days(_one(zh, today, "zh")) == (first, end)


@settings(max_examples=300, deadline=None)
@given(DAYS)
def test_a_weekend_without_its_week_is_the_latest_begun_or_the_next(today: date) -> None:
    past, _ = _days(_one("We hiked over the weekend.", today))
    future, _ = _days(_one("We will hike over the weekend.", today))
    assert past.weekday() == 5 and future.weekday() == 5
    assert past <= today < past + timedelta(days=7)
    assert today <= future < today + timedelta(days=7)
    coming, _ = _days(_one("We hike the coming weekend.", today))
    assert today < coming <= today + timedelta(days=7)
    assert _days(_one("我周末去爬山了。", today, "zh"))[0] == past


@settings(max_examples=200, deadline=None)
@given(DAYS, st.integers(min_value=0, max_value=6))
def test_past_and_coming_weekdays_are_strictly_before_and_after(today: date, wd: int) -> None:
    for text, sign in (
        (f"this past {WEEKDAYS[wd]}", -1),
        (f"last {WEEKDAYS[wd][:3]}", -1),
        (f"this coming {WEEKDAYS[wd]}", 1),
    ):
        day = _one(f"We met {text}.", today).start.date()
        assert day.weekday() == wd
        assert 0 < sign * (day - today).days <= 7


@settings(max_examples=200, deadline=None)
@given(DAYS, st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=6))
def test_a_bare_weekday_after_a_named_one_is_of_its_week(today: date, a: int, b: int) -> None:
    found = find_times(
        f"下周{ZH_WEEKDAYS[a]}和周{ZH_WEEKDAYS[b]}我要出差。",
        datetime(today.year, today.month, today.day, tzinfo=UTC),
        lang="zh",
    )
    if a == b:
        return
    assert [m.start.date() for m in found] == [
        _monday(today) + timedelta(weeks=1, days=a),
        _monday(today) + timedelta(weeks=1, days=b),
    ]


@settings(max_examples=300, deadline=None)
@given(
    DAYS, st.integers(min_value=1, max_value=40), st.sampled_from(["day", "week", "month", "year"])
)
def test_counts_ago_are_the_units_period_that_far_back(today: date, n: int, unit: str) -> None:
    """ "N units ago" is the whole day / ISO week / month / year that holds the day N units
    back by calendar arithmetic (31 March - 1 month is in February; 29 February - 1 year in
    the year before); Chinese alike."""
    words = {2: "two", 3: "three", 21: "twenty-one", 25: "twenty five"}
    mention = _one(f"I moved here {words.get(n, str(n))} {unit}s ago.", today)
    back = today - relativedelta(**{unit + "s": n})
    first, end = _days(mention)
    assert mention.granularity is Granularity(unit) and first <= back < end
    assert first == {"day": back, "week": _monday(back), "month": back.replace(day=1)}.get(
        unit, date(back.year, 1, 1)
    )
    assert end == first + relativedelta(**{unit + "s": 1})
    zh_unit = {"day": "天", "week": "周", "month": "个月", "year": "年"}[unit]
    assert _days(_one(f"我{n}{zh_unit}前搬来的。", today, "zh")) == (first, end)


@settings(max_examples=200, deadline=None)
@given(DAYS, st.sampled_from(["day", "week", "month", "year"]))
def test_a_vague_count_ago_is_a_bounded_interval(today: date, unit: str) -> None:
    """ "a few units ago" (three, give or take one): from the period two units back to the
    one four back, whole, approximate; 几 alike; it ends before the reference's period."""
    mention = _one(f"We met a few {unit}s ago.", today)
    first, end = _days(mention)
    grain = Granularity(unit)
    assert mention.approximate and mention.granularity is grain
    assert first <= today - relativedelta(**{unit + "s": 4}) < end
    assert first <= today - relativedelta(**{unit + "s": 2}) < end
    assert end <= today - relativedelta(**{unit + "s": 1}) + timedelta(days=1) or unit == "day"
    zh_unit = {"day": "天", "week": "周", "month": "个月", "year": "年"}[unit]
    assert _days(_one(f"几{zh_unit}前我们见过。", today, "zh")) == (first, end)


@settings(max_examples=200, deadline=None)
@given(DAYS)
def test_month_parts_stay_inside_their_month(today: date) -> None:
    name = today.strftime("%B")
    for part in ("early", "mid", "late"):
        first, end = _days(_one(f"It happened in {part} {name} {today.year}.", today))
        assert first.month == today.month and first.year == today.year
        assert (end - timedelta(days=1)).month == today.month
    _, end = _days(_one(f"the end of {name} {today.year}", today))
    assert end == date(today.year, today.month, 1) + relativedelta(months=1)


@settings(max_examples=200, deadline=None)
@given(DAYS)
def test_the_other_day_is_the_week_before(today: date) -> None:
    mention = _one("The other day I met Sam.", today)
    assert _days(mention) == (today - timedelta(days=7), today)
    assert mention.approximate


@settings(max_examples=100, deadline=None)
@given(DAYS)
def test_the_last_holiday_has_ended_and_the_next_has_not_begun(today: date) -> None:
    last = _days(_one("Last Christmas I gave her a scarf.", today))
    upcoming = _days(_one("Next Christmas I will give her a scarf.", today))
    assert last[1] <= today < upcoming[0]
    assert (last[0].month, last[0].day) == (upcoming[0].month, upcoming[0].day) == (12, 25)
    assert upcoming[0].year - last[0].year in (1, 2)


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")  # fmt: skip


def _months_apart(a: date, b: date) -> int:
    return 12 * (a.year - b.year) + a.month - b.month


@settings(max_examples=300, deadline=None)
@given(DAYS, st.integers(min_value=1, max_value=12))
def test_a_month_without_its_year_is_on_the_side_its_tense_says(today: date, month: int) -> None:
    """Past: begun by the reference, within the year before; future: not ended, within the
    year after; no tense: the nearer one (at most six months away); Chinese alike."""
    name = MONTHS[month - 1]
    past = _one(f"We were in Rome in {name}.", today).start.date()
    ahead = _one(f"We will be in Rome in {name}.", today).start.date()
    plain = _one(f"My sister visits in {name}.", today).start.date()
    assert past.month == ahead.month == plain.month == month
    assert 0 <= _months_apart(today, past) < 12 and 0 <= _months_apart(ahead, today) < 12
    assert abs(_months_apart(plain, today)) <= 6 and plain in (past, ahead)
    assert _one(f"{month}月我们去了日本。", today, "zh").start.date() == past
    assert _one(f"{month}月我们要去日本。", today, "zh").start.date() == ahead


@settings(max_examples=300, deadline=None)
@given(DAYS, st.dates(min_value=date(2000, 1, 1), max_value=date(2000, 12, 31)))
@example(date(2001, 1, 1), date(2000, 2, 29))  # no 29 February ahead: not the past one
def test_a_day_without_its_year_is_the_latest_or_the_next(today: date, said: date) -> None:
    """29 February included: a past sentence names the latest such day by the reference, a
    future one the first from it (when no year around has the day, only the month is read)."""
    text = f"{MONTHS[said.month - 1]} {said.day}"
    for sentence, zh, sign in (
        (f"We met on {text}.", f"{said.month}月{said.day}日我们见了面。", -1),
        (f"We will meet on {text}.", f"{said.month}月{said.day}日我们将见面。", 1),
    ):
        mention = _one(sentence, today)
        if mention.granularity is Granularity.MONTH:
            assert (said.month, said.day) == (2, 29)
            continue
        day = mention.start.date()
        assert (day.month, day.day) == (said.month, said.day)
        assert 0 <= sign * (day - today).days < 366 * 4
        if (said.month, said.day) != (2, 29):
            assert sign * (day - today).days < 366
        assert _one(zh, today, "zh").start.date() == day


@settings(max_examples=200, deadline=None)
@given(DAYS, st.integers(min_value=0, max_value=6))
def test_the_nearest_tensed_word_decides_a_bare_weekday(today: date, wd: int) -> None:
    said = _one(f"The company said {WEEKDAYS[wd]} it will cut jobs.", today).start.date()
    will = _one(f"We will meet on {WEEKDAYS[wd]}, as I said.", today).start.date()
    assert said.weekday() == will.weekday() == wd
    assert 0 <= (today - said).days < 7 and 0 <= (will - today).days < 7
    zh = _one(f"他周{ZH_WEEKDAYS[wd]}说公司将裁员。", today, "zh").start.date()
    assert zh == said


@settings(max_examples=300, deadline=None)
@given(DAYS, st.integers(min_value=1, max_value=4))
def test_a_quarter_without_its_year_is_the_latest_begun(today: date, q: int) -> None:
    """Three months from 1 January / April / July / October; past: begun by the reference,
    within the year before; future: not ended more than a quarter ago; Chinese alike."""
    nth = ("first", "second", "third", "fourth")[q - 1]
    past = _days(_one(f"We posted a {nth}-quarter loss.", today))
    ahead = _days(_one(f"We will ship in the {nth} quarter.", today))
    for first, end in (past, ahead):
        assert first.month == 3 * q - 2 and first.day == 1
        assert end == first + relativedelta(months=3)
    assert past[0] <= today < past[0] + relativedelta(years=1)
    assert ahead[1] > today - relativedelta(months=3) and ahead[0] <= today + relativedelta(years=1)
    zh = "一二三四"[q - 1]
    assert _days(_one(f"第{zh}季度我们亏损了。", today, "zh")) == past
    assert _days(_one(f"第{zh}季度我们将推出新品。", today, "zh")) == ahead
    assert _days(_one(f"We sold more in Q{q} {today.year}.", today))[0] == date(
        today.year, 3 * q - 2, 1
    )


def test_anchored_phrases_hang_on_the_expression_after_them() -> None:
    today = date(2024, 5, 15)
    assert _days(_one("the weekend before Christmas 2023", today)) == (
        date(2023, 12, 23),
        date(2023, 12, 25),
    )
    assert _days(_one("the Friday after Thanksgiving 2023", today)) == (
        date(2023, 11, 24),
        date(2023, 11, 25),
    )
    assert not find_times("the week before the exam", datetime(2024, 5, 15, tzinfo=UTC))


def test_names_that_hold_a_time_word_are_no_time() -> None:
    """Guards for the new rules: a holiday naming a thing, a greeting, a sitting, a weekend
    spoken of as a habit (every weekend names no date)."""
    reference = datetime(2024, 5, 15, tzinfo=UTC)
    for text in (
        "Our Christmas party was great.",
        "Happy new year!",
        "I sat down with Tom.",
        "the Thanksgiving Invitational is loaded",
        "The park is crowded on the weekend.",
        "就是周末人太多，要排队。",
        "一到周末就挺吵。",
        "每个周末我都去跑步了。",
    ):
        assert not find_times(text, reference), text


DOC = Path(__file__).resolve().parents[2] / "docs" / "write.md"
_ROW = re.compile(
    r"^\| (?P<cls>[^|]+) \| (?P<said>[^|]+) \| (?P<phrase>[^|]+) \| (?P<start>\S+) \.\. "
    r"(?P<end>\S+) \| (?P<gran>\w+) \| (?P<approx>\w*) \|$"
)


def test_the_table_of_phrases_in_the_docs_is_what_the_code_says() -> None:
    rows = [m for line in DOC.read_text(encoding="utf-8").splitlines() if (m := _ROW.match(line))]
    assert len(rows) >= 40
    reference = datetime(2024, 5, 15, 10, tzinfo=UTC)
    for row in rows:
        (mention,) = [m for m in find_times(row["said"], reference) if m.text == row["phrase"]]
        assert (str(mention.start.date()), str(mention.end.date())) == (row["start"], row["end"])
        assert (mention.granularity.value, mention.approximate) == (
            row["gran"],
            row["approx"] == "yes",
        ), row["said"]
