"""Which entity a sentence is about when a name is said without a frame that marks it (issue
37): a name in a clause's topic position or as its whole complement comes under discussion,
and a fact's subject is never the name its own value starts with."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extractors.chinese.mentions import mentions
from extractors.rules import RuleExtractor
from extractors.schema import Job

REF = datetime(2024, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("clause", "name"),
    [
        ("蟒山国家森林公园是北京面积最大的森林公园", "蟒山国家森林公园"),
        ("周星驰还是无线电视艺员训练班的毕业生呢", "周星驰"),
        ("王祖贤1967年1月31日出生于台湾省台北市", "王祖贤"),
        ("准确的说是田馥甄。", "田馥甄"),
        ("导演是吴宇森吧", "吴宇森"),
        ("尤其梁朝伟还获得过金马奖最佳男主角", "梁朝伟"),
        ("袁惟仁作曲的", "袁惟仁"),
        ("2009年张惠妹凭这张专辑获得大奖", "张惠妹"),
        ("你还可到它边上的平西抗日纪念馆看一下", "平西抗日纪念馆"),
        ("这个景点附近的黑龙潭风景区也很不错的", "黑龙潭风景区"),
        ("是滚石唱片", "滚石唱片"),
        ("潭柘寺可了不得", "潭柘寺"),
        ("什刹海很漂亮", "什刹海"),
    ],
)
def test_a_name_in_topic_or_complement_position_is_mentioned(clause: str, name: str) -> None:
    assert name in [r.name for _, r in mentions(clause)]


@pytest.mark.parametrize(
    "clause",
    [
        "是的，门票是免费的",
        "知道，2小时 - 4小时。",
        "地址是北京市门头沟区涧沟村",
        "我也是",
        "经纪公司是百娱经纪",
        "它是一个很大的油菜花种植园",
        "里面很好玩",
        "是2013年09月04日",
    ],
)
def test_values_and_chatter_are_no_mentions(clause: str) -> None:
    assert mentions(clause) == []


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (  # a place named as a clause's topic takes the next bare answer
            (
                "你去过明十三陵吗？",
                "去过，蟒山国家森林公园是北京面积最大的森林公园，也值得去。",
                "它的门票多少钱？",
                "25元。",
            ),
            ("蟒山国家森林公园", "price", "25元"),
        ),
        (  # a person named as a clause's topic takes the next pronoun
            (
                "你知道成龙吗？",
                "知道，周星驰还是无线电视艺员训练班的毕业生呢。",
                "他是1962年出生的。",
            ),
            ("周星驰", "birthday", "1962年"),
        ),
        (  # never about the name the fact's own value starts with
            (
                "你知道小汤山现代农业科技示范园吗？",
                "知道，门票是免费的。",
                "周边还有别的景点吗？",
                "有，木林森采摘园就在它边上。",
            ),
            ("小汤山现代农业科技示范园", "nearby", "木林森采摘园"),
        ),
        (  # a place named as what is near another is talked about next
            (
                "你去过妙峰山吗？",
                "去过，它边上的平西抗日纪念馆也值得看一下。",
                "那里的门票多少钱？",
                "免费。",
            ),
            ("平西抗日纪念馆", "price", "免费"),
        ),
        (  # an organisation by its head noun: 它 is the label, not the song before it
            ("你知道《突然好想你》这首歌吗？", "知道，是滚石唱片。", "它的总部在台北。"),
            ("滚石唱片", "located_at", "台北"),
        ),
        (  # 他 finds a known person before a name of unknown kind (a film said bare)
            ("你知道刘德华吗？", "知道，无间道你知道吗？", "他是1961年出生的。"),
            ("刘德华", "birthday", "1961年"),
        ),
        (  # a place said with a degree word after it is talked about next
            (
                "你去过八奇洞吗？",
                "去过，潭柘寺可了不得，历史很悠久。",
                "那里的门票多少钱？",
                "55元。",
            ),
            ("潭柘寺", "price", "55元"),
        ),
        (  # a pronoun inside a subject phrase is the subject, not the topic (a song since)
            (
                "你知道姚若龙吗？",
                "知道，《分手快乐》这首歌的词就是他写的。",
                "真的是啊，难怪他能获得第七届金曲奖最佳作词人奖啊。",
            ),
            ("姚若龙", "awards", "第七届金曲奖最佳作词人奖"),
        ),
    ],
)
def test_the_fact_is_about_the_entity_under_discussion(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    readings = RuleExtractor().read_turns([Job(t, REF, conversation="c") for t in turns])
    assert [(f.subject, f.predicate, f.value) for f in readings[-1].facts] == [expected]
