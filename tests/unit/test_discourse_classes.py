"""Golden cases for the classes of input bench.about's miss classes pointed at (issue 37):
each class in both languages where both have it (bench/about/misses.py names the classes).

* an entity introduced as the topic of a question or of "I know it" (洼里博物馆知道吗？,
  对…有了解吗？, 小汤山示范园我知道), a place known by its head noun (博物馆, 寺, 大学);
* a bare answer whose first part is a yes or no ("不贵，20元。") or that lists its hours in
  parts;
* a time inside a relation's value is no event of the speaker;
* a sentence without letters ("9:00-17:00。") is read in the conversation's language.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extractors.rules import RuleExtractor
from extractors.schema import SPEAKER, Job

REF = datetime(2024, 1, 1, tzinfo=UTC)


def read(*turns: str) -> list[list[tuple[str, str, str]]]:
    jobs = [Job(t, REF, conversation="c") for t in turns]
    readings = RuleExtractor().read_turns(jobs)
    return [
        [(f.subject, f.predicate, f.value) for f in r.facts if f.category != "verbatim"]
        for r in readings
    ]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (("洼里博物馆知道吗？", "它的开放时间是几点？", "9:00-17:00。"), "洼里博物馆"),
        (("对百雅轩798艺术中心有了解吗？", "它的开放时间是10:00-18:00。"), "百雅轩798艺术中心"),
        (("东岳庙你去过吗？", "开放时间是8:30-16:30。"), "东岳庙"),
        (("Have you been to the Vasa Museum?", "It opens at 10 am."), "the Vasa Museum"),
        (("The Vasa Museum, do you know it?", "It opens at 10 am."), "The Vasa Museum"),
    ],
)
def test_a_place_asked_about_as_the_topic_is_under_discussion(
    turns: tuple[str, ...], expected: str
) -> None:
    found = read(*turns)[-1]
    assert [f[0] for f in found if f[1] in ("opening_hours", "open_at")] == [expected]


def test_a_place_is_known_by_its_head_noun() -> None:
    """它 is a thing, never a person: a place named by its head noun is one."""
    found = read("小汤山现代农业科技示范园我知道。", "这个地方的门票是30元。")[-1]
    assert ("小汤山现代农业科技示范园", "price", "30元") in found


def test_a_question_word_is_not_part_of_the_name() -> None:
    found = read("你知道法源寺什么时候开放吗？", "电话是010-63534171。")[-1]
    assert found == [("法源寺", "phone", "010-63534171")]


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ("不贵，20元。", "20元"),
        ("不贵，周一-周五：20元，周六、周日：30元。", "周一-周五：20元，周六、周日：30元"),
    ],
)
def test_a_bare_answer_gives_the_part_that_is_its_value(answer: str, value: str) -> None:
    found = read("知道郭守敬纪念馆吗？", "它的门票贵吗？", answer)[-1]
    assert found == [("郭守敬纪念馆", "price", value)]


def test_a_time_inside_a_relations_value_is_no_event_of_the_speaker() -> None:
    found = read(
        "知道观复博物馆吗？",
        "开放时间上有规定吗？",
        "有，周一9:00-16:00（15:00停止售票），周二-周日9:00-17:00（16:00停止售票）。",
    )[-1]
    assert found == [
        (
            "观复博物馆",
            "opening_hours",
            "周一9:00-16:00（15:00停止售票），周二-周日9:00-17:00（16:00停止售票）",
        )
    ]
    assert not [f for f in found if f[0] == SPEAKER]


def test_a_pronoun_that_cannot_bear_the_relation_yields_to_the_topic() -> None:
    """他/她/它 are one sound: 他的周边 said of a place is the place's."""
    found = read(
        "你知道郭守敬纪念馆吗？", "你知道他的周边还有什么可以玩的吗？", "比如恭王府，什刹海等。"
    )
    assert found[-1] == [
        ("郭守敬纪念馆", "nearby", "恭王府"),
        ("郭守敬纪念馆", "nearby", "什刹海"),
    ]


def test_a_class_noun_is_never_a_referent() -> None:
    """影片的导演是谁 asks about the film under discussion, never about an entity '影片'."""
    readings = RuleExtractor().read_turns(
        [Job(t, REF, conversation="c") for t in ("你知道倩女幽魂吗？", "影片的导演是谁？")]
    )
    assert readings[-1].context.after.named("影片") is None


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (("你知道三里屯吗？", "全天开放的。"), ("三里屯", "opening_hours", "全天开放")),
        (("你知道法源寺吗？", "门票不要钱，免费开放的。"), ("法源寺", "opening_hours", "免费开放")),
        (("你知道故宫吗？", "8:30开放。"), ("故宫", "opening_hours", "8:30")),  # guard
    ],
)
def test_a_word_saying_only_how_a_place_is_open_keeps_the_verb(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    """全天开放的 is open all day: 全天 alone ("all day") is no opening time; an hour before
    开放 is the value alone (the guard)."""
    assert read(*turns)[-1] == [expected]
