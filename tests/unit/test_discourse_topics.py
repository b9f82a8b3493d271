"""Which entity a sentence is about when a name is said without a frame that marks it (issue
37): a name in a clause's topic position or as its whole complement comes under discussion,
and a fact's subject is never the name its own value starts with."""

from __future__ import annotations

import pytest

from extractors.chinese.mentions import kind_of, mentions, person_like
from tests.support.conversation import facts as _facts
from tests.support.conversation import read as _read


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
        (  # 颐和园，香山公园都在它附近 keeps the first place the topic; a question naming the
            # second again brings it back, and the bare answer is its address
            (
                "你好，可以帮我查一下中国科学院植物研究所北京植物园的地址吗？",
                "还不错，这个景点周边有别的景点吗？",
                "当然有了，颐和园，香山公园都在它附近呢。",
                "是吗，那香山公园具体在哪里啊？",
                "地址在海淀区买卖街40号。",
            ),
            ("香山公园", "address", "海淀区买卖街40号"),
        ),
        (  # values told as an answer are said of the place: the next 它 is still the place
            (
                "你知道桃源仙谷自然风景区吗？",
                "它附近有什么好玩的吗？",
                "有黑龙潭风景区、白龙潭风景区。",
                "你有它的电话吗？",
                "有啊，电话是010-61025309。",
            ),
            ("桃源仙谷自然风景区", "phone", "010-61025309"),
        ),
        (  # a class said of a title under discussion: the band, which was founded
            (
                "知道《五月天》吗？",
                "那可是台湾著名的摇滚乐团，是哪年成立的呀？",
                "1997年03月29日。",
            ),
            ("五月天", "founded_on", "1997年03月29日"),
        ),
        (  # a company named as a value by its head noun comes under discussion
            (
                "你看过《倩女幽魂》吗？",
                "看过，出品公司是新艺城影业有限公司。",
                "它是1980年成立的。",
            ),
            ("新艺城影业有限公司", "founded_on", "1980年"),
        ),
        (  # a class noun after 你知道 asks about its referent, never names one (专辑一)
            (
                "知道神的孩子都在跳舞这个专辑吗？",
                "知道呀，是五月天的专辑，你知道专辑一共收录了几首个吗？",
                "据我所知是13首歌。",
            ),
            ("神的孩子都在跳舞", "track_count", "13"),
        ),
        (  # a long place name asked about before the relation's words, both ends marked
            ("你能帮我看看第四次世界妇女大会纪念公园可以玩多久吗？", "大概能玩1小时 - 2小时吧。"),
            ("第四次世界妇女大会纪念公园", "visit_duration", "1小时 - 2小时"),
        ),
    ],
)
def test_the_fact_is_about_the_entity_under_discussion(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert _facts(_read(turns)[-1]) == [expected]


@pytest.mark.parametrize(
    ("clause", "name", "kind"),
    [
        # a title marked by its class noun or an experiential verb keeps its function words
        ("看过千与千寻的神隐这部电影吗？", "千与千寻的神隐", "work"),
        ("你看过海上钢琴师的传说吗？", "海上钢琴师的传说", "work"),
        ("我最喜欢的是返老还童这部电影", "返老还童", "work"),
        ("那肯定是他导演的人工智能这部电影啦", "人工智能", "work"),
        ("知道天空都在下雨这个专辑吗？", "天空都在下雨", "work"),
        # asked about: 对X了解 / 感兴趣
        ("你对朝阳剧场杂技有了解吗？", "朝阳剧场杂技", "thing"),
        ("你对王菲了解的多吗？", "王菲", "person"),
        ("你对人生海海（五月天音乐专辑）这部音乐专辑了解多少？", "人生海海", "work"),
        ("你知道宋冬野这个人吧？", "宋冬野", "person"),
        # gone to: a place, whatever its name's head
        ("我想去法源寺转转", "法源寺", "place"),
        ("我最近去蜜蜂书店游玩了", "蜜蜂书店", "place"),
        ("我想去上上国际美术馆玩", "上上国际美术馆", "place"),
        # asked where, by a place's head noun
        ("中央民族大学在哪知道吗？", "中央民族大学", "place"),
        ("知道没有共产党就没有新中国纪念馆在什么地方吗？", "没有共产党就没有新中国纪念馆", "place"),
        ("帮我查一下中国科学院北京植物园的地址吗？", "中国科学院北京植物园", "place"),
        # said to be there, by a place's head noun
        ("周边有一个房山白草畔自然风景区，也还不错。", "房山白草畔自然风景区", "place"),
        ("有个第四次世界妇女大会纪念公园，你想去看看吗？", "第四次世界妇女大会纪念公园", "place"),
        # seen, then described before its class noun: both ends still marked
        ("我看过7号房的礼物这部2013年上映的影片", "7号房的礼物", "work"),
        # a surname rarer in Chinese (Korean, Taiwanese names), three characters
        ("柳承龙也是这里毕业的呢", "柳承龙", "person"),
        ("包小柏是她的制作人", "包小柏", "person"),
        # a company by its head noun, a verb of making after it
        ("不愧是滚石唱片公司出品呀", "滚石唱片公司", "organization"),
        ("是华星唱片公司", "华星唱片公司", "organization"),
        # pointed at as a place (这里), or as what has an inside, by its head noun
        ("华夏之光这里是做什么的知道吗？", "华夏之光", "place"),
        ("蟒山国家森林公园里面的蟒蛇多吗？", "蟒山国家森林公园", "place"),
        # said as who made a work
        ("因为比较喜欢徐佳莹唱的歌", "徐佳莹", "person"),
        ("我觉得彭坦唱的也很不错啊。", "彭坦", "person"),
    ],
)
def test_a_name_in_a_frame_marking_both_ends_is_mentioned(
    clause: str, name: str, kind: str
) -> None:
    assert (name, kind) in [(r.name, r.kind) for _, r in mentions(clause)]


@pytest.mark.parametrize(
    "clause",
    [
        "你好像对星座很了解呢？",
        "看这样你对哥哥很了解呀？",
        "而且对于他的了解，",
        "真的很向往这样的地方，",
        "所以这部电影也很受欢迎。",
        "说到这部电影，",
        "一起去重新看看？",
        "总部在哪里啊？",
        "还有个狠角叫唐·钱德尔你没说。",
        "我对电影很感兴趣",
        "我们去朋友家玩",
        "他有一个很好的朋友",
        "如果到这里游玩，",
        "29军将士在这里打响了抗战",
        "歌词里面写了什么",
        "我们唱的歌",
    ],
)
def test_common_nouns_and_adverbs_in_those_frames_are_no_mentions(clause: str) -> None:
    named = [r.name for _, r in mentions(clause) if r.kind != "person" or "·" not in r.name]
    assert named == []


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (  # a title holding 的, asked about with an experiential verb, is the topic
            ("你看过海上钢琴师的传说吗？", "看过，是1998年上映的。"),
            ("海上钢琴师的传说", "release_date", "1998年"),
        ),
        (  # a place gone to is the topic of the next bare answer
            ("我想去蜜蜂书店游玩，知道这里的电话吗？", "010-64053388。"),
            ("蜜蜂书店", "phone", "010-64053388"),
        ),
        (  # a place said to be there is talked about next
            ("它周边还有别的景点吗？", "有个红螺湖鸟岛景区，也不错。", "门票多少钱？", "40元。"),
            ("红螺湖鸟岛景区", "price", "40元"),
        ),
        (  # a person asked about with 对X了解 takes the next 她
            ("你对王菲了解的多吗？", "了解，她是1969年出生的。"),
            ("王菲", "birthday", "1969年"),
        ),
    ],
)
def test_a_name_in_a_marking_frame_is_what_the_next_turns_are_about(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in _facts(_read(turns)[-1])


@pytest.mark.parametrize(
    ("clause", "name", "kind"),
    [
        # a person named right after their role
        ("也让我喜欢上此片的导演陆川。", "陆川", "person"),
        ("怪不得里面的主演张国荣看着那么年轻。", "张国荣", "person"),
        ("导演王晶拍了很多喜剧", "王晶", "person"),
        ("但是原唱范晓萱的甜美歌声同样也很好。", "范晓萱", "person"),
        # a work named as someone's representative work
        ("要说有名肯定是他的代表作阿凡达啦。", "阿凡达", "work"),
        ("最主要是他的那部经典代表作泰坦尼克号，无人不知。", "泰坦尼克号", "work"),
        # a transliterated name without the words glued to it
        ("这部电影是由理查德·柯蒂斯自编自导的一部电影。", "理查德·柯蒂斯", "person"),
        ("这部电影是詹姆斯·卡梅隆制片的", "詹姆斯·卡梅隆", "person"),
    ],
)
def test_a_name_after_its_role_is_mentioned(clause: str, name: str, kind: str) -> None:
    assert [(name, kind)] == [(r.name, r.kind) for _, r in mentions(clause)]


@pytest.mark.parametrize(
    "said",
    ["知道克里斯托弗·瓦尔兹吗", "唐·钱德尔你没说", "理查德·柯蒂斯自编自导", "年凯拉·奈特利"],
)
def test_a_transliterated_name_with_words_glued_to_it_is_no_person(said: str) -> None:
    assert not person_like(said)


@pytest.mark.parametrize(
    "clause",
    [
        "并且这首歌获得了大奖。",
        "那肯定了解啊，",
        "集导演、编剧于一身",
        "主演阵容很强大",
        "代表作有很多",
    ],
)
def test_adverbs_and_roles_without_a_name_are_no_mentions(clause: str) -> None:
    assert mentions(clause) == []


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (  # a class noun leading a question asks about the film, not the director named since
            ("你看过《一一》吗？", "看过，导演是杨德昌。", "影片采用的是什么语言呢？", "日语。"),
            ("一一", "language", "日语"),
        ),
        (  # 电影属于 is no name: the film of the class noun is asked about
            ("你知道《海街日记》吗？", "知道，导演是是枝裕和。", "电影属于哪种类型？", "家庭。"),
            ("海街日记", "genre", "家庭"),
        ),
        (  # a class noun after its classifier (这张 mistyped) is no name
            ("你听过《逆光》这张专辑吗？", "听过，经张专辑的制作人是谁啊？", "制作人是李偲菘。"),
            ("逆光", "produced_by", "李偲菘"),
        ),
        (  # a quantifier before the relation's word is no name: the topic is asked about
            ("你知道孙燕姿吗？", "知道，大部分代表作是什么？", "《天黑黑》。"),
            ("孙燕姿", "works", "天黑黑"),
        ),
        (  # a title that is also an adverb is a name; 此歌 refers to it
            ("你听过《后来》吗？", "听过，关于此歌的作曲是谁？", "玉城千春。"),
            ("后来", "composed_by", "玉城千春"),
        ),
        (  # a relation's word asked about is the topic's relation, not a referent of its own
            ("你看过《未麻的部屋》吗？", "看过，那编剧你有所了解吗？", "好像是村井贞行。"),
            ("未麻的部屋", "written_by", "村井贞行"),
        ),
        (
            ("你知道长泽雅美吗？", "知道，其实年纪不大,生日知道吗？", "1987年6月3日。"),
            ("长泽雅美", "birthday", "1987年6月3日"),
        ),
    ],
)
def test_a_question_asks_about_a_referent_never_about_its_other_words(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in _facts(_read(turns)[-1])


@pytest.mark.parametrize(
    "turns",
    [
        ("你听过《容易受伤的女人》吗？",),  # a title's words ask nothing
        ("你知道刘若英吗？", "她的经纪人是谁呢？"),  # 人 inside a word asks no nationality
    ],
)
def test_a_one_character_surface_asks_only_after_a_question_word(turns: tuple[str, ...]) -> None:
    asked = _read(turns)[-1].context.after.asked
    assert asked is None or asked.predicate not in ("nationality", "performed_by")


def test_a_one_character_surface_after_a_question_word_asks() -> None:
    turns = ("你知道成龙吗？", "他是哪国人？", "中国。", "《真心英雄》是谁唱的？", "成龙。")
    readings = _read(turns)
    assert ("成龙", "nationality", "中国") in _facts(readings[2])
    assert ("真心英雄", "performed_by", "成龙") in _facts(readings[4])


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (  # 又叫做《X》: the film's other title, not another film
            (
                "你看过《大话西游》吗？",
                "看过，这部电影又叫做《齐天大圣东游记》。",
                "它是哪年上映的？",
            ),
            ("1995年。", ("大话西游", "release_date", "1995年")),
        ),
        (  # another spelling of the person's name takes no pronoun from them
            ("你知道克里斯托弗·瓦尔兹吗？", "知道，他又叫克里斯托弗·华尔兹。"),
            ("他是1956年出生的。", ("克里斯托弗·瓦尔兹", "birthday", "1956年")),
        ),
        (  # 译名是《X》: a translated title
            ("你知道《辛德勒的名单》吗？", "知道，译名是《舒特拉的名单》。"),
            ("导演是斯皮尔伯格。", ("辛德勒的名单", "directed_by", "斯皮尔伯格")),
        ),
    ],
)
def test_another_name_of_a_referent_does_not_take_the_talk_from_it(
    turns: tuple[str, ...], expected: tuple[str, tuple[str, str, str]]
) -> None:
    last, fact = expected
    assert fact in _facts(_read((*turns, last))[-1])


@pytest.mark.parametrize(
    ("name", "kind"),
    [("苏州街", "place"), ("卢沟桥", "place"), ("龙庆峡", "place"), ("黄一山", "person")],
)
def test_a_head_noun_no_given_name_ends_with_makes_a_place(name: str, kind: str) -> None:
    assert kind_of(name) == kind


def test_a_place_whose_name_starts_with_a_surname_takes_a_place_s_relations() -> None:
    turns = ("知道卢沟桥吗？", "那里的门票多少钱？", "20元。")
    assert ("卢沟桥", "price", "20元") in _facts(_read(turns)[-1])


@pytest.mark.parametrize(
    ("clause", "names"),
    [
        ("莱昂纳多·迪卡普里奥吧", ["莱昂纳多·迪卡普里奥"]),  # a particle after it
        ("对贝诺·斯德泽巴赫你了解吗", ["贝诺·斯德泽巴赫"]),  # 对 before it
        ("知道一位约翰·列侬", ["约翰·列侬"]),  # a classifier before it
        ("第二任妻子罗宾·怀特，都漂亮", ["罗宾·怀特"]),  # a role before it (not 罗宾 alone)
        ("主演有费雯·丽和罗伯特·泰勒", ["费雯·丽", "罗伯特·泰勒"]),  # a list: one name each
        ("无疑这部影片是相当的成功。", []),  # a sentence adverb before a class noun
        ("那关于歌手你知道是谁吗？", []),  # 关于 with a common noun
    ],
)
def test_words_glued_to_a_name_are_not_part_of_it(clause: str, names: list[str]) -> None:
    assert sorted(r.name for _, r in mentions(clause)) == sorted(names)


def test_a_name_after_a_focus_adverb_is_the_subject() -> None:
    turns = (
        "你看过《梦之安魂曲》吗？",
        "看过，主演有艾伦·鲍斯汀和杰瑞德·莱托。",
        "尤其是杰瑞德·莱托获过金球奖最佳男配角。",
    )
    assert ("杰瑞德·莱托", "awards", "金球奖最佳男配角") in _facts(_read(turns)[-1])


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (  # a work after an experiential verb, closed by the clause's end, whose it is cut off
            ("我看过他演的超能陆战队，你看过没？", "看过，是2014年上映的。"),
            ("超能陆战队", "release_date", "2014年"),
        ),
        (  # 这个人 marks a person's name, whatever characters it holds
            ("知道久石让这个人吗？", "知道，他出生在日本长野县。"),
            ("久石让", "birthplace", "日本长野县"),
        ),
    ],
)
def test_a_name_asked_about_is_marked_by_its_frame(
    turns: tuple[str, ...], expected: tuple[str, str, str]
) -> None:
    assert expected in _facts(_read(turns)[-1])


@pytest.mark.parametrize("clause", ["只看过两次，", "我知道一些，", "我知道清楚，"])
def test_how_often_or_how_much_after_a_knowing_verb_is_no_name(clause: str) -> None:
    assert mentions(clause) == []


@pytest.mark.parametrize(
    "clause",
    ["那编剧你有所了解吗？", "主演你了解吗？", "生日知道吗？"],
)
def test_a_relation_s_word_said_where_a_name_goes_is_no_mention(clause: str) -> None:
    assert mentions(clause) == []


def test_a_class_noun_inside_the_title_beside_is_not_a_title_s_class() -> None:
    """《梦之安魂曲》、《达拉斯买家俱乐部》: 曲 ends the first title, it says nothing of the
    second, which 这部电影 may still find."""
    said = mentions("《梦之安魂曲》、《达拉斯买家俱乐部》都很好看。")
    found = {r.name: r.noun for _, r in said}
    assert found["达拉斯买家俱乐部"] == ""


def test_a_question_opened_with_duiyu_names_the_person_after_the_role() -> None:
    """那对于此片主演卡西·阿弗莱克你了解吗: 于此片 is no person, and the role with its name is
    no one name."""
    names = [r.name for _, r in mentions("那对于此片主演卡西·阿弗莱克你了解吗")]
    assert names == ["卡西·阿弗莱克"]


def test_a_gendered_class_noun_after_a_transliterated_name_is_not_part_of_it() -> None:
    """安妮·海瑟薇女演员, 安妮·海瑟薇女士: the name, a woman; not 安妮·海瑟薇女."""
    clauses = ("安妮·海瑟薇女演员很漂亮", "你知道安妮·海瑟薇女士吗")
    said = [(r.name, r.gender) for clause in clauses for _, r in mentions(clause)]
    assert said == [("安妮·海瑟薇", "f"), ("安妮·海瑟薇", "f")]
