"""What the store keeps of values told together, through `Memory.add` on both backends
(issue 37): a list of values of a multi-valued relation is one current record per part, none
closing another ("李力持和周星驰联合执导"); a single-valued value told in parts (two phone numbers,
hours by season) is one record, which as two the second would have closed."""

from __future__ import annotations

from typing import Any

USER = "sam"


def current(memory: Any, predicate: str) -> set[tuple[str, str]]:
    found = memory.facts(user_id=USER).facts
    return {(f.subject, f.value) for f in found if f.predicate == predicate}


def test_coordinated_directors_are_two_current_records(memory: Any) -> None:
    memory.add("你看过《唐伯虎点秋香》吗？", user_id=USER)
    memory.add("这部电影是李力持和周星驰联合执导的。", user_id=USER)
    assert current(memory, "directed_by") == {
        ("唐伯虎点秋香", "李力持"),
        ("唐伯虎点秋香", "周星驰"),
    }


def test_a_list_of_producing_countries_stays_whole(memory: Any) -> None:
    memory.add("你知道《卢旺达饭店》吗？", user_id=USER)
    memory.add("嗯，加拿大、南非、意大利、英国四地制片。", user_id=USER)
    assert current(memory, "produced_in") == {
        ("卢旺达饭店", c) for c in ("加拿大", "南非", "意大利", "英国")
    }


def test_two_phone_numbers_told_together_are_one_current_record(memory: Any) -> None:
    memory.add("你知道幽谷神潭吗？", user_id=USER)
    memory.add("电话是010-61622569,010-61622358，你知道吗？", user_id=USER)
    assert current(memory, "phone") == {("幽谷神潭", "010-61622569,010-61622358")}


def test_hours_by_season_are_one_current_record(memory: Any) -> None:
    memory.add("你知道幽谷神潭吗？", user_id=USER)
    memory.add("它的开放时间是夏季7:30-17:30;冬季8:30-16:30。", user_id=USER)
    assert current(memory, "opening_hours") == {("幽谷神潭", "夏季7:30-17:30;冬季8:30-16:30")}
