"""Chinese sentences about others: who directed, starred, was born, opens when (issue 37).

For each clause (a sentence cut at ，), the earliest frame that reads
(`chinese/relation_frames.py`: 由…执导, 导演是…, 出生于…, 1980年出生, 是一部…片) gives a relation,
a value and what is said before it; this module chooses whom it is about and makes the facts.

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
from collections.abc import Iterator, Sequence
from dataclasses import replace

from extractors.chinese import values
from extractors.chinese.lexicon import SPEAKER_WORDS, USER_WORDS
from extractors.chinese.mentions import (
    OPENING,
    ORG_HEAD,
    TITLED,
    kind_of,
    marked_like,
    mentions,
    name_like,
    person_like,
    referred_back,
    said_to_be,
    value_name,
)
from extractors.chinese.relation_frames import FILLER, Found, RelationFrames
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
from graph.domain.discourse import Referent

_CLAUSE = re.compile(r"(?:(?<!\d)\d{1,3}(?:[,，]\d{3})+(?!\d)|[^，,；;。！？!?\n])+")
"""A clause: the sentence cut at its commas, never inside a number written with thousands
separators (票房总收入135,039,943美元 is one number, not 135)."""
_ASKING = re.compile(
    r"[？?]|吗|么|嘛|什么|哪|谁|多少|几[点个时岁年]|(?<![这那好十])几[首部种次届位张家座号]|"
    r"怎么|怎样|咋样|多久|多大|多高|多长|啥|如何|是否|有没有|"
    r"是不是|[贵好远长大]不[？?。]*$"
)
_NE = re.compile(r"(?P<body>.*?)(?:呢)+[？?。！!]*$")
"""A clause ending in 呢: a question only after a bare noun phrase (`_bare_ne`)."""
_NE_LEAD = re.compile(r"^(?:那么|那|而|另外|对了|还有|还|那你|你)+")
_IF = re.compile(r"^(?:那)?(?:如果|要是|假如|万一|假设)")
_PREDICATE = re.compile(
    r"\d|[了过着]|能|可以|可|会|得|要|还|才|就|都|也|很|挺|太|真|更|又|已经|正|在|是|有|"
    r"[一两二三四五六七八九十百千万亿]+(?:个|张|首|部|年|天|岁|小时|分钟|元|块|次|届|种|家|多)"
)
"""What makes the words before a final 呢 a predicate, not a bare noun phrase: a number, an
aspect (了, 过, 着), a modal or an adverb (能, 可以, 还, 才, 就...), 是, 有, 在."""
_SURFACES = default_relations().words("zh", "zh_ask")
_WHEN = re.compile(
    r"^(?:\d{2,4}年)?(?:\d{1,2}月)?(?:\d{1,2}[日号])?"
    r"(?:去年|今年|前年|上个月|这个月|上周|最近|后来|当时|那年|那时候)?"
)
LEAVE = ""
"""A frame's subject that is the speaker's or the user's own: the clause reader reads it."""
_SAYING = re.compile(r"说|查|知道|记得|听说|觉得|看到|发现|找到|了解|记着|印象")
_ANSWER_LEAD = re.compile(
    r"^(?:是|在|为|有|大概|大约|差不多|只有|需要|应该是|好像是|它是|他是|她是|可以玩|能玩|可玩|"
    r"玩上|能|可以|玩|需|要|只需要|只需|得|一般|就|叫做|叫|当过|做过|担任过|干过)+"
)
_WHO_ASKED = re.compile(
    r"^(?:那|你|还|也|都|最|比较|能|可以|会|知道|记得|喜欢|说得?出|说说|清楚|了解)*有?(?:谁|哪些|哪几|几个|几位)"
)
"""A question for people that names nobody of its own (你能说出几个, 你知道有谁吗; never 公司董事长
是谁, which asks of its own noun)."""
_CONTINUE = re.compile(r"^(?:还有|另外还有|另外|以及|还|再就是)(?P<rest>.+)$")


class RelationReader:
    """Reads relation frames from Chinese sentences in one turn's `Session`."""

    def __init__(self, relations: Relations) -> None:
        self.relations = relations
        self.frames = RelationFrames(relations)

    def read(self, sentence: str, offset: int, session: Session) -> list[CandidateFact]:
        """The relation facts of one sentence's statements; a clause that asks ("你有电话
        吗") says what the next turn answers. The entities each clause names come under
        discussion after it is read (a pronoun refers back, never forward)."""
        facts: list[CandidateFact] = []
        subject: str | None = None
        listing: Found | None = None
        statements: list[str] = []
        back: list[Referent] = []  # what a question of knowing refers back to
        places: list[str] = []  # 德国，法国，美国，西班牙等地制片的: places before their verb
        asking = False
        asks_last = sentence.rstrip().endswith(("？", "?"))
        for clause, start in self._runs(sentence):
            if (
                _asks(clause) or (asks_last and _last_clause(sentence, clause, start))
            ) and not self._supposed(clause):
                asked_before, asks = session.asked_before, session.asks
                facts.extend(self._aside(clause, offset + start, [], session, sentence))
                back = self.question(clause, session)
                if session.asks is asks and statements:  # 请的演员都是大拿，你能说出几个？
                    self._role_asked(clause, statements[-1], session)
                session.asked_before = asked_before  # this turn's question is the next's
                listing, asking = None, True
                continue
            statements.append(clause)
            session.said = clause
            found = list(self.frames.read(clause, offset + start))
            if not found and listing is not None and values.more_of_list(clause, listing.relation):
                found = [Found(listing.relation, "", clause, listing.span)]
            if found and places:
                found = [_placed(one, places) for one in found]
            place = "" if found else self.frames.bare_place(clause)
            places = [*places, place] if place else []
            made_here: list[CandidateFact] = []
            own = mentions(clause) if found else []
            for one in found:
                made, subject = self._facts(one, subject, session, sentence, own)
                made_here.extend(made)
            facts.extend(made_here)
            passing = self._aside(clause, offset + start, found, session, sentence)
            facts.extend(passing)
            last = found[-1] if found else self._listed(passing)
            listing = last if last is not None and last.relation.list else None
            retyped = said_to_be(clause, session.state)
            session.mention(r for _, r in mentions(clause))
            session.mention(r for r in session.state.referents if r.name in clause)
            session.mention([retyped] if retyped is not None else [])
            _listed_keeps_topic(made_here, session)
        if not facts and asking and statements:  # 大概能玩1小时，知道在什么地方吗？
            facts = self.answer("，".join(statements), offset, session)
            session.mention(back)  # 有A，B，C，看过没: C stays the most recent, after the list
        return facts

    def _supposed(self, clause: str) -> bool:
        """Is a clause asked with 吧 a supposition of who someone is (导演是吴宇森吧？, 主演是中谷
        美纪吧？, 是黑泽明导演的吧？)? It says its value as the speaker believes it: read as a
        statement when no question word asks and its frame's value is an entity (a person, a
        work); a price or a quality so asked (那门票也不能贵了吧？) still asks."""
        if _asks(clause) or not clause.rstrip().endswith("吧"):
            return False
        return any(f.relation.value_kind is not None for f in self.frames.read(clause, 0))

    def _aside(
        self, clause: str, start: int, found: list[Found], session: Session, sentence: str
    ) -> list[CandidateFact]:
        """Relations told in passing by a noun phrase (`RelationFrames.in_passing`: 我更喜欢她的
        《呼吸》, 看过他的《猜火车》吗, X这部古装爱情喜剧片): facts that claim nothing of the clause
        (`Session.aside`) when the frame is an aside, unless a frame of the clause tells the
        relation already."""
        told = {f.relation.predicate for f in found}
        out: list[CandidateFact] = []
        for one in self.frames.in_passing(clause, start):
            if one.relation.predicate in told:
                continue  # the clause's own frame tells it already
            about = _passing_subject(one, session)
            if about is None:
                continue
            made, _ = self._facts(replace(one, subject_text=""), about, session, sentence)
            if one.aside:
                session.aside.extend(f.span for f in made)
            out.extend(made)
        return out

    def _listed(self, passing: list[CandidateFact]) -> Found | None:
        """The list a clause told in passing (这是一部奇幻，犯罪，剧情大片): the next clause may
        go on with it."""
        last = passing[-1] if passing else None
        relation = self.relations.get(last.predicate) if last is not None else None
        if last is None or relation is None:
            return None
        return Found(relation, "", last.value, last.span)

    def _runs(self, sentence: str) -> Iterator[tuple[str, int]]:
        """The sentence's clauses, a single-valued value told in parts kept in one: after a
        phone number, hours or a price, the clauses that go on giving numbers are more of
        that value (电话是010-61622569,010-61622358; 旺季8:00-17:00；淡季9:00-16:00), which
        as two records the second would close. A part may name its own kind of the value
        (门票10元，讲解门票40元), and a price goes on through its terms (学生票半价, 含讲解,
        团体优惠)."""
        clauses = list(_clauses(sentence))
        n = 0
        while n < len(clauses):
            clause, start = clauses[n]
            n += 1
            run = self._runs_on(clauses, n, clause)
            if run:
                terms = run == "price" and values.more_numbers(clause)  # 门票10元, not 无需门票
                while n < len(clauses) and self._goes_on(clauses[n][0], run, terms):
                    n += 1
                last, at = clauses[n - 1]
                clause = sentence[start : at + len(last)]
            yield clause, start

    def _runs_on(self, clauses: list[tuple[str, int]], n: int, clause: str) -> str:
        """The phone number, hours or price said in `clause` that goes on in the clause after
        it, or "". That one is looked at first: its regex is cheaper than a scan for
        surfaces."""
        if n >= len(clauses) or not values.more_numbers(clauses[n][0], priced=True):
            return ""
        run = next(
            (
                r.predicate
                for _, r in self.frames.attributes.present(clause)
                if r.predicate in values.RUNS
            ),
            "",
        )
        terms = run == "price" and values.more_numbers(clause)
        return run if run and self._goes_on(clauses[n][0], run, terms) else ""

    def _goes_on(self, clause: str, run: str, terms: bool = False) -> bool:
        """Is `clause` more of the `run` value: a number (`terms`: a price's terms too, after
        a price that gave a number), asking nothing, naming no relation but the run's own?"""
        return (
            values.more_numbers(clause, priced=terms)
            and not _asks(clause)
            and all(r.predicate == run for s, r in self.frames.asking.present(clause) if len(s) > 1)
        )

    def question(self, clause: str, session: Session) -> list[Referent]:
        """What a question asks about (the next turn's bare answer is its value), and the
        entities it names ("你知道周杰伦吗？" brings 周杰伦 under discussion, as does 是相信音乐，
        你听说过吗: `referred_back`, returned)."""
        said = mentions(clause)
        named = [r for _, r in said]
        session.mention(_in_text_order(clause, said, session))
        back = [] if named else referred_back(clause, session.said)
        session.mention(back)
        text = FILLER.sub("", clause)
        masked = TITLED.sub(lambda m: "《" + "　" * (len(m[0]) - 2) + "》", text)
        for surface, asked in _named_first(self.frames.asking.present(masked), masked):
            at = _asked_at(masked, surface)
            if at < 0:
                continue
            relation = self._shape_asked(asked, text)
            about = _asked_about(text[:at], relation, session, named)
            if about is None:
                about = ""  # 此歌, 他 refer to nobody: the words are no name
            elif not about:
                about = _question_subject(text[:at])
                if about:
                    kind = relation.about[0] if len(relation.about) == 1 else kind_of(about)
                    session.mention([Referent(name=about, kind=kind)])
            session.ask(relation.predicate, about)
            return back
        self._works_asked(masked, session, named)
        return back

    def _role_asked(self, clause: str, said: str, session: Session) -> None:
        """A question that asks for people (谁, 哪些, 几个, 几位) and names no relation asks for
        the people of the role the clause before it named (请的演员也都是大拿，你能说出几个？
        asks the cast; 旗下有很多的艺人呢，你知道有谁吗？ the members): the English "Do you know
        any of the actors in it?" said over two clauses."""
        if _WHO_ASKED.search(clause) is None:
            return
        for _, relation in self.frames.asking.present(said):
            if relation.value_kind == "person":
                session.ask(relation.predicate)
                return

    def _works_asked(self, text: str, session: Session, named: list[Referent]) -> None:
        """A question that asks which of someone's works by their class noun (你喜欢她的哪首
        歌, 关于她的歌曲你还知道哪些, 她的歌都有什么比较知名的, 他都演过什么电影) asks their
        `works`: the titles of the answer are (`answer`). Only when no relation's surface asks
        (他的电影是什么类型 asks the genre)."""
        match = _WORKS_ASKED.search(text)
        works = self.relations.get("works")
        if match is None or works is None:
            return
        at = match.start("noun") if match["noun"] else match.end("owner")
        about = _asked_about(text[:at], works, session, named)
        session.ask(works.predicate, about or "")

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
        if asked is None or relation is None:
            return []  # nothing was asked: no answer (most sentences)
        text = FILLER.sub("", sentence.strip(" 。！!？?\n")).strip()
        more = _CONTINUE.match(text)
        text = more["rest"] if more else text
        text = _ANSWER_LEAD.sub("", text).strip("，, ")
        if not text or len(text) > 60:
            return []
        if asked.continued and not more:
            return []  # only "还有…" continues a list; anything else is new talk
        titles = TITLED.findall(text) if relation.value_kind == "work" else []
        if titles:  # 我喜欢听《蓝莲花》, 《后来》、《粉红女郎》这些歌我都非常喜欢: the titles
            text = "、".join(titles)
        elif "，" in text and not relation.list:
            text = _ANSWER_LEAD.sub("", values.answer_part(text, relation))
        elif relation.list:
            text = "、".join(values.EXAMPLE.sub("", c) for c in re.split(r"[，,]", text))
        twin = self.relations.get(_TWINS.get(relation.predicate, ""))
        if twin is not None and not relation.fits(text) and self._shaped_as(twin, text):
            relation = twin  # 他出生在哪来着？ 美国加利福尼亚州圣莫尼卡: the place, not the date
        found = Found(relation, asked.about, text, (offset, offset + len(sentence.rstrip())))
        made, _ = self._facts(found, None, session, sentence)
        _listed_keeps_topic(made, session)
        return made

    def _shaped_as(self, relation: Relation, text: str) -> bool:
        """Has an answer the shape of `relation`'s values: a date, or a place named as one (a
        country, a division: 美国加利福尼亚州圣莫尼卡, 香港南丫岛), never chatter (很年轻)?"""
        if relation.value != "place":
            return relation.fits(text)
        placed = bool(values.country(self.frames.aliases, text)) or _DIVISION.search(text)
        return relation.fits(text) and bool(placed)

    # -- facts ------------------------------------------------------------------------------
    def _facts(
        self,
        found: Found,
        inherited: str | None,
        session: Session,
        sentence: str,
        own: Sequence[tuple[int, Referent]] = (),
    ) -> tuple[list[CandidateFact], str | None]:
        subject = self._subject(found, inherited, session, own)
        if subject == LEAVE:
            return [], inherited
        if subject is None:
            if not found.weak:
                session.claimed.append(found.span)  # said of someone nobody knows: no fact
            return [], inherited
        said = values.kept(found.value_text, found.relation)
        if not said and values.named_by_count(found.relation) and values.vague(found.value_text):
            session.claimed.append(found.span)  # 它的周边也有景点: named, no value yet
            session.ask(found.relation.predicate, subject if subject != SPEAKER else "")
            return [], subject
        if not said:
            return [], subject
        kind = found.relation.value_kind
        if kind is not None:  # 导演是X: X is now under discussion too (a person)
            named = (value_name(v, kind) for v in said)
            session.mention(Referent(name=n[:200], kind=kind) for n in named if n is not None)
        else:  # 出品公司是新艺城影业有限公司: a company named by its head noun, as a person is
            session.mention(
                Referent(name=v[:200], kind="organization")
                for v in said
                if kind_of(v) == "organization" and name_like(ORG_HEAD.sub("", v))
            )
        facts = [_fact(subject, found, v, sentence) for v in said if v != subject]
        if found.relation.list and subject != SPEAKER:
            session.continues(found.relation.predicate, subject)
        return facts, subject

    def _subject(
        self,
        found: Found,
        inherited: str | None,
        session: Session,
        own: Sequence[tuple[int, Referent]] = (),
    ) -> str | None:
        """The frame's subject; None: nobody resolvable (the span is nobody's fact); LEAVE:
        the speaker's or the user's own, for the clause reader. A frame without a subject is
        about the last name of the relation's kind its own clause says before it (`own`: 我看过
        香水这部2006年上映的影片 is 香水's release, though another film was under discussion),
        else about the topic."""
        said = _subject_text(found.subject_text)
        if said:
            return _resolved(said, found.relation, session)
        if inherited is not None:
            return inherited
        before = [r for at, r in own if at + len(r.name) <= found.at]
        named = next((r for r in reversed(before) if r.kind in found.relation.about), None)
        if named is not None and not found.value_text.startswith(named.name):
            session.mention([named])
            return named.name
        about = session.topic(found.relation.about, found.value_text)
        return about.name if about is not None else None


def _passing_subject(found: Found, session: Session) -> str | None:
    """Whom a relation told in passing is about: a pronoun's referent, or the longest name
    under discussion that ends what is said before the phrase (我最喜欢唐伯虎点秋香这部…,
    邓丽君的《甜蜜蜜》), else the topic of the relation's kind (a genre's or an actor's: the
    work under discussion; a star sign's: the person); None: no one
    (a name nobody introduced is no owner: 小说家托马斯·肯尼利所著的《X》)."""
    head = found.subject_text
    if head in PRONOUNS_ZH:
        referent = _pronoun(head, PRONOUNS_ZH[head], found.relation, session)
        return referent.name if referent is not None else None
    for n in range(min(len(head), 16), 1, -1):
        if session.state.named(head[-n:].strip("《》")) is not None:
            return head[-n:].strip("《》")
    if found.relation.predicate == "works":
        return None
    kinds = (
        ("work",)
        if found.relation.predicate == "genre"
        else ("person",)  # 这位英国人: a person's origin, never a film's
        if found.relation.predicate in ("nationality", "birthplace")
        else found.relation.about
    )
    about = session.topic(kinds)  # a genre or an actor: the work; a star sign: the person
    return about.name if about is not None else None


def _in_text_order(
    clause: str, said: list[tuple[int, Referent]], session: Session
) -> list[Referent]:
    """The referents a question names, in text order: those its mention rules find and those
    under discussion it names again (那香山公园具体在哪里啊: the place the answer is about)."""
    found = {r.name: (at, r) for at, r in said}
    for referent in session.state.referents:
        at = clause.find(referent.name)
        if at >= 0 and referent.name not in found:
            found[referent.name] = (at, referent)
    return [r for _, r in sorted(found.values(), key=lambda item: item[0])]


def _placed(found: Found, places: list[str]) -> Found:
    """A list of places whose verb comes in a later clause (德国，法国，西班牙等地制片的): the
    clauses before it are its first parts."""
    if not found.relation.list or found.relation.value != "place":
        return found
    return replace(found, value_text="、".join([*places, found.value_text]))


def _listed_keeps_topic(made: list[CandidateFact], session: Session) -> None:
    """A list of values (主演有A、B和C; 代表作有X、Y) does not take the topic from what it is
    said of: after it, its subject is the most recent referent again (a later 他 or 它 is
    about the film or the singer, not the last item listed). A single value may (导演是X,
    then 他 is X)."""
    if len(made) < 2:
        return  # most clauses: no list told
    counts = Counter(f.subject for f in made)
    for subject, n in counts.items():
        referent = session.state.named(subject)
        if n >= 2 and referent is not None:
            session.mention([referent])


def _named_first(pairs: list[tuple[str, Relation]], question: str) -> list[tuple[str, Relation]]:
    """A question word that asks only how much or how long (多久, 多长, 多大, 多少钱) asks it of
    the noun the question names: when the question names a relation's noun too, that relation
    is asked (片长大概多久: the running time, not how long to stay; 成本多少钱: the budget),
    so such words come after every other surface. A question word of time (哪年, 什么时候)
    asks a date: a relation whose values are dates comes first (在哪年发行的: the release date,
    though 在哪 asks an address)."""
    quantity = [p for p in pairs if p[0] in _HOW_MUCH]
    if quantity:
        pairs = [p for p in pairs if p[0] not in _HOW_MUCH] + quantity
    if _WHEN_ASKED.search(question):
        pairs = [p for p in pairs if p[1].value == "date"] + [
            p for p in pairs if p[1].value != "date"
        ]
    return pairs


_TWINS = {
    "birthday": "birthplace",
    "birthplace": "birthday",
    "died_on": "died_in",
    "died_in": "died_on",
}
"""Relations one word asks (出生, 去世): the answer's shape says which was meant, a date or a
place, whatever question word asked (哪来着, 哪生人, 是出生在中国大陆吗)."""

_DIVISION = re.compile(r"[国省市县区州镇乡村岛郡]")

_WORK_NOUN = r"(?:歌曲|歌|电影|影片|片子|作品|专辑)(?![手迷词声剧院节票人])"
_WORKS_ASKED = re.compile(
    r"(?:哪[首部些张个几]+|什么|啥)(?P<noun>" + _WORK_NOUN + r")"
    r"|(?P<owner>[他她]们?|其)(?:的|唱过的|演过的)?" + _WORK_NOUN + r".*?(?:哪|什么|啥)"
)
"""A class noun of works asked which of (哪首歌, 什么电影) or owned by a pronoun and then asked
(她的歌都有什么, 他的歌曲你还知道哪些); never a word it starts (歌手, 电影院)."""

_WHEN_ASKED = re.compile(r"哪年|哪一年|什么时候|啥时候|什么时间|几几年|哪天")
_HOW_MUCH = frozenset({"多久", "多长", "多长时间", "多大", "几岁", "多少钱"})


def _asked_at(text: str, surface: str) -> int:
    """Where a question asks `surface` (-1: nowhere). A one-character verb or noun (人, 唱, 写,
    导, 籍) asks only right after a question word (哪国人, 谁唱的), never inside a word (艺人呢,
    女人); a title's words (masked by the caller) ask nothing (你听过《容易受伤的女人》吗)."""
    at = text.find(surface)
    while len(surface) == 1 and at >= 0 and _ASK_WORD.search(text, 0, at) is None:
        at = text.find(surface, at + 1)
    return at


_ASK_WORD = re.compile(r"(?:谁|哪|哪里|哪儿|哪国|什么|什么地方的?)$")


def _asked_about(
    before: str, relation: Relation, session: Session, named: list[Referent]
) -> str | None:
    """Whom a question asks about: a pronoun or definite mention in it (a bare class noun
    leading it too: 影片采用的是什么语言, 电影属于哪种类型), a name it gives, or "" (the answer
    is then about the topic of the relation's kind); None when a referring word finds
    nobody."""
    words = before.replace("其他", "").replace("其它", "")  # 其他的特长: no pronoun
    for word, cue in PRONOUNS_ZH.items():
        if word in words and word != "其":
            found = _pronoun(word, cue, relation, session)
            return found.name if found is not None else None
    definite = DEFINITE_ZH.search(before)
    said = definite_zh(definite) if definite is not None else _bare_class(before)
    if said is not None:
        found = session.refer(said)
        return found.name if found is not None else None
    fitting = [r for r in named if r.kind in relation.about or r.kind == "thing"]
    return fitting[-1].name if fitting else ""


_BARE_CLASS = re.compile(
    r"^(?:那么|那|而且|所以|对了|还有|那个|这个)?(?P<noun>"
    + "|".join(sorted((k for k, v in CLASSES.items() if v[0] and not k.isascii()), key=len)[::-1])
    + r")(?:的|是|都|也|还|属于|采用|用|讲|叫|有|在|总|一共|一$|$)"
)


def _bare_class(before: str) -> Cue | None:
    """A class noun leading a question (影片采用的是, 电影属于, 专辑的, 你知道专辑一共收录了):
    the referent of its class under discussion, as 这部电影 would be."""
    match = _BARE_CLASS.match(_ASKER.sub("", before.strip()))
    return definite_cue(match["noun"]) if match is not None else None


def _subject_text(text: str) -> str:
    text = _WHEN.sub("", FILLER.sub("", text.strip()))
    text = values.KNOWING.sub("", text)
    text = re.sub(
        r"^(?:那么|那(?![里儿边])|这个|而且|所以|因为|不过|但是|可是|就是|对于|关于|至于|说到|提到|"
        r"尤其是|尤其|特别是)",
        "",
        text,
    )
    text = values.DATE_TAIL.sub("", text)  # 他2004年毕业于: the date says when
    text = _HABIT.sub("", text)  # 通常都是8:00-17:00开放的: no one named
    definite = DEFINITE_ZH.search(text)
    if definite is not None and definite.start() == 0:
        text = definite.group(0)
    text = _PRECISE.sub("", text)  # 它的具体地址是…: 具体 says how precisely, not whose
    text = re.sub(r"(?:的|之|也|都|还|就|是|呢|吗|啊|呀|曾经|最早|当时|主要|一共)+$", "", text)
    return text.strip(" “”")


_PRECISE = re.compile(r"(?:的)?(?:具体|详细|准确|确切)(?:的)?$")


_HABIT = re.compile(r"^(?:通常|一般|平时|平常|基本上|基本|往往|大多)(?:都|也|还|就)?$")
"""Adverbs of habit said where a subject would be: the clause names no one (the topic)."""

_ASKER = re.compile(
    r"^.*?(?:查一下|查查|问一下|请问|问问|你知道|知道|了解|说说|介绍一下|告诉我|"
    r"帮我看看|帮我看一下|看一下)"
)
_ASKED_TAIL = re.compile(r"(?:的|是|在|有|能|可以|大概|一般|都|要|需要|还|也|具体|主要|最)+$")


def _question_subject(before: str) -> str:
    """东岳庙(北京民俗博物馆)能玩多久: the name a question asks about, said before what it
    asks ("" when what is there is no name)."""
    text = _ASKED_TAIL.sub("", _ASKER.sub("", before.strip())).strip("，, 《》")
    opened = OPENING.sub("", text, count=1)
    if opened != text and kind_of(opened) != "thing":
        text = opened  # 那北汽新能源体验中心位于…: a name of a known kind after an opening
    # 帮我看看第四次世界妇女大会纪念公园可以玩多久: a place's name, both ends marked
    named = name_like(text) or (kind_of(text) == "place" and marked_like(text))
    if named and not _NOT_ASKED.search(text) and not _SURFACES.search(text):
        return text
    return ""


_NOT_ASKED = re.compile(
    r"[一二三四五六七八九十百]十|^(?:才|已|今年|原来|因此|当时|大部分|每个|但|从|关于|属于|挺|一共|总共|共)"
    r"|(?:此|该)(?:歌|曲|片|乐队|专辑|书|剧)|[部首张](?:电影|歌|专辑|片)"
)
"""What a question's words before its relation hold when they are no name: an age or a count
(今年才四十, 已五十), an adverb (当时, 因此, 原来, 一共), a quantifier (每个, 大部分), a class noun
after its classifier (经张专辑: 这张专辑 mistyped)."""


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
        return _personal(said, relation, session)
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


def _personal(said: str, relation: Relation, session: Session) -> str | None:
    """A said subject holding 我, 你, 咱 or 您: a work under discussion whose name holds it
    (《送你一朵山茶花》, 我要的幸福: a work's name holds any word), the topic of a clause about
    saying (我查到, 我同事说), else the speaker's phrase (我妈妈, 我们团队: LEAVE)."""
    named = session.state.named(said.strip("《》"))
    if named is not None and named.kind in _NAMED_ANY_WORDS:
        session.mention([named])
        return named.name
    if _SAYING.search(said) is None:
        return LEAVE
    about = session.topic(relation.about)
    return about.name if about is not None else None


_NAMED_ANY_WORDS = frozenset({"work", "organization", "place"})
"""Kinds whose names may hold a pronoun (《送你一朵山茶花》, 《我们的小世界》, 《曾经的你》):
such a referent under discussion, said again as a subject, is itself, never the speaker's
phrase (我妈妈, 我们团队) left to the clause reader."""

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


def _asks(clause: str) -> bool:
    """Does a clause ask? A question word inside a title asks nothing (我更喜欢《我可以抱你
    吗》, 《这个世界会好吗》). A question needs a question word, an A-not-A (是不是, 贵不), 吗,
    or a final 呢 after a bare noun phrase (那开放时间呢, 你呢, 还有呢) or a condition (如果下雨
    呢): after a predicate 呢 only stresses a statement (差不多能玩4小时呢, 制片成本6000万美元呢,
    还获得过…最佳女歌手呢)."""
    text = TITLED.sub("《》", clause)
    if _ASKING.search(text) is not None:
        return True
    ne = _NE.search(text.strip())
    return ne is not None and _bare_ne(ne.group("body"))


def _bare_ne(body: str) -> bool:
    """Are the words before a final 呢 a bare noun phrase or a condition: a question?"""
    body = body.strip(" ，,")
    if _IF.match(body):
        return True
    return _PREDICATE.search(_NE_LEAD.sub("", body)) is None


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
