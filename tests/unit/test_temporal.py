"""Time expressions: the golden files (EN, ZH), API arguments, and calendar properties."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from dateutil.relativedelta import relativedelta
from hypothesis import given, settings
from hypothesis import strategies as st

from extractors.schema import TimeMention
from extractors.temporal.resolve import find_times
from graph.domain.enums import Granularity
from graph.domain.errors import InvalidTime

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def _load(name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    return cases


def _instant(value: str, reference: datetime) -> datetime:
    """A bare date (2024-05-01) is midnight in the reference's zone; else a full ISO datetime."""
    if len(value) == 10:
        day = date.fromisoformat(value)
        return datetime(day.year, day.month, day.day, tzinfo=reference.tzinfo)
    return datetime.fromisoformat(value)


def _check(case: dict[str, Any], lang: str) -> None:
    reference = datetime.fromisoformat(case["reference"])
    found = find_times(case["text"], reference)
    assert found == find_times(case["text"], reference, lang=lang)  # type: ignore[arg-type]
    got = [
        (m.text, m.start, m.granularity.value, m.role, m.approximate, m.inclusive) for m in found
    ]
    want = [
        (
            e["text"],
            _instant(e["start"], reference),
            e["granularity"],
            e["role"],
            e.get("approximate", False),
            e.get("inclusive", False),
        )
        for e in case["expected"]
    ]
    assert got == want, case.get("note", "")
    for mention, expected in zip(found, case["expected"], strict=True):
        assert case["text"][mention.span[0] : mention.span[1]] == mention.text
        assert mention.start.utcoffset() == reference.utcoffset()
        if "end" in expected:
            assert mention.end == _instant(expected["end"], reference)


EN = _load("temporal_en.json")
ZH = _load("temporal_zh.json")


def test_golden_files_are_big_enough() -> None:
    assert len(EN) >= 45
    assert len(ZH) >= 45
    assert sum(1 for c in EN if not c["expected"]) >= 8
    assert sum(1 for c in ZH if not c["expected"]) >= 8


@pytest.mark.parametrize("case", EN, ids=lambda c: f"{c['text'][:40]}@{c['reference'][:10]}")
def test_golden_en(case: dict[str, Any]) -> None:
    _check(case, "en")


@pytest.mark.parametrize("case", ZH, ids=lambda c: f"{c['text'][:20]}@{c['reference'][:10]}")
def test_golden_zh(case: dict[str, Any]) -> None:
    _check(case, "zh")


# --------------------------------------------------------------------------- find_times edges

REF = datetime(2024, 5, 15, 10, tzinfo=UTC)


def test_naive_reference_is_rejected() -> None:
    with pytest.raises(InvalidTime) as err:
        find_times("yesterday", datetime(2024, 5, 15))  # noqa: DTZ001
    assert err.value.field == "reference"


def test_explicit_language_runs_only_that_language() -> None:
    assert find_times("昨天 and yesterday", REF, lang="en")[0].text == "yesterday"
    assert [m.text for m in find_times("昨天 and yesterday", REF, lang="zh")] == ["昨天"]
    assert [m.text for m in find_times("昨天 and yesterday", REF)] == ["昨天", "yesterday"]


def test_digits_only_text_uses_the_neutral_iso_rule() -> None:
    (mention,) = find_times("2023-06-01", REF)
    assert mention.granularity is Granularity.DAY
    assert mention.start == datetime(2023, 6, 1, tzinfo=UTC)


def test_results_are_ordered_and_disjoint() -> None:
    text = "Yesterday I said that since 2020, and from 2020 to 2023, and last week, it rained."
    found = find_times(text, REF)
    assert [m.text for m in found] == [
        "Yesterday", "since 2020", "from 2020", "to 2023", "last week",
    ]  # fmt: skip
    ends = [m.span[1] for m in found]
    starts = [m.span[0] for m in found]
    assert all(e <= s for e, s in zip(ends, starts[1:], strict=False))


def test_periods_follow_the_reference_zone_across_dst() -> None:
    berlin = ZoneInfo("Europe/Berlin")
    reference = datetime(2024, 3, 31, 12, tzinfo=berlin)  # clocks go forward at 02:00
    yesterday, today = find_times("yesterday and today", reference)
    assert yesterday.start == datetime(2024, 3, 30, tzinfo=berlin)
    assert today.start == datetime(2024, 3, 31, tzinfo=berlin)
    assert today.end == datetime(2024, 4, 1, tzinfo=berlin)
    assert today.end.astimezone(UTC) - today.start.astimezone(UTC) == timedelta(hours=23)


def test_find_times_never_returns_instants() -> None:
    text = "On 2023-06-01T10:30 we met; in 2023 we married."
    assert all(m.granularity is not Granularity.INSTANT for m in find_times(text, REF))


# --------------------------------------------------------------------------- properties

_OFFSETS = st.integers(min_value=-12 * 4, max_value=14 * 4).map(
    lambda q: timezone(timedelta(minutes=15 * q))
)
_REFERENCES = st.builds(
    lambda d, h, tz: datetime(d.year, d.month, d.day, h, tzinfo=tz),
    st.dates(min_value=date(1950, 1, 1), max_value=date(2090, 12, 31)),
    st.integers(min_value=0, max_value=23),
    _OFFSETS,
)
_ZH_DIGITS = "零一二三四五六七八九"


def _zh_numeral(n: int) -> str:
    """1..99 as Chinese numerals, written independently of the module under test."""
    tens, ones = divmod(n, 10)
    if tens == 0:
        return _ZH_DIGITS[ones]
    head = "十" if tens == 1 else _ZH_DIGITS[tens] + "十"
    return head + (_ZH_DIGITS[ones] if ones else "")


def _single_day(text: str, reference: datetime) -> TimeMention:
    (mention,) = find_times(text, reference)
    assert mention.text == text
    assert mention.granularity is Granularity.DAY
    assert mention.start.utcoffset() == reference.utcoffset()
    assert mention.end - mention.start == timedelta(days=1)
    return mention


@settings(max_examples=200, deadline=None)
@given(_REFERENCES, st.integers(min_value=1, max_value=3000))
def test_n_days_ago_is_exact(reference: datetime, n: int) -> None:
    mention = _single_day(f"{n} days ago", reference)
    assert mention.start.date() == reference.date() - timedelta(days=n)


def _one_period(text: str, reference: datetime, granularity: Granularity) -> TimeMention:
    (mention,) = find_times(text, reference)
    assert mention.text == text
    assert mention.granularity is granularity
    assert mention.start.utcoffset() == reference.utcoffset()
    return mention


@settings(max_examples=200, deadline=None)
@given(_REFERENCES, st.integers(min_value=1, max_value=600))
def test_n_months_ago_is_the_month_by_calendar_arithmetic(reference: datetime, n: int) -> None:
    mention = _one_period(f"{n} months ago", reference, Granularity.MONTH)
    assert mention.start.date() == (reference.date() - relativedelta(months=n)).replace(day=1)
    assert mention.end.date() == mention.start.date() + relativedelta(months=1)


@settings(max_examples=200, deadline=None)
@given(_REFERENCES, st.integers(min_value=1, max_value=50))
def test_n_years_ago_is_the_year(reference: datetime, n: int) -> None:
    mention = _one_period(f"{n} years ago", reference, Granularity.YEAR)
    assert mention.start.date() == date(reference.year - n, 1, 1)
    assert mention.end.date() == date(reference.year - n + 1, 1, 1)


@settings(max_examples=200, deadline=None)
@given(_REFERENCES, st.integers(min_value=1, max_value=99), st.sampled_from(["天", "个月", "年"]))
def test_chinese_numerals_ago(reference: datetime, n: int, unit: str) -> None:
    grain = {"天": Granularity.DAY, "个月": Granularity.MONTH}.get(unit, Granularity.YEAR)
    mention = _one_period(f"{_zh_numeral(n)}{unit}前", reference, grain)
    english = {"天": "days", "个月": "months"}.get(unit, "years")
    assert mention.start == find_times(f"{n} {english} ago", reference)[0].start


_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


@settings(max_examples=200, deadline=None)
@given(_REFERENCES, st.integers(min_value=0, max_value=6))
def test_weekday_rules(reference: datetime, weekday: int) -> None:
    today = reference.date()
    name = _WEEKDAYS[weekday]
    last = _single_day(f"last {name}", reference).start.date()
    assert last.weekday() == weekday and 1 <= (today - last).days <= 7
    following = _single_day(f"next {name}", reference).start.date()
    week_start = today - timedelta(days=today.weekday())
    assert following == week_start + timedelta(days=7 + weekday)
    (past,) = find_times(f"I saw him on {name}", reference)
    assert past.start.weekday() == weekday and 0 <= (today - past.start.date()).days <= 6
    (future,) = find_times(f"I will see him on {name}", reference)
    assert future.start.weekday() == weekday and 0 <= (future.start.date() - today).days <= 6


@settings(max_examples=200, deadline=None)
@given(
    _REFERENCES, st.sampled_from(["week", "month", "quarter", "year"]), st.sampled_from([-1, 0, 1])
)
def test_relative_periods_contain_the_shifted_reference(
    reference: datetime, unit: str, offset: int
) -> None:
    word = {-1: "last", 0: "this", 1: "next"}[offset]
    (mention,) = find_times(f"{word} {unit}", reference)
    months = {"month": 1, "quarter": 3, "year": 12}.get(unit)
    delta = relativedelta(weeks=offset) if months is None else relativedelta(months=offset * months)
    shifted = reference.date() + delta
    assert mention.start.date() <= shifted < mention.end.date()
    assert mention.start.time() == mention.end.time() == datetime.min.time()


def test_the_sentence_of_a_date_is_bounded_in_text_without_full_stops() -> None:
    """Each date reads at most a window around it: unbounded, a 170 KB message of dates
    without a full stop took 330 s to scan (every date read the whole rest of the text)."""
    from extractors.temporal.calendar import sentence_around

    text = "I met Bob on Monday, " * 5000
    start = len(text) // 2
    clause = sentence_around(text, start, start + 6)
    assert text[start : start + 6] in clause
    assert len(clause) <= 2 * 400 + 6


def test_a_weekday_range_is_still_seen_before_the_second_day() -> None:
    days = find_times("我们周一到周五上班，周三见。", datetime(2026, 12, 1, tzinfo=UTC))
    assert [d.text for d in days] == ["周三"]
