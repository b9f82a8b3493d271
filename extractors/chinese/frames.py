"""Frames of the Chinese extractor: one anchored clause -> readings (subject, predicate, values).

A `Reading` whose `subject` is None takes the subject of the clause before it (coordinated
clauses share their subject: 上个月我把工位搬到了17楼，把3楼留给了实习生), else
`default_subject` (SPEAKER for a verb without a subject, USER for an attribute without an
owner, as the English extractor does). A reading whose `info` is None is a copula ellipsis
(不是5月4日) and takes the attribute and predicate of the copula before it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from extractors.chinese.lexicon import (
    ATTRIBUTE_NOUNS,
    CHANGE_VERBS,
    FORMERLY,
    LOCALIZERS,
    LOCATIVE_VERBS,
    NEGATOR_WORDS,
    OCCUPATION_SUFFIXES,
    PLACING_VERBS,
    PREPOSITIONS,
    SMALL_TALK,
    TIME_CLAUSE_CLOSERS,
)
from extractors.chinese.np import (
    NounPhrase,
    Value,
    is_person_name,
    make_value,
    parse_np,
    read_values,
    span_text,
    trim_value,
)
from extractors.chinese.patterns import Anchor, is_function_word
from extractors.chinese.tokens import Tok, joined
from extractors.predicates import PredicateInfo, PredicateTable
from extractors.schema import SPEAKER, USER
from graph.domain.enums import Cardinality

_DURATION = re.compile(
    r"(?:大约|约)?[\d一二两三四五六七八九十几半]+多?个?(?:年|个月|月|天|周|星期|小时|分钟)(?:多|左右)?"
)


@dataclass(frozen=True)
class Reading:
    subject: str | None
    info: PredicateInfo | None
    values: tuple[Value, ...]
    polarity: int = 1
    attribute: str | None = None
    subject_toks: tuple[Tok, ...] = ()
    default_subject: str = SPEAKER
    copula: bool = False
    fallback: PredicateInfo | None = None
    """For a copula ellipsis that follows no attribute copula: (我)是一名工程师 -> job_title."""


class FrameReader:
    """Reads the frames of one clause around its anchor."""

    def __init__(self, table: PredicateTable, source: str, *, assistant: bool) -> None:
        self.table = table
        self.source = source
        self.assistant = assistant

    def read(self, toks: Sequence[Tok], anchor: Anchor) -> list[Reading]:
        negated = toks[: anchor.start + (toks[anchor.start].text == "无")]
        base = Reading(None, None, (), polarity=_polarity(negated))
        handler = {
            "copula": self._copula,
            "zai": self._zai,
            "zai_loc": self._zai_loc,
            "dui": self._dui,
            "ba": self._ba,
            "attr": self._attr,
            "age": self._age,
            "bare": self._bare,
            "adj": self._adj,
            "passive": self._copula,
        }.get(anchor.kind, self._verb)
        readings = handler(toks, anchor, base)
        return [r for r in readings if r.values and r.subject != ""]

    # -- helpers ----------------------------------------------------------------------------
    def info(self, surface: str) -> PredicateInfo:
        return self.table.lookup(surface, "zh") or self.table.resolve(surface, "zh")

    def np(self, toks: Sequence[Tok]) -> NounPhrase | None:
        return parse_np(subject_tokens(toks), self.table, self.source, assistant=self.assistant)

    def values(self, toks: Sequence[Tok], info: PredicateInfo) -> tuple[Value, ...]:
        multi = info.cardinality == Cardinality.MULTI
        return tuple(read_values(toks, self.source, multi=multi))

    # -- copula -----------------------------------------------------------------------------
    def _copula(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        left, right = toks[: anchor.start], toks[anchor.end :]
        np = self.np(left)
        base = replace(base, copula=True)
        if np is None:
            fallback = self._class_predicate(True, right, anchor.surface)
            values = tuple(read_values(right, self.source, multi=False))
            return [replace(base, values=values, fallback=fallback)]
        if _describes_relative(np, right, anchor.surface):
            info = self._class_predicate(True, right, anchor.surface)
            return [as_phrase(replace(base, info=info, values=self.values(right, info)), np)]
        if np.attribute is not None and not np.named:
            info = np.info or self.info(np.attribute)
            reading = replace(
                base,
                info=info,
                attribute=np.attribute,
                default_subject=USER,
                values=self.values(right, info),
            )
            return [as_owner(reading, np)]
        inverse = self._inverse(np, right, base)
        if inverse is not None:
            return [inverse]
        member = self._member(right, base)
        if member is not None:
            return [as_owner(member, np)]
        info = self._class_predicate(np.owner is not None, right, anchor.surface)
        return [as_owner(replace(base, info=info, values=self.values(right, info)), np)]

    def _inverse(self, np: NounPhrase, right: Sequence[Tok], base: Reading) -> Reading | None:
        """张三是我的同事 / 张三是负责人: the complement is the attribute, the subject its value."""
        attr = self.np(trim_value(right))
        if attr is None or attr.info is None or not attr.info.known or attr.named:
            return None
        if attr.owner is None and joined(attr.toks) not in ATTRIBUTE_NOUNS:
            return None
        reading = replace(
            base,
            info=attr.info,
            attribute=attr.attribute,
            default_subject=USER,
            values=(make_value(np.toks, self.source),),
        )
        return as_owner(reading, attr)

    def _member(self, right: Sequence[Tok], base: Reading) -> Reading | None:
        """我是绿党的成员 / 他是工会会员: member_of the body named before 的 / the member noun."""
        toks = trim_value(right)
        if len(toks) < 2 or toks[-1].text not in MEMBER_NOUNS:
            return None
        body = toks[:-2] if toks[-2].text == "的" else toks[:-1]
        info = self.table.get("member_of")
        if not body or info is None:
            return None
        return replace(base, info=info, values=self.values(body, info))

    def _class_predicate(self, person: bool, right: Sequence[Tok], verb: str) -> PredicateInfo:
        """我是X / Redis是X: name, job_title, is (adjectival 是…的) or is_a."""
        text = joined(trim_value(right))
        if person and text.endswith(OCCUPATION_SUFFIXES):
            return self.info("职位")
        if verb in ("叫", "叫做", "名叫") or (person and is_person_name(text)):
            return self.info("名字")
        adjectival = bool(right) and (right[-1].text == "的" or right[0].text == "被")
        return self.table.resolve("is" if adjectival else "is_a", "en")

    # -- verbs ------------------------------------------------------------------------------
    def _verb(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        np = self.np(_before_prep(toks[: anchor.start]))
        implied = self.table.implied(anchor.surface, "zh")
        if implied is not None:
            span = (toks[anchor.start].start, toks[anchor.end - 1].end)
            value = Value(implied[1], span, ())
            return [as_phrase(replace(base, info=implied[0], values=(value,)), np)]
        info = self._work_as(anchor.surface, toks[anchor.end :]) or self.info(anchor.surface)
        if anchor.surface in CHANGE_VERBS and _known_attribute(np):
            assert np is not None
            return self._owner_attribute(np, toks[anchor.end :], base)
        if info.name == "gave_away" and np is not None and np.owner is None:
            return [self._given_topic(np, info, base)]
        right = toks[anchor.end :]
        if info.name == "visited":
            right = _until_verb(right)
        info = self.table.as_member(info, joined(trim_value(right)), "zh")
        values = self.values(right, info)
        readings = [self._retyped(replace(base, info=info, values=(v,))) for v in values]
        readings = [self._duration(r, anchor.surface) for r in readings]
        return [as_phrase(r, np) for r in readings] + self._employer(toks, anchor, info, base, np)

    def _work_as(self, verb: str, right: Sequence[Tok]) -> PredicateInfo | None:
        """我在阿里巴巴做产品经理: 做/干 with an occupation as its object is the job, as 当 and
        担任 are (the table's job_title); 做饭, 做作业 stay what they are."""
        if verb not in ("做", "干") or not joined(trim_value(right)).endswith(OCCUPATION_SUFFIXES):
            return None
        return self.info("职位")

    def _duration(self, reading: Reading, verb: str) -> Reading:
        """学了两年 / 用了三个月: a bare duration complement is the duration of the verb."""
        if not _DURATION.fullmatch(reading.values[0].text) or reading.info is None:
            return reading
        if reading.info.category == "measurement":
            return reading
        return replace(reading, info=self.info("时长"), attribute=verb)

    def _owner_attribute(
        self, np: NounPhrase, right: Sequence[Tok], base: Reading
    ) -> list[Reading]:
        """The owner's attribute the noun phrase names takes the value on the right: 我的显卡升级
        到了X / 版本从5.8.3升级到5.8.4, 我的公司在上海."""
        assert np.info is not None and np.attribute is not None
        reading = replace(
            base,
            info=np.info,
            attribute=np.attribute,
            default_subject=USER,
            values=self.values(right, np.info),
        )
        return [as_owner(reading, np)]

    def _given_topic(self, np: NounPhrase, info: PredicateInfo, base: Reading) -> Reading:
        """原来的3楼留给实习生: a fronted object of 留给/送给; the subject is inherited."""
        toks = np.toks
        de = max((i for i, t in enumerate(toks) if t.text == "的"), default=-1)
        return replace(base, info=info, values=(make_value(toks[de + 1 :], self.source),))

    def _retyped(self, reading: Reading) -> Reading:
        """有/买 + a typed noun (妹妹, 猫, RTX 4090显卡) and 用X联系 take the noun's predicate."""
        info, value = reading.info, reading.values[0]
        assert info is not None
        toks = value.toks
        if info.name in ("has", "uses") and toks and toks[-1].text in ATTRIBUTE_NOUNS:
            head = self.table.lookup(toks[-1].text, "zh")
            if head is not None:
                rest = toks[:-1]
                keep = rest if rest and rest[0].kind in ("latin", "ident") else toks
                return replace(reading, info=head, values=(make_value(keep, self.source),))
        if info.preference and len(toks) > 1 and toks[0].text == "用":
            head = self.table.lookup(toks[-1].text, "zh") if len(toks) > 2 else None
            keep = toks[1:-1] if head is not None and head.preference else toks[1:]
            return replace(reading, info=head or info, values=(make_value(keep, self.source),))
        return reading

    # -- preposition frames -----------------------------------------------------------------
    def _zai(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        np = self.np(toks[: anchor.prep])
        info = self.info(anchor.surface)
        values = self.values(toks[anchor.prep + 1 : anchor.start], info)
        return [as_phrase(replace(base, info=info, values=values), np)]

    def _zai_loc(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        np = self.np(toks[: anchor.prep])
        right = list(toks[anchor.prep + 1 :])
        cut = next((i for i, t in enumerate(right) if i and t.text in LOCATIVE_VERBS), len(right))
        event, right = cut < len(right), right[:cut]
        kin = np is not None and np.info is not None and np.info.category == "relationship"
        if np is not None and np.attribute and np.info is not None and not np.named and not kin:
            return self._owner_attribute(np, right, base)  # 我的手机在家里; not 我妈妈在上海
        # 在X + an event verb (我在公司加班, 我在上海出差) says where something happened, not
        # where the subject is: a multi-valued event_at, never the single-valued located_at.
        info = (self.table.get("event_at") if event else None) or self.info("在")
        return [as_phrase(replace(base, info=info, values=self.values(right, info)), np)]

    def _dui(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        np = self.np(toks[: anchor.prep])
        info = self.info(anchor.surface)
        obj = [t for t in toks[anchor.prep + 1 : anchor.start] if not is_function_word(t)]
        return [as_phrase(replace(base, info=info, values=self.values(obj, info)), np)]

    def _ba(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        np = self.np(toks[: anchor.prep])
        obj = trim_value(toks[anchor.prep + 1 : anchor.start])
        dest = trim_value(toks[anchor.end :])
        surface = anchor.surface
        info = self.table.lookup(surface, "zh") or self.info(surface.rstrip("到给在进回"))
        if info.name == "gave_away" or surface.endswith("给"):
            found = self.values(obj, info)
        elif surface in PLACING_VERBS or surface in CHANGE_VERBS:
            thing = parse_np(obj, self.table, self.source, assistant=self.assistant)
            if thing is not None and thing.info is not None:
                info = thing.info if surface in PLACING_VERBS or thing.info.known else info
            found = self.values(dest, info)
        else:
            found = self.values(dest or obj, info)
        attribute = span_text(self.source, obj) if obj and dest else None
        return [as_phrase(replace(base, info=info, values=found, attribute=attribute), np)]

    # -- fallbacks --------------------------------------------------------------------------
    def _attr(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        np = self.np(toks[: anchor.start])
        info = self.info(anchor.surface)
        reading = replace(
            base,
            info=info,
            attribute=anchor.surface,
            default_subject=USER,
            values=self.values(toks[anchor.end :], info),
        )
        return [as_owner(reading, np)]

    def _age(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        np = self.np(toks[: anchor.start - 1])
        value = make_value(toks[anchor.start - 1 : anchor.end], self.source)
        return [as_owner(replace(base, info=self.info("年龄"), values=(value,)), np)]

    def _bare(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        np = self.np(toks[: anchor.prep if anchor.prep >= 0 else anchor.start])
        rest = trim_value(toks[anchor.end :])
        verb = self.table.lookup(anchor.surface[0], "zh")
        if not rest and len(anchor.surface) == 2 and verb is not None:
            tok = toks[anchor.start]
            obj = Tok(tok.text[1:], tok.start + 1, tok.end, "cjk")
            return [
                as_phrase(replace(base, info=verb, values=(make_value([obj], self.source),)), np)
            ]
        if not rest:
            return self._adj(toks, anchor, base)
        info = self._work_as(anchor.surface, rest) or self.table.resolve(anchor.surface, "zh")
        job = [as_phrase(replace(base, info=info, values=self.values(rest, info)), np)]
        return job + self._employer(toks, anchor, info, base, np)

    def _employer(
        self,
        toks: Sequence[Tok],
        anchor: Anchor,
        info: PredicateInfo,
        base: Reading,
        np: NounPhrase | None,
    ) -> list[Reading]:
        """我在腾讯做产品经理, 我在阿里巴巴当程序员: a job held (做, 干, 当) 在X is held at X
        (`works_at`, as "I work at Globex as a data engineer" is). X is a name or a noun said
        right before the verb: not a time (在1942年进入…担任), not a place inside something
        (在里面, 在这部电影里面: a role in a film), not a thing pointed at (这部电影); 我在家
        做饭 is no job, so no employer."""
        works = self.table.get("works_at")
        if info.name != "job_title" or works is None or anchor.surface not in _HELD_BY:
            return []  # the usual case: asked of every verb clause, no scan for 在
        zai = [i for i, t in enumerate(toks[: anchor.start]) if t.text == "在"]
        at = toks[zai[-1] + 1 : anchor.start] if zai else ()
        if not at or at[-1].text in LOCALIZERS or at[0].text[0] in "这那该此":
            return []
        if any(t.kind not in ("cjk", "latin") for t in at) or len(at) > 4:
            return []
        return [as_phrase(replace(base, info=works, values=self.values(at, works)), np)]

    def _adj(self, toks: Sequence[Tok], anchor: Anchor, base: Reading) -> list[Reading]:
        np = self.np(toks[: anchor.start])
        if anchor.surface in SMALL_TALK and (np is None or np.owner is not None):
            return []
        if _dated_happening(toks, anchor):
            return []  # 我前年结婚了, 我去年毕业了: a dated event (`event_at`), no `is` state
        value = make_value(toks[anchor.start : anchor.end], self.source)
        info = self.table.resolve("is", "en")
        return [as_phrase(replace(base, info=info, values=(value,)), np)]


_HELD_BY = frozenset({"做", "干", "当"})
"""Verbs of holding a job whose 在X names the employer (担任 is as often a role in a work)."""


def _dated_happening(toks: Sequence[Tok], anchor: Anchor) -> bool:
    """A bare verb with 了 and a time of its own: what happened then, not a state."""
    done = any(t.text == "了" for t in toks[anchor.end :])
    return done and any(t.kind == "time" for t in toks)


MEMBER_NOUNS = frozenset({"成员", "会员", "一员", "党员", "社员", "队员"})


def as_owner(reading: Reading, np: NounPhrase | None) -> Reading:
    """Subject of an attribute: its owner, a named phrase itself, or inherited (None)."""
    if np is None:
        return reading
    if np.owner is not None:
        return replace(reading, subject=np.owner, subject_toks=np.owner_toks)
    if np.named or np.attribute is None:
        return replace(reading, subject=np.text, subject_toks=np.toks)
    return reading


def as_phrase(reading: Reading, np: NounPhrase | None) -> Reading:
    """Subject of a verb: the pronoun, or the whole phrase (迁移, 插件, 我妈妈)."""
    if np is None:
        return reading
    if np.owner is not None and (np.attribute is None or _own_attribute(np, reading)):
        return replace(reading, subject=np.owner, subject_toks=np.owner_toks)
    return replace(reading, subject=np.text, subject_toks=np.toks)


def _own_attribute(np: NounPhrase, reading: Reading) -> bool:
    """我们家住在杭州, 张三家住在北京: the subject names the verb's own attribute (家 is the
    home `lives_in` holds), so the fact is its owner's (it was about "我们家")."""
    return np.info is not None and reading.info is not None and np.info.name == reading.info.name


def _until_verb(toks: Sequence[Tok]) -> list[Tok]:
    """去伦敦读书 -> 伦敦: a destination ends where the purpose verb starts."""
    cut = next((i for i, t in enumerate(toks) if i and t.text in LOCATIVE_VERBS), len(toks))
    return list(toks[:cut])


def _describes_relative(np: NounPhrase, right: Sequence[Tok], verb: str) -> bool:
    """我妈妈是医生: a relative described by a non-name is the subject, not the value."""
    if verb != "是" or np.owner is None or np.info is None or np.info.name != "relationship":
        return False
    return not is_person_name(joined(trim_value(right)))


def _known_attribute(np: NounPhrase | None) -> bool:
    """版本 / 我的显卡: an attribute the table knows, not a named thing."""
    return bool(np and np.attribute and np.info and np.info.known and not np.named)


def _polarity(toks: Sequence[Tok]) -> int:
    negations = sum(1 for t in toks if t.kind == "cjk" and t.text in NEGATOR_WORDS)
    return -1 if (negations + _formerly(toks)) % 2 else 1


def _formerly(toks: Sequence[Tok]) -> int:
    """1 when a "formerly" adverb (lexicon.FORMERLY) governs the verb: the state no longer
    holds, as after 不再."""
    for i, tok in enumerate(toks):
        following = toks[i + 1].text if i + 1 < len(toks) else ""
        if tok.kind == "cjk" and tok.text in FORMERLY and following not in ("就", "的"):
            return 1
    return 0


def subject_tokens(toks: Sequence[Tok]) -> list[Tok]:
    """The noun phrase of a subject region: no times, adverbs, negators or hedges."""
    kept = [t for t in toks if t.kind not in ("time", "punct") and not is_function_word(t)]
    while kept and kept[-1].text in ("有", "了"):
        kept = kept[:-1]
    return _before_time_clause(kept)


def _before_time_clause(kept: list[Tok]) -> list[Tok]:
    """The subject before a clause of time (lexicon.TIME_CLAUSE_CLOSERS): its first word, and
    the noun after it when it is a pronoun's relation or attribute (我妈妈退休后 -> 我妈妈)."""
    closes = any(t.text in TIME_CLAUSE_CLOSERS for t in kept[2:])
    if not closes:
        return kept
    return kept[:2] if kept[1].text in ATTRIBUTE_NOUNS else kept[:1]


def _before_prep(toks: Sequence[Tok]) -> list[Tok]:
    for i, tok in enumerate(toks):
        if tok.text in PREPOSITIONS and i > 0:
            return list(toks[:i])
    return list(toks)
