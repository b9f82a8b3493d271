"""Readings -> `CandidateFact`s: subjects in context, times, entities, confidence.

`FactBuilder` holds one turn's context: the last explicit subject (shared by the clauses that
follow without one), the antecedent for 他/她 (the last named subject or person value), and
the last copula's subject and attribute (for an elliptical 不是5月4日).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from extractors.chinese.clauses import Flags
from extractors.chinese.frames import Reading
from extractors.chinese.np import THIRD_PERSON_SUBJECT, Value, is_person_name
from extractors.chinese.tokens import Tok, is_cjk
from extractors.discourse.cues import (
    ANY,
    DEFINITE_ZH,
    NON_PERSON,
    PRONOUNS_ZH,
    definite_zh,
    says_first_person,
)
from extractors.discourse.session import Session
from extractors.predicates import PredicateInfo, PredicateTable
from extractors.schema import (
    SPEAKER,
    USER,
    CandidateFact,
    Change,
    EntityMention,
    TimeMention,
    held_in_the_past,
)
from extractors.temporal.resolve import find_times
from graph.domain.enums import FactType, Role

CONFIDENCE = {
    FactType.FACT: 0.85,
    FactType.OBSERVATION: 0.8,
    FactType.OPINION: 0.7,
    FactType.BELIEF: 0.55,
    FactType.INFERENCE: 0.5,
    FactType.HYPOTHESIS: 0.45,
}
_Subject = tuple[str, tuple[Tok, ...]]
_Resolved = tuple[str, tuple[Tok, ...], PredicateInfo, str | None]


def find_times_zh(text: str, reference: datetime) -> list[TimeMention]:
    """`find_times(lang="zh")`, ignoring spaces between digits and Chinese ("2023 年")."""
    keep = [i for i, ch in enumerate(text) if not (ch == " " and _joins(text, i))]
    compact = "".join(text[i] for i in keep)
    mentions = find_times(compact, reference, lang="zh")
    out: list[TimeMention] = []
    for mention in mentions:
        start, end = keep[mention.span[0]], keep[mention.span[1] - 1] + 1
        out.append(mention.model_copy(update={"span": (start, end), "text": text[start:end]}))
    return out


def _joins(text: str, i: int) -> bool:
    if i == 0 or i + 1 >= len(text):
        return False
    left, right = text[i - 1], text[i + 1]
    return (left.isdigit() and is_cjk(right)) or (is_cjk(left) and right.isdigit())


class FactBuilder:
    def __init__(
        self,
        table: PredicateTable,
        source: str,
        role: Role,
        mentions: Sequence[TimeMention],
        session: Session | None = None,
    ) -> None:
        self.table = table
        self.source = source
        self.assistant = role == Role.ASSISTANT
        self.mentions = {m.span: m for m in mentions}
        self.subject: _Subject | None = None
        self.antecedent: str | None = None
        self.copula: _Resolved | None = None
        self.session = session or Session()
        self.first_person = says_first_person(source, "zh")
        """A fact about the speaker needs first person in the turn (never the default)."""

    # -- times ------------------------------------------------------------------------------
    def times_in(self, toks: Sequence[Tok]) -> tuple[TimeMention, ...]:
        found = (self.mentions.get((t.start, t.end)) for t in toks if t.kind == "time")
        return tuple(m for m in found if m is not None)

    @staticmethod
    def adverbial_times(
        own: Sequence[TimeMention], readings: Sequence[Reading]
    ) -> tuple[TimeMention, ...]:
        """Times that are not part of a value (我的生日是5月3日: the date is the value)."""
        inside = {t.start for r in readings for v in r.values for t in v.toks}
        return tuple(m for m in own if m.span[0] not in inside)

    def _only_a_length(self, value: Value) -> bool:
        """我跑步三年了, 我吃素十年了: a length closed by 了 (a `since` time) read as the value
        of a verb with its object inside it; how long is no value (the turn keeps it)."""
        found = [self.mentions.get((t.start, t.end)) for t in value.toks]
        return bool(found) and all(m is not None and m.role == "since" for m in found)

    def _plan_time(self, info: PredicateInfo, value: Value) -> tuple[Value, TimeMention | None]:
        """我打算明年去上海工作: the time opening a plan's clause is when the plan is for, not
        part of what is planned (plans 去上海工作, dated next year, as "I am going to work in
        Shanghai next year"); before, the value kept 明年 and a dated `event_at` repeated it."""
        if info.category != "plan" or not value.toks:
            return value, None
        first = value.toks[0]
        mention = self.mentions.get((first.start, first.end)) if first.kind == "time" else None
        rest = value.toks[1:]
        if mention is None or not rest:
            return value, None
        start = rest[0].start
        text = self.source[start : value.span[1]].strip()
        return Value(text, (start, value.span[1]), rest), mention

    def _modal_plan(
        self,
        fact: CandidateFact,
        info: PredicateInfo,
        toks: Sequence[Tok],
        value: Value,
        dated: bool,
    ) -> CandidateFact:
        """我要搬到北京, 我将去日本: a future modal before the verb, with no time of its own, is a
        plan of what follows it (`plans 搬到北京`), not the state from the day it was told; with
        a time (我下个月要搬到北京) it stays the state, from then: the English "will" and "going
        to" (docs/write.md). Not 会 ("can": 我会说中文 is a skill), nor an attitude or a plan."""
        plans = self.table.get("plans")
        if dated or plans is None or fact.fact_type != FactType.FACT:
            return fact
        if info.category == "plan" or info.preference or fact.subject not in (SPEAKER, USER):
            return fact
        modal = next((t for t in toks if t.text in _MODALS and t.end <= value.span[0]), None)
        after = [t for t in toks if modal is not None and modal.end <= t.start]
        if not after or after[0].start >= value.span[1]:
            return fact
        text = self.source[after[0].start : after[-1].end].rstrip(_CLAUSE_TAIL)
        update = {"predicate": plans.name, "category": plans.category, "value": text}
        return fact.model_copy(update={**update, "change": ""})

    # -- context ----------------------------------------------------------------------------
    def retracts(self, facts: Sequence[CandidateFact]) -> bool:
        """An elliptical 不是B right after a positive 是A of the same attribute."""
        if not facts or self.copula is None:
            return False
        last = facts[-1]
        return last.polarity == 1 and last.predicate == self.copula[2].name

    def _resolve(self, reading: Reading, scope: str = "") -> _Resolved | None:
        if reading.info is None and self.copula is not None:
            return self.copula
        info = reading.info or reading.fallback
        if info is None:
            return None
        subject, toks = reading.subject, reading.subject_toks
        if subject is None:
            elided = self._elided(reading, info, scope)
            if elided is None:
                return None
            subject, toks = elided
        elif subject == THIRD_PERSON_SUBJECT:
            said = self._third_person(toks)
            if said is None:
                return None
            subject, toks = said, ()
        else:
            self.subject = (subject, toks)
            if subject not in (SPEAKER, USER):
                self.antecedent = subject
        resolved = (subject, toks, info, reading.attribute)
        self.copula = resolved if reading.copula and reading.attribute else None
        self._follow_relative(reading, info)
        return resolved

    def _elided(self, reading: Reading, info: PredicateInfo, scope: str) -> _Subject | None:
        """Whose a clause without a subject is: the subject said or carried before it, else
        the reading's default (the speaker's only with first person in the turn; the user's
        context only while nobody else is under discussion). A bare copula naming someone
        with nothing before it (就是周星驰，我很喜欢他) answers a question: nobody's `name`."""
        if self.subject is None and info.name == "name" and reading.copula:
            return None
        subject, toks = self.subject or (reading.default_subject, ())
        if subject == SPEAKER and not self.first_person:
            return None
        if subject == USER and not scope and not self.first_person:
            owner = self._ownerless()
            return None if owner is None else (owner, toks)
        return subject, toks

    def _ownerless(self) -> str | None:
        """Whose an attribute said without an owner or a namespace is (经纪公司是百娱经纪。): the
        user's context while nobody else is under discussion, else the topic's, else nobody's.
        One with a namespace (项目B的负责人是李四) stays the user's: it names its own owner."""
        if not self.session.state.referents:
            return USER
        topic = self.session.topic(ANY)
        return topic.name if topic is not None else None

    def _third_person(self, toks: Sequence[Tok]) -> str | None:
        """他/她/它: this turn's antecedent, else the discourse's most recent agreeing
        referent (docs/write.md: the pronoun rule); None when nothing agrees."""
        word = toks[0].text if toks else "他"
        cue = PRONOUNS_ZH.get(word, PRONOUNS_ZH["他"])
        if self.antecedent is not None and cue.kinds != NON_PERSON:
            return self.antecedent
        found = self.session.refer(cue)
        return found.name if found is not None else None

    def _referred(self, value: str) -> str:
        """A value that is only a definite mention (我很喜欢这部电影, 我听过这首歌) is what it
        refers to under discussion: `likes 霸王别姬`, not `likes 这部电影`. Not 这里/那里: a
        place word said where one is is no referent's name (`_DEICTIC_PLACES`); nor a referent
        of unknown class (`Session.named_as_value`)."""
        said = DEFINITE_ZH.fullmatch(value)
        cue = definite_zh(said) if said is not None and not said["here"] else None
        return self.session.named_as_value(cue) or value

    def _follow_relative(self, reading: Reading, info: PredicateInfo) -> None:
        """我女儿叫小雨，今年五岁: after naming a relative or pet, the talk is about them. A
        relative the speaker says they have, unnamed (我们有一个女儿，今年五岁了; 我有一个妹妹，
        她住在罗马), is the topic as the speaker calls them (我女儿, 我妹妹, as 我女朋友住在上海
        is stored): the age was the speaker's."""
        if info.category != "relationship" or len(reading.values) != 1:
            return
        said = reading.values[0]
        kin = self.table.lookup(said.text, "zh")
        if self.copula:
            self.subject, self.antecedent = (said.text, said.toks), said.text
        elif kin is not None and kin.category == "relationship" and reading.subject == SPEAKER:
            self.subject, self.antecedent = (f"我{said.text}", ()), f"我{said.text}"

    # -- facts ------------------------------------------------------------------------------
    def build(
        self,
        reading: Reading,
        toks: Sequence[Tok],
        flags: Flags,
        times: Sequence[TimeMention],
        scope: str,
    ) -> list[CandidateFact]:
        resolved = self._resolve(reading, scope)
        if resolved is None or (self.assistant and resolved[0] != SPEAKER):
            return []
        if not resolved[2].known and _counted(resolved[2].name):
            return []  # 每周游两次, 一杯咖啡, 七点起床: a numeral or quantifier read as the verb
        subject, subject_toks, info, attribute = resolved
        category = "action" if self.assistant else info.category
        at = next((m for m in times if m.role != "until"), None)
        until = next((m for m in times if m.role == "until"), None)
        facts = []
        clause = self.source[toks[0].start : toks[-1].end]
        change = change_of(clause, reading.polarity, flags.fact_type)
        for said in reading.values:
            value, planned = self._plan_time(info, said)
            if self._only_a_length(value) or value.text in _DEICTIC_PLACES:
                continue  # 我在这里工作: "here" is no place the memory can name (the turn is kept)
            if is_person_name(value.text):
                self.antecedent = value.text
            entities = _entities(subject, subject_toks, info, value)
            fact = CandidateFact(
                subject=subject,
                predicate=info.name,
                value=self._referred(value.text),
                polarity=-1 if reading.polarity < 0 else 1,
                scope=scope,
                attribute=attribute,
                category=category,
                confidence=_confidence(flags),
                fact_type=flags.fact_type,
                entities=entities,
                span=(toks[0].start, max(value.span[1], toks[-1].end)),
                sentence=self.source[toks[0].start : toks[-1].end],
                time=planned or at,
                until=until,
                language="zh",
                is_correction=flags.correction,
                remember_request=flags.remember,
                change=change,
            )
            facts.append(self._modal_plan(fact, info, toks, value, bool(times)))
        past = info.name in self.table.past_ends and flags.fact_type == FactType.FACT
        if past and not change and _experienced(toks):
            return [held_in_the_past(f) if f.polarity > 0 else f for f in facts]
        return facts


_MODALS = frozenset({"要", "将", "将要", "就要", "快要"})
_QUANTIFIERS = frozenset("每各某第个些")
_NUMERALS = frozenset("一二两三四五六七八九十百千万几")


def _counted(name: str) -> bool:
    """A quantifier, or a numeral alone or opening a word (七点, 两个): never a verb."""
    return name in _QUANTIFIERS or name[:1] in _NUMERALS or name[:1].isdigit()


_DEICTIC_PLACES = frozenset(
    {"这里", "那里", "这儿", "那儿", "哪里", "哪儿", "此处", "那边", "这边"}
)
_CLAUSE_TAIL = "了吧啊呢呀哦啦。！!？?，,；; "


def _experienced(toks: Sequence[Tok]) -> bool:
    """A state verb with the experiential 过 (我在华为工作过, 我住过北京, 我当过老师): it held
    once and is over, as the English simple past of a state (`held_in_the_past`); not 过得
    ("how one is getting on")."""
    for i in range(1, len(toks)):
        after = toks[i + 1].text if i + 1 < len(toks) else ""
        if toks[i].text == "过" and toks[i - 1].kind == "cjk" and after != "得":
            return True
    return False


_ENDING = re.compile(
    r"不再|已经不|已不|再也不|不.*了$|离职|辞职|搬走|搬出|退休|放弃|停止|裁员|开除|辞退|解雇"
    r"|以前|之前|曾|原来|过去|从前|以往|小时候"
)
_STARTING = re.compile(r"入职|加入|开始|加盟|搬到|搬去|搬进|搬来|迁到|迁往|迁居")


def change_of(clause: str, polarity: int, fact_type: FactType) -> Change:
    """ "ends" for a denial with an ending word (不再, 已经不, 不…了) or a leaving verb (离职,
    搬走); "starts" for 入职 / 加入 / 开始 / 搬到 in a plain positive fact."""
    text = clause.rstrip("。！!.， ")
    if polarity < 0 and _ENDING.search(text):
        return "ends"
    if polarity > 0 and fact_type == FactType.FACT and _STARTING.search(text):
        return "starts"
    return ""


def _confidence(flags: Flags) -> float:
    base = CONFIDENCE.get(flags.fact_type, 0.7)
    return max(base, 0.95) if flags.remember else base


def _entities(
    subject: str, subject_toks: Sequence[Tok], info: PredicateInfo, value: Value
) -> tuple[EntityMention, ...]:
    found: list[EntityMention] = []
    if subject not in (SPEAKER, USER) and subject_toks:
        span = (subject_toks[0].start, subject_toks[-1].end)
        found.append(EntityMention(text=subject, label=_label(subject_toks) or "thing", span=span))
    label = _label(value.toks) or _value_label(value, info)
    if label and value.toks:
        found.append(EntityMention(text=value.text, label=label, span=value.span))
    return tuple(found)


def _label(toks: Sequence[Tok]) -> str | None:
    for tok in toks:
        if tok.kind == "ident":
            return tok.label
    if any(t.kind == "latin" for t in toks):
        return "name"
    text = "".join(t.text for t in toks)
    return "person" if is_person_name(text) else None


def _value_label(value: Value, info: PredicateInfo) -> str | None:
    if info.category == "location" and info.name != "desk":
        return "place"
    if info.name.startswith("works_at"):
        return "organization"
    return None
