"""Which values and question words become referents (issue 37, tenth round): only what has the
shape of a name comes under discussion, so that a description, a quantity or a clause fragment
read as a relation's value never takes the next turn's subject."""

from __future__ import annotations

import pytest

from extractors.chinese.mentions import mentions, value_name
from tests.support.conversation import facts as _facts
from tests.support.conversation import read as _read


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("多重身份", "person"),  # a description: holds a relation's word
        ("英语两种语言", "person"),
        ("五十多岁", "person"),  # a quantity or a time
        ("1964年底生人", "person"),
        ("60余部", "work"),
        ("很有才华", "person"),  # a degree word
        ("票房超高", "person"),
        ("景点挺多", "place"),
        ("们来聊聊", "person"),  # a clause fragment
        ("影片由该公司出品", "work"),
        ("收录于2002年", "person"),
    ],
)
def test_a_value_without_a_name_s_shape_is_no_referent(value: str, kind: str) -> None:
    assert value_name(value, kind) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "kind", "name"),
    [
        ("周杰伦", "person", "周杰伦"),
        ("瑞恩·高斯林", "person", "瑞恩·高斯林"),
        ("中岛哲也", "person", "中岛哲也"),
        ("五月天", "person", "五月天"),  # no quantity: 五月 ends in no measure of a count
        ("四月物语", "work", "四月物语"),
        ("黑暗骑士三部曲", "work", "黑暗骑士三部曲"),
        ("编曲周国仪", "person", "周国仪"),  # the name after a role's word
        ("此专辑歌手孙燕姿", "person", "孙燕姿"),
        ("北汽新能源体验中心", "place", "北汽新能源体验中心"),  # ended by its head noun
        ("国家奥林匹克体育中心", "place", "国家奥林匹克体育中心"),
    ],
)
def test_a_value_with_a_name_s_shape_is_that_name(value: str, kind: str, name: str) -> None:
    assert value_name(value, kind) == name  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (  # a description answering who stars is no cast member, 他 is the actor
            (
                "你看过《训练日》吗？",
                "看过，你知道主演是谁吗？",
                "伊桑·霍克，多重身份，很有才华！",
                "他是哪年出生的？",
                "1970年。",
            ),
            ("伊桑·霍克", "birthday", "1970年"),
        ),
        (  # an age said beside the name
            (
                "你看过《卢旺达饭店》吗？",
                "看过，你知道主演是谁吗？",
                "唐·钱德尔，五十多岁了。",
                "他是哪年出生的？",
                "1964年。",
            ),
            ("唐·钱德尔", "birthday", "1964年"),
        ),
        (  # 们来聊聊 (我们来聊聊导演吧) is no director
            (
                "你看过《一次别离》这部电影吗？",
                "看过，主演有佩曼·莫阿迪、蕾拉·哈塔米。",
                "说了半天，我们来聊聊导演吧。",
                "他是伊朗人。",
            ),
            ("佩曼·莫阿迪", "nationality", "伊朗"),
        ),
        (  # a clause read as a work is none: the film stays the topic
            (
                "你看过《唐伯虎点秋香》这部电影吗？",
                "看过，出品公司是永盛电影制作有限公司。",
                "没错，唐伯虎点秋香这部影片由该公司出品，知道导演是谁吗？",
                "这是由周星驰和李力持联合执导的一部电影。",
            ),
            ("唐伯虎点秋香", "directed_by", "李力持"),
        ),
        (  # a role before a name: the name comes under discussion
            (
                "你听过《当爱在靠近》吗？",
                "听过，作曲是谁？",
                "还有编曲周国仪呢。",
                "他是哪年出生的？",
                "1960年。",
            ),
            ("周国仪", "birthday", "1960年"),
        ),
    ],
)
def test_the_next_turn_is_about_a_name_never_a_value_without_one(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in _facts(_read(turns)[-1])


def test_a_place_named_by_a_head_noun_holding_a_localizer_comes_under_discussion() -> None:
    """中心 holds 中, which a description's place word (园区中) holds too: 北汽新能源体验中心,
    said as what is near, then asked where it is, is what the answer is about."""
    assert [r.name for _, r in mentions("只有一个北汽新能源体验中心。")] == ["北汽新能源体验中心"]
    turns = (
        "你知道玛莱特红酒庄园吗？",
        "知道，它周边还有别的景点吗？",
        "只有一个北汽新能源体验中心。",
        "那北汽新能源体验中心位于什么位置啊？",
        "地址在北京市大兴区采育经济开发区采和路1号。",
    )
    address = ("北汽新能源体验中心", "address", "北京市大兴区采育经济开发区采和路1号")
    assert address in _facts(_read(turns)[-1])


def test_a_closing_day_is_no_place() -> None:
    """周一闭馆 ends with 馆, a place's head noun of one character, which says nothing here."""
    assert mentions("有个周一闭馆") == []


def test_a_person_s_noun_after_a_name_makes_a_person_not_a_song() -> None:
    """刘若英这个歌手: 歌 starts 歌手 (a singer), it names no song."""
    said = [(r.name, r.kind) for _, r in mentions("也很喜欢刘若英这个歌手。")]
    assert said == [("刘若英", "person")]


def test_another_name_said_with_any_of_the_alias_relation_s_nouns_is_no_new_referent() -> None:
    """她的本名是X, 他的真名是X: another name of the person under discussion (before, the other
    name took the next 她)."""
    assert mentions("真不是，她的本名是古历莱·阿密特。") == []
    turns = ("你知道张惠妹吗？", "知道，她的本名是古历莱·阿密特。", "她是哪年出生的？", "1972年。")
    assert ("张惠妹", "birthday", "1972年") in _facts(_read(turns)[-1])


def test_a_role_before_a_transliterated_name_names_the_whole_name_with_its_gender() -> None:
    """第二任妻子罗宾·怀特: the whole name (not 罗宾, the first two characters), a woman, whom
    他 does not find."""
    said = [(r.name, r.gender) for _, r in mentions("第二任妻子罗宾·怀特，都漂亮。")]
    assert said == [("罗宾·怀特", "f")]
    turns = (
        "你知道西恩·潘吗？",
        "知道，他的第二任妻子罗宾·怀特很漂亮。",
        "他是哪年出生的？",
        "1960年。",
    )
    assert ("西恩·潘", "birthday", "1960年") in _facts(_read(turns)[-1])


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (  # an answer's value, then 你听说过吗: the label is under discussion
            (
                "你听过《后青春期的诗》吗？",
                "听过，你知道发片公司是哪家吗？",
                "是相信音乐，你听说过吗？",
                "那它是哪年成立的？",
                "2006年成立的。",
            ),
            ("相信音乐", "founded_on", "2006年"),
        ),
        (  # a name after a modifier, then 你了解这个地方吗 (the new place, not the old one)
            (
                "你知道幽谷神潭吗？",
                "知道，门票是30元。",
                "还有一个我最想去的云蒙山森林公园，你了解这个地方吗？",
                "了解，门票是58元。",
            ),
            ("云蒙山森林公园", "price", "58元"),
        ),
        (  # two sentences: the demonstrative's class noun gives the class
            (
                "你知道《春生》这首歌是谁唱的吗？",
                "是的，是好妹妹乐队。你了解这个组合吗？",
                "她们是2010年成立的。",
            ),
            ("好妹妹乐队", "founded_on", "2010年"),
        ),
        (  # 看过没: a work seen, the last of a list said before it
            (
                "安妮·海瑟薇演过哪些电影？",
                "有悲惨世界，公主日记，穿普拉达的女王，看过没？",
                "看过，是2006年上映的。",
            ),
            ("穿普拉达的女王", "release_date", "2006年"),
        ),
    ],
)
def test_a_question_whether_the_hearer_knows_it_refers_back_to_the_name_just_said(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in _facts(_read(turns)[-1])


def test_a_question_naming_nothing_said_before_brings_nothing_under_discussion() -> None:
    """你知道吗 after a clause with no name (他很厉害, 是的) refers back to nothing."""
    turns = ("你知道周杰伦吗？", "他很厉害，你知道吗？", "他是1979年出生的。")
    assert ("周杰伦", "birthday", "1979年") in _facts(_read(turns)[-1])


def test_a_name_ending_in_a_verb_s_character_is_a_name_when_its_frame_marks_its_ends() -> None:
    """久石让: 让 ends no name as a verb (让 wants an object), so 你对久石让了解吗 names him."""
    said = [r.name for _, r in mentions("你对久石让了解吗？")]
    assert said == ["久石让"]


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("不会耽误我去它边上的颐和园游玩。", "颐和园"),  # whose (它边上的): a place, 去…游玩
        ("我想去附近最有名的八达岭长城看看。", "八达岭长城"),  # a place by its head noun
    ],
)
def test_a_modifier_ending_in_de_is_no_part_of_the_name_a_frame_marks(
    sentence: str, name: str
) -> None:
    """去它边上的颐和园游玩: the frame marks 它边上的颐和园; the modifier (a pronoun's, or before a
    name of a known kind) goes, and the place comes under discussion."""
    assert name in [r.name for _, r in mentions(sentence)]


def test_the_place_gone_to_after_a_modifier_takes_the_next_turn() -> None:
    turns = (
        "你知道圆明园皇家皮影戏苑吗？",
        "知道，开放时间是8:00-18:00。",
        "这个时间正好，不会耽误我去它边上的颐和园游玩。",
        "它的门票是30元。",
    )
    assert ("颐和园", "price", "30元") in _facts(_read(turns)[-1])


def test_a_description_headed_by_a_class_noun_is_nothing_a_question_refers_back_to() -> None:
    """告白等比较经典的作品，有看过吗: the object is the works listed, no work named 告白等…作品."""
    turns = ("松隆子演过哪些电影？", "有四月物语，HERO，告白等比较经典的作品，有看过吗？")
    names = [r.name for r in _read(turns)[-1].context.after.referents]
    assert not any(name.endswith("作品") for name in names)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (  # another film under discussion: the clause names its own before the frame
            (
                "你知道松隆子吗？",
                "知道，她演过四月物语，HERO，告白。",
                "我看过香水这部2006年上映的影片。",
            ),
            ("香水", "release_date", "2006年"),
        ),
        (  # a person named at the clause's start, before a frame of a person's
            (
                "你知道《倩女幽魂》的编剧是谁吗？",
                "是阮继志。",
                "王祖贤1967年1月31日出生于台湾省台北市。",
            ),
            ("王祖贤", "birthplace", "台湾省台北市"),
        ),
    ],
)
def test_a_frame_without_a_subject_is_about_the_name_its_own_clause_says_before_it(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in _facts(_read(turns)[-1])


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("最有名的肯定是他执导的魂断蓝桥", "魂断蓝桥"),
        ("她唱的红豆", "红豆"),
        ("他主演的霸王别姬", "霸王别姬"),
    ],
)
def test_a_work_said_with_its_maker_is_the_name_after_the_maker_s_de(value: str, name: str) -> None:
    assert value_name(value, "work") == name


def test_the_work_an_answer_names_with_its_maker_takes_the_next_turn() -> None:
    """最有名的肯定是他执导的魂断蓝桥呀: the answer to 哪部 names 魂断蓝桥 (before, the whole
    phrase was no name, and the next turn's 这部电影 found nothing)."""
    turns = (
        "你知道梅尔文·勒罗伊吗？",
        "知道，他的作品最有名的是哪部呀？",
        "最有名的肯定是他执导的魂断蓝桥呀。",
        "这部电影可是美国超级经典的爱情片。",
    )
    assert ("魂断蓝桥", "genre", "爱情") in _facts(_read(turns)[-1])
