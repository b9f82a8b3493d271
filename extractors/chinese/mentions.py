"""Entities a Chinese sentence brings under discussion: 《书名》, X这部电影, 你知道X吗, and
transliterated or Chinese person names."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from extractors.chinese.np import is_person_name
from extractors.chinese.tokens import is_cjk
from extractors.discourse.cues import CLASSES, FEMALE_NOUNS
from extractors.discourse.relations import default_relations
from graph.domain.discourse import Discourse, Gender, Kind, Referent

_NOUNS = "|".join(
    sorted((k for k in CLASSES if not k.isascii() and CLASSES[k][0]), key=len, reverse=True)
)
_PEOPLE = "|".join(
    sorted((k for k in CLASSES if len(k) > 1 and CLASSES[k][1] == "person"), key=len, reverse=True)
)
"""The nouns of people's occupations (歌手, 女演员): 刘若英这个歌手 is a person, not a song (歌)."""
_TITLE = re.compile(r"《(?P<name>[^》]{1,40})》")
_NAMED_CLASS = re.compile(
    rf"(?P<head>[^，。！？；、,.!?;\s]{{1,30}}?)(?:这|那)(?:一)?(?:部|首|张|个|座|本|支|家|位|处)?"
    rf"(?P<mod>[^，。！？；、,.!?;\s这那]{{1,12}}的)?(?P<noun>{_PEOPLE}|{_NOUNS})"
)
_ASKED_ABOUT = re.compile(
    r"(?:知道|听说过|听过|看过|了解过|了解|认识|喜欢|去过|玩过|读过|关注过|熟悉)"
    r"(?P<name>[^，。！？；、,.!?;\s吗么嘛吧什哪谁几]{2,24}?)(?P<person>这个人|这位)?(?:这个)?"
    r"(?:吗|么|嘛|吧|不|没|没有|什么|哪|谁|几|多少|怎么|(?P<end>(?=[，。！？；,.!?;]|$)))"
)
# Frames that mark both ends of a name, so the name may hold what `name_like` refuses (的,
# 还, 能: 穿越时空的少女, 返老还童, 超能陆战队): asked about (你对X了解吗), gone to (去X玩),
# asked where (X在什么地方, 查一下X的地址), introduced as there (有一个X风景区).
_REGARDING = re.compile(
    r"对(?!于)(?P<name>[^，。！？；、,.!?;\s（(这那吗么什哪谁几]{2,24}?)(?:[（(][^）)]{1,30}[）)])?"
    rf"(?:(?:这|那)(?:个|位|部|首|张|座|本|家)?(?:音乐|电视|动画)?(?P<noun>{_NOUNS})?)?"
    r"(?:应该是|应该|也是|还是|更加|也|都|还|更)?(?:很|非常|特别|挺|比较)?(?:有所|有些|有点|有)?"
    r"(?:了解|熟悉|感兴趣|印象)"
)
_GOING = re.compile(
    r"去(?:过)?(?P<name>[^，。！？；、,.!?;\s这那哪]{2,20}?)"
    r"(?:玩|转转|转一转|游玩|逛逛|逛|看看|参观|旅游|旅行|度假)"
)
_WHERE = re.compile(
    r"(?:^|(?<=一下|知道|请问|问问|打听|查查))(?!知道|请问|问问|打听|查查|帮|一下)"
    r"(?P<name>[^，。！？；、,.!?;\s这那哪我你他她它吗]{2,24}?)"
    r"(?:是)?(?:在哪|在什么地方|位于哪|怎么去|怎么走|的地址|的电话|的门票|的开放时间)"
)
_HERE = re.compile(
    r"^(?:你好|您好|请问|那么|那|嗯|哦)?[，,]?\s*"
    r"(?P<name>[^，。！？；、,.!?;\s这那哪我你他她它]{2,24}?)(?:这里|这儿|那里|那儿|(?P<inside>里面|里边))"
)
"""A name said first and then pointed at as a place (华夏之光这里是做什么的, X这里收取门票吗), or
as what has an inside (蟒山国家森林公园里面的蟒蛇多吗: by its head noun only, 歌词里面 is none)."""
_NOT_HERE = re.compile(r"[在到去来从于往向自]$|\d[年月日号点]")
"""What is said before 这里 when it is no name: a verb of going or being (如果到), a date."""
_THERE_IS = re.compile(
    r"有(?:一|两|几)?(?:个|座|家|处)(?P<name>[^，。！？；、,.!?;\s这那]{3,20}?)"
    r"(?=[，。！？；,.!?;]|也|就|你|是|$)"
)
_ROLE_BEFORE = re.compile(
    r"(?P<role>导演|主演|编剧|原唱|影帝|影后|妻子|丈夫|老公|老婆)(?![于和与及在是的了也都还就把被给对从向])"
    r"(?P<name>[\u4e00-\u9fffA-Za-z]{1,8}(?:[·•・][\u4e00-\u9fffA-Za-z]{1,10})+|[\u4e00-\u9fff]{2,3})"
)
"""A role said right before a person's name (此片的导演陆川, 主演张国荣看着…, 原唱范晓萱的)."""
_WORK_BEFORE = re.compile(
    r"代表作(?:品|之一)?(?:是|有|就是)?(?P<name>[^，。！？；、,.!?;\s]{2,12}?)"
    r"(?:了|啦|呀|啊|吧|呢|哦|嘛)*(?=[，。！？；,.!?;]|$)"
)
"""A work said as someone's representative work (他的代表作阿凡达啦): the talk may move to it."""
_EXPERIENCED = ("看过", "听过", "读过", "去过", "玩过")
"""The verbs whose object is a work or a place (你看过放牛班的春天吗): the name is marked."""
_CALLED = re.compile(
    rf"叫(?:做)?(?P<name>[^，。！？；、,.!?;\s]{{2,30}}?)的(?:一)?(?:部|首|张|个|座|本|支|家|位|处)?"
    rf"(?P<noun>{_NOUNS})"
)
_KNOWING = r"(?:知道|听说过|听过|看过|了解过|了解|认识|熟悉|去过|玩过|读过)"
# A name said first, then asked or said to be known: 洼里博物馆知道吗, 小汤山示范园我知道,
# 对百雅轩798艺术中心有了解吗 (the clause's topic, at its start).
_FRONTED = re.compile(
    r"^(?:你好|您好|请问|那么|那|嗯|哦)?[，,]?\s*(?:对于|对)?"
    r"(?P<name>[^，。！？；、,.!?;\s什哪谁几]{2,24}?)(?:这个人|这个地方|这个景点|这个|这位)?"
    r"(?:你|您|我|大家)?(?:也|都|还)?(?:有所|有些|有点|有)?" + _KNOWING
)
# The head nouns of place names: 洼里博物馆, 东岳庙, 小汤山现代农业科技示范园, 清华大学.
_PLACE_HEADS = (
    r"(?:馆|艺术中心|文化中心|中心|公园|"
    r"乐园|植物园|动物园|游乐园|园区|园|水世界|寺|庙|宫|府|塔|楼|阁|大街|街|胡同|广场|古城|"
    r"古镇|村|风景区|景区|度假村|山庄|山|湖|峡|谷|洞|岛|大学|学院|剧院|大厦|故居|遗址|长城|"
    r"海|河|泉|潭|桥|坛|殿|陵|关|堂|水镇|小镇|庄园|农场|艺术区|基地|影视城)"
)
_PLACE_HEAD = re.compile(_PLACE_HEADS + "$")
TITLED = re.compile(r"《[^《》]*》")
"""A title in Chinese title marks, whole: a name in any script (《Far away》, 《我可以抱你吗》)."""

ORG_HEAD = re.compile(
    r"(?:唱片|唱片公司|电影公司|有限公司|制片厂|集团|乐团|组合|影业|工作室|电视台|出版社)$"
)
"""The head nouns of organisations' names: 滚石唱片, 华纳唱片, 泽东电影公司."""
_TRANSLITERATED = re.compile(r"[\u4e00-\u9fffA-Za-z]{1,8}(?:[·•・][\u4e00-\u9fffA-Za-z]{1,10})+")
_LEAD = re.compile(
    r"^(?:.*?(?:知道|听说过|听说|听过|看过|了解过|了解|喜欢|去过|玩过|读过|关注过|认识|推荐|"
    r"介绍一下|介绍下|说说|聊聊|还有|就是|是|有|和|跟|与))"
)
_OWNED_BY = re.compile(r"^[^的]{0,8}?[他她它我你][^的]{0,6}的")
"""A modifier naming whose work it is (他导演的人工智能, 我最喜欢的X): not part of the name."""
_VERB_KIND: dict[str, tuple[Kind, str]] = {
    "看过": ("work", "film"),
    "听过": ("work", "song"),
    "去过": ("place", "place"),
    "玩过": ("place", "place"),
    "读过": ("work", "book"),
}


_RARER_SURNAMES = frozenset("柳包萧庄阮倪柯翁骆伍葛鲁屈甄聂霍樊耿饶殷滕邢裴喻俞")
"""Surnames less common in Chinese, or common in Korean and Taiwanese names said in Chinese
(柳承龙, 包小柏, 萧敬腾, 阮继志): a name with one only in three characters. Characters that
start common words (华语, 房山, 温泉, 幸福, 凌晨) are left out, though surnames too."""


@lru_cache(maxsize=16384)  # pure, and asked of the same phrases clause after clause
def person_like(text: str) -> bool:
    """A Chinese name with a surname, or a transliterated one (瑞恩·高斯林) with nothing glued
    to it (not 知道克里斯托弗·瓦尔兹吗, 唐·钱德尔你没说, 理查德·柯蒂斯自编自导)."""
    if is_person_name(text) or (len(text) == 3 and text[0] in _RARER_SURNAMES and is_cjk(text)):
        return True
    return bool(_TRANSLITERATED.fullmatch(text)) and name_start(text) == text


_NOT_IN_NAMES = re.compile(
    r"[是的了在有不没也还就很太要会能可吗呢吧啊呀你我他她它这那哪谁啥么去过到给把被让说想看听玩]"
    r"|(?<![京成首古帝])都"
    r"|什么|一般|最好|具体|时候|地方|可以|知道|觉得|比如|还有|那里|这里|多少|几|怎么|多久|钱|门票"
    r"|电话|地址|时间|查到|同事|朋友|当年|大约|除了|对于|居然|所以|因为|如果|虽然|但是|而且|然后"
    r"|现在|以前|后来|其中|一位|一个|一部|一下|一点|一些|同时|本身|尤其|主要|特别|其实|好像|应该|可能|大概|差不多"
    r"|关于|至于"
    r"|据说|听说|记得|以及|比如|还是|已经|一直|非常|所有|全部|很多|好多|有名|出名|厉害|年代|时期"
    r"|里面|里边|外面|当然|\d+年\d|\d(?:美元|元)|^\d+$"
)


@lru_cache(maxsize=16384)  # pure, and asked of the same phrases clause after clause
def name_like(text: str) -> bool:
    """Can `text` be a name (a subject said as a name)? Short, and none of the function
    words and verbs that a name never holds (its kind aside: 恋恋笔记本, 东岳庙, 周杰伦)."""
    if person_like(text) or _TITLE.fullmatch(text):
        return True
    if text in CLASSES:
        return False  # 影片, 景点, 公司: a class noun refers to a name, it is none
    longest = 20 if _PLACE_HEAD.search(text) else 12  # 第四次世界妇女大会纪念公园
    return 2 <= len(text) <= longest and _NOT_IN_NAMES.search(text) is None


_NOT_IN_MARKED = re.compile(
    r"[你我他她它这那吗呢吧啊呀么谁哪把被给很《》【】]|让(?=.)|什么|知道|觉得|喜欢|怎么|多少|一下|一般|最好|具体|时候|地方"
    r"|可以|比如|那里|这里|朋友|同事|里面|外面|附近|周边|重新|以前|当年|据说|说到|所以|因为|而且|其实"
    r"|^(?:的|是|在|有|了|这|那|一|个|和|跟|就|也|还|都|去|到|看|听|玩|很|最)|(?:的|了|过|有|得|也|都|还|就|是)$"
)


def marked_like(text: str) -> bool:
    """Can `text`, in a frame that marks both its ends (X这部电影, 你看过X吗), be a name? As
    `name_like`, but a title's function characters are allowed (穿越时空的少女, 返老还童,
    超能陆战队, 久石让); never a pronoun, a particle, a question word or a relation's word."""
    if _NOT_IN_MARKED.search(text) is not None:
        return False
    return name_like(text) or (
        2 <= len(text) <= 16 and text not in CLASSES and _ATTRIBUTES.search(text) is None
    )


_NO_GIVEN_NAME = re.compile(r"..(?:街|寺|庙|宫|馆|府|塔|阁|村|镇|园|坛|殿|陵|岛|洞|峡|桥)$")
"""A place's head noun that ends no given name: 苏州街, 卢沟桥, 龙庆峡 start with a surname and are
places (黄一山, 李海 are people: 山, 海, 河, 林 end given names)."""


@lru_cache(maxsize=16384)  # pure, and asked of the same phrases clause after clause
def kind_of(name: str) -> Kind:
    """A person by the name's form, a place or an organisation by its head noun (东岳庙, 滚石
    唱片), else a thing."""
    if person_like(name) and _NO_GIVEN_NAME.search(name) is None:
        return "person"
    if len(name) > 2 and _PLACE_HEAD.search(name):
        return "place"
    return "organization" if len(name) > 2 and ORG_HEAD.search(name) else "thing"


_NO_NAME = re.compile(
    r"并且|而且|所以|因为|但是|不过|可是|然后|当年|后来|其实|据说|说到|肯定|一定|确实|当然|同时|另外"
    r"|无疑|必须|显然|毕竟|果然|难怪|竟然|居然"
)
"""Sentence adverbs said where a name goes (并且这首歌, 那肯定了解啊): never a name."""


_ALIAS = default_relations().get("alias")
_ALIAS_NOUNS = "|".join(
    sorted(
        {"简称", *(re.escape(s) for s in (_ALIAS.surfaces["zh"] if _ALIAS else ()))},
        key=len,
        reverse=True,
    )
)
_ALIASED = re.compile(
    r"(?:(?:又|也|还|亦|俗|原|本)(?:叫|名|称)(?:做|作|为)?|人称|又译|也译|译作"
    rf"|(?:{_ALIAS_NOUNS})(?:字)?(?:是|叫|为)?)"
    r"[《“\"]?$"
)
"""What says that the name after it is another name of a referent under discussion (这个电影又
叫做《X》, 他又叫X, 外文名是X, 人称X, 她的本名是X: the `alias` relation's nouns): the same
entity, which must not take the talk from itself."""


def mentions(sentence: str) -> list[tuple[int, Referent]]:
    """(offset in the sentence, referent) of every entity the sentence names, in text order."""
    return list(_mentions(sentence))


@lru_cache(maxsize=4096)
def _mentions(sentence: str) -> tuple[tuple[int, Referent], ...]:
    """`mentions`, remembered: a third of the clauses of a conversation recur (是的, 知道,
    你好...), and the finders depend on the text alone (referents are immutable)."""
    found: dict[str, tuple[int, Referent]] = {}
    titled = _titles(sentence)
    for start, referent in [
        *titled,
        *_named_classes(sentence),
        *_called(sentence),
        *_asked_about(sentence),
        *_fronted(sentence),
        *_framed(sentence),
        *_roles(sentence),
        *_made_by(sentence),
        *_topical(sentence),
        *_named_places(sentence),
        *_names(sentence),
    ]:
        if (start, referent) not in titled and (
            _NO_NAME.fullmatch(referent.name) or _ATTRIBUTES.fullmatch(referent.name)
        ):
            continue  # 并且, 后来, 编剧 said where a name goes; 《后来》 is a name
        if _ALIASED.search(sentence, 0, start) is not None:
            continue  # 又叫《X》: another name of what is under discussion, not a new one
        known = found.get(referent.name)
        if known is None or (known[1].kind == "thing" and referent.kind != "thing"):
            found[referent.name] = (start, referent if known is None else referent.merged(known[1]))
    people = [r.name for _, r in found.values() if r.kind == "person" and "·" in r.name]
    return tuple(
        sorted(
            (item for item in found.values() if not _glued(item[1], people)),
            key=lambda item: item[0],
        )
    )


def _glued(referent: Referent, people: list[str]) -> bool:
    """Is `referent` a transliterated name found in the sentence with words glued to it
    (安妮·海瑟薇女士, 此片主演卡西·阿弗莱克: a frame that marks no end of the name)?"""
    return referent.kind != "person" and any(p in referent.name for p in people)


def _titles(sentence: str) -> list[tuple[int, Referent]]:
    out = []
    for match in _TITLE.finditer(sentence):
        noun = _class_near(sentence, match.start(), match.end())
        out.append(
            (match.start(), Referent(name=match["name"].strip(), kind="work", noun=noun or ""))
        )
    return out


_CLASS_NOUNS_ZH = [
    (noun, name)
    for noun, (name, _) in sorted(CLASSES.items(), key=lambda kv: -len(kv[0]))
    if name and not noun.isascii()
]
"""The Chinese class nouns, longest first (sorted once, not for every title)."""


def _class_near(sentence: str, start: int, end: int) -> str:
    """The class noun right before or after a title (电影《X》, 《X》这首歌), not one inside the
    title next to it (《梦之安魂曲》、《X》: 曲 names no class of X)."""
    before = sentence[max(0, start - 4) : start].rpartition("》")[2]
    around = before + "|" + sentence[end : end + 6].partition("《")[0]
    return next((name for noun, name in _CLASS_NOUNS_ZH if noun in around), "")


def _named_classes(sentence: str) -> list[tuple[int, Referent]]:
    out = []
    for match in _NAMED_CLASS.finditer(sentence):
        if match["head"].endswith("》"):
            continue  # 《poker face》这首歌: the title is the name (`_titles`), not its last word
        seen = any(verb in match["head"] for verb in _EXPERIENCED)
        head = _unled(match["head"], name_like if match["mod"] and not seen else marked_like)
        if head is None:
            continue  # 这样的地方: a description between the name and its class marks nothing
        noun, kind = CLASSES[match["noun"]]
        gender: Gender = "f" if match["noun"] in FEMALE_NOUNS else ""
        referent = Referent(name=head, kind=kind, noun=noun, gender=gender)
        out.append((match.start("head"), referent))
    return out


def _unled(head: str, fits: Callable[[str], bool]) -> str | None:
    """`head` without the words that lead to a name (看过, 就是, 喜欢), cut at the first such
    word whose rest `fits` (最喜欢的就是霸王别姬: not 的就是霸王别姬; 看过千与千寻的神隐: not
    千寻的神隐), and without a modifier saying whose it is (他导演的人工智能)."""
    rest = head
    while True:
        cut = _LEAD.match(rest)
        rest = rest[cut.end() :] if cut else rest
        name = _OWNED_BY.sub("", rest).strip("《》“”\"' ")
        if fits(name):
            return name
        if cut is None:
            return None


def _called(sentence: str) -> list[tuple[int, Referent]]:
    """一个叫中国消防博物馆的地方, 一部叫《X》的电影: a name introduced by 叫 and its class."""
    out = []
    for match in _CALLED.finditer(sentence):
        name = match["name"].strip("《》“”\"' ")
        if name_like(name) or _PLACE_HEAD.search(name):
            noun, kind = CLASSES[match["noun"]]
            out.append((match.start("name"), Referent(name=name, kind=kind, noun=noun)))
    return out


_NOT_KNOWN_THING = re.compile(
    r"^[一二两三四五六七八九十几多好]+[次遍回趟些点此]|^(?:清楚|明白|不少|很多|挺多|一下|过)$"
)
"""What follows 看过, 知道 at a clause's end when it says how often or how much (两次, 一些)."""


def _ended(verb: str, name: str) -> bool:
    """Can a name closed by its clause's end follow `verb`? Only an experiential verb's object (看过
    X，: a work or a place seen), never how often (看过两次); 喜欢详细解释 is a liking, no name."""
    return verb in _EXPERIENCED and _NOT_KNOWN_THING.search(name) is None


_GIVEN_NAME = re.compile(r"[\u4e00-\u9fff]{2,4}(?<![你我他她它这那吗呢吧啊呀么谁哪的了])")


def _asked_about(sentence: str) -> list[tuple[int, Referent]]:
    """你知道X吗: a name asked about. After an experiential verb (看过, 去过) or before 这个人
    both ends are marked, so the name may hold what a bare name never does (久石让这个人), and a
    modifier saying whose it is goes (看过他演的超能陆战队)."""
    out = []
    for match in _ASKED_ABOUT.finditer(sentence):
        said = match["name"].strip("《》“”\"' ")
        verb = sentence[match.start() : match.start("name")]
        marked = verb in _EXPERIENCED or match["person"] is not None
        name = said if name_like(said) else (_unled(said, marked_like) if marked else None)
        if name is None and match["person"] and _GIVEN_NAME.fullmatch(said):
            name = said  # 久石让这个人: a person's name, whatever characters it holds
        if name is None or (match["end"] is not None and not _ended(verb, name)):
            continue  # 喜欢详细解释，看过两次，: at a clause's end only a work or place seen
        kind, noun = _VERB_KIND.get(verb, (kind_of(name), ""))
        kind = "person" if match["person"] else kind
        out.append(
            (
                match.start("name") + max(said.find(name), 0),
                Referent(name=name, kind=kind, noun=noun),
            )
        )
    return out


def _fronted(sentence: str) -> list[tuple[int, Referent]]:
    match = _FRONTED.match(sentence.strip())
    if match is None:
        return []
    name = match["name"].strip("《》“”\"' ")
    if not name_like(name) or _ATTRIBUTES.search(name):
        return []  # 此片主演卡西·阿弗莱克你了解吗: a role and its name, no one name
    kind = kind_of(name)
    noun = "place" if kind == "place" else ""
    return [(sentence.find(name), Referent(name=name, kind=kind, noun=noun))]


def _framed(sentence: str) -> list[tuple[int, Referent]]:
    """Names in frames that mark both ends: asked about (你对朝阳剧场杂技有了解吗), gone to
    (我想去法源寺转转: a place), asked where (宋庄艺术区在什么地方, 查一下X的地址: a place by its
    head noun), said to be there (周边有一个房山白草畔自然风景区: a place's or an organisation's
    name by its head noun)."""
    out = []
    for pattern in (_REGARDING, _GOING, _WHERE, _THERE_IS, _WORK_BEFORE, _HERE):
        for match in pattern.finditer(sentence):
            referent = _framed_referent(match)
            if referent is not None:
                out.append((match.start("name"), referent))
    return out


_AFTER_NAME = frozenset(
    "的是在和与也还都很真可就又曾已拍看唱演说执导主获凭出写作给让被把对从呀啊吧呢了着过"
)
"""Characters that follow a name, not end it (王晶拍了, 陆川的)."""


_MADE_BY = re.compile(r"(?:演唱|主唱|主演|执导|导演|作曲|作词|填词|制作|唱|演|写|拍)的")
"""A person said as who made a work (喜欢徐佳莹唱的歌, 我觉得彭坦唱的也很不错): the name before
the verb and its 的, three characters or else two, by its surname."""


def _made_by(sentence: str) -> list[tuple[int, Referent]]:
    out = []
    for match in _MADE_BY.finditer(sentence):
        at = match.start()
        for name, start in ((sentence[at - 3 : at], at - 3), (sentence[at - 2 : at], at - 2)):
            if start >= 0 and person_like(name):
                out.append((start, Referent(name=name, kind="person")))
                break
    return out


def _roles(sentence: str) -> list[tuple[int, Referent]]:
    """A person named right after their role (主演张国荣): a Chinese name by its surname, two
    or three characters (the longer when both are names), or a transliterated one."""
    out = []
    for match in _ROLE_BEFORE.finditer(sentence):
        name = match["name"]
        if "·" in name:
            name = name_start(_LISTED.findall(name)[0])  # 主演有费雯·丽和罗伯特·泰勒: the first
        elif name[2:3] in _AFTER_NAME:
            name = name[:2]  # 导演王晶拍了: a two-character name, then its verb
        if person_like(name):
            gender = _ROLE_GENDER.get(match["role"], "")
            out.append((match.start("name"), Referent(name=name, kind="person", gender=gender)))
    return out


_ROLE_GENDER: dict[str, Gender] = {"妻子": "f", "老婆": "f", "影后": "f", "丈夫": "m", "老公": "m"}
"""The roles that say a gender (第二任妻子罗宾·怀特: a woman, whom 他 never finds)."""


def _framed_referent(match: re.Match[str]) -> Referent | None:
    name = match["name"].strip("《》“”\"' ")
    name = (unmodified(name) or "") if "的" in name else name  # 去它边上的颐和园玩: 颐和园
    if not marked_like(name):
        return None
    if match.re is _HERE and not (name_like(name) and _NOT_HERE.search(name) is None):
        return None  # 如果到这里, 29军将士在这里, 每年7月7日这里: no name
    kind, noun = kind_of(name), ""
    if match.re is _REGARDING and match["noun"]:
        noun, kind = CLASSES[match["noun"]]
    elif match.re in (_GOING, _HERE) and kind == "thing" and not match.groupdict().get("inside"):
        kind = "place"  # 去蜜蜂书店游玩, 华夏之光这里: where one goes, or is, is a place
    elif match.re is _WORK_BEFORE:
        kind = "work"
    if kind == "thing" and (match.re is not _REGARDING or len(name) < 3):
        return None  # 对星座很了解, 对哥哥很了解: a common noun, no name of any known kind
    if match.re is _THERE_IS and (kind == "person" or _NOT_A_TOPIC.search(_headless(name))):
        return None
    return Referent(name=name, kind=kind, noun=noun or ("place" if kind == "place" else ""))


OPENING = re.compile(
    r"^(?:(?:嗯+|恩+|哦+|噢|啊+|哈+|是的|是啊|对啊|对(?!于)|没错|当然|确实|其实|而且|不过|但是|另外|"
    r"然后|那么|那|最主要|主要|尤其是|尤其|说到|提到|对于|至于|比如|像|\d{4}年)[，,、\s]*)*"
)
_TOPIC = re.compile(
    r"(?P<name>[^，。！？；、,.!?;\s]{2,16}?)"
    r"(?=(?:很|非常|特别|挺|相当|可|真|太|十分|超级)"
    r"|(?:就|也|还|可|真|才|都|确实|已经|曾经|目前)?(?:是|在|位于|坐落|这里|这个|那里|太|\d{4}年|"
    r"出生|获得|获过|主演|演唱|执导|导演|毕业|成立|创办|创建|于|有|唱(?!片)|演(?!员)|导|写|作曲|作词|担任|凭)"
    r"|(?:这部|这首|这张|这个|这家|这位|这座)?[。！!]?$)"
)
_COMPLEMENT = re.compile(
    r"(?:^|[^我你他她它])(?:就是|还是|也是|是|叫|叫做|名叫)"
    r"(?P<name>[^，。！？；、,.!?;\s]{2,16}?)(?:出品|发行|制作|出版|出)?(?:本人|了|吧|呀|啊|呢|哦|嘛|的)*"
    r"[。！!？?]?$"
)
_ATTRIBUTES = default_relations().words("zh", "zh_ask", "zh_by", "zh_of", "zh_after")
"""The relations' words (导演, 门票, 出生于...): a name never holds one, and the complement
of one (地址是北京市门头沟区涧沟村) is its value, which the relation reader reads."""
_NOT_A_TOPIC = re.compile(
    r"^\d+[年月日号天岁个首部张]|[\d.:：\-]{3}|小时|分钟|元|免费|开放|闭馆|景点|演员|歌手|影片|专辑|歌曲|乐队|里面|附近|周边|"
    r"近|内|外|上|下|中|通常|原来|作为|至今|身份|父亲|母亲|妻子|丈夫|儿子|女儿|咋样|挺|好|"
    r"^(?:一|个|该|又|未|南邻|北邻|航拍|但|并且|当然|肯定|音乐$)|又称|又叫|也叫|简称|别称|属于|关于|"
    r"学校|成本"
)
"""What a name said as a topic never holds: numbers and times, measure words, relational and
place words (里面, 附近), a quantifier or an alias word at its start (一座…, 个森林公园, 又称…)."""


_NAMED_PLACE = re.compile(
    rf"(?:附近|边上|旁边|周边|周围|隔壁)的(?P<name>[\u4e00-\u9fff]{{1,10}}?{_PLACE_HEADS})"
    r"(?=也|就|很|看|转|接着|怎么|还|都|吧|呀|啊|呢|不|非常|挺|真|可|[^\u4e00-\u9fff]|$)"
)
_ADDRESS = re.compile(r"[市县省路号镇]|区(?!$)")


def _named_places(clause: str) -> list[tuple[int, Referent]]:
    """A place named after 的 (这个景点附近的黑龙潭风景区也很不错, 它边上的平西抗日纪念馆看一下):
    the talk may move to it."""
    out = []
    for match in _NAMED_PLACE.finditer(clause):
        name = match["name"]
        if topic_like(name) and not _ADDRESS.search(name):
            out.append((match.start("name"), Referent(name=name, kind="place", noun="place")))
    return out


def _topical(clause: str) -> list[tuple[int, Referent]]:
    """A name in a clause's topic position (蟒山国家森林公园是北京面积最大的森林公园, 周星驰还是…)
    or said as its whole complement (是滚石唱片, 准确的说是田馥甄): the clause is about it, or
    brings it up. Only a name of a known kind (a person's, a place's by its head noun): an
    untyped phrase there is as often a description (河水碧绿, 含讲解). The complement of a
    relation's word is its value (地址是北京市门头沟区涧沟村), unless a person (导演是吴宇森吧)."""
    out = []
    lead = OPENING.match(clause)
    start = lead.end() if lead else 0
    for match in (_TOPIC.match(clause, start), _COMPLEMENT.search(clause, start)):
        if match is None:
            continue
        at = match.start("name")
        name = match["name"].strip("《》“”\"' ")
        kind = kind_of(name)
        if kind == "thing" or not topic_like(name):
            continue
        if match.re is _COMPLEMENT and kind != "person" and _ATTRIBUTES.search(clause[:at]):
            continue
        out.append((at, Referent(name=name, kind=kind, noun="place" if kind == "place" else "")))
    return out


def topic_like(name: str) -> bool:
    """Can `name`, said where a clause's topic goes, be a name? `name_like`, without the
    relations' words, measure words and place words a description holds."""
    bare = ORG_HEAD.sub("", name)  # 华星唱片公司: the head noun is no relation's word here
    return name_like(name) and not (
        _NOT_A_TOPIC.search(_headless(name)) or _ATTRIBUTES.search(bare)
    )


def _headless(name: str) -> str:
    """A name without its place's head noun: a head may hold what a description's words do
    (中心 its 中: 北汽新能源体验中心, 国家奥林匹克体育中心 are names, 园区中 is none)."""
    head = _PLACE_HEAD.search(name)
    return name[: head.start()] if head is not None and len(head[0]) > 1 else name  # not 闭馆


def _names(sentence: str) -> list[tuple[int, Referent]]:
    """Transliterated names, one per name of a list (费雯·丽和罗伯特·泰勒: two people)."""
    out = []
    for run in _TRANSLITERATED.finditer(sentence):
        for piece in _LISTED.finditer(run.group(0)):
            if "·" not in piece.group(0) and "•" not in piece.group(0):
                continue
            name = name_start(piece.group(0))
            start = run.start() + piece.start() + max(piece.group(0).find(name), 0)
            after = sentence[start + len(name) : start + len(name) + 4]
            gender: Gender = "f" if any(after.startswith(n) for n in FEMALE_NOUNS) else ""
            out.append((start, Referent(name=name, kind="person", gender=gender)))
    return out


_LISTED = re.compile(r"[^和与及跟]+")
"""A run of transliterated names split where a list joins them."""


def name_start(run: str) -> str:
    """A transliterated name without the words glued before it (导演是尼克·卡索维茨 ->
    尼克·卡索维茨): cut after the last function word or verb of its first part."""
    first, dot, rest = run.partition(next(ch for ch in run if ch in "·•・"))
    cut = max((m.end() for m in _BEFORE_NAME.finditer(first)), default=0)
    head, tail = rest.rsplit(dot, 1) if dot in rest else ("", rest)
    end = next((m.start() for m in _BEFORE_NAME.finditer(tail) if m.start() > 0), len(tail))
    last = (head + dot if head else "") + tail[:end]
    return (first[cut:] if cut < len(first) else first) + dot + last


_BEFORE_NAME = re.compile(
    r"[男女](?:演员|歌手|明星|导演|主角|主演|星|神|士|孩)|知道|记得|还有|就是|主演|导演|执导|演员|作曲|作词|编剧|歌手|喜欢|认识|听说|以及|"
    r"自编自导|自导自演|制片|监制|出品|拍摄|共同|联袂|合作|其中|包括|比如|例如|尤其|年|像|"
    r"关于|妻子|丈夫|前妻|前夫|老公|老婆|儿子|女儿|父亲|母亲|"
    r"[是的在有和与及跟由被我你他她它这那了着过吗呢啊呀吧啦哦嘛说叫演唱和、对位任获凭饰]"
)
"""Words glued to a transliterated name (知道, 导演是, 对, 一位, 第二任妻子; 吧 after it)."""


_SAID_TO_BE = re.compile(
    r"^(?:那|它|这|其)(?:个|些)?(?:可|就|也|还|本来)?(?:是|算是)"
    r"(?:一个|一支|一部|一首|一张|一家|个|支|部|首|张|家)?"
    rf"[^，。！？；,.!?;]{{0,20}}?(?P<noun>{_NOUNS})(?:啊|呀|呢|哦|吧|了|啦)*[。！!]?$"
)
"""A clause saying what the referent under discussion is (那可是中国台湾著名的摇滚乐团, 它是一部
爱情电影): its class noun."""


def said_to_be(clause: str, state: Discourse) -> Referent | None:
    """The referent under discussion with the class a clause says it is, when no class noun
    said it before (《五月天》, a title, is then a band, not a work: 那可是…乐团); None when the
    clause says no class or the referent has one."""
    said = clause.strip()
    match = _SAID_TO_BE.match(said) or _SAID_TO_BE.match(OPENING.sub("", said, count=1))
    referent = state.referents[0] if match is not None and state.referents else None
    if match is None or referent is None or referent.noun or referent.kind == "person":
        return None
    noun, kind = CLASSES[match["noun"]]
    if not noun or noun == "company" or (kind == referent.kind and noun == referent.noun):
        return None  # 这是台北的一家公司: as often the label just named as the work's
    return referent.but(kind=kind, noun=noun)


_NUMERAL = r"(?:\d+|[一二三四五六七八九十百千万两几]+)"
_NO_ENTITY = re.compile(
    # a quantity or a time: 五十多岁, 60余部, 三位, 1964年底生人, 影片拍摄于2008年, 10年前
    rf"{_NUMERAL}(?:余|多|来)?(?:年|岁|位|个|人|名|部|首|张|次|天|月|日|号|周|小时|分钟|元|集|季)"
    r"(?:前|后|底|以前|之前|以后|之后|以来|左右|生人|了)?$"
    # a degree or an adjective predicate: 很有才华, 票房超高, 景点挺多, 效果超级棒
    r"|很|挺|非常|十分|特别|相当|比较|超级|超高|有点"
    # a clause fragment: a bound word at its start (们来聊聊, from 我们来聊聊), an agent's or a
    # place's preposition inside (影片由该公司出品, 收录于2002年), a verb of making at its end
    r"|^[们的着了过所而之与和及或等]|(?<=.)(?:由|被|于)(?=.)|而成|所组成|担当$|出品$"
)
"""What a relation's value that is no name holds (`value_name`)."""


_MODIFIED = re.compile(r"^(?P<modifier>.*)的(?P<name>[^的]{2,})$")
_WHOSE = re.compile(r"[他她它我你][^的]{0,6}$")


def unmodified(text: str) -> str | None:
    """`text` without a modifier ending in 的 before a name, when the modifier says whose it
    is or where (他执导的魂断蓝桥, 它边上的颐和园, 我最想去的X: a pronoun and a few words) or the
    name has a known kind by its form (众所周知的滚石唱片, 最著名的八达岭长城); else whole (穿普拉达
    的女王, 千与千寻的神隐: a title holding 的). None: a description headed by a class noun
    (告白等比较经典的作品, 我喜欢的电影): no name."""
    match = _MODIFIED.match(text)
    if match is None:
        return text
    name = match["name"]
    if name in CLASSES:
        return None
    return name if _WHOSE.search(match["modifier"]) or kind_of(name) != "thing" else text


_MADE_BY_WHOM = re.compile(
    r"^.*[他她它][^的]{0,3}(?:执导|导演|主演|演唱|唱|演|写|拍|作曲|作词)的(?P<name>[^的]{2,})$"
)
"""A work's value said with its maker (他执导的魂断蓝桥, 她唱的X): the name after the maker's 的."""


def value_name(value: str, kind: Kind) -> str | None:
    """The name a relation's value brings under discussion (导演是X: X, a person), or None
    when the value has no name's shape: it stays a fact's value, and no referent takes the
    next turn's subject (before, 多重身份, 们来聊聊 and 五十多岁 did). A name: a person's name
    by its form (周国仪, 瑞恩·高斯林); after a relation's word, the name it leads to (编曲周国仪,
    此专辑歌手孙燕姿: 周国仪, 孙燕姿); else a phrase a name can be (`name_like`, or a place's
    name by its head noun: 北汽新能源体验中心) that holds no relation's word (多重身份, 英语两种
    语言: descriptions), no quantity or time (五十多岁, 60余部, 1964年底生人), no degree word
    (很有才华, 票房超高) and no clause's words (们来聊聊, 影片由该公司出品, 收录于2002年)."""
    made = _MADE_BY_WHOM.match(value) if "的" in value else None
    value = made["name"] if made is not None else value  # 他执导的魂断蓝桥: 魂断蓝桥
    if person_like(value):
        return value
    for role in _ATTRIBUTES.finditer(value):  # 编曲周国仪: the name after a role's word
        if person_like(value[role.end() :]):
            return value[role.end() :]
    named = (
        name_like(value)
        or (kind == "person" and value.endswith("也") and name_like(value[:-1]))  # 中岛哲也
        or (kind_of(value) == "place" and marked_like(value))  # a head noun ends it: 新能源体验中心
    )
    if not named or _ATTRIBUTES.search(value) or _NO_ENTITY.search(value):
        return None
    return value


_KNOWN_BACK = re.compile(
    r"^(?:那|那么|怎么样)?[，,]?(?:你|您)?(?:也|还|都|以前)?(?:有)?(?:对(?P<before>(?:这|那)[^，。！？吗么]{0,4}))?"
    r"(?:有所|有些|有点)?(?P<verb>知道|听说过|听说|听过|看过|了解过|了解|熟悉|认识|去过|玩过|读过)"
    r"(?P<after>(?:这|那)[^，。！？吗么]{0,4})?"
    r"(?:吗|么|嘛|吧|没|没有|不|呢)[？?！!。]?$"
)
"""A question whether the hearer knows what was just said, its object empty or a demonstrative
(你听说过吗, 你了解这个地方吗, 你知道这家公司吗, 怎么样，知道吧, 看过没, 你对这个组合了解吗)."""


def referred_back(question: str, said: str) -> list[Referent]:
    """The name a question of knowing refers back to (是相信音乐，你听说过吗: 相信音乐; 还有一个
    我最想去的云蒙山森林公园，你了解这个地方吗: the park): its empty or demonstrative object
    is the complement of the clause said before it in the turn, which comes under discussion
    though no frame named it. The complement: the clause without the words that lead to it
    (是, 有, 还有一个, 我知道), and without a modifier ending in 的 when what follows is a name of
    a known kind by its form (众所周知的滚石唱片, 我最想去的云蒙山森林公园; 穿普拉达的女王 is
    kept whole). The demonstrative's class noun, if any, gives its class (这个组合: a band)."""
    match = _KNOWN_BACK.match(question.strip())
    if match is None or not said:
        return []
    tail = OPENING.sub("", said.strip(" 。！!，,"), count=1)
    name = _unled(tail, marked_like)
    if name is not None and "的" in name:
        name = unmodified(name)
    elif name is None and "的" in tail:  # 众所周知的滚石唱片: only a name of a known kind
        cut = unmodified(tail)
        name = cut if cut != tail else None
    if name is None or _NO_NAME.fullmatch(name) or _ATTRIBUTES.fullmatch(name):
        return []
    pointed = match["before"] or match["after"] or ""
    noun = next((n for n in _CLASS_NOUNS_ZH if n[0] in pointed), None)
    if noun is not None:
        return [Referent(name=name, kind=CLASSES[noun[0]][1], noun=noun[1])]
    kind = kind_of(name)
    if kind == "thing" and match["verb"] in _VERB_KIND:  # 看过没: a work seen
        kind, said_noun = _VERB_KIND[match["verb"]]
        return [Referent(name=name, kind=kind, noun=said_noun)]
    return [Referent(name=name, kind=kind, noun="place" if kind == "place" else "")]
