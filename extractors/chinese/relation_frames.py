"""Relation frames of a Chinese clause: where a relation and its value are said (issue 37).

The frames of a clause (a sentence cut at ，), each read from its trigger:

* agent: [主语](是)由<值>(联合|共同)?<zh_by>(的) — 这部电影是由李安执导的, 由三船敏郎、志村乔主演;
* attribute: [主语(的)]<zh>(是|为|：|有|在)?<值> — 导演是尼克·卡索维茨, 它的门票价格是40元, 身高175
  厘米; or <值>的<zh> — 188cm的身高;
* object: [主语]<zh_of><值> — 出生于1905年, 毕业于北京电影学院, 位于北京市, 主演了X;
* before: [主语](是|在|于)?<值>(的)?<zh_after> — 1980年出生, 2004年上映, 是奥地利人 / 日本籍;
* class: [主语]是一部<值>(电影|片) — genre; 是(一名)?<国家>?…<职业> — occupation and origin.

The earliest trigger's frame is read (`Found.at`); whom it is about and what value it keeps are
decided after (`chinese/relations.py`, `chinese/values.py`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from extractors.aliases import default_aliases
from extractors.chinese import values
from extractors.chinese.mentions import ORG_HEAD, TITLED, name_like, name_start, person_like
from extractors.chinese.surfaces import Surfaces
from extractors.discourse.relations import Relation, Relations

FILLER = re.compile(
    r"^(?:嗯+|恩+|哦+|噢|啊+|哈+|呵呵|对(?=[，,！!。])|对啊|对呀|是的|是啊|是呀|没错|当然(?:了|啦)?|"
    r"确实|好的|"
    r"必须的?(?:啊|呀)?|知道(?:呀|啊|的|了)?|我知道|我记得|记得|听说|据说|好像|应该|其实|而且|"
    r"并且|不过|但是|另外|然后|还有就是|那(?=[，,么])|我了解|了解|有的|有啊|有呀|哇|诶|唉|嘿)"
    r"(?:[，,、！!。\s]*)"
)

_COPULA = (
    r"(?:\s+(?=[是为：:]))?"  # 作曲 是Bard: a space typed before the copula
    r"(?:同样|主要|大概|应该|好像|可能|其实|肯定|也|都|还|则|正)*"
    r"(?:就是|也是|都是|是由|是|为|：|:|有|在|叫做|叫)?"
)

_GENRE = re.compile(
    r"是(?:一部|一首|一张|部|首|张|一个|个)?(?P<val>[^，。]{1,16}?)"
    r"(?:题材的|类型的|类的)?(?:电影|影片|大片|片子|片|歌曲|音乐|风格|风)(?:的)?$"
)

_HOW_OPEN = re.compile(r"全天|全年|常年|免费|24小时|二十四小时|全天候|终年")
"""Words that say only how a place is open (全天开放, 免费开放): they keep the verb."""

_BEFORE_VERB = re.compile(
    r"(?:的|了|时|就|才|便|已经|早已|早就|都|开始|共同|联合|一起|[一二两三四五六七八九十几多]+(?:地|国|个国家))+$"
)
"""What stands between a value and the verb after it: 1982年2月11日就已经去世."""

_AWARD_LEAD_IN = re.compile(
    r"^(?:还有|以及|另外|而且|并且|同时|也|还|更|都|就|可|曾经|曾)*"
    r"(?:是|有|拿到了|拿到过|拿到|拿下了|拿下|获得过|获得了|获得|荣获过|荣获|获过)*"
)
_AWARD_SUBJECT = re.compile(
    r"^(?P<subject>[^，,。是有]{1,12}?)(?:还|也|更|就|可|都|则)*"
    r"(?:是|有|拿到了|拿到过|拿到|拿下了|拿下)+(?P<rest>.+)$"
)
_AWARDED = re.compile(r"奖|大赏|提名|金曲|名人堂|电影节|音乐节|盛典|榜|最|十大|杰出|首位|唯一|第一")
"""A clause without one of these names no award: the award frame is not tried."""
_WHOSE_RECORD = re.compile(
    r"是(?![一个名位张首部])(?P<val>[^，。是的我你]{2,20}?)(?:乐队|组合|乐团)?的"
    r"(?:一张|一首|第[一二三四五六七八九十\d]+张)?(?:专辑|唱片|歌曲|单曲|新歌|歌)(?![手星迷坛词])"
)
"""它是蔡依林的专辑, 是刘若英的歌: whose record a work is (a singer's; a film's maker is said
otherwise). Not a count (是一张流行风格的歌曲) nor a singer (是个专业的歌手)."""
_ONE = re.compile(r"^(?:一|这|那)?(?:个|名|位)")

_PLACE_END = re.compile(r"[省市县区州郡镇乡村岛]$")

CACHED = 4096
"""Clauses whose frames a reader remembers (the most recent)."""


def _shifted(frames: tuple[Found, ...], start: int) -> Iterator[Found]:
    """Frames read at offset 0, at `start` instead."""
    for found in frames:
        yield replace(found, span=(found.span[0] + start, found.span[1] + start))


@dataclass(frozen=True)
class Found:
    """A frame read: its relation, what is said before it (the subject as said), the value as
    said, and the clause's span."""

    relation: Relation
    subject_text: str
    value_text: str
    span: tuple[int, int]
    at: int = 0
    """Where the frame's trigger is in the clause: the earliest trigger's frame is read."""
    weak: bool = False
    """Read off a one-character trigger (人, 籍) or a description alone: when it is about
    nobody, the clause reader still reads the clause (上海有2400万人口 is not a nationality)."""
    aside: bool = False
    """Told in passing by a noun phrase (她的《呼吸》 in 我更喜欢她的《呼吸》): the clause is
    still the clause reader's (the speaker's `prefers` stands beside the work)."""


_OWNED = re.compile(
    r"(?:都|也|均)?(?:算|就)?是(?P<owner>他们|她们|它们|他|她|它|其)的?"
    r"(?:一部|一首|一张|一个|一位|部|首|张|个|位)?$"
)
"""《有你的快乐》与《迷宫》都是她的代表作: the values before 是, their owner after it."""


def _named_value(rest: str, relation: Relation) -> bool:
    """此曲原唱刘若英, 此片导演李安, 他的代表作甜蜜蜜: a name right after the noun of a relation
    whose values are people or works is its value, no copula said."""
    name = values.clean(values.SPLIT.split(rest, maxsplit=1)[0])
    if relation.value_kind == "person":
        return person_like(name)
    return (
        relation.value_kind == "work"
        and 2 <= len(name) <= 15
        and name_like(name)
        and not name.startswith(("之", "一"))  # 代表作之一: one of them, no name
    )


_OWNED_WORKS = re.compile(
    r"(?:的(?:那|这)?(?:一)?(?:部|首|张|个)?|(?:那|这)(?:一)?(?:部|首|张))"
    r"(?:经典)?(?:代表作品?|作品|电影|影片|歌曲?|专辑)?"
    r"(?P<works>《[^《》]+》(?:(?:[、，,和与及]|以及)?《[^《》]+》)*"
    r"|(?<=[那这][部首张])[^，,。！？!?、《》的]{2,15}$)"
)
_TITLE_LEADS = ("《", "像", "比如", "例如", "就像", "还有", "其实")
"""What a clause of judged titles starts with (`_TITLES_JUDGED`): its trigger."""
_OWNED_SAID = re.compile(r"《|[那这][部首张]")
"""What every `_OWNED_WORKS` match holds (a title mark, or 那部/这首... before a name): the
trigger."""
_CLASS_NOUN = re.compile(r"(?:专辑|歌曲|歌|电影|影片|片|作品|代表作)$|^[张首部]")
_DESCRIBED = re.compile(
    r"(?:(?P<name>《[^《》]+》|[\u4e00-\u9fff·]{2,12}?)?(?:这|那)(?:部|种|类|样的)|"
    r"(?:是|算)(?:一)?(?:部|种|张|首)|一部|一张|一首|(?:这|那)部电影(?:可|也|就|真)?是)[^，,。]{0,10}$"
)
"""What ties a genre to a work: X这部, 这种, 这样的, 是一部, 是一张 (an album: 是一张相当不错的流行
音乐专辑), 这部电影可是…."""
_LEAD_VERB = re.compile(r"^.*(?:喜欢|看过|看了|看|听过|听|推荐|最爱|爱|是|说|像)")
"""我最喜欢唐伯虎点秋香这部…: the work is what the verb before it takes."""
_BARE_DESCRIPTION = re.compile(r"(?:很|非常|超级|挺|真)?[^，,。我你]{0,6}的[^，,。的]{1,12}")
"""很凄美的爱情片: a clause that only describes (the film under discussion)."""
_MADE_VERBS = {
    **dict.fromkeys(("演唱", "原唱", "唱"), "performed_by"),
    **dict.fromkeys(("执导", "导演", "导"), "directed_by"),
    "主演": "starring",
    **dict.fromkeys(("作词", "填词", "填"), "lyrics_by"),
    **dict.fromkeys(("作曲", "谱曲", "编曲"), "composed_by"),
    **dict.fromkeys(("出品", "监制", "制片"), "produced_by"),
    "编剧": "written_by",
}
_MADE_BY = re.compile(
    r"^(?:最主要|主要是|主要|其实|还是|就是|不过|但是|可能|而且)*"
    r"(?P<name>[\u4e00-\u9fff·]{2,10}?)"
    r"(?P<verb>" + "|".join(sorted(_MADE_VERBS, key=len, reverse=True)) + r")(?:作|写|唱)?的"
    r"(?P<rest>.*)$"
)
"""孙燕姿唱的…, 王旭东作词作的…, 史蒂文·斯皮尔伯格执导的…: a maker leading a clause."""
_MADE_SAID = re.compile(
    r"(?:" + "|".join(sorted(_MADE_VERBS, key=len, reverse=True)) + r")(?:作|写|唱)?的"
)
"""What every `_MADE_BY` match holds, a maker's verb and 的 (唱的, 执导的, 作词作的): the
trigger; 的 alone is in a third of all clauses."""
_ROLES = {
    "导演": "directed_by",
    "主演": "starring",
    "编剧": "written_by",
    "原唱": "performed_by",
    "主唱": "performed_by",
    "制作人": "produced_by",
    "制片人": "produced_by",
}
_ROLE_NAMED = re.compile(
    r"(?P<role>" + "|".join(_ROLES) + r")(?![于和与及在是的了也都还就把被给对从向有为])"
    r"(?P<name>[\u4e00-\u9fffA-Za-z]{1,8}(?:[·•・][\u4e00-\u9fffA-Za-z]{1,10})+|[\u4e00-\u9fff]{2,3})"
)
"""此片导演陈凯歌, 主演张国荣, 制作人林暐哲: a role right before a name."""
_ROLE_SAID = re.compile("|".join(_ROLES))
"""A role's word (导演, 主演...): the trigger of `_ROLE_NAMED`, one scan."""
_NAME_STOP = frozenset("的了着过拍演唱说是也都就还在和与很真太可等呢吧啊呀")
"""What ends a two-character name before it (导演王晶拍了, 原唱梁静茹的)."""
_JUDGED = re.compile(
    r"好|棒|不错|厉害|精彩|搞|韵律|出色|经典|赞|牛|味道|到位|动听|感人|过瘾|迷人|有意思|成功"
)
"""A judgement of what was made (太好了, 都不错, 很有韵律, 哪有不搞的)."""
_TITLES_JUDGED = re.compile(
    r"^(?:像|比如|例如|就像|还有|其实)?(?P<titles>《[^《》]+》(?:\s*(?:[、，,和与及跟]|以及)?\s*《[^《》]+》)*)"
    r"(?:等)?(?P<rest>(?:都|也)[^，,。！？!?]*)$"
)
"""像《爱情36计》、《日不落》都很不错, 《A》、《B》、《C》都很好看, 其实《X》也很好: titles said as
examples of what someone made, and judged."""
_PLACE_LEAD = re.compile(r"^(?:这是|它是|那是|是|这部电影是|该片是)?(?:在|于)?")
_FILM_NOUN = re.compile(r"(?:电影|影片|大片|片子|片|剧)(?:的)?$")
"""A description ending in a film's class noun (爱情片, 剧情类电影): its country is where it
was made."""
_ABOUT = re.compile(r"关于|讲述|讲的|描写|描述|反映|题材是")
"""What a film is about (一部关于美国的电影): a country there is no maker."""
_ACTING = re.compile(
    r"(?:像|还有)?(?P<names>[\u4e00-\u9fff·]{2,12}(?:(?:、|，|和|与|及)[\u4e00-\u9fff·]{2,12})*)"
    r"(?:的(?:表演|演技|出演)|演的)"
)
"""亚当·戈德堡、汤姆·汉克斯的演技, 丹尼斯·利瑞、约翰·雷吉扎莫演的: actors named for their
acting, in the film under discussion."""
_ACTING_SAID = re.compile(r"的(?:表演|演技|出演)|演的")
"""What every `_ACTING` match holds: the trigger (演 alone is in every 导演 and 主演)."""
_OWNER_PRONOUN = re.compile(r"(?:他们|她们|他|她|其)$")
"""她的《空白格》和《若你碰到他》, 她那首燕尾蝶, 他的那部神枪手之死: works said with their
owner (a pronoun or a person's name before 的, or 那首/那部), in any clause."""


_ORIGIN = re.compile(
    r"(?:这个|这位|这名|那位|那个)(?P<pointed>[^\W\d这那个位名的是我你他她]{1,6}?)人(?![士员物们家])"
    r"|(?P<asked>[^\W\d这那个位名的是我你他她]{1,6}?)哪(?:里|儿|个地方)的?人"
)
"""A country said before 人 after a determiner (这个美国人, 这位英国人), or before a question of
where in it (中国哪里人)."""
_ORIGIN_SAID = re.compile(r"[这那][个位名]|哪")
"""With 人, what every `_ORIGIN` match holds: the trigger."""


def _owner(head: str) -> str:
    """Who owns what follows `head`: a third-person pronoun ending it, else what is said before
    the phrase (whose end may name someone under discussion: the relation reader looks)."""
    pronoun = _OWNER_PRONOUN.search(head)
    return pronoun.group(0) if pronoun is not None else head[-16:]


def _told_after(before: Found, objects: list[Found]) -> list[Found]:
    """他1958年出生于上海: a value said before its verb (1958年出生) and another after it
    (出生于上海) are both told; the object frame, read later in the clause, is kept too when it
    tells another relation, of the same subject."""
    return [
        replace(f, subject_text=before.subject_text)  # 他 said once, before the first value
        for f in objects
        if f.at > before.at and f.relation is not before.relation
    ]


def _possessor(head: str) -> str:
    """也去一下它边上的X: the attribute's owner is the pronoun right before it."""
    found = _OWNER.search(head)
    return found.group(1) if found is not None else head


_OWNER = re.compile(r"(?<=[^的])(他们|她们|它们|他|她|它)的?$")


def _last_copula(head: str) -> tuple[int, int] | None:
    """The span of the last 是, 在, 于 or 从 (早在 whole) of `head`, or None."""
    at = max(head.rfind(word) for word in "是在于从")
    if at < 0:
        return None
    return (at - 1 if head[at] == "在" and head[at - 1 : at] == "早" else at), at + 1


_FIRST_OR_SECOND = re.compile(r"[我你您咱俺]")
_ASKS_WHETHER = re.compile(r"吗|么|什么|哪|是不是")
_SIGN_LEAD = re.compile(
    r"(?:原来|竟然|居然|果然|还|也|就|都|可|真)*(?:是)?(?:一个|一位|一名|个|位|名)?(?:浪漫|典型)?的?$"
)
"""What leads to a star sign after its owner (他还是一个, 原来是个): no part of the owner."""

_COMPANY_WORD = re.compile(r"公司|企业|会社")
_COMPANY_FORM = re.compile(
    r"(?:^|是一家|是一个|是|属于|属|为)(?P<val>[^\W是属为家个在我你他她它这那的]{0,4}?(?:股份有限公司|有限责任公司|株式会社|"
    r"国有企业|民营企业|私营企业|外资企业|合资企业|独资企业|上市公司))(?:吧|啊|呀|哦|呢)?$"
)
"""A form of company said as what a company is (是一家国有企业, 这是株式会社, 属国际股份有限公司,
国际股份有限公司 alone): a closed class of legal forms, the clause's last words."""

_QUANTITY_END = re.compile(r"\d(?:\.\d+)?\s*(?:cm|CM|厘米|公分|米|m|分钟|小时|元|美元|万|亿)$")
"""A number with its unit right before 的 and the relation's noun (163cm的身高好像…)."""

_HELD_JOB = re.compile(r"(?:当过|做过|干过|担任过|当|做|担任)$")
"""A verb of holding a job before an occupation (还当过编剧): the noun is the job, not a verb
whose agent comes before it."""


class RelationFrames:
    """Reads one clause's relation frames; the surfaces of each frame's list (`relations.toml`:
    zh_by, zh, zh_of, zh_after; and all of them with zh_ask: what a question may ask) are
    scanned for once per clause."""

    def __init__(self, relations: Relations) -> None:
        self.relations = relations
        self.aliases = default_aliases()  # loaded with the reader, not by its first nationality
        by = relations.by("zh_by")
        attributes = relations.by("zh")
        objects = relations.by("zh_of")
        befores = relations.by("zh_after")
        asking = sorted(
            [*relations.by("zh_ask"), *attributes, *by, *befores, *objects],
            key=lambda p: len(p[0]),
            reverse=True,
        )
        self.by, self.attributes, self.objects, self.befores, self.asking = (
            Surfaces(pairs) for pairs in (by, attributes, objects, befores, asking)
        )
        self.longer = {
            surface: tuple(
                n for n, _ in attributes if len(n) > len(surface) and n.startswith(surface)
            )
            for surface, _ in befores
        }
        """For each surface said before its verb, the attribute nouns it starts (开放: 开放时间)."""
        self._read = functools.lru_cache(maxsize=CACHED)(self._frames)
        self._passing = functools.lru_cache(maxsize=CACHED)(self._passing_at)
        self.genre, self.occupation, self.nationality, self.prize, self.singer, self.company = (
            relations.get(name)
            for name in (
                "genre",
                "occupation",
                "nationality",
                "awards",
                "performed_by",
                "company_type",
            )
        )
        self.made_in = relations.get("produced_in")

    def read(self, clause: str, start: int) -> Iterator[Found]:
        """The frames of the clause's earliest trigger (none when no frame reads), and an
        object frame after a value said before its verb (1958年出生于上海)."""
        return _shifted(self._read(clause), start)

    def in_passing(self, clause: str, start: int) -> Iterator[Found]:
        """Relations a noun phrase tells in a clause about something else: works with their
        owner (`owned_works`), a work's genre with a determiner (唐伯虎点秋香这部古装爱情喜剧片,
        这部电影可是…的爱情片, 这种喜剧动画), the actors of the film under discussion named for
        their acting (亚当·戈德堡、汤姆·汉克斯的演技, 丹尼斯·利瑞、约翰·雷吉扎莫演的), a star
        sign said of someone (`_sign`)."""
        return _shifted(self._passing(clause), start)

    def _frames(self, clause: str) -> tuple[Found, ...]:
        """`read` at offset 0, remembered per reader (`_read`): the frames depend on the
        clause's text alone, and a third of a conversation's clauses recur."""
        text = FILLER.sub("", clause)
        span = (len(clause) - len(text), len(clause))
        readers = [
            self._titles_judged,
            self._award,
            self._agent,
            self._attribute,
            self._object,
            self._before,
            self._class,
        ]
        if not self.asking.found(text):  # no surface of any list: only a class sentence
            readers = [self._titles_judged, self._award, self._class]
        frames = {reader: list(reader(text, span)) for reader in readers}
        best = min((f for f in frames.values() if f), key=lambda f: f[0].at, default=[])
        if best and best is frames.get(self._before):
            return (*best, *_told_after(best[0], frames[self._object]))
        return tuple(best)

    def _passing_at(self, clause: str) -> tuple[Found, ...]:
        """`in_passing` at offset 0 (remembered per reader: `_passing`)."""
        return (
            *self.owned_works(clause, 0),
            *self._described_genre(clause, 0),
            *self._acting(clause, 0),
            *self._made_by(clause, 0),
            *self._role_named(clause, 0),
            *self._sign(clause, 0),
            *self._from_country(clause, 0),
        )

    def _from_country(self, clause: str, start: int) -> Iterator[Found]:
        """Where someone is from, said of a person named or pointed at (我知道达斯汀·霍夫曼这个
        美国人, 我也喜欢这位英国人) or presupposed by a question (他是中国哪里人): read as 美国人 is
        in a class sentence (`_origin`: a country a nationality, a place inside one a
        birthplace)."""
        said_here = "人" in clause and _ORIGIN_SAID.search(clause) is not None
        found = _ORIGIN.search(clause) if said_here else None
        said = (found["pointed"] or found["asked"]) if found is not None else ""
        relation = self._origin(said) if found is not None else None
        if found is None or relation is None or person_like(said):
            return  # 这位负责人: no place
        head = _SIGN_LEAD.sub("", clause[: found.start()])
        span = (start + found.start(), start + found.end())
        yield Found(relation, _owner(head), said, span, found.start(), weak=True)

    def _sign(self, clause: str, start: int) -> Iterator[Found]:
        """A star sign said of someone (他是巨蟹座, 原来是一个双子座男生啊, 浪漫的射手座, 狮子座
        天生的霸者): a closed class of twelve words (`values.ZODIAC`), the person's whoever
        the clause names before it (a pronoun, a name under discussion) or the person under
        discussion; never the speaker's or the listener's (我也是巨蟹座: the clause reader's),
        nor a sign's people in general (巨蟹座的人特招人喜欢)."""
        found = values.ZODIAC.search(clause) if "座" in clause else None
        zodiac = self.relations.get("zodiac")
        if found is None or zodiac is None or _FIRST_OR_SECOND.search(clause[: found.end()]):
            return
        if clause.startswith("的人", found.end()) or _ASKS_WHETHER.search(clause):
            return  # 巨蟹座的人…: people in general; 他是双子座吗: asked, not said
        head = _SIGN_LEAD.sub("", clause[: found.start()])
        span = (start + found.start(), start + found.end())
        yield Found(zodiac, _owner(head), found.group(0), span, found.start(), weak=True)

    def _described_genre(self, clause: str, start: int) -> Iterator[Found]:
        found = values.genre_noun(clause) if self.genre is not None else None
        if found is None or self.genre is None:
            return
        head = clause[: found.start()]
        said = _DESCRIBED.search(head)
        bare = _BARE_DESCRIPTION.fullmatch(FILLER.sub("", clause).strip("。！!"))
        if said is None and bare is None:
            return
        subject = _LEAD_VERB.sub("", said["name"] or "") if said is not None else ""
        span = (start + found.start(), start + found.end())
        yield Found(self.genre, subject, found["genres"], span, found.start(), True, True)
        if said is not None:
            told = head[said.end("name") if said["name"] else said.start() :] + found.group(0)
            yield from self._made_in(told, subject, span, found.start(), aside=True)
        # the subject: a name under discussion ending `subject`, else the work under discussion

    def _made_in(
        self, told: str, subject: str, span: tuple[int, int], at: int, aside: bool = False
    ) -> Iterator[Found]:
        """Where a film was made, said as its description's country (是一部台湾爱情片, 一部意大利
        战争题材的剧情类电影, 是英国一部悬疑惊悚片, 这部电影可是美国超级经典的爱情片), as a
        country before an occupation is a person's nationality; never what a film is about
        (一部关于美国的电影), never a record's (一张台湾流行专辑)."""
        made_in = self.made_in
        if made_in is None or not _FILM_NOUN.search(told) or _ABOUT.search(told):
            return
        country = values.country(self.aliases, told)
        if country:
            yield Found(made_in, subject, country, span, at, weak=True, aside=aside)

    def bare_place(self, clause: str) -> str:
        """A clause that is only a country (德国, 这是在德国): a place of a list said before its
        verb in the clauses after it (德国，法国，西班牙等地制片的), else ""."""
        said = _PLACE_LEAD.sub("", FILLER.sub("", clause).strip())
        return said if 2 <= len(said) <= 6 and values.is_country(self.aliases, said) else ""

    def _made_by(self, clause: str, start: int) -> Iterator[Found]:
        """Who made the work under discussion, said as the subject of a judgement of what
        they made (孙燕姿唱的太好了, 王若琳唱的歌一向都很好, 黄伟文填的词还是很有韵律的,
        史蒂文·斯皮尔伯格执导的都不错, 环球影业出品的电影不会不好的) or with the work's title
        (陈奕迅唱的《单车》): the maker's relation of that work. Only a person's or a company's
        name leading the clause (我喜欢周杰伦唱的歌 is the speaker's taste), and only with a
        judgement or a title after it."""
        said = _MADE_SAID.search(clause) is not None
        found = _MADE_BY.match(FILLER.sub("", clause)) if said else None
        relation = self.relations.get(_MADE_VERBS[found["verb"]]) if found is not None else None
        if found is None or relation is None:
            return
        name, rest = found["name"], found["rest"]
        title = values.title(rest.strip())
        if not (person_like(name) or ORG_HEAD.search(name)) or not (title or _JUDGED.search(rest)):
            return
        at = clause.find(name)
        span = (start + at, start + at + len(found.group(0)))
        yield Found(relation, f"《{title}》" if title else "", name, span, at, weak=True)

    def _role_named(self, clause: str, start: int) -> Iterator[Found]:
        """A maker named right after their role, in a clause about something else (此片导演陈凯歌
        名利双收, 里面的主演张国荣看着那么年轻, 制作人林暐哲太厉害了, 原唱范晓萱的甜美歌声): the
        role's relation of the work under discussion. A Chinese name by its surname (three
        characters, two before a verb or a particle), or a transliterated one."""
        if _ROLE_SAID.search(clause) is None:
            return
        for found in _ROLE_NAMED.finditer(clause):
            relation = self.relations.get(_ROLES[found["role"]])
            name = found["name"]
            name = name_start(name) if "·" in name else name
            name = name[:2] if len(name) == 3 and name[2] in _NAME_STOP else name
            if relation is not None and person_like(name):
                span = (start + found.start(), start + found.end())
                yield Found(relation, "", name, span, found.start(), weak=True, aside=True)

    def _acting(self, clause: str, start: int) -> Iterator[Found]:
        found = _ACTING.search(clause) if _ACTING_SAID.search(clause) else None
        starring = self.relations.get("starring")
        if found is None or starring is None:
            return
        names = [n.strip() for n in values.SPLIT.split(found["names"])]
        if not names or not all(person_like(n) for n in names):
            return
        span = (start + found.start(), start + found.end())
        yield Found(starring, "", found["names"], span, found.start(), weak=True)

    def owned_works(self, clause: str, start: int) -> Iterator[Found]:
        """Works told with their owner in a clause about something else (我更喜欢她的
        《呼吸》; 看过他的《猜火车》吗): one aside frame per owner, the owner its subject."""
        works = self.relations.get("works")
        if works is None or _OWNED_SAID.search(clause) is None:
            return
        for found in _OWNED_WORKS.finditer(clause):
            said = found["works"]
            if not said.startswith("《") and _CLASS_NOUN.search(said):
                continue  # 王菲的一张国语专辑, 她的首张专辑: a description, no name
            owner = _owner(clause[: found.start()])
            at = found.start() - len(owner)
            span = (start + at, start + found.end())
            yield Found(works, owner, said, span, at, weak=True, aside=True)

    def _titles_judged(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        """Titles leading a clause that judges them (像《爱情36计》、《日不落》都很不错,
        《梦之安魂曲》、《战争之王》都很好看, 像《唐伯虎点秋香》、《逃学威龙系列》都很有他的
        风格), two or more, or one said with 也 (其实《我们的小世界》也很好: another of them): the
        works of the person under discussion. Never the speaker's taste (《鸟人》、《绯闻计划》
        我都非常喜欢: titles liked, no owner said) nor a question (都看过吗)."""
        found = _TITLES_JUDGED.match(text) if text.startswith(_TITLE_LEADS) else None
        works = self.relations.get("works")
        if found is None or works is None:
            return
        titles, rest = TITLED.findall(found["titles"]), found["rest"]
        if len(titles) < 2 and not rest.startswith("也"):
            return
        judged = _JUDGED.search(rest) or "风格" in rest  # 都很有他的风格
        if not judged or _FIRST_OR_SECOND.search(rest) or _ASKS_WHETHER.search(rest):
            return
        value = "、".join(titles)  # in their marks: a title keeps any word (《我们的小世界》)
        yield Found(works, "", value, span, 0, weak=True)

    def _award(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        """Awards said without a verb of winning (还有X和Y; 是X、Y; 更是拿到了X; X alone)
        or a distinction said as what someone is (他是中国十年最具影响力音乐人物; 还是首位
        获得…的歌手): the clause is the list, its subject said before 是 or the topic."""
        if self.prize is None or not _AWARDED.search(text):
            return
        said = _AWARD_SUBJECT.match(text)
        if said is not None and values.awards(said["rest"]):
            yield Found(self.prize, said["subject"], said["rest"], span, 0, weak=True)
            return
        rest = _AWARD_LEAD_IN.sub("", text)
        if values.awards(rest):
            yield Found(self.prize, "", rest, span, 0, weak=True)

    def _agent(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        at = text.find("由")
        if at < 0:
            yield from self._agent_final(text, span)
            return
        for surface, relation in self.by.present(text):
            end = text.find(surface, at + 2)
            if end > at:
                value = re.sub(r"(?:联合|共同|一起|亲自|自己|本人)+$", "", text[at + 1 : end])
                yield Found(relation, text[:at], value, span, at)
                return

    def _agent_final(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        """这部电影是李力持和周星驰联合执导的 / 李安导演的: the verb ends the clause, its agent
        comes after 是 (or starts the clause)."""
        core = re.sub(r"(?:的|了|啊|呀|吧)+$", "", text)
        for surface, relation in self.by.present(core):
            if not core.endswith(surface):
                continue
            head = re.sub(r"(?:联合|共同|一起|亲自|自己|本人)+$", "", core[: -len(surface)])
            cut = head.rfind("是")
            if len(surface) < 2 and (cut < 0 or not text.endswith("的")):
                continue  # 唱 alone is a verb of the agent only in 是X唱的
            subject, value = (head[:cut], head[cut + 1 :]) if cut >= 0 else ("", head)
            if (
                value
                and not values.OCCUPATION.search(value)
                and not value.startswith(("一", "个"))
                and "在" not in value  # 这张专辑在台湾地区发行的: a place, no agent
                and not self._places(value)  # 加拿大、南非四地制片: where, not who
                and not values.DATE_HEAD.match(value)  # 2009年06月26日发行的: when, not who
                and not _HELD_JOB.search(value)  # 还当过编剧: a job held, the class reader's
            ):
                yield Found(relation, subject, value, span, max(cut, 0))
            return

    def _places(self, value: str) -> bool:
        """Does an agent's slot name places (加拿大、南非四地, 美国)? Then the verb says where."""
        first = values.SPLIT.split(value)[0]
        return (
            bool(values.PLACES_TAIL.search(value)) or values.country(self.aliases, first) == first
        )

    def _attribute(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        for surface, relation in self.attributes.present(text):
            at = text.find(surface)
            if at < 0:
                continue
            after = text[at + len(surface) :]
            rest = re.sub(rf"^{_COPULA}", "", after)
            zero = (
                rest == after
                and not surface.endswith(("的", "是"))  # 它边上的X: the noun holds its 的
                and not re.match(r"[《\d“\"A-Za-z]", rest)
                and not (
                    relation.predicate in values.NUMERIC and re.search(r"\d|免费|全天", rest[:6])
                )
                and not _named_value(rest, relation)
            )
            if (
                at >= 2
                and text[at - 1] == "的"
                and relation.value in ("number", "money")
                and (not rest or _QUANTITY_END.search(text[: at - 1]) is not None)
            ):  # 188cm的身高; 188cm的身高特别帅气: a quantity before its noun, said of it after
                yield Found(relation, "", text[: at - 1], span, at)
                return
            if rest.strip() and not zero:
                yield Found(relation, _possessor(text[:at]), rest, span, at)
                return
            # 是它周边不错的一个景点: the class after the noun stands for the values before 是
            bare = not rest.strip() or (values.named_by_count(relation) and values.vague(rest))
            owned = _OWNED.search(text[:at]) if relation.list and bare else None
            if owned is not None and owned.start() > 0:  # X、Y都是它旗下艺人: X and Y are
                yield Found(relation, owned["owner"], text[: owned.start()], span, owned.start())
                return
        return

    def _object(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        for surface, relation in self.objects.present(text):
            at = text.find(surface)
            if at < 0:
                continue
            value = values.dated(text[at + len(surface) :], relation, values.DATE_HEAD)
            for candidate in self._sharing("zh_of", surface, relation):
                if candidate.fits(values.clean(value)):
                    yield Found(candidate, text[:at], value, span, at)
                    return
        return

    def _before(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        for surface, listed in self.befores.present(text):
            at = text.rfind(surface)
            if at <= 0 or self._in_attribute(text, at, surface):
                continue
            relation: Relation | None = listed
            head = _BEFORE_VERB.sub("", text[:at])
            cut = _last_copula(head)
            subject, value = (head[: cut[0]], head[cut[1] :]) if cut else ("", head)
            value = values.dated(value, listed, values.DATE_TAIL)  # 这是一部1954年4月上映的电影
            said = values.clean(value)
            if listed.predicate == "nationality":
                said = value = _ONE.sub("", said)  # 一个日本姑娘, 一名德国人
                relation = self._origin(said)
            if relation is None or (relation.value == "place" and person_like(said)):
                continue  # 负责人, 湖南人: 人 after a country or a place's division
            if relation.value != "date" and values.DATE_TAIL.search(said):
                continue  # 他2004年毕业于X: the date says when; the object frame says what
            if _HOW_OPEN.fullmatch(said):
                value = said + surface  # 全天开放的: the value is how it is open, not 全天
            if relation.fits(said):
                yield Found(
                    relation, subject, value, span, len(head) - len(value), weak=len(surface) == 1
                )
                return
        return

    def _origin(self, said: str) -> Relation | None:
        """Where someone is from, said before 人 (姑娘, 小伙...): a country is a nationality
        (日本姑娘, 德国人), a place inside one a birthplace (北京市东城区人, 加拿大伦敦人);
        None when `said` is neither (负责人, 湖南人)."""
        country = values.country(self.aliases, said)
        if country == said:
            return self.relations.get("nationality")
        inside = bool(country) and said.startswith(country) and country != said
        if country != said and (_PLACE_END.search(said) is not None or inside):
            return self.relations.get("birthplace")
        return None

    def _in_attribute(self, text: str, at: int, surface: str) -> bool:
        """开放 in 它的开放时间是…: the start of a longer attribute noun, not a verb."""
        return any(text.startswith(noun, at) for noun in self.longer[surface])

    def _class(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        at = text.find("是")
        whose = _WHOSE_RECORD.search(text) if at >= 0 and self.singer is not None else None
        if whose is not None and self.singer is not None and name_like(whose["val"]):
            yield Found(self.singer, text[: whose.start()], whose["val"], span, whose.start())
            return
        form = _COMPANY_FORM.search(text) if _COMPANY_WORD.search(text) else None
        if form is not None and self.company is not None:  # 这是株式会社, 属国际股份有限公司
            yield Found(self.company, "", form["val"], span, form.start(), weak=True)
            return
        genre = _GENRE.search(text) if at >= 0 else None  # the genre frame starts at 是
        relation = self.genre
        if (
            genre
            and relation
            and not values.OCCUPATION.search(genre["val"])
            and not self.by.present(genre["val"])  # 是由中岛哲也执导的影片
            and not self.befores.found(genre.group(0))  # 是1994年12月16日上映的电影
        ):
            yield Found(relation, text[: genre.start()], genre["val"], span, genre.start())
            yield from self._made_in(genre.group(0), text[: genre.start()], span, genre.start())
            return
        job = self.occupation
        bare = at < 0 and len(text) <= 20 and values.OCCUPATION_END.search(text) is not None
        at = 0 if bare else at  # 英国非常有名气的演员: a description alone
        occupations = values.occupations(text[at:]) if at >= 0 else []
        if job is None or not occupations:
            return
        yield Found(
            job, text[:at], "、".join(dict.fromkeys(occupations)), span, max(at - 1, 0), weak=True
        )
        origin = self.nationality
        country = values.country(self.aliases, text[at:] if bare else text[at + 1 :])
        if origin is not None and country:
            yield Found(origin, text[:at], country, span, at)

    def _sharing(self, key: str, surface: str, first: Relation) -> list[Relation]:
        return [first] + [
            r
            for r in self.relations.relations
            if r is not first and surface in r.surfaces.get(key, ())
        ]
