"""Golden cases for the value a Chinese relation keeps (issue 37, `chinese/values.py`): each
class of value boundary bench.about's tune half pointed at, one case or more per class."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extractors.rules import RuleExtractor
from extractors.schema import Job

REF = datetime(2024, 1, 1, tzinfo=UTC)


def last(*turns: str) -> list[tuple[str, str, str]]:
    jobs = [Job(t, REF, conversation="c") for t in turns]
    facts = RuleExtractor().read_turns(jobs)[-1].facts
    return [(f.subject, f.predicate, f.value) for f in facts if f.category != "verbatim"]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a title is kept whole: 了 inside 《开始懂了》 is no particle
        (
            ("你知道姚若龙吗？", "他的代表作有《解脱》、《开始懂了》。"),
            ("姚若龙", "works", "开始懂了"),
        ),
        # a quantity without what only leads to it
        (("你知道法源寺吗？", "门票才10元。"), ("法源寺", "price", "10元")),
        (("你知道法源寺吗？", "门票要60元。"), ("法源寺", "price", "60元")),
        # 约 leads to a number only: 约翰 is a name
        (
            ("你知道《爱乐之城》吗？", "主演有雷恩·葛斯林、约翰·传奇。"),
            ("爱乐之城", "starring", "约翰·传奇"),
        ),
        # a person named as agent, without what follows the name in the list
        (
            ("你知道《猜火车》吗？", "是伊万·麦克格雷格、艾文·布莱纳联袂主演的。"),
            ("猜火车", "starring", "艾文·布莱纳"),
        ),
        # an award without the verb before it
        (
            ("你知道许巍吗？", "他还荣获过中国十年最具影响力音乐人物。"),
            ("许巍", "awards", "中国十年最具影响力音乐人物"),
        ),
        # an adverb between the attribute noun and its copula
        (
            ("你知道《泰坦尼克号》吗？", "导演同样也是詹姆斯·卡梅隆。"),
            ("泰坦尼克号", "directed_by", "詹姆斯·卡梅隆"),
        ),
    ],
)
def test_a_value_keeps_its_boundary(turns: tuple[str, ...], expected: tuple[str, str, str]) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("这是一部喜剧剧情片。", ["喜剧", "剧情"]),  # a film's compound: one genre a word
        ("是一部很精彩的动作片。", ["动作"]),  # what describes the genre is no genre
        ("是一首很不错的摇滚歌曲。", ["摇滚"]),
        ("是摇滚风。", ["摇滚"]),
    ],
)
def test_a_genre_is_the_genre_words_said(sentence: str, expected: list[str]) -> None:
    found = last("你知道《阿凡达》吗？", sentence)
    assert [v for _, p, v in found if p == "genre"] == expected
