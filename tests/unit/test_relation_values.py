"""Golden cases for the value a Chinese relation keeps (issue 37, `chinese/values.py`): each
class of value boundary bench.about's tune half pointed at, one case or more per class."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from extractors.aliases import default_aliases
from extractors.chinese import values
from extractors.rules import RuleExtractor, language_of
from extractors.schema import SPEAKER, Job

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


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a single-valued value told in parts is one value: as two records the second would
        # close the first
        (
            ("你知道幽谷神潭吗？", "电话是010-61622569,010-61622358，你知道吗？"),
            ("幽谷神潭", "phone", "010-61622569,010-61622358"),
        ),
        (
            ("你知道幽谷神潭吗？", "它的开放时间是夏季7:30-17:30;冬季8:30-16:30。"),
            ("幽谷神潭", "opening_hours", "夏季7:30-17:30;冬季8:30-16:30"),
        ),
        (
            ("你知道北京汽车博物馆吗？", "开放时间呢？", "周二-周日9:00-17:00；周一闭馆。"),
            ("北京汽车博物馆", "opening_hours", "周二-周日9:00-17:00；周一闭馆"),
        ),
        (
            ("你知道北京汽车博物馆吗？", "价格是成人票：30元/人，学生票：20元/人。"),
            ("北京汽车博物馆", "price", "成人票：30元/人，学生票：20元/人"),
        ),
    ],
)
def test_a_single_value_told_in_parts_is_one_record(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    found = last(*turns)
    assert expected in found
    assert [f for f in found if f[1] == expected[1]] == [expected]
    assert not [f for f in found if f[0] == SPEAKER]  # the hours are no event of the speaker


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("是的，她是一个日本姑娘。", ("nationality", "日本")),  # a country: nationality
        ("他是一名德国人。", ("nationality", "德国")),
        ("她是北京市东城区人。", ("birthplace", "北京市东城区")),  # a place inside one
        ("他是加拿大伦敦人。", ("birthplace", "加拿大伦敦")),
        ("他是在台湾省台北市出生的。", ("birthplace", "台湾省台北市")),
        ("他在上海出生。", ("birthplace", "上海")),
        ("他也生在英国苏格兰佩思郡。", ("birthplace", "英国苏格兰佩思郡")),
        ("他在1982年2月11日就已经去世了。", ("died_on", "1982年2月11日")),
    ],
)
def test_where_and_when_someone_is_from(sentence: str, expected: tuple[str, str]) -> None:
    assert ("松隆子", *expected) in last("你知道松隆子吗？", sentence)


def test_someone_in_charge_is_from_nowhere() -> None:
    assert not [
        f for f in last("你知道松隆子吗？", "他是负责人。") if f[1] in ("nationality", "birthplace")
    ]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("看过呀，这是一部上映于2006年的电影。", ("release_date", "2006年")),
        ("是的，它是1994年12月16日上映的电影。", ("release_date", "1994年12月16日")),
    ],
)
def test_a_date_in_a_class_sentence_is_the_works_date(
    sentence: str, expected: tuple[str, str]
) -> None:
    found = last("你知道《燃情岁月》吗？", sentence)
    assert ("燃情岁月", *expected) in found
    assert not [f for f in found if f[1] == "genre" or f[0] == SPEAKER]


@pytest.mark.parametrize(
    "sentence",
    [
        "我建议你去完这里，也去一下它边上的水立方（国家游泳中心）看看。",
        "有呀，它边上的水立方（国家游泳中心）是一个很值得游玩的地方。",
    ],
)
def test_a_place_beside_the_topic_is_nearby(sentence: str) -> None:
    assert ("鸟巢", "nearby", "水立方（国家游泳中心）") in last("你知道鸟巢吗？", sentence)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # where a work was made and released: places said of a work
        (("你知道《驯龙高手》吗？", "这是在美国制片的。"), [("驯龙高手", "produced_in", "美国")]),
        (
            ("你知道《卢旺达饭店》吗？", "嗯，加拿大、南非、意大利、英国四地制片。"),
            [("卢旺达饭店", "produced_in", c) for c in ("加拿大", "南非", "意大利", "英国")],
        ),
        (("你知道《城市》吗？", "这张专辑在台湾地区发行的。"), [("城市", "released_in", "台湾")]),
        # 制片 after a name is the producing, no occupation
        (
            ("你知道《泰坦尼克号》吗？", "影片是由詹姆斯·卡梅隆制片的。"),
            [("泰坦尼克号", "produced_by", "詹姆斯·卡梅隆")],
        ),
        # the dates family: founded as born and released
        (("你知道滚石唱片吗？", "它成立于1980年。"), [("滚石唱片", "founded_on", "1980年")]),
        (("你知道滚石唱片吗？", "它是1980年成立的。"), [("滚石唱片", "founded_on", "1980年")]),
        # the membership family: who a company has, which album holds a song, an agency
        (
            ("你知道华纳唱片吗？", "它旗下艺人有林俊杰、萧敬腾和蔡依林。"),
            [("华纳唱片", "members", n) for n in ("林俊杰", "萧敬腾", "蔡依林")],
        ),
        (
            ("你知道华纳唱片吗？", "像林俊杰、萧敬腾都是它旗下艺人。"),
            [("华纳唱片", "members", n) for n in ("林俊杰", "萧敬腾")],
        ),
        (
            ("你知道《特务J》吗？", "这首歌收录在《美妙生活》这张专辑里。"),
            [("特务J", "on_album", "美妙生活")],
        ),
        (
            ("你知道周杰伦吗？", "他签约了环球音乐。"),
            [("周杰伦", "member_of", "环球音乐")],
        ),
        # the values before 是, their owner after it; a title is a name whatever it holds
        (
            ("你知道王若琳吗？", "知道呀，《有你的快乐》、《午夜剧院》与《迷宫》都是她的代表作。"),
            [("王若琳", "works", w) for w in ("有你的快乐", "午夜剧院", "迷宫")],
        ),
        # a length or a count starts at its number
        (
            ("你知道东岳庙吗？", "能玩多久？", "大概可以玩上3小时。"),
            [("东岳庙", "visit_duration", "3小时")],
        ),
        (
            ("你知道《城市》吗？", "这张专辑有几首？", "收了12首歌。"),
            [("城市", "track_count", "12")],
        ),
        # a place is named without how it is introduced
        (("你知道东岳庙吗？", "它周边有个旧物仓。"), [("东岳庙", "nearby", "旧物仓")]),
    ],
)
def test_a_relation_of_the_families(
    turns: tuple[str, ...], expected: list[tuple[str, str, str]]
) -> None:
    found = last(*turns)
    assert [f for f in found if f[1] == expected[0][1]] == expected


def test_a_list_of_places_goes_on_with_a_name() -> None:
    found = last("你知道《驯龙高手》吗？", "这是在美国制片的，听说制片成本相当高了。")
    assert [f for f in found if f[1] == "produced_in"] == [("驯龙高手", "produced_in", "美国")]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # awards listed without a verb of winning: after 是, 有, 还有, or alone
        (
            (
                "你知道绿日乐队吗？",
                "这个知道，是第37届格莱美奖最佳另类音乐表演奖、第47届格莱美奖最佳摇滚专辑奖。",
            ),
            [
                ("绿日乐队", "awards", a)
                for a in ("第37届格莱美奖最佳另类音乐表演奖", "第47届格莱美奖最佳摇滚专辑奖")
            ],
        ),
        (
            (
                "你知道林宥嘉吗？",
                "还有第14届全球华语榜中榜最佳新晋歌手和第2届华语金曲奖最佳国语男歌手。",
            ),
            [
                ("林宥嘉", "awards", a)
                for a in ("第14届全球华语榜中榜最佳新晋歌手", "第2届华语金曲奖最佳国语男歌手")
            ],
        ),
        (
            ("你知道张震岳吗？", "第25届台湾金曲奖最佳国语专辑。"),
            [("张震岳", "awards", "第25届台湾金曲奖最佳国语专辑")],
        ),
        (
            ("你知道张悬吗？", "更是拿到了海洋音乐季最佳人气奖。"),
            [("张悬", "awards", "海洋音乐季最佳人气奖")],
        ),
        # a distinction said as what someone is: the whole of it (首位…的歌手), no occupation
        (
            ("你知道张惠妹吗？", "对，还是首位获得台湾十大杰出青年的歌手。"),
            [("张惠妹", "awards", "首位获得台湾十大杰出青年的歌手")],
        ),
        (
            ("你知道张惠妹吗？", "她还是唯一获世界和平音乐奖的华人歌手。"),  # 和平 joins no list
            [("张惠妹", "awards", "唯一获世界和平音乐奖的华人歌手")],
        ),
        (
            ("你知道许巍吗？", "他可是中国十年最具影响力音乐人物。"),
            [("许巍", "awards", "中国十年最具影响力音乐人物")],
        ),
        (
            ("你知道许巍吗？", "还是音乐风云榜内地最佳男歌手。"),
            [("许巍", "awards", "音乐风云榜内地最佳男歌手")],
        ),
        # a verb of winning keeps its own frame, and the award its boundary
        (
            ("你知道李宗盛吗？", "他更是获得了中国原创音乐榜最高成就奖。"),
            [("李宗盛", "awards", "中国原创音乐榜最高成就奖")],
        ),
        # praise is no award
        (("你知道王菲吗？", "她也是名杰出的歌手。"), []),
        (("你知道王菲吗？", "这是最佳选择。"), []),
    ],
)
def test_an_award_said_without_a_verb(
    turns: tuple[str, ...], expected: list[tuple[str, str, str]]
) -> None:
    assert [f for f in last(*turns) if f[1] == "awards"] == expected


def test_a_value_before_the_verb_and_one_after_are_both_told() -> None:
    found = last("你知道周杰伦吗？", "他1958年出生于上海。")
    assert ("周杰伦", "birthday", "1958年") in found
    assert ("周杰伦", "birthplace", "上海") in found


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # whose record a work is: the singer's
        (
            ("你知道《陌生人》吗？", "知道啊，是蔡健雅的专辑。"),
            [("陌生人", "performed_by", "蔡健雅")],
        ),
        (("你知道《执迷不悔》吗？", "是呀，是王菲的歌。"), [("执迷不悔", "performed_by", "王菲")]),
        # 唱 alone names the singer in 是X唱的
        (("你知道《小宇》吗？", "这首歌是张震岳唱的。"), [("小宇", "performed_by", "张震岳")]),
        # a singer or a count is no record's owner
        (("你知道汪峰吗？", "他是个专业的歌手。"), []),
        (("你知道《100种生活》吗？", "是一张流行音乐风格的歌曲。"), []),
    ],
)
def test_whose_record_a_work_is(
    turns: tuple[str, ...], expected: list[tuple[str, str, str]]
) -> None:
    assert [f for f in last(*turns) if f[1] == "performed_by"] == expected


def test_a_question_word_inside_a_title_asks_nothing() -> None:
    assert (SPEAKER, "prefers", "我可以抱你吗") in last(
        "你知道张惠妹吗？", "我更喜欢《我可以抱你吗》。"
    )


@pytest.mark.parametrize(
    ("turns", "predicate"),
    [
        # a count or the class of the values stands for them: no value
        (("你去过红螺湖吗？", "它的周边也是有景点的哦。"), "nearby"),
        (("你去过红螺湖吗？", "而且周边还有很多好玩的景点。"), "nearby"),
        (("你知道周杰伦吗？", "他的代表作有很多。"), "works"),
        (("你知道《无间道》吗？", "主演有好几个呢。"), "starring"),
    ],
)
def test_a_count_or_a_class_is_no_value(turns: tuple[str, ...], predicate: str) -> None:
    assert [f for f in last(*turns) if f[1] == predicate] == []


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a relation named without its values: the next turn gives them, as after a question
        (
            ("你去过红螺湖吗？", "它的周边也是有景点的哦。", "嗯，有红螺寺、灵慧山和御竹林。"),
            [("红螺湖", "nearby", v) for v in ("红螺寺", "灵慧山", "御竹林")],
        ),
        (
            ("你去过幽谷神潭吗？", "而且周边还有很多好玩的景点。", "是的呢，我记得有百泉山。"),
            [("幽谷神潭", "nearby", "百泉山")],
        ),
        (
            ("你知道周杰伦吗？", "他的代表作有很多。", "《晴天》、《七里香》。"),
            [("周杰伦", "works", v) for v in ("晴天", "七里香")],
        ),
        # the values before 是, their owner and the class after it
        (
            ("你去过华夏之光吗？", "有呀，中国科学技术馆就是它周边不错的一个景点。"),
            [("华夏之光", "nearby", "中国科学技术馆")],
        ),
        # 附近的X: a sight near the place
        (
            ("你去过京都第一瀑吗？", "是的，这个景点附近的黑龙潭风景区也很不错的。"),
            [("京都第一瀑", "nearby", "黑龙潭风景区")],
        ),
        # an ellipsis ends a list, it is no part of its last value
        (
            ("你去过苏州街吗？", "这个景点的周边都有什么景点？", "有清华大学，北京大学……"),
            [("苏州街", "nearby", v) for v in ("清华大学", "北京大学")],
        ),
    ],
)
def test_a_list_named_before_its_values(
    turns: tuple[str, ...], expected: list[tuple[str, str, str]]
) -> None:
    assert [f for f in last(*turns) if f[1] == expected[0][1]] == expected


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a date before a verb of a relation whose value is no date says when, not what
        (
            ("你知道王小帅吗？", "他2004年毕业于北京电影学院。"),
            ("王小帅", "educated_at", "北京电影学院"),
        ),
        # a date before 发行的 is when it came out, no agent
        (
            ("你听过《阿密特》吗？", "听过啊，它是2009年06月26日发行的。"),
            ("阿密特", "release_date", "2009年06月26日"),
        ),
        # a person's name right after the relation's noun, no copula
        (
            ("你听过《分手快乐》吗？", "我只知道此曲原唱梁静茹。"),
            ("分手快乐", "performed_by", "梁静茹"),
        ),
        (("你知道陈可辛吗？", "那就要是他的代表作甜蜜蜜呀。"), ("陈可辛", "works", "甜蜜蜜")),
        # an adverb of habit where a subject would be names no one
        (
            ("你去过红螺湖吗？", "通常都是8:00-17:00开放的。"),
            ("红螺湖", "opening_hours", "8:00-17:00"),
        ),
        # how many tracks, said with a verb of collecting or answered
        (("你听过《神秘嘉宾》吗？", "嗯，里面共收录了10首歌。"), ("神秘嘉宾", "track_count", "10")),
        (
            ("你听过《上五楼的快活》吗？", "里面收录了11首挺好的歌曲。"),
            ("上五楼的快活", "track_count", "11"),
        ),
        (
            ("你听过《特务J》吗？", "你知道这个专辑里有多少歌曲吗？", "有12首，成绩如何啊？"),
            ("特务J", "track_count", "12"),
        ),
    ],
)
def test_a_value_is_what_the_relation_keeps(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_every_run_of_genre_words_is_a_genre() -> None:
    found = last("你知道《未麻的部屋》吗？", "看过呀，它是一部奇幻惊悚的动画片。")
    assert [v for _, p, v in found if p == "genre"] == ["奇幻", "惊悚", "动画"]


@pytest.mark.parametrize(
    ("turns", "works", "own"),
    [
        # works told with their owner in passing: the speaker's liking stays beside them
        (
            ("你知道蔡健雅吗？", "我更喜欢她的《空白格》和《若你碰到他》。"),
            ["空白格", "若你碰到他"],
            "prefers",
        ),
        (("你知道梁静茹吗？", "我很喜欢的就是她那首燕尾蝶。"), ["燕尾蝶"], None),
        # in a question too: it tells whose the work is
        (("你知道伊万·麦格雷戈吗？", "你看过他的《猜火车》吗？"), ["猜火车"], None),
        (
            ("Do you know Ewan McGregor?", "I loved his film Trainspotting."),
            ["Trainspotting"],
            None,
        ),
        (("Do you know Adele?", 'Have you heard her song "Hello"?'), ["Hello"], None),
    ],
)
def test_works_told_with_their_owner(
    turns: tuple[str, ...], works: list[str], own: str | None
) -> None:
    found = last(*turns)
    owner = turns[0].removeprefix("你知道").removeprefix("Do you know ").rstrip("吗？?")
    assert [v for s, p, v in found if p == "works" and s == owner] == works
    if own is not None:
        assert any(s == SPEAKER and p == own for s, p, _ in found)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a work's genre told with what ties it to the work, in passing
        (
            ("你知道《唐伯虎点秋香》吗？", "是啊，我最喜欢唐伯虎点秋香这部古装爱情喜剧片了！"),
            [("唐伯虎点秋香", "genre", g) for g in ("古装", "爱情", "喜剧")],
        ),
        (
            ("你知道《魂断蓝桥》吗？", "啊，这部电影可是美国超级经典的爱情片。"),
            [("魂断蓝桥", "genre", "爱情")],
        ),
        (("你知道《倩女幽魂》吗？", "很凄美的爱情片。"), [("倩女幽魂", "genre", "爱情")]),
        (
            ("你知道《冰川时代》吗？", "是的，这种喜剧动画，老少皆宜。"),
            [("冰川时代", "genre", g) for g in ("喜剧", "动画")],
        ),
        # a genre the speaker likes is no work's
        (("你知道《唐伯虎点秋香》吗？", "我喜欢爱情片。"), []),
        # actors named for their acting star in the film under discussion
        (
            ("你知道《拯救大兵瑞恩》吗？", "像亚当·戈德堡、汤姆·汉克斯的演技也都很不错。"),
            [("拯救大兵瑞恩", "starring", n) for n in ("亚当·戈德堡", "汤姆·汉克斯")],
        ),
        (
            ("你知道《冰川时代》吗？", "丹尼斯·利瑞、约翰·雷吉扎莫演的也很逗。"),
            [("冰川时代", "starring", n) for n in ("丹尼斯·利瑞", "约翰·雷吉扎莫")],
        ),
    ],
)
def test_relations_told_in_passing(
    turns: tuple[str, ...], expected: list[tuple[str, str, str]]
) -> None:
    predicates = {"genre", "starring"}
    assert [f for f in last(*turns) if f[1] in predicates and f[0] != SPEAKER] == expected


@pytest.mark.parametrize(
    "turns",
    [
        # a description after 的 is no work's name
        ("你知道王菲吗？", "当然知道呀，那可是王菲的一张国语专辑。"),
        ("你知道王若琳吗？", "《Start From Here》这张专辑我知道，是她的首张专辑。"),
        # one of them names none
        ("你知道张惠妹吗？", "是，这个我知道，它可是张惠妹的经典代表作之一。"),
        # a name nobody introduced owns nothing (小说家托马斯·肯尼利所著: no one under discussion)
        (
            "你知道《辛德勒的名单》吗？",
            "是根据澳大利亚小说家托马斯·肯尼利所著的《辛德勒名单》改编而成。",
        ),
    ],
)
def test_no_work_without_a_named_work_and_a_known_owner(turns: tuple[str, ...]) -> None:
    assert [f for f in last(*turns) if f[1] == "works"] == []


def test_a_genre_list_told_in_passing_goes_on_with_genre_words() -> None:
    found = last("你知道《香水》吗？", "这是一部奇幻，犯罪，剧情大片，知道这是在哪里制片的吗？")
    assert [v for _, p, v in found if p == "genre"] == ["奇幻", "犯罪", "剧情"]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # where someone is from, said with 人, is the place
        (("你知道郑钧吗？", "他是哪里人？", "西安人。"), ("郑钧", "birthplace", "西安")),
        (("你知道陆川吗？", "他是哪里人？", "新疆奎屯人。"), ("陆川", "birthplace", "新疆奎屯")),
        # hours go on with the days a place is closed, without 然后
        (
            ("你去过杂书馆吗？", "有，开放时间是10:00-17:00，然后每周二闭馆休整。"),
            ("杂书馆", "opening_hours", "10:00-17:00，每周二闭馆休整"),
        ),
        (
            (
                "你去过上上国际美术馆吗？",
                "它几点开门？",
                "周二-周日：9:30-12:00，13:00-17:30；周一闭馆。",
            ),
            ("上上国际美术馆", "opening_hours", "周二-周日：9:30-12:00，13:00-17:30；周一闭馆"),
        ),
    ],
)
def test_a_value_told_with_its_kind_or_in_parts(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a number written with thousands separators is one number, not its first group
        (
            ("你看过《香水》吗？", "票房总收入135,039,943美元，还是赚了不少钱的。"),
            ("香水", "box_office", "135,039,943美元"),
        ),
        # what a work cost to make: a sum said with a noun or a verb of spending
        (
            ("你看过《泰坦尼克号》吗？", "是的，制作成本达到了1.65亿美元。"),
            ("泰坦尼克号", "budget", "1.65亿美元"),
        ),
        (
            ("你看过《燃情岁月》吗？", "这部电影当时花费了3000万美元的制作成本，下了不少功夫。"),
            ("燃情岁月", "budget", "3000万美元"),
        ),
        (
            ("你看过《泰坦尼克号》吗？", "总共花费了2亿美元，还记得制片人是谁吗？"),
            ("泰坦尼克号", "budget", "2亿美元"),
        ),
        (
            ("Have you seen the film Gattaca?", "Its budget was $36 million."),
            ("Gattaca", "budget", "$36 million"),
        ),
        # a question word of quantity asks it of the noun the question names
        (
            ("你看过《纵横四海》吗？", "片长大概多久？", "108分钟"),
            ("纵横四海", "duration", "108分钟"),
        ),
        (
            ("你看过《电锯惊魂》吗？", "成本是多少呀？", "120万美元。"),
            ("电锯惊魂", "budget", "120万美元"),
        ),
        # an adverb before what a question asks is no name
        (
            ("你看过《香水》吗？", "一共花了多少钱？", "6000万美元。"),
            ("香水", "budget", "6000万美元"),
        ),
    ],
)
def test_a_sum_or_a_length_is_read_whole_and_of_the_noun_asked(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    "turns",
    [
        ("你看过《泰坦尼克号》吗？", "看完花了2小时。"),  # a length is no sum of money
        ("Have you seen the film Gattaca?", "The error budget is 43 minutes."),
    ],
)
def test_no_budget_without_a_sum_of_money(turns: tuple[str, ...]) -> None:
    assert [f for f in last(*turns) if f[1] == "budget"] == []


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a star sign is a closed class, said of the person under discussion or named before it
        (
            ("你知道汤姆·提克威吗？", "哦，原来是一个双子座男生啊。"),
            ("汤姆·提克威", "zodiac", "双子座"),
        ),
        (("你知道松本梨香吗？", "浪漫的射手座，嘻嘻。"), ("松本梨香", "zodiac", "射手座")),
        (
            ("你知道丹尼·格洛弗吗？", "是的，不过他是巨蟹座哟？"),
            ("丹尼·格洛弗", "zodiac", "巨蟹座"),
        ),
        (("你知道柳承龙吗？", "原来他还是一个射手座的男生呢。"), ("柳承龙", "zodiac", "射手座")),
    ],
)
def test_a_star_sign_is_the_persons(turns: tuple[str, ...], expected: tuple[str, str, str]) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    "turns",
    [
        ("你知道汤姆·克鲁斯吗？", "确实巨蟹座的人特招人喜欢。"),  # the sign's people in general
        ("你知道汤姆·克鲁斯吗？", "他是双子座吗？"),  # asked, not said
        ("你知道汤姆·克鲁斯吗？", "我也是巨蟹座。"),  # the speaker's own: the clause reader's
    ],
)
def test_no_star_sign_of_the_person_unless_said_of_them(turns: tuple[str, ...]) -> None:
    assert [f for f in last(*turns) if f[1] == "zodiac" and f[0] != SPEAKER] == []


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # another name said with a verb of naming (又叫, 人称, 还叫) or its noun (外文名字)
        (("你知道成奎安吗？", "知道，人称大傻或大傻哥。"), ("成奎安", "alias", "大傻哥")),
        (
            ("你知道克里斯托弗·瓦尔兹吗？", "知道啊他又叫克里斯托弗·华尔兹，他是哪里人啊？"),
            ("克里斯托弗·瓦尔兹", "alias", "克里斯托弗·华尔兹"),
        ),
        (
            ("你知道徐佳莹吗？", "嗯，有些了解，她的外文名字叫Lala Hsu。"),
            ("徐佳莹", "alias", "Lala Hsu"),
        ),
        # a bare answer led by 叫做
        (
            (
                "你看过《香水》吗？",
                "影片还有其他译名你知道是什么吗？",
                "叫做，香水谋杀案，香水：一个谋杀犯的故事。",
            ),
            ("香水", "alias", "香水谋杀案"),
        ),
        # a name in Latin letters closed by Chinese punctuation answers the Chinese question
        (
            ("你看过《卢旺达饭店》吗？", "它的外文名是什么？", "Hotel Rwanda。"),
            ("卢旺达饭店", "alias", "Hotel Rwanda"),
        ),
        (
            ("你知道绿洲乐队吗？", "它还有个别名叫什么来着？", "Rain。"),
            ("绿洲乐队", "alias", "Rain"),
        ),
        (
            ("你看过《倩女幽魂》吗？", "还有外文名知道么？", "A Chinese Ghost Story，这个听说过。"),
            ("倩女幽魂", "alias", "A Chinese Ghost Story"),
        ),
    ],
)
def test_another_name_said_or_answered(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Hotel Rwanda。", "zh"),  # a name closed by Chinese punctuation
        ("Schindler's List，挺好拼的。", "zh"),
        ("I like it，very much.", "en"),  # an English sentence with one stray comma
        ("I like it. Hello.", "en"),
        ("有《Far away》、《Photograph》。", "zh"),  # titles in title marks are names
        ("是的，翻唱自BWO的《 Sunshine in the Rain》。", "zh"),
        ("你听过《21st century breakdown》吗？", "zh"),
        # a part cut off by Chinese commas holding no Chinese character is a name: the
        # language is the Chinese parts'
        ("作曲是Bard，Alexander Bengt Magnus，Anders Hansson。", "zh"),
        ("主演有Tom Hanks、Meg Ryan。", "zh"),
        ("I like it，very much，it is fun.", "en"),  # no Chinese part: English
    ],
)
def test_a_name_in_latin_letters_among_chinese_is_read_as_chinese(text: str, language: str) -> None:
    assert language_of(text) == language


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a question word of time asks a date, though 在哪 asks where
        (
            ("你知道《寓言》吗？", "在哪年发行的呢？", "2000年10月。"),
            ("寓言", "release_date", "2000年10月"),
        ),
        # where someone is from, asked with 什么地方的人
        (
            ("你知道包小柏吗？", "知道他是什么地方的人吗？", "知道，加拿大。"),
            ("包小柏", "birthplace", "加拿大"),
        ),
        # 那里 is the place under discussion, not 那 + 里: its nearby sights are named next
        (
            (
                "你去过蟒山国家森林公园吗？",
                "那里附近还有很多别的游玩景点。",
                "我知道有十三陵水库、七孔桥。",
            ),
            ("蟒山国家森林公园", "nearby", "十三陵水库"),
        ),
    ],
)
def test_what_a_question_asks_and_of_whom(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a job held (当过, 做过) is an occupation, not the agent of a verb
        (("你知道包小柏吗？", "还当过编剧。"), ("包小柏", "occupation", "编剧")),
        (
            ("你知道包小柏吗？", "哦，我只知道他当过主持人。", "还做过歌手和演员呢。"),
            ("包小柏", "occupation", "歌手"),
        ),
        # a record described by its genre (是一张…流行音乐风格的专辑)
        (
            ("你知道《美妙生活》吗？", "有些了解，是一张流行音乐风格的专辑，很不错。"),
            ("美妙生活", "genre", "流行"),
        ),
        (
            ("你知道《追梦痴子心》吗？", "了解，是一张相当不错的流行音乐专辑。"),
            ("追梦痴子心", "genre", "流行"),
        ),
        (
            ("你听过《送你一朵山茶花》吗？", "听过，这首歌也是我喜欢的童谣风格的歌曲。"),
            ("送你一朵山茶花", "genre", "童谣"),
        ),
    ],
)
def test_a_job_held_and_a_record_described(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_a_verb_of_having_done_is_no_name() -> None:
    found = last("你看过《纵横四海》吗？", "你知道包小柏吗？", "对，导演、演员都做过。")
    assert [f for f in found if f[2] in ("做过", "当过")] == []


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a form of company said as what the company is: a closed class of legal forms
        (
            ("你知道吉卜力工作室吗？", "这是株式会社，公司总部在哪啊？"),
            ("吉卜力工作室", "company_type", "株式会社"),
        ),
        (
            ("你知道滚石唱片吗？", "这个公司规模很大的，属国际股份有限公司。"),
            ("滚石唱片", "company_type", "国际股份有限公司"),
        ),
        (
            (
                "你知道滚石唱片吗？",
                "知道公司是什么性质的吗？",
                "国际股份有限公司，它是哪年成立的来着？",
            ),
            ("滚石唱片", "company_type", "国际股份有限公司"),
        ),
        # its lines of business, said after 主营
        (
            ("你知道吉卜力工作室吗？", "主营电视游戏，动画电影，电视广告。"),
            ("吉卜力工作室", "business", "电视广告"),
        ),
        # a company's full name is another name of it
        (
            ("你知道滚石唱片吗？", "嗯，我知道，全名是滚石国际音乐有限公司。"),
            ("滚石唱片", "alias", "滚石国际音乐有限公司"),
        ),
    ],
)
def test_what_a_company_is_and_does(turns: tuple[str, ...], expected: tuple[str, str, str]) -> None:
    assert expected in last(*turns)


def test_no_company_form_said_of_the_speaker() -> None:
    found = last("你知道滚石唱片吗？", "我在一家上市公司。")
    assert [f for f in found if f[1] == "company_type"] == []


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a quantity before 的 and its noun, whatever is said of it after
        (
            ("你知道丹尼斯·利瑞吗？", "我觉得他做演员更有优势，188cm的身高特别帅气。"),
            ("丹尼斯·利瑞", "height", "188cm"),
        ),
        (
            ("你知道瑞秋·麦克亚当斯吗？", "可是做为演员，163cm的身高好像不是很有优势。"),
            ("瑞秋·麦克亚当斯", "height", "163cm"),
        ),
        # a debut, like a founding, is a date said before its verb
        (
            ("你知道张惠妹吗？", "1995年出道的，她的本名就是张惠妹吗？"),
            ("张惠妹", "debut", "1995年"),
        ),
        (
            ("你知道汪峰吗？", "是的，1994年开始正式出道的，自已能写歌。"),
            ("汪峰", "debut", "1994年"),
        ),
    ],
)
def test_a_quantity_before_its_noun_and_a_debut(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a supposition with 吧 says who someone is, as the speaker believes it
        (("你看过《碟中谍2》吗？", "而导演是吴宇森吧？"), ("碟中谍2", "directed_by", "吴宇森")),
        (
            ("你看过《七武士》吗？", "《七武士》很好看，是黑泽明导演的吧？"),
            ("七武士", "directed_by", "黑泽明"),
        ),
        (
            ("你看过《被嫌弃的松子的一生》吗？", "对了主演是中谷美纪吧？"),
            ("被嫌弃的松子的一生", "starring", "中谷美纪"),
        ),
    ],
)
def test_a_supposition_of_who_is_said(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_a_supposition_of_a_price_still_asks() -> None:
    assert ("法源寺", "price", "40元") in last("你去过法源寺吗？", "那门票也不能贵了吧？", "40元。")


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a work's name holds any word: 你 and 我 in a title under discussion are no speaker
        (
            (
                "你知道《送你一朵山茶花》这张专辑吗？",
                "它的发行时间是什么时候？",
                "是2014年03月31日。",
            ),
            ("送你一朵山茶花", "release_date", "2014年03月31日"),
        ),
        (
            ("你听过《我们的小世界》吗？", "《我们的小世界》是哪年发行的？", "2004年。"),
            ("我们的小世界", "release_date", "2004年"),
        ),
        (
            ("你知道《曾经的你》吗？", "《曾经的你》是2010年发行的。"),
            ("曾经的你", "release_date", "2010年"),
        ),
    ],
)
def test_a_title_holding_a_pronoun_is_the_work(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_the_speakers_own_phrase_stays_the_speakers() -> None:
    assert ("我妈妈", "lives_in", "成都") in last("你知道周杰伦吗？", "我妈妈住在成都。")


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a question asking which of someone's works by their class noun asks their works;
        # the titles of the answer are, in a clause of liking or seeing too
        (
            ("你知道许巍吗？", "那他的代表作品你喜欢哪个啊？", "我喜欢听《蓝莲花》，你呢？"),
            {("许巍", "works", "蓝莲花")},
        ),
        (
            (
                "你知道刘若英吗？",
                "那你喜欢她的哪些歌呢？",
                "《后来》、《粉红女郎》这些歌我都非常喜欢。你呢？",
            ),
            {("刘若英", "works", "后来"), ("刘若英", "works", "粉红女郎")},
        ),
        (
            (
                "你知道徐佳莹吗？",
                "哦，她的歌都有什么比较知名的吗？",
                "有《失落沙洲》，《寻人启事》。",
            ),
            {("徐佳莹", "works", "失落沙洲"), ("徐佳莹", "works", "寻人启事")},
        ),
        (
            ("你知道张惠妹吗？", "那关于她的歌曲你还知道哪些？", "还知道《姐妹》与《我要快乐》。"),
            {("张惠妹", "works", "姐妹"), ("张惠妹", "works", "我要快乐")},
        ),
        (
            ("你知道西恩·潘吗？", "你喜欢他哪部代表作？", "我看过《我是山姆》、《神秘河》。"),
            {("西恩·潘", "works", "我是山姆"), ("西恩·潘", "works", "神秘河")},
        ),
    ],
)
def test_works_asked_by_their_class_noun_are_the_answers_titles(
    turns: tuple[str, ...], expected: set[tuple[str, str, str]]
) -> None:
    assert expected <= set(last(*turns))


@pytest.mark.parametrize(
    "turns",
    [
        # a word the class noun starts asks no work (歌手), nor does a question of its genre
        ("你知道周杰伦吗？", "他是什么歌手？", "《青花瓷》的那种。"),
        ("你知道周杰伦吗？", "他的电影是什么类型？", "《不能说的秘密》那种。"),
        # titles said with no question of works before them stay nobody's works
        ("你知道周杰伦吗？", "我更喜欢《晴天》。"),
    ],
)
def test_titles_answer_no_other_question(turns: tuple[str, ...]) -> None:
    assert not [f for f in last(*turns) if f[1] == "works"]


def test_other_holds_no_pronoun_in_a_question() -> None:
    # 其他 asks of nobody: the question is about the name it gives, not the man before her
    turns = ("你知道许常德吗？", "你知道范晓萱吗？", "她是一名歌手。")
    asked = "范晓萱除了唱歌还有其他的特长吗？"
    assert ("范晓萱", "interests", "跳舞") in last(*turns, asked, "跳舞。")


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a part of an answer that only says the speaker knows or found it is no value
        (
            ("你知道三里屯吗？", "你清楚地址是哪里吗？", "清楚呀，是北京市朝阳区三里屯北路东侧。"),
            ("三里屯", "address", "北京市朝阳区三里屯北路东侧"),
        ),
        (
            (
                "你知道云蒙峡吗？",
                "地址呢？",
                "地址我也知道，是北京市密云区石城乡水库西线公路175号。",
            ),
            ("云蒙峡", "address", "北京市密云区石城乡水库西线公路175号"),
        ),
        (
            ("你知道蟒山国家森林公园吗？", "地址知道么？", "我查了，在北京市昌平区蟒山路2号。"),
            ("蟒山国家森林公园", "address", "北京市昌平区蟒山路2号"),
        ),
        # 具体, 详细 between the owner and the attribute noun say how precisely, not whose
        (
            (
                "你知道菩萨山吗？",
                "清楚的啊，它的具体地址是北京市昌平区流村镇菩萨鹿，电话你知道吧？",
            ),
            ("菩萨山", "address", "北京市昌平区流村镇菩萨鹿"),
        ),
        (
            ("你知道菩萨山吗？", "它具体的开放时间是8:00-17:00。"),
            ("菩萨山", "opening_hours", "8:00-17:00"),
        ),
    ],
)
def test_an_answer_is_its_value_not_the_knowing(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_an_answer_that_does_not_know_gives_no_value() -> None:
    found = last("你知道蟒山国家森林公园吗？", "地址知道么？", "不清楚，你查一下吧。")
    assert not [f for f in found if f[1] == "address"]


@pytest.mark.parametrize(
    "turns",
    [
        # a possessive phrase is a description, never a person: no composer, no actor
        ("你听过《执迷不悔》吗？", "由谁作曲的？", "是王菲的一张国语专辑。"),
        ("你看过《卧虎藏龙》吗？", "主演是谁？", "是李安的一部武侠片。"),
    ],
)
def test_a_person_valued_answer_refuses_a_possessive_phrase(turns: tuple[str, ...]) -> None:
    people = {"composed_by", "starring", "directed_by"}
    assert not [f for f in last(*turns) if f[1] in people]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a number with a decimal point does not end the sentence: money with a scale word
        (
            ("Have you seen Gattaca?", "The budget was $12.5 million."),
            ("Gattaca", "budget", "$12.5 million"),
        ),
        (
            ("你看过《阿凡达》吗？", "制片成本是2.37亿美元。"),
            ("阿凡达", "budget", "2.37亿美元"),
        ),
    ],
)
def test_money_keeps_its_decimals(turns: tuple[str, ...], expected: tuple[str, str, str]) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # who holds an award, said after it, and the passive that leads to it, are no part
        (
            ("你知道达斯汀·霍夫曼吗？", "不光这个呀，还是第61届奥斯卡金像奖最佳男主角得主。"),
            ("达斯汀·霍夫曼", "awards", "第61届奥斯卡金像奖最佳男主角"),
        ),
        (
            ("你知道田馥甄吗？", "不止呢，还被第23届台湾金曲奖最佳国语女歌手提名。"),
            ("田馥甄", "awards", "第23届台湾金曲奖最佳国语女歌手提名"),
        ),
        (
            ("你知道田馥甄吗？", "哦，原来是获得了两届音乐风云榜最佳女歌手的人。"),
            ("田馥甄", "awards", "两届音乐风云榜最佳女歌手"),
        ),
        # a first of its kind is kept whole
        (
            ("你知道周杰伦吗？", "他是首位获得台湾十大杰出青年的歌手。"),
            ("周杰伦", "awards", "首位获得台湾十大杰出青年的歌手"),
        ),
    ],
)
def test_an_award_without_its_holder(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_a_description_leading_to_a_name_is_the_name() -> None:
    turns = ("你看过《傲慢与偏见》吗？", "导演是谁？", "大名鼎鼎的乔·怀特，很有才华的一位导演。")
    assert ("傲慢与偏见", "directed_by", "乔·怀特") in last(*turns)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a country before 人, said of a person named or pointed at, or presupposed by a
        # question of where in it, is the person's nationality
        (
            (
                "你知道《香水》吗？",
                "主演有本·威士肖，达斯汀·霍夫曼。",
                "我知道达斯汀·霍夫曼这个美国人，知道他出生在哪里吗？",
            ),
            ("达斯汀·霍夫曼", "nationality", "美国"),
        ),
        (
            ("你知道凯拉·奈特莉吗？", "是的，我也喜欢这位英国人，她今年多大呀？"),
            ("凯拉·奈特莉", "nationality", "英国"),
        ),
        (
            ("你知道宋冬野吗？", "你知道他是中国哪里人吗？"),
            ("宋冬野", "nationality", "中国"),
        ),
    ],
)
def test_a_country_said_of_a_person_in_passing(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_a_determiner_before_a_role_is_no_country() -> None:
    found = last("你知道宋冬野吗？", "这位负责人很厉害。")
    assert not [f for f in found if f[1] in ("nationality", "birthplace")]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # one word asks a date or a place (出生): the answer's shape says which was meant
        (
            ("你知道西恩·潘吗？", "他出生在哪来着？", "美国加利福尼亚州圣莫尼卡，人杰地灵。"),
            ("西恩·潘", "birthplace", "美国加利福尼亚州圣莫尼卡"),
        ),
        (
            ("你知道本·金斯利吗？", "知道他哪生人么？", "英国约克郡斯奈顿。"),
            ("本·金斯利", "birthplace", "英国约克郡斯奈顿"),
        ),
        # a denial of the question's guess before the value is no value
        (
            ("你知道周润发吗？", "是出生在中国大陆吗？", "不是，是香港南丫岛。"),
            ("周润发", "birthplace", "香港南丫岛"),
        ),
    ],
)
def test_the_answers_shape_says_which_twin_was_asked(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


def test_chatter_answers_no_twin() -> None:
    found = last("你知道周润发吗？", "他是哪年出生的？", "很年轻。")
    assert not [f for f in found if f[1] in ("birthday", "birthplace")]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a final 呢 after a predicate stresses a statement: a number, a modal, an aspect
        (
            ("你知道东岳庙吗？", "东岳庙可以玩多久？", "差不多能玩4小时呢，知道在什么地方吗？"),
            ("东岳庙", "visit_duration", "4小时"),
        ),
        (
            ("你知道《香水》这部电影吗？", "是啊，制片成本6000万美元呢，票房收入是多少呢？"),
            ("香水", "budget", "6000万美元"),
        ),
        (
            ("你知道莫文蔚吗？", "那当然了，她还获得过CCTV-MTV音乐盛典最佳女歌手呢。"),
            ("莫文蔚", "awards", "CCTV-MTV音乐盛典最佳女歌手"),
        ),
    ],
)
def test_a_final_ne_after_a_predicate_is_a_statement(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # 呢 after a bare noun phrase asks: the next turn's bare value answers it
        (
            ("你知道东岳庙吗？", "那开放时间呢？", "9:00-16:30。"),
            ("东岳庙", "opening_hours", "9:00-16:30"),
        ),
        (("你知道刘若英吗？", "那她的身高呢？", "163cm。"), ("刘若英", "height", "163cm")),
    ],
)
def test_a_final_ne_after_a_bare_noun_phrase_asks(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the country of a film's description is where it was made, as a person's nationality
        (
            ("你知道《饮食男女》吗？", "知道呀，是一部台湾爱情片。"),
            ("饮食男女", "produced_in", "台湾"),
        ),
        (("你知道《追随》吗？", "嗯，是英国一部悬疑惊悚片。"), ("追随", "produced_in", "英国")),
        (
            ("你知道《美丽人生》吗？", "知道呀，一部意大利战争题材的剧情类电影。"),
            ("美丽人生", "produced_in", "意大利"),
        ),
        (
            ("你知道《魂断蓝桥》吗？", "啊，这部电影可是美国超级经典的爱情片。"),
            ("魂断蓝桥", "produced_in", "美国"),
        ),
    ],
)
def test_a_films_description_says_where_it_was_made(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    "turns",
    [
        ("你看过《珍珠港》吗？", "是一部关于美国的战争片。"),  # what it is about
        ("你知道《解脱》这张专辑吗？", "是一张台湾流行专辑。"),  # a record, no film
    ],
)
def test_no_country_made_from_a_subject_or_a_record(turns: tuple[str, ...]) -> None:
    assert not [f for f in last(*turns) if f[1] == "produced_in"]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # places said before their verb across commas are the list's first parts
        (
            (
                "你知道《香水》这部电影吗？",
                "这是在德国，法国，美国，西班牙等地制片的，制片人是谁呀？",
            ),
            [("香水", "produced_in", c) for c in ("德国", "法国", "美国", "西班牙")],
        ),
        # what closes a list of places is no part of its last place
        (
            ("你知道《未完成》这张专辑吗？", "当年是中国大陆、台湾、新加坡与韩国多国进行发行。"),
            [("未完成", "released_in", "韩国")],
        ),
    ],
)
def test_places_listed_before_their_verb(
    turns: tuple[str, ...], expected: list[tuple[str, str, str]]
) -> None:
    found = last(*turns)
    assert all(e in found for e in expected), found


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # 怎样, 咋样 and 几 before a measure word ask, as 怎么 and 几个 do
        (
            ("你知道卢旺达饭店吗？", "它的外文拼写是怎样的，回头我搜也方便？", "Hotel Rwanda。"),
            ("卢旺达饭店", "alias", "Hotel Rwanda"),
        ),
        (
            ("你知道《未完成》这张专辑吗？", "那专辑里有几首歌呢", "一共10首歌。"),
            ("未完成", "track_count", "10"),
        ),
        (
            ("你知道东岳庙吗？", "开放时间是咋样的", "9:00-16:30。"),
            ("东岳庙", "opening_hours", "9:00-16:30"),
        ),
    ],
)
def test_question_words_of_manner_and_count(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a maker leading a judgement of what they made is that relation of the work
        (
            ("你听过《无敌铁金刚》吗？", "嗯，卢广仲唱的歌其实都很好听的。"),
            ("无敌铁金刚", "performed_by", "卢广仲"),
        ),
        (
            ("你听过《单车》吗？", "黄伟文填的词还是很有韵律的。"),
            ("单车", "lyrics_by", "黄伟文"),
        ),
        (
            ("你看过《辛德勒的名单》吗？", "史蒂文·斯皮尔伯格执导的都不错。"),
            ("辛德勒的名单", "directed_by", "史蒂文·斯皮尔伯格"),
        ),
        (
            ("你看过《时空恋旅人》吗？", "不过环球影业出品的电影不会不好的。"),
            ("时空恋旅人", "produced_by", "环球影业"),
        ),
        # the work's title after the maker is the work: a judgement is not needed
        (
            ("你听过《单车》吗？", "陈奕迅唱的《单车》，我还是能听懂一些的。"),
            ("单车", "performed_by", "陈奕迅"),
        ),
    ],
)
def test_a_maker_judged_for_what_they_made(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    "turns",
    [
        ("你听过《晴天》吗？", "我喜欢周杰伦唱的歌。"),  # the speaker's taste
        ("你听过《晴天》吗？", "周杰伦唱的是哪首？"),  # no judgement
    ],
)
def test_a_maker_not_leading_a_judgement_makes_nothing(turns: tuple[str, ...]) -> None:
    assert not [f for f in last(*turns) if f[1] == "performed_by"]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a maker named right after their role, in a clause about something else
        (
            ("你看过《霸王别姬》吗？", "真是让此片导演陈凯歌名利双收呀。"),
            ("霸王别姬", "directed_by", "陈凯歌"),
        ),
        (
            ("你看过《英雄本色》吗？", "怪不得里面的主演张国荣看着那么年轻。"),
            ("英雄本色", "starring", "张国荣"),
        ),
        (
            ("你听过《上五楼的快活》吗？", "我觉得主要还是制作人林暐哲太厉害了。"),
            ("上五楼的快活", "produced_by", "林暐哲"),
        ),
    ],
)
def test_a_maker_named_after_their_role(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in last(*turns)


@pytest.mark.parametrize(
    "word",
    ["德国", "美国", "中国", "英国", "日本", "香港", "北京市", "朝阳区", "是的", "知道", "德国人",
     "这是德国", "法国电影", "好的呀", "西班牙", "新加坡", "台湾"],
)  # fmt: skip
def test_a_whole_word_is_a_country_as_the_first_country_in_it_is(word: str) -> None:
    """`values.is_country` (one lookup) answers what `country(word) == word` did (every part of
    the word tried, longest first), for the clause that is only a country (`bare_place`)."""
    aliases = default_aliases()
    assert values.is_country(aliases, word) == (values.country(aliases, word) == word)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a Chinese sentence listing names in Latin letters outside title marks: read as
        # Chinese, each name a part of the list, however long
        (
            ("你知道《日不落》吗？", "作曲是Bard，Alexander Bengt Magnus，Anders Hansson。"),
            [
                ("日不落", "composed_by", v)
                for v in ("Bard", "Alexander Bengt Magnus", "Anders Hansson")
            ],
        ),
        # a space typed before the copula keeps the frame
        (
            ("你知道《日不落》吗？", "作曲 是Bard，Anders Hansson。"),
            [("日不落", "composed_by", "Bard"), ("日不落", "composed_by", "Anders Hansson")],
        ),
        (  # a guard: a Chinese name after the space was read before too
            ("你知道《日不落》吗？", "作词 是崔惟楷。"),
            [("日不落", "lyrics_by", "崔惟楷")],
        ),
    ],
)
def test_latin_names_in_a_chinese_list(
    turns: tuple[str, ...], expected: list[tuple[str, str, str]]
) -> None:
    assert set(expected) <= set(last(*turns))


@pytest.mark.parametrize(
    ("turns", "owner", "titles"),
    [
        # titles leading a clause that judges them, two or more: the works of the person
        # under discussion (before: 像爱情36计日落 is 不错, a fact about a junk subject)
        (
            ("你知道蔡依林吗？", "喜欢啊，像《爱情36计》、《日不落》都很不错的。"),
            "蔡依林",
            ["爱情36计", "日不落"],
        ),
        (
            ("你知道周星驰吗？", "是的，像《唐伯虎点秋香》、《逃学威龙系列》都很有他的风格。"),
            "周星驰",
            ["唐伯虎点秋香", "逃学威龙系列"],
        ),
        (
            ("你知道杰瑞德·莱托吗？", "《梦之安魂曲》、《战争之王》都很好看。"),
            "杰瑞德·莱托",
            ["梦之安魂曲", "战争之王"],
        ),
        # one title said with 也: another of them; a title keeps any word
        (("你知道彭坦吗？", "其实《我们的小世界》也很好。"), "彭坦", ["我们的小世界"]),
    ],
)
def test_titles_judged_are_works_of_the_person_under_discussion(
    turns: tuple[str, ...], owner: str, titles: list[str]
) -> None:
    assert last(*turns) == [(owner, "works", t) for t in titles]  # no junk subject beside


@pytest.mark.parametrize(
    "turns",
    [
        # titles liked by the speaker, no owner said: left out on purpose
        ("你知道艾玛·斯通吗？", "《鸟人》、《绯闻计划》我都非常喜欢。"),
        # asked, not judged
        ("你知道艾玛·斯通吗？", "《鸟人》、《绯闻计划》都看过吗？"),
        # one title without 也: no other of them said
        ("你知道艾玛·斯通吗？", "《鸟人》很好看。"),
    ],
)
def test_titles_liked_or_asked_are_no_works(turns: tuple[str, ...]) -> None:
    assert not [f for f in last(*turns) if f[1] == "works"]


FILM = "Have you seen the film Paper Moon?"


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        # the role named by its noun, asked with who/any, in the question's own word order
        (
            "Do you know any of the actors in it?",
            "Ryan O'Neal, Tatum O'Neal and Madeline Kahn",
            [
                ("starring", "Ryan O'Neal"),
                ("starring", "Tatum O'Neal"),
                ("starring", "Madeline Kahn"),
            ],
        ),
        (
            "Do you know who the director was?",
            "Peter Bogdanovich",
            [("directed_by", "Peter Bogdanovich")],
        ),
        # the role named by its verb in any form
        ("Who is playing in it ?", "Tatum O'Neal", [("starring", "Tatum O'Neal")]),
        ("Do you know offhand who's starring?", "Ryan O'Neal.", [("starring", "Ryan O'Neal")]),
        # being in the film is being in its cast
        (
            "Is there anyone else in it?",
            "Yes Madeline Kahn and John Hillerman.",
            [("starring", "Madeline Kahn"), ("starring", "John Hillerman")],
        ),
        # the answer's auxiliary stands for the question's verb
        (
            "Do you know who directed it?",
            "Peter Bogdanovich did",
            [("directed_by", "Peter Bogdanovich")],
        ),
        # guards: who without a role, a role nobody asked for, a character is no person asked
        ("Who did you watch it with?", "Madeline Kahn", []),
        ("Did you like the director?", "Peter Bogdanovich", []),
        ("Who is your favorite character?", "Addie Loggins", []),
    ],
)
def test_a_question_that_names_a_role_asks_for_people(
    question: str, answer: str, expected: list[tuple[str, str]]
) -> None:
    found = last(FILM, question, answer)
    assert [
        (p, v) for s, p, v in found if s == "Paper Moon" and p in ("starring", "directed_by")
    ] == expected


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the role named in the clause before a question for people that names no one
        (
            ("你看过霸王别姬吗？", "请的演员也都是大拿，你能说出几个？", "张国荣、张丰毅和巩俐。"),
            [("霸王别姬", "starring", v) for v in ("张国荣", "张丰毅", "巩俐")],
        ),
        (
            (
                "你知道滚石唱片吗？",
                "据说旗下有很多的艺人呢，你知道有谁吗？",
                "有周华健、张震岳和李宗盛等等。",
            ),
            [("滚石唱片", "members", v) for v in ("周华健", "张震岳", "李宗盛")],
        ),
        (
            ("你看过大话西游吗？", "里面的演员，你最喜欢谁？", "罗家英和周星驰。"),
            [("大话西游", "starring", v) for v in ("罗家英", "周星驰")],
        ),
        # guards: a question with a noun of its own asks of that noun; no role named before
        (("你知道滚石唱片吗？", "音乐唱片，公司董事长是谁呀？", "段钟沂。"), []),
        (("你看过霸王别姬吗？", "挺好看的，你知道有谁吗？", "张国荣。"), []),
    ],
)
def test_a_question_for_people_asks_for_the_role_said_before_it(
    turns: tuple[str, ...], expected: list[tuple[str, str, str]]
) -> None:
    assert [f for f in last(*turns) if f[1] in ("starring", "members", "performed_by")] == expected


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a part naming its own kind of ticket is more of the price, not a second price
        (
            ("你知道东岳庙吗？", "还行，门票10元，讲解门票40元，学生票半价。"),
            [("东岳庙", "price", "10元，讲解门票40元，学生票半价")],
        ),
        (
            ("你知道明十三陵吗？", "旺季定陵门票60元,旺季长陵门票45元。"),
            [("明十三陵", "price", "60元,旺季长陵门票45元")],
        ),
        # a price goes on through its terms, told without a number
        (
            ("你知道九道弯大峡谷吗？", "门票全价30元，含1元保险，团体优惠。"),
            [("九道弯大峡谷", "price", "全价30元，含1元保险，团体优惠")],
        ),
        (
            ("你知道宋庄画家村画廊吗？", "门票贵吗？", "还可以，成人票40元，含讲解。"),
            [("宋庄画家村画廊", "price", "成人票40元，含讲解")],
        ),
        # guards: terms after no number, chatter after a price, another relation after it
        (
            ("你知道午门吗？", "门票贵吗？", "无需门票，包含于故宫博物院景区内。"),
            [("午门", "price", "无需门票")],
        ),
        (("你知道颐和园吗？", "门票30元，还挺便宜的。"), [("颐和园", "price", "30元")]),
        (
            ("你知道颐和园吗？", "门票30元，电话是010-62881144。"),
            [("颐和园", "price", "30元"), ("颐和园", "phone", "010-62881144")],
        ),
    ],
)
def test_a_price_told_in_parts_is_one_price(
    turns: tuple[str, ...], expected: list[tuple[str, str, str]]
) -> None:
    assert last(*turns) == expected


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        # a class sentence said after a clause of saying or knowing
        (
            "Of course you must remember it is an American computer-animated buddy comedy film",
            ["animation", "comedy"],
        ),
        ("So yes you could say its a fantasy drama.", ["fantasy", "drama"]),
        ("The fact that its a comedy, as well as a musical, shows it.", ["comedy"]),
        ("What is amazing, that this movie is a biographical crime film.", ["biography", "crime"]),
        # a class said by a participle of the film under discussion
        (
            "not to mention being a comedy animation and adventure in one",
            ["comedy", "animation", "adventure"],
        ),
        # guards: no genre word in the class, a participle of something else
        ("I know that it is a long one", []),
        ("not to mention being a fan of the director", []),
    ],
)
def test_a_class_sentence_said_after_saying_or_knowing_gives_its_genres(
    turn: str, expected: list[str]
) -> None:
    found = last(FILM, turn)
    assert [v for s, p, v in found if p == "genre" and s == "Paper Moon"] == expected
