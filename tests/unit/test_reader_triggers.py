"""A relation reader runs only on a clause holding its trigger: words every match of its
pattern holds (a maker's verb and 的 for `_MADE_BY`, a role's word for `_ROLE_NAMED`), or the
characters one of which every match holds, derived from the pattern (`gates.gate`: a genre's or
an occupation's first characters). A trigger a match can lack would lose a fact silently: each
is checked against its pattern on clauses made of the pattern's own parts."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractors.chinese import relation_frames as frames
from extractors.chinese import values
from extractors.temporal.gates import gate

PARTS = [
    *frames._MADE_VERBS,
    *frames._ROLES,
    "的",
    "作",
    "写",
    "唱",
    "演",
    "表演",
    "演技",
    "出演",
    "孙燕姿",
    "史蒂文·斯皮尔伯格",
    "环球影业",
    "陈凯歌",
    "《单车》",
    "《呼吸》",
    "那部",
    "这首",
    "那一部",
    "她",
    "他",
    "这个",
    "那位",
    "美国",
    "中国",
    "哪里",
    "人",
    "太好了",
    "、",
    "和",
    "，",
    "爱情",
    "喜剧",
    "Pop",
    "pop",
    "R&B",
    "片",
    "电影",
    "歌手",
    "演员",
    "是",
    "嗯，",
    "其实",
    "像",
    "也很好",
    "都不错",
]
CLAUSES = st.lists(st.sampled_from(PARTS), max_size=8).map("".join)

TRIGGERED = [
    (frames._MADE_SAID, lambda text: frames._MADE_BY.match(frames.FILLER.sub("", text))),
    (frames._ROLE_SAID, frames._ROLE_NAMED.search),
    (frames._ACTING_SAID, frames._ACTING.search),
    (frames._OWNED_SAID, frames._OWNED_WORKS.search),
    (frames._ORIGIN_SAID, frames._ORIGIN.search),
]


@pytest.mark.parametrize(
    "text",
    [
        "孙燕姿唱的太好了",
        "王旭东作词作的真好",
        "史蒂文·斯皮尔伯格执导的都不错",
        "此片导演陈凯歌名利双收",
        "亚当·戈德堡、汤姆·汉克斯的演技",
        "丹尼斯·利瑞、约翰·雷吉扎莫演的",
        "我更喜欢她的《呼吸》",
        "她那首燕尾蝶",
        "我知道达斯汀·霍夫曼这个美国人",
        "他是中国哪里人",
    ],
)
def test_each_reader_s_own_examples_hold_its_trigger(text: str) -> None:
    matched = [trigger for trigger, read in TRIGGERED if read(text)]
    assert matched, text
    assert all(trigger.search(text) for trigger in matched), text


@settings(max_examples=400, database=None)
@given(CLAUSES)
def test_no_match_without_its_trigger(text: str) -> None:
    for trigger, read in TRIGGERED:
        assert not read(text) or trigger.search(text), (trigger.pattern, text)
    judged = frames._TITLES_JUDGED.match(text)
    assert not judged or text.startswith(frames._TITLE_LEADS), text


@settings(max_examples=400, database=None)
@given(CLAUSES)
def test_a_gated_pattern_finds_what_it_finds_ungated(text: str) -> None:
    found = values.GENRE_NOUN.search(text)
    gated = values.genre_noun(text)
    assert (found and found.span()) == (gated and gated.span())
    every = values.OCCUPATION.finditer(text)
    assert [m[0] for m in every if not text.startswith("的", m.end())] == values.occupations(text)


def test_a_derived_gate_is_a_class_of_the_needed_characters() -> None:
    found = gate(re.compile("导演|主演", re.IGNORECASE))
    assert found is not None and found.flags & re.IGNORECASE
    assert found.search("他是主角") and not found.search("他是歌手")
    assert gate(re.compile(r"\d+")) is None
    assert gate(values.GENRE_NOUN) is not None  # Latin genres fold as the pattern does
    assert values.genre_noun("是一部POP风格的专辑") is not None
