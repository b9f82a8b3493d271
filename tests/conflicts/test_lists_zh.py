"""A Chinese list in one state is one value, as an English one is (docs/write.md, "A list in
one state: one value"), on both backends: 、, 和 and 及 join the parts of a single-valued
relation's value, and a later value replaces the whole list; an accumulating relation keeps
one record per part."""

from __future__ import annotations

from typing import Any

import pytest

from service.clients.memory import Memory


def say(memory: Memory, text: str, when: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = memory.add(text, user_id="alice", observation_date=when)[
        "results"
    ]
    return found


def values(memory: Memory, predicate: str, **arguments: Any) -> list[str]:
    found = memory.facts(user_id="alice", predicate=predicate, **arguments)["facts"]
    return sorted(f["value"] for f in found)


@pytest.mark.parametrize(
    ("listed", "predicate", "value", "later", "now"),
    [
        ("我在腾讯、阿里工作", "works_at", "腾讯、阿里", "我在百度工作", "百度"),
        ("我住在上海和杭州", "lives_in", "上海和杭州", "我住在成都", "成都"),
        (
            "我就读于复旦大学及同济大学",
            "就读于",
            "复旦大学及同济大学",
            "我就读于南京大学",
            "南京大学",
        ),
    ],
)
def test_a_chinese_list_of_one_state_is_one_value_a_later_value_replaces_whole(
    memory: Memory, listed: str, predicate: str, value: str, later: str, now: str
) -> None:
    (first,) = say(memory, listed, "2020-01-01")
    assert (first["event"], first["fact"]["value"]) == ("ADD", value)
    (replaced,) = say(memory, later, "2023-01-01")
    assert replaced["event"] == "UPDATE"
    assert values(memory, predicate, as_of="2021") == [value]
    assert values(memory, predicate) == [now]


def test_a_chinese_list_of_an_accumulating_relation_keeps_one_record_per_value(
    memory: Memory,
) -> None:
    said = say(memory, "我会说英语和法语", "2020-01-01")
    assert sorted((r["event"], r["fact"]["value"]) for r in said) == [
        ("ADD", "法语"),
        ("ADD", "英语"),
    ]
    assert values(memory, "speaks") == ["法语", "英语"]
