"""The value a Chinese relation keeps: its boundary, by what the relation's values are (issue 37).

A frame (`chinese/relations.py`) finds where a value starts; what it keeps is decided here, by
class of value, never by example:

* a **title** (《开始懂了》) is kept whole: nothing inside the marks is a particle, nothing
  after them part of the name (《美妙生活》这张专辑里);
* a **quantity** (a price, a length, a count) drops the adverbs and verbs that only lead to it:
  才10元, 门票要60元, 只要30元, 达到了138分钟, 共45分46秒 keep 10元, 60元, 30元, 138分钟,
  45分46秒 (约 only before a number: 约翰 is a name);
* an **award** keeps its name whole, its closing 奖 included (第67届金球奖最佳影片奖: how the
  award is named in two thirds of KdConv's knowledge base, measured on the tune half), without
  the verb before it (获得过, 荣获过) or what follows it (等奖项, 两项大奖, 的人);
* a **genre** is a closed class of words (爱情, 剧情, 喜剧, 摇滚...): the value is the genre
  words it says, one record each (喜剧剧情片: 喜剧 and 剧情; 一部很精彩的动作片: 动作; 摇滚风:
  摇滚); a value with no genre word is kept as it was said;
* a **person named as agent** drops the words that follow a name in a list (联袂, 两人合力完成,
  本人, 进行): 马修·麦康纳联袂主演 is 马修·麦康纳;
* a **place** said where to go next drops the visit (它边上的水立方看看: 水立方);
* a **language** drops 对白 (英语对白: 英语).

`kept` gives a frame's values: a list (A、B和C) split where `SPLIT` says (never inside a
title), each part without the words that lead to it (比如, 我知道的有) or trail it (`clean`:
等, 的, 这些...), cut by its class as above and of the relation's shape. Beside it: the part
of a bare answer that is its value (`answer_part`), a date relation's date (`dated`), the
occupations and the country a class sentence names (`occupations`, `country`), and whether a
clause goes on with the values of a list or a number told in parts (`more_of_list`,
`more_numbers`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from extractors.aliases import AliasTable
from extractors.chinese.mentions import name_like, person_like
from extractors.discourse.relations import Relation
from extractors.temporal.gates import gate


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_TITLE = re.compile(r"^\s*《([^《》]+)》")
_QUANTITY_LEAD = re.compile(
    r"^(?:竟然|居然|足足|才|只要|只需要?|仅需|仅仅|仅|需要|要|就|共计|一共|总共|共|高达|达到了|"
    r"达到|达|约|大约|大概|差不多)+(?=[\d一二两三四五六七八九十半]|[$￥])"
)
_AWARD_TAIL = re.compile(r"(?:等奖项|等大奖|等|两项大奖|[一二两三四五六七八九十]项大奖)$")
_AWARD_LEAD = re.compile(r"^(?:过|获得过|获得|荣获|获过|获)+")
_AGENT_TAIL = re.compile(
    r"(?:联袂|联合|共同|一起|合力完成|二人|两人|两个人|三人|几人|进行|自已|自己|本人|亲自)+"
    r"[^、，,]*$"
)
_VISIT_TAIL = re.compile(
    r"(?:先|再|接着|也|去)?(?:看看|看一下|转转|转一转|逛逛|走走|玩玩|游玩|溜达|参观|看)[^、，,]*$"
)
_PLACE_LEAD = re.compile(
    r"^(?:周边|附近|旁边|边上|周围)?(?:的|有|还有)?(?:一个|一座|一家|一处|个|座|家|处)?"
)
_PLACE_TAIL = re.compile(
    r"(?:这个景点|这个地方|这里|等多家景点|等景点|等地|就|了呗|了|还不错|也不错|很不错|不错|"
    r"也挺好玩|挺好玩|值得一看)+$"
)
_FIRST_NUMBER = re.compile(
    r"[\d０-９]|[一二两三四五六七八九十半几][^年月日号]?(?:个|小时|天|分钟|首)"
)
_LANGUAGE_TAIL = re.compile(r"(?:对白|版本|版|配音)+$")
_AWARD_BODY = re.compile(r"奖|大赏|提名|金曲|名人堂|电影节|音乐节|盛典|榜|Awards?|Grammy", re.I)
_AWARD_END = re.compile(r"(?:奖|大奖|提名|大赏)(?:（提名）|\(提名\))?$")
_RANKED = re.compile(r"最佳|最受欢迎|最具|最高|最有|年度|十大|首位|首个|第一位|第一个|唯一")
_WINNING = re.compile(r"获|得过|拿过|拿到|拿下|赢得|斩获|让")
_SAID_OF = re.compile(r"[他她它其]|这[张部首个]|那[张部首个]")
_HONOURED = re.compile(
    r"(?:歌手|演员|导演|人物|艺人|乐队|组合|明星|音乐人|女主角|男主角|新人|偶像|华人|歌曲|专辑|"
    r"影片|电影|作品|单曲)$"
)
_FIRST_OF_KIND = re.compile(r"^(?:首位|首个|首名|第一位|第一个|唯一(?:一位|一个|一名)?)")

SPLIT = re.compile(r"(?:[、，,/；;]|和(?![平谐声])|与|以及|及|跟|还有|或者|或)(?![^《]*》)")
"""Where a list splits: never inside a title (《A和B》 is one), nor at a 和 that opens a word
(世界和平音乐奖, 和谐, 和声)."""
_TRIM_LEFT = re.compile(r"^(?:是|为|在|由|有(?!机)|了|于|大概|差不多|一共|只有|包括|像|如)+")
_HEDGE = re.compile(
    r"^(?:准确|确切|严格)(?:的|地)?(?:说|来说|讲)|^那?(?:肯定|应该|好像|可能)(?:就)?是"
)
_TRIM_RIGHT = re.compile(r"(?:等等|等人|等|的|了|吧|呢|啊|呀|啦|哦|吗|左右|之类|这些|那些)+$")
_QUOTES = str.maketrans("", "", "《》【】“”\"'「」")
_OCCUPATIONS = _words(
    "配音演员 演员 歌手 导演 编剧 制片人 制作人 音乐人 作家 主持人 模特 画家 "
    "作曲家 作词人 词作者 主唱 乐手 明星 艺人 创作人 舞蹈家 诗人 监制 制片 "
    "作曲人 歌唱家 指挥家 钢琴家 吉他手 鼓手 贝斯手 演奏家 小说家 漫画家 动画师 "
    "摄影师 设计师 企业家 运动员 教练"
)
OCCUPATION = re.compile(
    "(?:电影|影视|电视剧|音乐|民谣|话剧|舞台剧)?(?:" + "|".join(_OCCUPATIONS) + ")"
)
_OCCUPATION_GATE = gate(OCCUPATION)
NUMERIC = frozenset(
    _words("price opening_hours phone visit_duration height duration box_office budget track_count")
)
OCCUPATION_END = re.compile(rf"(?:{'|'.join(_OCCUPATIONS)})(?:了|吧|啊|呀|呢|的)*$")
_TRAILING_CLAUSE = re.compile(
    r"(?:这些|那些|这几个|这两个|都在|都是|就在|也在|是它|在它|都很|都挺|也是|也很|也挺|就很|"
    r"算是|是一个|是一家|是一座|是个).*$"
)
_LEAD_IN = re.compile(
    r"^(?:这个|那个|嗯|对)?(?:我|你)?(?:只|也|还|都)?(?:知道|记得|觉得|听说|了解)?(?:的)?"
    r"(?:应该|好像|大概|可能|主要)?(?:有|是|就是|还有|比如|像|包括)?"
)
EXAMPLE = re.compile(r"^(?:比如|例如|像|有|还有|就是|包括|比如说|我知道的有|知道的有)+")
_CLAUSE_WORDS = re.compile(r"[你我吗呢吧么都很也]|知道|觉得|喜欢")
KNOWING = re.compile(r"我?(?:只|也|还|都)?(?:知道|记得|了解|听说过?|觉得)(?:的)?")
_DATE = (
    r"(?:公元前?)?\d{1,4}\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号])?)?"
    r"|\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
)
DATE_HEAD = re.compile(rf"^(?:{_DATE})")
DATE_TAIL = re.compile(rf"(?:{_DATE})$")
RUNS = frozenset({"phone", "opening_hours", "price"})
ZODIAC = re.compile(
    r"(?:白羊|金牛|双子|巨蟹|狮子|处女|天秤|天平|天蝎|射手|人马|摩羯|山羊|水瓶|宝瓶|双鱼)座"
)
"""The twelve star signs (a closed class): a person's `zodiac`."""
_MEASURES = frozenset(
    {"visit_duration", "track_count", "duration", "box_office", "budget", "height"}
)
_CLOSED = re.compile(r"闭馆|闭园|休息|停止")
_PRICE_TERMS = re.compile(r"半价|免票|优惠|[一二三四五六七八九]折|含|另付费|另收费")
"""What a price's terms say besides numbers (学生票半价, 含讲解, 团体优惠, 八折)."""
_GIVES_NUMBER = re.compile(r"\d|免费|全天|[一二三四五六七八九十半两]+(?:个)?(?:小时|天|元)")

FILM_GENRES = _words(
    "爱情 剧情 喜剧 悲剧 惊悚 悬疑 冒险 动画 科幻 奇幻 魔幻 犯罪 西部 灾难 家庭 战争 动作 "
    "恐怖 历史 传记 歌舞 武侠 纪录 运动 青春 文艺 伦理 古装 警匪 枪战 黑帮 励志 校园 都市 "
    "体育 儿童 侦探 推理 同性 史诗 短片 动漫 神话 谍战 革命 公路 黑色 惊险 搞笑 温情"
)
MUSIC_GENRES = _words(
    "轻音乐 原声音乐 流行 摇滚 民谣 朋克 抒情 说唱 嘻哈 爵士 蓝调 电子 乡村 古典 金属 "
    "布鲁斯 灵魂 另类 独立 伤感 治愈 舞曲 童谣 儿歌 R&B Hip-Hop Pop Rock"
)
_GENRE_WORDS = sorted(FILM_GENRES + MUSIC_GENRES, key=len, reverse=True)
_GENRE_RUN = re.compile("(?:" + "|".join(re.escape(g) for g in _GENRE_WORDS) + ")+", re.IGNORECASE)
_GENRE_WORD = re.compile("|".join(re.escape(g) for g in _GENRE_WORDS), re.IGNORECASE)


def title(part: str) -> str | None:
    """The text of a part that starts with a title (《开始懂了》; 《美妙生活》这张专辑里: what
    follows the title is none of its name), or None."""
    found = _TITLE.match(part)
    return found.group(1).strip() if found else None


def quantity(value: str) -> str:
    """才10元 -> 10元: a quantity without what only leads to it."""
    return _QUANTITY_LEAD.sub("", value)


def measure(value: str) -> str:
    """A length, a count or a sum said after its verb starts at its number (大概可以玩2小时,
    游玩这里只需要1小时 - 2小时, 收了12首歌) and ends with its unit (3小时的游玩时间); a count
    of tracks is the number (12首: 12)."""
    first = _FIRST_NUMBER.search(value)
    if first is not None and not any(ch.isdigit() for ch in value[: first.start()]):
        value = value[first.start() :]
    value = re.sub(r"的[^\d]*$", "", value)
    return re.sub(r"^(\d+)\s*首.*$", r"\1", value)  # 11首挺好的歌曲: 11


def award(value: str) -> str:
    """过中国十年最具影响力音乐人物 -> 中国十年最具影响力音乐人物; 金球奖最佳导演奖的人 ->
    金球奖最佳导演奖; a distinction is kept whole (首位获得台湾十大杰出青年的歌手)."""
    value = _AWARD_LEAD.sub("", _AWARD_TAIL.sub("", value))
    if _AWARD_CLASS.fullmatch(value):
        return ""  # 这张专辑还得过奖呢, 获得过很多大奖: the class of the value, no award
    if _FIRST_OF_KIND.match(value):
        return value
    value = _HOLDER.sub("", _PASSIVE.sub("", value)) or value  # 被…提名, …最佳男主角奖得主
    return re.sub(r"(奖)的[^奖]*$", r"\1", value)


_AWARD_CLASS = re.compile(
    r"(?:过|了)?(?:很多|好多|许多|不少|多个|多项|几个|几项|一些|各种|各大|个|项)?(?:大)?奖(?:项)?"
)
"""An award named by its class alone (奖, 很多大奖, 多项大奖): no award's name."""
_PASSIVE = re.compile(r"^(?:[他她它]们?)?(?:曾|也|还|更)?(?:被选为|被评为|被授予|被)")
_HOLDER = re.compile(r"(?:的)?(?:得主|获得者|获奖者)$|(?<=[^\W\d])的人$")
"""Who holds an award, said after it (…最佳男主角奖得主, …最佳女歌手的人), and the passive that
leads to it (被第23届台湾金曲奖最佳国语女歌手提名, 她被选为…): the award is what is between."""


def awards(text: str) -> str | None:
    """`text` when it is only a list of awards or distinctions (第25届台湾金曲奖最佳国语专辑;
    海洋音乐季最佳人气奖、金曲奖; 首位登上时代周刊封面的华人歌手), else None. An award is
    named by what gives it (奖, 大赏, 电影节, 盛典, 榜, 金曲...) with a category (最佳…,
    最受欢迎…) or its closing 奖 (提名); a distinction is a superlative or a first (首位,
    唯一, 最具, 十大...) of someone (…歌手, …人物). A part holding a verb of winning (获得,
    拿过) or a pronoun is no name: the verb's own frame reads it."""
    parts = [p.strip() for p in SPLIT.split(_AWARD_TAIL.sub("", text.strip(" 。…")))]
    return text if parts and all(_award_like(p) for p in parts) else None


def _award_like(part: str) -> bool:
    if not 2 <= len(part) <= 50 or _CLAUSE_WORDS.search(part) or _SAID_OF.search(part):
        return False
    if _WINNING.search(part) and not _FIRST_OF_KIND.match(part):
        return False  # 他更是获得了X奖, 这张专辑曾获过X: the verb's frame reads it
    named = _AWARD_BODY.search(part) is not None
    ranked = _RANKED.search(part) is not None
    return (named and (ranked or _AWARD_END.search(part) is not None)) or (
        ranked and _HONOURED.search(part) is not None
    )


def genres(value: str) -> list[str]:
    """The genres a genre value says: each run of genre words in it (奇幻惊悚的动画: 奇幻,
    惊悚, 动画; 战争题材的剧情类: 战争, 剧情), a film's compound (喜剧剧情) one record per word,
    a music run (朋克摇滚) whole; the value itself when it holds no genre word."""
    runs = [m.group(0) for m in _GENRE_RUN.finditer(value)]
    if not runs:
        return [value]
    out: list[str] = []
    for run in runs:
        words = _GENRE_WORD.findall(run)
        film = len(words) > 1 and all(w in FILM_GENRES for w in words)
        out.extend(words if film else [run])
    return list(dict.fromkeys(out))


GENRE_NOUN = re.compile(
    "(?P<genres>(?:(?:"
    + "|".join(re.escape(g) for g in _GENRE_WORDS)
    + r")[、，,和]?)+)(?:(?:音乐)?(?:题材|类型|风格)?的?"
    r"(?:动画片|大片|电影|影片|片子|片|剧|专辑|歌曲|音乐专辑)|(?=[，,。！!]|$))",
    re.IGNORECASE,
)
"""古装爱情喜剧片, 历史战争剧, 流行音乐专辑, 流行音乐风格的专辑: genre words before the noun of a
work."""
_GENRE_GATE = gate(GENRE_NOUN)
"""The first characters of the genre words (derived from GENRE_NOUN): most clauses hold none."""


def genre_noun(clause: str) -> re.Match[str] | None:
    """GENRE_NOUN's first match in `clause`, searched for only when the clause holds a
    character every match holds (its gate)."""
    if _GENRE_GATE is not None and _GENRE_GATE.search(clause) is None:
        return None
    return GENRE_NOUN.search(clause)


def agent(value: str) -> str:
    """马修·麦康纳联袂 -> 马修·麦康纳; 卡洛斯·沙尔丹哈两人合力完成 -> 卡洛斯·沙尔丹哈."""
    return _AGENT_TAIL.sub("", value) or value


def place(value: str) -> str:
    """水立方（国家游泳中心）看看 -> 水立方（国家游泳中心）: a place without the visit after it,
    the way it is introduced (周边有个, 附近的, 一个) or a word on it (这个景点, 就很不错)."""
    value = _VISIT_TAIL.sub("", value) or value
    value = _PLACE_LEAD.sub("", value) or value
    return _PLACE_TAIL.sub("", value) or value


def language(value: str) -> str:
    """英语对白 -> 英语."""
    return _LANGUAGE_TAIL.sub("", value) or value


def dated(value: str, relation: Relation, where: re.Pattern[str]) -> str:
    """A date relation's value is the date it holds (上映于2006年的电影: 2006年)."""
    found = where.search(value) if relation.value == "date" else None
    return found.group(0) if found is not None else value


def occupations(text: str) -> list[str]:
    """The occupations a class sentence names; one followed by 的 is a verb (在美国制片的,
    由詹姆斯·卡梅隆制片的), no occupation."""
    if _OCCUPATION_GATE is not None and _OCCUPATION_GATE.search(text) is None:
        return []  # no occupation's first character: most clauses
    return [m.group(0) for m in OCCUPATION.finditer(text) if not text.startswith("的", m.end())]


def more_of_list(clause: str, relation: Relation) -> bool:
    """一个列表的下一项 (天安门广场，天坛，前门大街等): a short name-like clause; a list of
    names or places goes on with a name (听说制片成本相当高了 is none)."""
    item = clean(EXAMPLE.sub("", clause.strip()))
    if relation.predicate == "genre" and _GENRE_WORD.search(item) is None:
        return False  # 这种喜剧动画，老少皆宜: a genre list goes on with genre words only
    if relation.value == "name" and _LATIN_NAME.fullmatch(item):
        return True  # Alexander Bengt Magnus: one name, though long
    if relation.value in ("name", "place") and not (name_like(item) or clause.strip()[:1] == "《"):
        return False
    return bool(item) and len(item) <= 20 and not _CLAUSE_WORDS.search(item) and "是" not in item


_LATIN_NAME = re.compile(r"[A-Z][\w'.&-]*(?: (?:[A-Z][\w'.&-]*|of|the|and|de|van|von))*")
"""A name in Latin letters, each word capitalised but its particles (Alexander Bengt Magnus,
Anders Hansson, Reprise Records): a part of a list said in a Chinese sentence."""


_VAGUE = re.compile(
    r"^(?:也|还|都|就)?(?:有|是)?(?:很多|好多|许多|不少|挺多|蛮多|好几[个首部处家]?|几[个首部处家]|"
    r"一些|一堆|多[个首部处家]|别的|其他|其它|另外的)?"
    r"(?:别的|其他|其它)?(?:(?:好玩|好看|好听|不错|有名|著名|经典|优秀|知名|出名|精彩)的?|游玩)?"
    r"(?:一个|一座|一处|一家|一部|一首|一位)?(?:(?:好玩|好看|好听|不错|有名|著名|优秀|知名)的?)?"
    r"(?:景点|地方|景区|作品|代表作|电影|影片|片子|歌曲?|演员|人)?(?:的)?(?:哦|呢|啊|呀|吧|啦)?$"
)
"""很多好玩的景点, 好几个, 别的景点, 景点: a count or the class of the values, no value: the
relation is named (它的周边也有景点), and the next turn may give the values."""


def named_by_count(relation: Relation) -> bool:
    """Is `relation` a list of entities (sights, works, actors), which a count (很多) or their
    class (景点) may stand for? An occupation's class word is its value (演员)."""
    return relation.list and relation.value_kind is not None


def vague(text: str) -> bool:
    """Is a value text only a count or a class of values (很多, 好多好玩的地方)?"""
    said = clean(KNOWING.sub("", text.strip()))
    return bool(said) and _VAGUE.fullmatch(said) is not None


def kept(text: str, relation: Relation) -> list[str]:
    """The values a frame's value text gives: one per part of a list (A、B和C) when the
    relation is a list, each cut to the class of values the relation keeps and of its shape."""
    if named_by_count(relation) and vague(text):
        return []
    parts = SPLIT.split(text) if relation.list else [text]
    out: list[str] = []
    for said in parts:
        part = _LEAD_IN.sub("", EXAMPLE.sub("", KNOWING.sub("", said.strip())))
        named = title(part)
        if named is not None and relation.value in ("name", "text"):
            out.append(named)  # a title is a name, whatever words it holds (《有你的快乐》)
        elif named is None:
            out.extend(v for v in _shaped(clean(part), relation) if v and relation.fits(v))
        elif relation.fits(named):
            out.append(named)
    return list(dict.fromkeys(out))


def _shaped(value: str, relation: Relation) -> list[str]:
    """The value by the class of values the relation keeps (below)."""
    if relation.value == "number" or relation.predicate in _MEASURES:
        return [measure(quantity(value))]
    if relation.predicate in NUMERIC:
        return [quantity(answer_part(value, relation))]
    own = _BY_PREDICATE.get(relation.predicate)
    if own is not None:
        return own(value)
    if relation.value_kind == "person":
        who = agent(_HEDGE.sub("", value))
        if _OWNED.search(who):  # 王菲的一张国语专辑 is no one; 大名鼎鼎的乔·怀特 is 乔·怀特
            named = who.rsplit("的", 1)[1]
            return [named] if person_like(named) else []
        return [who]
    if relation.value_kind == "place":
        return [place(value)]
    if relation.value == "name":
        return [_HEDGE.sub("", value)]
    return [value]


_OWNED = re.compile(r".的[^的]")
"""A possessive phrase (王菲的一张国语专辑, 李安的儿子): a description, never a person's name,
which holds no 的; the name a description leads to is (大名鼎鼎的乔·怀特)."""


def _region(value: str) -> list[str]:
    value = PLACES_TAIL.sub("", value) or value  # 西班牙等地, 美国等多地进行: 西班牙, 美国
    return [re.sub(r"(?<=.)地区$", "", value)]  # 台湾地区: 台湾


PLACES_TAIL = re.compile(
    r"(?<=.)(?:等(?:[一二两三四五六七八九十几多]+)?|[一二两三四五六七八九十几多]+)"
    r"(?:地|国|个国家)(?:进行|联合|共同)*$"
)
"""What closes a list of places (德国，法国，西班牙等地; 加拿大、南非四地; 美国等多地进行): no
part of its last place."""


def _origin(value: str) -> list[str]:
    return [re.sub(r"(?<=..)人$", "", value)]  # 陕西西安人: where one is from


_BY_PREDICATE: dict[str, Callable[[str], list[str]]] = {
    "awards": lambda v: [award(v)],
    "genre": genres,
    "birthplace": _origin,
    "language": lambda v: [language(v)],
    "produced_in": _region,
    "released_in": _region,
}
"""The relations whose values have a shape of their own."""


def clean(value: str) -> str:
    """A value without its quotes, a clause trailing it (这些都在…) and the words that lead to
    it or trail it (是, 由, 大概; 等, 的, 吧)."""
    value = _TRAILING_CLAUSE.sub("", value.translate(_QUOTES)).strip(" 。.，,…")
    value = _TRIM_LEFT.sub("", value)
    return _TRIM_RIGHT.sub("", value).strip(" 。.，,…")


def country(aliases: AliasTable, text: str) -> str:
    """The first country (a word the alias table knows, longest first, no 市/区/县/省) said in
    the first 12 characters of `text`, or ""."""
    text = text[:12]
    for size in range(6, 1, -1):
        for start in range(0, max(len(text) - size, 0) + 1):
            word = text[start : start + size]
            if is_country(aliases, word):
                return word
    return ""


def is_country(aliases: AliasTable, word: str) -> bool:
    """Is `word`, whole, a country (`country(aliases, word) == word`, without trying every part
    of it)?"""
    return aliases.canonical(word) != word and not word.endswith(("市", "区", "县", "省"))


def answer_part(text: str, relation: Relation) -> str:
    """The part of a bare answer that is its value: the first part; for a number, a price or
    hours, the run of parts that give one or say when it is closed ("不贵，20元" is 20元;
    "周一9:00-16:00，周二-周日9:00-17:00" both days; "10:00-17:00，然后每周二闭馆休整" both,
    without 然后)."""
    parts = text.split("，")
    if relation.predicate not in NUMERIC:
        told = [p for p in parts if not _KNOWN_PART.match(p)]  # 清楚呀，是北京市…
        part = told[0] if told and len(told) < len(parts) else parts[0]
        return "" if _UNKNOWN_PART.match(part) else part  # 不清楚，你查一下吧: no value
    parts = [_THEN.sub("", p) for p in parts]  # 10:00-17:00，然后每周二闭馆休整
    given = [more_numbers(p) for p in parts]
    if not any(given):
        return parts[0]
    first = given.index(True)
    priced = relation.predicate == "price"  # after its first number, a price's terms go on it
    going = [g or more_numbers(p, priced=priced) for g, p in zip(given, parts, strict=True)]
    last = next((n for n in range(first, len(parts)) if not going[n]), len(parts))
    return "，".join(parts[first:last])


_KNOWN_PART = re.compile(
    r"^[^\W\d不没]{0,4}?(?:我|我也|我都|我已经)?(?:很|都|也|早就)?"
    r"(?:清楚|知道|了解|记得|查了|查过|查到了|找到了|查好了)(?:的|呀|啊|呢|了|啦|吧)*$"
    r"|^(?:不是|不对|不)(?:的|呀|啊|呢|哦)*$"
)
"""A part of an answer that only says the speaker knows or found the value (清楚呀, 地址我也
知道, 我查了), or denies the question's guess before giving it (不是，是香港南丫岛): never the
value; one that does not know (不清楚) is no answer at all."""

_UNKNOWN_PART = re.compile(
    r"^(?:这个)?(?:我)?(?:也|还|真|都)?(?:不|没)(?:太|怎么|是很|大)?"
    r"(?:清楚|知道|了解|记得|查到|找到)(?:的|呀|啊|呢|了|啦|诶|哎)*$"
)

_THEN = re.compile(r"^(?:然后|另外|而且|并且|但是?|不过)")


def more_numbers(clause: str, *, priced: bool = False) -> bool:
    """Does a clause go on giving numbers (a phone number, hours, a price told in parts:
    010-61622358; 淡季9:00-16:00) or say when a place is closed? `priced`: a price's terms
    go on it too (学生票半价, 含讲解, 团体优惠, 1.2米以下儿童免票)."""
    return (
        _GIVES_NUMBER.search(clause) is not None
        or _CLOSED.search(clause) is not None
        or (priced and _PRICE_TERMS.search(clause) is not None)
    )
