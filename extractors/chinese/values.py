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
"""

from __future__ import annotations

import re

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


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


FILM_GENRES = _words(
    "爱情 剧情 喜剧 悲剧 惊悚 悬疑 冒险 动画 科幻 奇幻 魔幻 犯罪 西部 灾难 家庭 战争 动作 "
    "恐怖 历史 传记 歌舞 武侠 纪录 运动 青春 文艺 伦理 古装 警匪 枪战 黑帮 励志 校园 都市 "
    "体育 儿童 侦探 推理 同性 史诗 短片 动漫 神话 谍战 革命 公路 黑色 惊险 搞笑 温情"
)
MUSIC_GENRES = _words(
    "轻音乐 原声音乐 流行 摇滚 民谣 朋克 抒情 说唱 嘻哈 爵士 蓝调 电子 乡村 古典 金属 "
    "布鲁斯 灵魂 另类 独立 伤感 治愈 舞曲 R&B Hip-Hop Pop Rock"
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
    return re.sub(r"^(\d+)\s*首(?:歌|歌曲)?$", r"\1", value)


def award(value: str) -> str:
    """过中国十年最具影响力音乐人物 -> 中国十年最具影响力音乐人物; 金球奖最佳导演奖的人 ->
    金球奖最佳导演奖."""
    value = _AWARD_LEAD.sub("", _AWARD_TAIL.sub("", value))
    return re.sub(r"(奖)的[^奖]*$", r"\1", value)


def genres(value: str) -> list[str]:
    """The genres a genre value says: the last run of genre words in it, a film's compound
    (喜剧剧情) one record per word, a music run (朋克摇滚) whole; the value itself when it
    holds no genre word."""
    runs = list(_GENRE_RUN.finditer(value))
    if not runs:
        return [value]
    run = runs[-1].group(0)
    words = _GENRE_WORD.findall(run)
    if len(words) > 1 and all(w in FILM_GENRES for w in words):
        return words
    return [run]


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
