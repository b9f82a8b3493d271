"""Chinese sentences about others: who directed, starred, was born, opens when (issue 37).

For each clause (a sentence cut at ，), in order, the first frame that reads:

* agent: [主语](是)由<值>(联合|共同)?<zh_by>(的) — 这部电影是由李安执导的, 由三船敏郎、志村乔主演;
* attribute: [主语(的)]<zh>(是|为|：|有|在)?<值> — 导演是尼克·卡索维茨, 它的门票价格是40元, 身高175
  厘米; or <值>的<zh> — 188cm的身高;
* object: [主语]<zh_of><值> — 出生于1905年, 毕业于北京电影学院, 位于北京市, 主演了X;
* before: [主语](是|在|于)?<值>(的)?<zh_after> — 1980年出生, 2004年上映, 是奥地利人 / 日本籍;
* class: [主语]是一部<值>(电影|片) — genre; 是(一名)?<国家>?…<职业> — occupation and origin.

The subject: a name said before the frame; a pronoun (他, 她, 它, 其) or definite mention (这部
电影, 该片, 此片, 这里) resolved in the discourse; first person the speaker; else the topic: the
most recent referent of a kind the relation is said of (`relations.toml`: 导演 of a work, 身高 of
a person, 门票 of a place). Nothing resolvable: no fact. A list value (A、B和C) gives one fact per
part when the relation is a list. A value must have the relation's shape (a date for 出生日期).

A sentence that is only a value answers the question the turn before asked ("是哪年上映的？" ->
"2004年06月25日。"); "还有X、Y" continues the list the turn before gave.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from extractors.aliases import AliasTable, default_aliases
from extractors.chinese import values
from extractors.chinese.lexicon import SPEAKER_WORDS, USER_WORDS
from extractors.chinese.mentions import kind_of, mentions, name_like, person_like
from extractors.discourse.cues import (
    CLASSES,
    DEFINITE_ZH,
    PRONOUNS_ZH,
    Cue,
    definite_cue,
    definite_zh,
)
from extractors.discourse.relations import Relation, Relations, default_relations
from extractors.discourse.session import Session
from extractors.schema import SPEAKER, CandidateFact, EntityMention
from graph.domain.discourse import Kind, Referent

_CLAUSE = re.compile(r"[^，,；;。！？!?\n]+")
_FILLER = re.compile(
    r"^(?:嗯+|恩+|哦+|噢|啊+|哈+|呵呵|对(?=[，,！!。])|对啊|对呀|是的|是啊|是呀|没错|当然(?:了|啦)?|"
    r"确实|好的|"
    r"必须的?(?:啊|呀)?|知道(?:呀|啊|的|了)?|我知道|我记得|记得|听说|据说|好像|应该|其实|而且|"
    r"并且|不过|但是|另外|然后|还有就是|那(?=[，,么])|我了解|了解|有的|有啊|有呀|哇|诶|唉|嘿)"
    r"(?:[，,、！!。\s]*)"
)
_COPULA = (
    r"(?:同样|主要|大概|应该|好像|可能|其实|肯定|也|都|还|则|正)*"
    r"(?:就是|也是|都是|是由|是|为|：|:|有|在|叫做|叫)?"
)
_SPLIT = re.compile(r"(?:[、，,/；;]|和|与|以及|及|跟|还有|或者|或)(?![^《]*》)")
"""Where a list splits: never inside a title (《A和B》 is one)."""
_TRIM_LEFT = re.compile(r"^(?:是|为|在|由|有(?!机)|了|于|大概|差不多|一共|只有|包括|像|如)+")
_HEDGE = re.compile(
    r"^(?:准确|确切|严格)(?:的|地)?(?:说|来说|讲)|^那?(?:肯定|应该|好像|可能)(?:就)?是"
)
_TRIM_RIGHT = re.compile(r"(?:等等|等人|等|的|了|吧|呢|啊|呀|啦|哦|吗|左右|之类|这些|那些)+$")
_QUOTES = str.maketrans("", "", "《》【】“”\"'「」")
_OCCUPATIONS = (
    "配音演员",
    "演员",
    "歌手",
    "导演",
    "编剧",
    "制片人",
    "制作人",
    "音乐人",
    "作家",
    "主持人",
    "模特",
    "画家",
    "作曲家",
    "作词人",
    "词作者",
    "主唱",
    "乐手",
    "明星",
    "艺人",
    "创作人",
    "舞蹈家",
    "诗人",
    "监制",
    "制片",
    "作曲人",
    "歌唱家",
    "指挥家",
    "钢琴家",
    "吉他手",
    "鼓手",
    "贝斯手",
    "演奏家",
    "小说家",
    "漫画家",
    "动画师",
    "摄影师",
    "设计师",
    "企业家",
    "运动员",
    "教练",
)
_OCCUPATION = re.compile(
    "(?:电影|影视|电视剧|音乐|民谣|话剧|舞台剧)?(?:" + "|".join(_OCCUPATIONS) + ")"
)
_NUMERIC = frozenset(
    {
        "price",
        "opening_hours",
        "phone",
        "visit_duration",
        "height",
        "duration",
        "box_office",
        "track_count",
    }
)
_OCCUPATION_END = re.compile(rf"(?:{'|'.join(_OCCUPATIONS)})(?:了|吧|啊|呀|呢|的)*$")
_GENRE = re.compile(
    r"是(?:一部|一首|一张|部|首|张|一个|个)?(?P<val>[^，。]{1,16}?)"
    r"(?:题材的|类型的|类的)?(?:电影|影片|大片|片子|片|歌曲|音乐|风格|风)(?:的)?$"
)
_ASKING = re.compile(
    r"[？?]|吗|么|嘛|什么|哪|谁|多少|几[点个时岁年]|怎么|多久|多大|多高|多长|啥|如何|是否|有没有|"
    r"是不是|[贵好远长大]不[？?。]*$|"
    r"呢[？?。]*$"
)
_HOW_OPEN = re.compile(r"全天|全年|常年|免费|24小时|二十四小时|全天候|终年")
"""Words that say only how a place is open (全天开放, 免费开放): they keep the verb."""
_TRAILING_CLAUSE = re.compile(
    r"(?:这些|那些|这几个|这两个|都在|都是|就在|也在|是它|在它|都很|都挺|也是|也很|也挺|就很|"
    r"算是|是一个|是一家|是一座|是个).*$"
)
_SURFACES = default_relations().words("zh", "zh_ask")
_LEAD_IN = re.compile(
    r"^(?:这个|那个|嗯|对)?(?:我|你)?(?:只|也|还|都)?(?:知道|记得|觉得|听说|了解)?(?:的)?"
    r"(?:应该|好像|大概|可能|主要)?(?:有|是|就是|还有|比如|像|包括)?"
)
_EXAMPLE = re.compile(r"^(?:比如|例如|像|有|还有|就是|包括|比如说|我知道的有|知道的有)+")
_CLAUSE_WORDS = re.compile(r"[你我吗呢吧么都很也]|知道|觉得|喜欢")
_WHEN = re.compile(
    r"^(?:\d{2,4}年)?(?:\d{1,2}月)?(?:\d{1,2}[日号])?"
    r"(?:去年|今年|前年|上个月|这个月|上周|最近|后来|当时|那年|那时候)?"
)
LEAVE = ""
_BEFORE_VERB = re.compile(
    r"(?:的|了|时|就|才|便|已经|早已|早就|都|共同|联合|一起|[一二两三四五六七八九十几多]+(?:地|国|个国家))+$"
)
"""What stands between a value and the verb after it: 1982年2月11日就已经去世."""
_ONE = re.compile(r"^(?:一|这|那)?(?:个|名|位)")
_PLACE_END = re.compile(r"[省市县区州郡镇乡村岛]$")
"""A frame's subject that is the speaker's or the user's own: the clause reader reads it."""
_SAYING = re.compile(r"说|查|知道|记得|听说|觉得|看到|发现|找到|了解|记着|印象")
_KNOWING = re.compile(r"我?(?:只|也|还|都)?(?:知道|记得|了解|听说过?|觉得)(?:的)?")
_ANSWER_LEAD = re.compile(
    r"^(?:是|在|为|有|大概|大约|差不多|只有|需要|应该是|好像是|它是|他是|她是|可以玩|能玩|可玩|"
    r"玩上|能|可以|玩|需|要|只需要|只需|得|一般|就)+"
)
_CONTINUE = re.compile(r"^(?:还有|另外还有|另外|以及|还|再就是)(?P<rest>.+)$")


@dataclass(frozen=True)
class Found:
    relation: Relation
    subject_text: str
    value_text: str
    span: tuple[int, int]
    at: int = 0
    """Where the frame's trigger is in the clause: the earliest trigger's frame is read."""
    weak: bool = False
    """Read off a one-character trigger (人, 籍) or a description alone: when it is about
    nobody, the clause reader still reads the clause (上海有2400万人口 is not a nationality)."""


class RelationReader:
    """Reads relation frames from Chinese sentences in one turn's `Session`."""

    def __init__(self, relations: Relations) -> None:
        self.relations = relations
        self.aliases = default_aliases()  # loaded with the reader, not by its first nationality
        self.by = relations.by("zh_by")
        self.attributes = relations.by("zh")
        self.objects = relations.by("zh_of")
        self.befores = relations.by("zh_after")
        asking = [*relations.by("zh_ask"), *self.attributes, *self.by, *self.befores, *self.objects]
        self.asking = sorted(asking, key=lambda p: len(p[0]), reverse=True)
        self._by, self._attributes, self._objects, self._befores, self._asking = (
            _Surfaces(pairs)
            for pairs in (self.by, self.attributes, self.objects, self.befores, self.asking)
        )

    def read(self, sentence: str, offset: int, session: Session) -> list[CandidateFact]:
        """The relation facts of one sentence's statements; a clause that asks ("你有电话
        吗") says what the next turn answers. The entities each clause names come under
        discussion after it is read (a pronoun refers back, never forward)."""
        facts: list[CandidateFact] = []
        subject: str | None = None
        listing: Found | None = None
        statements: list[str] = []
        asking = False
        asks_last = sentence.rstrip().endswith(("？", "?"))
        for clause, start in self._runs(sentence):
            if _ASKING.search(clause) or (asks_last and _last_clause(sentence, clause, start)):
                asked_before = session.asked_before
                self.question(clause, session)
                session.asked_before = asked_before  # this turn's question is the next's
                listing, asking = None, True
                continue
            statements.append(clause)
            found = list(self._frames(clause, offset + start))
            if not found and listing is not None and _more_of_list(clause, listing.relation):
                found = [Found(listing.relation, "", clause, listing.span)]
            made_here: list[CandidateFact] = []
            for one in found:
                made, subject = self._facts(one, subject, session, sentence)
                made_here.extend(made)
            facts.extend(made_here)
            listing = found[-1] if found and found[-1].relation.list else None
            session.mention(r for _, r in mentions(clause))
            session.mention(r for r in session.state.referents if r.name in clause)
            _listed_keeps_topic(made_here, session)
        if not facts and asking and statements:  # 大概能玩1小时，知道在什么地方吗？
            facts = self.answer("，".join(statements), offset, session)
        return facts

    def _runs(self, sentence: str) -> Iterator[tuple[str, int]]:
        """The sentence's clauses, a single-valued value told in parts kept in one: after a
        phone number, hours or a price, the clauses that go on giving numbers are more of
        that value (电话是010-61622569,010-61622358; 旺季8:00-17:00；淡季9:00-16:00), which
        as two records the second would close."""
        clauses = list(_clauses(sentence))
        n = 0
        while n < len(clauses):
            clause, start = clauses[n]
            n += 1
            if any(r.predicate in _RUNS for _, r in self._attributes.present(clause)):
                while n < len(clauses) and self._goes_on(clauses[n][0]):
                    n += 1
                last, at = clauses[n - 1]
                clause = sentence[start : at + len(last)]
            yield clause, start

    def _goes_on(self, clause: str) -> bool:
        return (
            _GIVES_NUMBER.search(clause) is not None or _CLOSED.search(clause) is not None
        ) and not (_ASKING.search(clause) or any(len(s) > 1 for s in self._asking.found(clause)))

    def question(self, clause: str, session: Session) -> None:
        """What a question asks about (the next turn's bare answer is its value), and the
        entities it names ("你知道周杰伦吗？" brings 周杰伦 under discussion)."""
        named = [r for _, r in mentions(clause)]
        session.mention(named)
        text = _FILLER.sub("", clause)
        for surface, asked in self._asking.present(text):
            at = text.find(surface)
            if at < 0:
                continue
            relation = self._shape_asked(asked, text)
            about = _asked_about(text[:at], relation, session, named)
            if not about:
                about = _question_subject(text[:at])
                if about:
                    kind = relation.about[0] if len(relation.about) == 1 else kind_of(about)
                    session.mention([Referent(name=about, kind=kind)])
            session.ask(relation.predicate, about)
            return

    def _shape_asked(self, relation: Relation, text: str) -> Relation:
        """出生 asked with 哪里 asks for the place, with 哪年 for the date."""
        wants_place = re.search(r"哪里|哪儿|什么地方|哪个城市|哪个国家|哪座", text) is not None
        swap = (
            {"birthday": "birthplace", "died_on": "died_in"}
            if wants_place
            else {"birthplace": "birthday", "died_in": "died_on"}
            if "哪年" in text
            else {}
        )
        other = self.relations.get(swap.get(relation.predicate, relation.predicate))
        return other or relation

    def answer(self, sentence: str, offset: int, session: Session) -> list[CandidateFact]:
        """A sentence that is only a value, read as the answer to the turn before's question
        (or as more of the list it gave: 还有X)."""
        asked = session.asked_before
        relation = self.relations.get(asked.predicate) if asked else None
        text = _FILLER.sub("", sentence.strip(" 。！!？?\n")).strip()
        more = _CONTINUE.match(text)
        text = more["rest"] if more else text
        text = _ANSWER_LEAD.sub("", text).strip("，, ")
        if asked is None or relation is None or not text or len(text) > 60:
            return []
        if asked.continued and not more:
            return []  # only "还有…" continues a list; anything else is new talk
        if "，" in text and not relation.list:
            text = _answer_part(text, relation)
        elif relation.list:
            text = "、".join(_EXAMPLE.sub("", c) for c in re.split(r"[，,]", text))
        found = Found(relation, asked.about, text, (offset, offset + len(sentence.rstrip())))
        made, _ = self._facts(found, None, session, sentence)
        return made

    # -- frames -----------------------------------------------------------------------------
    def _frames(self, clause: str, start: int) -> Iterator[Found]:
        text = _FILLER.sub("", clause)
        base = start + len(clause) - len(text)
        span = (base, base + len(text))
        readers = [self._agent, self._attribute, self._object, self._before, self._class]
        if not self._asking.found(text):  # no surface of any list: only a class sentence
            readers = [self._class]
        frames = [list(reader(text, span)) for reader in readers]
        best = min((f for f in frames if f), key=lambda f: f[0].at, default=[])
        yield from best

    def _agent(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        at = text.find("由")
        if at < 0:
            yield from self._agent_final(text, span)
            return
        for surface, relation in self._by.present(text):
            end = text.find(surface, at + 2)
            if end > at:
                value = re.sub(r"(?:联合|共同|一起|亲自|自己|本人)+$", "", text[at + 1 : end])
                yield Found(relation, text[:at], value, span, at)
                return

    def _agent_final(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        """这部电影是李力持和周星驰联合执导的 / 李安导演的: the verb ends the clause, its agent
        comes after 是 (or starts the clause)."""
        core = re.sub(r"(?:的|了|啊|呀|吧)+$", "", text)
        for surface, relation in self._by.present(core):
            if len(surface) < 2 or not core.endswith(surface):
                continue
            head = re.sub(r"(?:联合|共同|一起|亲自|自己|本人)+$", "", core[: -len(surface)])
            cut = head.rfind("是")
            subject, value = (head[:cut], head[cut + 1 :]) if cut >= 0 else ("", head)
            if (
                value
                and not _OCCUPATION.search(value)
                and not value.startswith(("一", "个"))
                and "在" not in value  # 这张专辑在台湾地区发行的: a place, no agent
                and not self._places(value)  # 加拿大、南非四地制片: where, not who
            ):
                yield Found(relation, subject, value, span, max(cut, 0))
            return

    def _places(self, value: str) -> bool:
        """Does an agent's slot name places (加拿大、南非四地, 美国)? Then the verb says where."""
        first = _SPLIT.split(value)[0]
        return bool(_PLACES_COUNTED.search(value)) or _country(self.aliases, first) == first

    def _attribute(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        for surface, relation in self._attributes.present(text):
            at = text.find(surface)
            if at < 0:
                continue
            after = text[at + len(surface) :]
            rest = re.sub(rf"^{_COPULA}", "", after)
            zero = (
                rest == after
                and not surface.endswith(("的", "是"))  # 它边上的X: the noun holds its 的
                and not re.match(r"[《\d“\"A-Za-z]", rest)
                and not (relation.predicate in _NUMERIC and re.search(r"\d|免费|全天", rest[:6]))
            )
            if rest.strip() and not zero:
                yield Found(relation, _possessor(text[:at]), rest, span, at)
                return
            if at >= 2 and text[at - 1] == "的" and relation.value == "number" and not rest:
                yield Found(relation, "", text[: at - 1], span, at)  # 188cm的身高
                return
            owned = _OWNED.search(text[:at]) if relation.list and not rest.strip() else None
            if owned is not None and owned.start() > 0:  # X、Y都是它旗下艺人: X and Y are
                yield Found(relation, owned["owner"], text[: owned.start()], span, owned.start())
                return
        return

    def _object(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        for surface, relation in self._objects.present(text):
            at = text.find(surface)
            if at < 0:
                continue
            value = _dated(text[at + len(surface) :], relation, _DATE_HEAD)
            for candidate in self._sharing("zh_of", surface, relation):
                if candidate.fits(_clean(value)):
                    yield Found(candidate, text[:at], value, span, at)
                    return
        return

    def _before(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        for surface, listed in self._befores.present(text):
            at = text.rfind(surface)
            if at <= 0 or self._in_attribute(text, at, surface):
                continue
            relation: Relation | None = listed
            head = _BEFORE_VERB.sub("", text[:at])
            cut = _last_copula(head)
            subject, value = (head[: cut[0]], head[cut[1] :]) if cut else ("", head)
            value = _dated(value, listed, _DATE_TAIL)  # 这是一部1954年4月上映的电影
            said = _clean(value)
            if listed.predicate == "nationality":
                said = value = _ONE.sub("", said)  # 一个日本姑娘, 一名德国人
                relation = self._origin(said)
            if relation is None or (relation.value == "place" and person_like(said)):
                continue  # 负责人, 湖南人: 人 after a country or a place's division
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
        country = _country(self.aliases, said)
        if country == said:
            return self.relations.get("nationality")
        inside = bool(country) and said.startswith(country) and country != said
        if country != said and (_PLACE_END.search(said) is not None or inside):
            return self.relations.get("birthplace")
        return None

    def _in_attribute(self, text: str, at: int, surface: str) -> bool:
        """开放 in 它的开放时间是…: the start of a longer attribute noun, not a verb."""
        return any(
            len(noun) > len(surface) and text.startswith(noun, at)
            for noun, _ in self.attributes
            if noun.startswith(surface)
        )

    def _class(self, text: str, span: tuple[int, int]) -> Iterator[Found]:
        genre = _GENRE.search(text)
        relation = self.relations.get("genre")
        if (
            genre
            and relation
            and not _OCCUPATION.search(genre["val"])
            and not self._by.present(genre["val"])  # 是由中岛哲也执导的影片
            and not self._befores.found(genre.group(0))  # 是1994年12月16日上映的电影
        ):
            yield Found(relation, text[: genre.start()], genre["val"], span, genre.start())
            return
        job = self.relations.get("occupation")
        at = text.find("是")
        bare = at < 0 and len(text) <= 20 and _OCCUPATION_END.search(text) is not None
        at = 0 if bare else at  # 英国非常有名气的演员: a description alone
        occupations = _occupations(text[at:]) if at >= 0 else []
        if job is None or not occupations:
            return
        yield Found(
            job, text[:at], "、".join(dict.fromkeys(occupations)), span, max(at - 1, 0), weak=True
        )
        origin = self.relations.get("nationality")
        country = _country(self.aliases, text[at:] if bare else text[at + 1 :])
        if origin is not None and country:
            yield Found(origin, text[:at], country, span, at)

    def _sharing(self, key: str, surface: str, first: Relation) -> list[Relation]:
        return [first] + [
            r
            for r in self.relations.relations
            if r is not first and surface in r.surfaces.get(key, ())
        ]

    # -- facts ------------------------------------------------------------------------------
    def _facts(
        self, found: Found, inherited: str | None, session: Session, sentence: str
    ) -> tuple[list[CandidateFact], str | None]:
        subject = self._subject(found, inherited, session)
        if subject == LEAVE:
            return [], inherited
        if subject is None:
            if not found.weak:
                session.claimed.append(found.span)  # said of someone nobody knows: no fact
            return [], inherited
        values = _values(found.value_text, found.relation)
        if not values:
            return [], subject
        kind = found.relation.value_kind
        if kind is not None:  # 导演是X: X is now under discussion too (a person)
            session.mention(
                Referent(name=v[:200], kind=kind) for v in values if _value_name(v, kind)
            )
        facts = [_fact(subject, found, v, sentence) for v in values if v != subject]
        if found.relation.list and subject != SPEAKER:
            session.continues(found.relation.predicate, subject)
        return facts, subject

    def _subject(self, found: Found, inherited: str | None, session: Session) -> str | None:
        """The frame's subject; None: nobody resolvable (the span is nobody's fact); LEAVE:
        the speaker's or the user's own, for the clause reader."""
        said = _subject_text(found.subject_text)
        if said:
            return _resolved(said, found.relation, session)
        if inherited is not None:
            return inherited
        about = session.topic(found.relation.about, found.value_text)
        return about.name if about is not None else None


def _dated(value: str, relation: Relation, where: re.Pattern[str]) -> str:
    """A date relation's value is the date it holds (上映于2006年的电影: 2006年)."""
    found = where.search(value) if relation.value == "date" else None
    return found.group(0) if found is not None else value


_DATE = (
    r"(?:公元前?)?\d{1,4}\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号])?)?"
    r"|\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
)
_DATE_HEAD = re.compile(rf"^(?:{_DATE})")
_DATE_TAIL = re.compile(rf"(?:{_DATE})$")


_OWNED = re.compile(
    r"(?:都|也|均)?(?:算|就)?是(?P<owner>他们|她们|它们|他|她|它|其)的?"
    r"(?:一部|一首|一张|一个|一位|部|首|张|个|位)?$"
)
"""《有你的快乐》与《迷宫》都是她的代表作: the values before 是, their owner after it."""


def _occupations(text: str) -> list[str]:
    """The occupations a class sentence names; one followed by 的 is a verb (在美国制片的,
    由詹姆斯·卡梅隆制片的), no occupation."""
    return [m.group(0) for m in _OCCUPATION.finditer(text) if not text.startswith("的", m.end())]


def _possessor(head: str) -> str:
    """也去一下它边上的X: the attribute's owner is the pronoun right before it."""
    found = _OWNER.search(head)
    return found.group(1) if found is not None else head


_OWNER = re.compile(r"(?<=[^的])(他们|她们|它们|他|她|它)的?$")


def _value_name(value: str, kind: Kind) -> bool:
    """Can a relation's value be a name under discussion? A Japanese given name may end in
    也, which no other name holds (中岛哲也, 木村拓也)."""
    return name_like(value) or (kind == "person" and value.endswith("也") and name_like(value[:-1]))


def _listed_keeps_topic(made: list[CandidateFact], session: Session) -> None:
    """A list of values (主演有A、B和C; 代表作有X、Y) does not take the topic from what it is
    said of: after it, its subject is the most recent referent again (a later 他 or 它 is
    about the film or the singer, not the last item listed). A single value may (导演是X,
    then 他 is X)."""
    counts = Counter(f.subject for f in made)
    for subject, n in counts.items():
        referent = session.state.named(subject)
        if n >= 2 and referent is not None:
            session.mention([referent])


def _asked_about(before: str, relation: Relation, session: Session, named: list[Referent]) -> str:
    """Whom a question asks about: a pronoun or definite mention in it, a name it gives, or
    "" (the answer is then about the topic of the relation's kind)."""
    for word, cue in PRONOUNS_ZH.items():
        if word in before and word != "其":
            found = _pronoun(word, cue, relation, session)
            return found.name if found is not None else ""
    definite = DEFINITE_ZH.search(before)
    said = definite_zh(definite) if definite is not None else None
    if said is not None:
        found = session.refer(said)
        return found.name if found is not None else ""
    fitting = [r for r in named if r.kind in relation.about or r.kind == "thing"]
    return fitting[-1].name if fitting else ""


def _subject_text(text: str) -> str:
    text = _WHEN.sub("", _FILLER.sub("", text.strip()))
    text = _KNOWING.sub("", text)
    text = re.sub(
        r"^(?:那么|那|这个|而且|所以|因为|不过|但是|可是|就是|对于|关于|至于|说到|提到)", "", text
    )
    definite = DEFINITE_ZH.search(text)
    if definite is not None and definite.start() == 0:
        text = definite.group(0)
    text = re.sub(r"(?:的|之|也|都|还|就|是|呢|吗|啊|呀|曾经|最早|当时|主要|一共)+$", "", text)
    return text.strip(" “”")


_ASKER = re.compile(
    r"^.*?(?:查一下|查查|问一下|请问|问问|你知道|知道|了解|说说|介绍一下|告诉我|"
    r"帮我看看|帮我看一下|看一下)"
)
_ASKED_TAIL = re.compile(r"(?:的|是|在|有|能|可以|大概|一般|都|要|需要|还|也|具体|主要|最)+$")


def _question_subject(before: str) -> str:
    """东岳庙(北京民俗博物馆)能玩多久: the name a question asks about, said before what it
    asks ("" when what is there is no name)."""
    text = _ASKED_TAIL.sub("", _ASKER.sub("", before.strip())).strip("，, 《》")
    if name_like(text) and not _SURFACES.search(text):
        return text
    return ""


def _titled(said: str) -> bool:
    """《恋恋笔记本》, "The Beatles": said as a name."""
    return said.startswith("《") or (len(said) >= 2 and said.isascii() and said[0].isupper())


def _resolved(said: str, relation: Relation, session: Session) -> str | None:
    """The entity a said subject names: the speaker, a pronoun's or definite mention's
    referent, a name; None when a pronoun resolves to nothing."""
    if said in SPEAKER_WORDS:
        return SPEAKER  # the clause reader's reading wins where it has one (extractor._read)
    if said in USER_WORDS:
        return LEAVE  # the user spoken of: the clause reader's
    if re.search(r"[我咱你您]", said):
        if _SAYING.search(said) is None:
            return LEAVE  # 我妈妈, 我们团队: the clause reader's
        about = session.topic(relation.about)  # 我查到, 我同事说: a clause about saying
        return about.name if about is not None else None
    cue: Cue | None = PRONOUNS_ZH.get(said) or (definite_cue(said) if said in CLASSES else None)
    if cue is None:
        definite = DEFINITE_ZH.fullmatch(said)
        cue = definite_zh(definite) if definite is not None else None
    if cue is not None:
        found = _pronoun(said, cue, relation, session)
        return found.name if found is not None else None
    titled = _titled(said)
    said = said.strip("《》")[:200]
    known = bool(said) and session.state.named(said) is not None
    if (
        said
        and not known
        and not person_like(said)
        and ("person" not in relation.about and "work" not in relation.about)
    ):
        return LEAVE  # 服务器地址是…: a thing nobody introduced, the user's context
    if not said or (not known and not (person_like(said) or titled)):
        inside = _INNER_PRONOUN.search(said)
        if inside is not None:  # 难怪他能, 其实她曾: the pronoun is the subject
            found = _pronoun(inside[0], PRONOUNS_ZH[inside[0]], relation, session)
            return found.name if found is not None else None
        about = session.topic(relation.about)  # 最喜欢的, 同时: not a name; the topic
        return about.name if about is not None else None
    session.mention([Referent(name=said, kind=kind_of(said))])
    return said


_INNER_PRONOUN = re.compile(r"(?<!其)[他她它](?!们)")
"""A third-person pronoun inside a subject phrase (难怪他能, 其实她也): not 其他, 他们."""


def _pronoun(word: str, cue: Cue, relation: Relation, session: Session) -> Referent | None:
    """What a pronoun or definite mention refers to. 他/她/它 are one sound, often typed for
    one another: when the one it finds cannot bear the relation (他的周边, 他家是全天开放的
    about a place), or it finds none, the topic of the relation's kind is taken; so is it
    when a bare class noun (影片的导演是…, 景点是全天开放的) finds none of its class."""
    found = session.refer(cue)
    if found is not None and found.kind == "thing" and "person" in cue.kinds:
        person = session.topic(cue.kinds & frozenset(relation.about))
        found = person if person is not None and person.kind == "person" else found
    if (
        word in PRONOUNS_ZH and (found is None or found.kind not in (*relation.about, "thing"))
    ) or (found is None and word in CLASSES):
        return session.topic(relation.about) or found
    return found


def _last_copula(head: str) -> tuple[int, int] | None:
    """The span of the last 是, 在, 于 or 从 (早在 whole) of `head`, or None."""
    at = max(head.rfind(word) for word in "是在于从")
    if at < 0:
        return None
    return (at - 1 if head[at] == "在" and head[at - 1 : at] == "早" else at), at + 1


class _Surfaces:
    """Every surface of a list, found in one left-to-right scan (the leftmost longest surface
    at each place, then on after it: what one regex alternation of them, longest first, finds,
    without trying hundreds of alternatives at every character). The scan jumps from one
    character that starts a surface to the next (one character class, searched in C), and
    `present` gives the list's pairs from the surfaces found through an index made once."""

    def __init__(self, pairs: list[tuple[str, Relation]]) -> None:
        surfaces = sorted({s for s, _ in pairs if s}, key=len, reverse=True)
        by_first: dict[str, list[str]] = {}
        for surface in surfaces:
            by_first.setdefault(surface[0], []).append(surface)
        self.by_first = by_first
        self.starts = re.compile("[" + re.escape("".join(by_first)) + "]") if by_first else None
        self.pairs = pairs
        self.within: dict[str, list[int]] = {
            found: [i for i, (s, _) in enumerate(pairs) if s in found] for found in surfaces
        }
        """For each surface, the pairs whose surface is inside it (门票 inside 门票价格)."""

    def found(self, text: str) -> set[str]:
        out: set[str] = set()
        at = 0
        while self.starts is not None and (start := self.starts.search(text, at)) is not None:
            at = start.start()
            match = next((s for s in self.by_first[text[at]] if text.startswith(s, at)), None)
            if match is None:
                at += 1
            else:
                out.add(match)
                at += len(match)
        return out

    def present(self, text: str) -> list[tuple[str, Relation]]:
        """The (surface, relation) pairs whose surface is in `text`, in the list's order
        (longest first): a surface inside a longer one found there counts too (门票 in
        门票价格)."""
        found = self.found(text)
        if not found:
            return []
        hits = sorted({i for surface in found for i in self.within[surface]})
        return [self.pairs[i] for i in hits]


def _more_of_list(clause: str, relation: Relation) -> bool:
    """一个列表的下一项 (天安门广场，天坛，前门大街等): a short name-like clause; a list of
    names or places goes on with a name (听说制片成本相当高了 is none)."""
    item = _clean(_EXAMPLE.sub("", clause.strip()))
    if relation.value in ("name", "place") and not (name_like(item) or clause.strip()[:1] == "《"):
        return False
    return bool(item) and len(item) <= 20 and not _CLAUSE_WORDS.search(item) and "是" not in item


def _values(text: str, relation: Relation) -> list[str]:
    parts = _SPLIT.split(text) if relation.list else [text]
    kept: list[str] = []
    for said in parts:
        part = _LEAD_IN.sub("", _EXAMPLE.sub("", _KNOWING.sub("", said.strip())))
        named = values.title(part)
        if named is not None and relation.value in ("name", "text"):
            kept.append(named)  # a title is a name, whatever words it holds (《有你的快乐》)
        elif named is None:
            kept.extend(v for v in _shaped(_clean(part), relation) if v and relation.fits(v))
        elif relation.fits(named):
            kept.append(named)
    return list(dict.fromkeys(kept))


def _shaped(value: str, relation: Relation) -> list[str]:
    """The value by the class of values the relation keeps (`chinese/values.py`)."""
    if relation.value == "number" or relation.predicate in _MEASURES:
        return [values.measure(values.quantity(value))]
    if relation.predicate in _NUMERIC:
        return [values.quantity(_answer_part(value, relation))]
    if relation.predicate == "awards":
        return [values.award(value)]
    if relation.predicate == "genre":
        return values.genres(value)
    if relation.predicate == "language":
        return [values.language(value)]
    if relation.value_kind == "person":
        return [values.agent(_HEDGE.sub("", value))]
    if relation.value_kind == "place":
        return [values.place(value)]
    if relation.predicate in _REGIONS:
        return [re.sub(r"(?<=.)地区$", "", value)]  # 台湾地区: 台湾
    if relation.value == "name":
        return [_HEDGE.sub("", value)]
    return [value]


def _clean(value: str) -> str:
    value = _TRAILING_CLAUSE.sub("", value.translate(_QUOTES)).strip(" 。.，,")
    value = _TRIM_LEFT.sub("", value)
    return _TRIM_RIGHT.sub("", value).strip(" 。.，,")


def _country(aliases: AliasTable, text: str) -> str:
    text = text[:12]
    for size in range(6, 1, -1):
        for start in range(0, max(len(text) - size, 0) + 1):
            word = text[start : start + size]
            if aliases.canonical(word) != word and not word.endswith(("市", "区", "县", "省")):
                return word
    return ""


def _answer_part(text: str, relation: Relation) -> str:
    """The part of a bare answer that is its value: the first part; for a number, a price or
    hours, the run of parts that give one ("不贵，20元" is 20元; "周一9:00-16:00，周二-周日
    9:00-17:00" both days)."""
    parts = text.split("，")
    if relation.predicate not in _NUMERIC:
        return parts[0]
    given = [bool(_GIVES_NUMBER.search(p)) for p in parts]
    if not any(given):
        return parts[0]
    first = given.index(True)
    last = next((n for n in range(first, len(parts)) if not given[n]), len(parts))
    return "，".join(parts[first:last])


_RUNS = frozenset({"phone", "opening_hours", "price"})
_REGIONS = frozenset({"produced_in", "released_in"})
_PLACES_COUNTED = re.compile(r"[一二两三四五六七八九十几多]+(?:地|国|个国家)$")
_MEASURES = frozenset({"visit_duration", "track_count", "duration", "box_office", "height"})
_CLOSED = re.compile(r"闭馆|闭园|休息|停止")
_GIVES_NUMBER = re.compile(r"\d|免费|全天|[一二三四五六七八九十半两]+(?:个)?(?:小时|天|元)")


def _last_clause(sentence: str, clause: str, start: int) -> bool:
    """Is `clause` the sentence's last? Its question mark is the clause's own: 门票是多钱啊？
    asks, though no question word says so."""
    return not sentence[start + len(clause) :].strip(" ？?。！!\n")


def _clauses(sentence: str) -> Iterator[tuple[str, int]]:
    for match in _CLAUSE.finditer(sentence):
        if match.group(0).strip():
            yield match.group(0), match.start()


def _fact(subject: str, found: Found, value: str, sentence: str) -> CandidateFact:
    start, end = found.span
    at = sentence.find(value)
    entities = (
        EntityMention(
            text=value, label="person" if person_like(value) else "name", span=(start, end)
        ),
    )
    return CandidateFact(
        subject=subject,
        predicate=found.relation.predicate,
        value=value,
        category="world",
        confidence=0.8,
        entities=entities if at >= 0 else (),
        span=(start, end),
        sentence=sentence.strip(),
        language="zh",
    )
