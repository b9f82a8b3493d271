"""Deterministic, offline Chinese fact extraction (stage 3 of the write path, `zh-rules-1`).

Pipeline for one turn:

1. Time expressions: `extractors.temporal.resolve.find_times(lang="zh")` on the turn (spaces between
   digits and Chinese are ignored for it, so "我 2023 年搬去柏林" resolves like 2023年).
2. Tokens: identifiers, Latin words, digits and time spans are protected; the Chinese text
   between them is segmented by pkuseg (jieba as fallback); see `extractors.chinese.tokens`.
3. Sentences (。！？；newline) and comma clauses; a sentence that asks (？, 吗, 什么, 哪, 谁,
   多少...) yields nothing. Clause-initial markers set flags for the rest of the sentence
   (`chinese.clauses`); a clause without a predicate ("上个月，", "在项目A里，") hands its
   time and scope to the clauses after it.
4. Each clause is anchored (`chinese.patterns`) and read into frames (`chinese.frames`):
   subject, predicate (normalised through the predicate table; unknown verbs and attributes
   kept as `predicate_name`, CJK included), values, polarity, attribute, scope.
5. Context: a clause without a subject shares the previous one's (coordinated clauses), and
   is the speaker's only when the turn says 我; without a time of its own it shares the
   previous clause's time in the same sentence; 他/她/它 take the last named subject, else the
   conversation's discourse state (`extractors.discourse`); "是A，不是B" marks the first fact
   as a correction and emits no fact for the retracted value.
6. Relations said of others (导演, 主演, 出生, 身高, 门票...: `chinese.relations`) are read
   first; the clause reader keeps what they leave.

Conventions: first person -> `SPEAKER`; 用户/客户 -> `USER`; an attribute without owner
(规则注入槽是A) belongs to `USER`, like the English extractor. Scope: 项目A -> "project a",
这个项目/本项目 -> "this_project". A non-namespace qualifier stays in the attribute and
extends its predicate: 北京的公司 -> works_at_北京. Negation (不/没/没有/未/别/不再/从不, also
fused: 不吃, 不支持, 没有) gives polarity -1 with the positive predicate (不喜欢 -> likes, -1).
Assistant turns yield only confirmed first-person actions (category `action`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import ClassVar

from extractors.chinese.clauses import (
    Flags,
    blocks_time_carry,
    completed,
    conditional,
    inner_flags,
    is_question,
    strip_markers,
)
from extractors.chinese.facts import FactBuilder, find_times_zh
from extractors.chinese.frames import FrameReader, Reading
from extractors.chinese.leaving import QUIT, left
from extractors.chinese.lexicon import FINAL_PARTICLES, GREETED
from extractors.chinese.np import is_person_name, take_scope
from extractors.chinese.patterns import AnchorFinder
from extractors.chinese.relations import RelationReader
from extractors.chinese.segmenters import Segmenter, SegmenterName, get_segmenter, resolve_name
from extractors.chinese.tokens import (
    Tok,
    split_clauses,
    split_known,
    split_sentences,
    tokenize,
)
from extractors.discourse.cues import definites_zh
from extractors.discourse.relations import default_relations
from extractors.discourse.session import Session
from extractors.predicates import PredicateInfo, PredicateTable, default_table
from extractors.schema import SPEAKER, USER, CandidateFact, EntityMention, TimeMention
from extractors.temporal.scope import Carry
from graph.domain.enums import FactType, Role

__all__ = ["ChineseExtractor"]


@dataclass
class _SentenceState:
    flags: Flags = field(default_factory=Flags)
    times: tuple[TimeMention, ...] = ()
    scope: str = ""
    clauses: int = 0
    facts: list[CandidateFact] = field(default_factory=list)
    said: tuple[TimeMention, ...] = ()
    """The sentence's own adverbial times (what it leaves the next sentences)."""


class ChineseExtractor:
    """Chinese rule extractor: `extract(text, reference=..., role=...) -> [CandidateFact]`.

    `segmenter`: "auto" (pkuseg if importable, else jieba), "pkuseg" or "jieba". The model
    loads on the first Chinese input, once per process. Output is deterministic.
    """

    version: ClassVar[str] = "zh-rules-1"

    def __init__(
        self, table: PredicateTable | None = None, *, segmenter: SegmenterName = "auto"
    ) -> None:
        self.table = table or default_table()
        self.segmenter_name = resolve_name(segmenter)
        self.anchors = AnchorFinder(self.table)
        self.relations = RelationReader(default_relations())

    @property
    def segmenter(self) -> Segmenter:
        return get_segmenter(self.segmenter_name)

    def extract(
        self,
        text: str,
        *,
        reference: datetime,
        role: Role = Role.USER,
        session: Session | None = None,
    ) -> list[CandidateFact]:
        """The turn's facts; `session` is the conversation's discourse state, told what the
        turn names and asks (a fresh one when the turn is read alone)."""
        if not text.strip():
            return []
        session = session if session is not None else Session()
        mentions = find_times_zh(text, reference)
        tokens = tokenize(text, self.segmenter, [m.span for m in mentions])
        tokens = split_known(tokens, self.anchors.known)
        builder = FactBuilder(self.table, text, role, mentions, session)
        facts: list[CandidateFact] = []
        carry = Carry(reference)
        for sentence in split_sentences(tokens):
            session.keep(definites_zh(text[sentence[0].start : sentence[-1].end]))
            read, carry = self._read(text, sentence, builder, session, carry)
            facts.extend(read)
        return _unique(_elided_leavings(text, mentions, self._leavings(text, mentions, facts)))

    def _read(
        self,
        text: str,
        sentence: Sequence[Tok],
        builder: FactBuilder,
        session: Session,
        carry: Carry,
    ) -> tuple[list[CandidateFact], Carry]:
        """One sentence: a question only tells the discourse what it asks; a statement gives
        its relation facts about others (`chinese.relations`), then what the clause reader
        makes of the clauses they leave, else the answer to the last question. Returns the
        facts and the time phrases the next sentence inherits."""
        start, end = sentence[0].start, sentence[-1].end
        said = text[start:end]
        related = self.relations.read(said, start, session)
        if is_question(sentence):
            return related, carry
        state = self._sentence(sentence, builder, carry)
        carry = carry.after(state.said)
        if builder.assistant:  # the world as the assistant tells it, and its own actions
            return related + state.facts, carry
        if not related:
            related = self.relations.answer(said, start, session)
            if related:
                return related, carry
        others = [r for r in related if r.subject != SPEAKER]
        taken = [r.span for r in others if r.span not in session.aside] + session.claimed
        general = [
            f
            for f in state.facts
            if not any(_overlap(f.span, span) for span in taken) and _usable(f)
        ]
        own = [
            r
            for r in related
            if r.subject == SPEAKER  # the clause reader's reading wins
            and not any(_overlap(r.span, f.span) for f in general)
        ]
        return others + own + general, carry

    def _leavings(
        self, text: str, mentions: Sequence[TimeMention], facts: list[CandidateFact]
    ) -> list[CandidateFact]:
        """从X离职 / 离开X: works_at or lives_in X ends (see `chinese.leaving`); they replace
        what the clause reader made of the glued verb."""
        out: list[CandidateFact] = []
        for start, end in _sentence_spans(text):
            sentence = text[start:end]
            subject = _leaver(sentence)
            for surface, value, (a, b) in left(sentence) if subject else []:
                info = self._left(surface, value)
                if info is None:
                    continue
                time = next((m for m in mentions if start <= m.span[0] < end), None)
                out.append(
                    CandidateFact(
                        subject=subject,
                        predicate=info.name,
                        value=value,
                        polarity=-1,
                        category=info.category,
                        span=(start, end),
                        sentence=sentence.strip(),
                        time=time,
                        language="zh",
                        change="ends",
                        confidence=0.85,
                        entities=(
                            EntityMention(
                                text=value,
                                label="place" if surface == "住在" else "organization",
                                span=(start + a, start + b),
                            ),
                        ),
                    )
                )
        if not out:
            return facts
        covered = [f.span for f in out]
        kept = [f for f in facts if not any(a <= f.span[0] < b for a, b in covered)]
        return kept + out

    def _left(self, surface: str, value: str) -> PredicateInfo | None:
        """The state a leaving ends: a job, a home, or a membership (`as_member`); 退出 ends
        only a membership (退出这个群 is not a job)."""
        quits = surface == QUIT
        state = self.table.resolve("在职" if quits else surface, "zh")
        info = self.table.as_member(state, value, "zh")
        return None if quits and info is state else info

    def _sentence(
        self, sentence: Sequence[Tok], builder: FactBuilder, carry: Carry
    ) -> _SentenceState:
        words = "".join(t.text for t in sentence)
        past, future = bool(_PAST.search(words)), bool(_FUTURE.search(words))
        state = _SentenceState(times=carry.to(past=past, future=future))
        for clause in split_clauses(sentence):
            self._clause(clause, builder, state)
        return state

    def _clause(self, clause: Sequence[Tok], builder: FactBuilder, state: _SentenceState) -> None:
        blocked = blocks_time_carry(clause)
        flags, toks = strip_markers(clause)
        state.flags = state.flags.merged(
            Flags(flags.correction, flags.remember, False, flags.fact_type)
        )
        scope, toks = take_scope(toks)
        state.scope = scope or state.scope
        anchor = self.anchors.find(toks) if toks and not _greeting(toks) else None
        own = builder.times_in(toks)
        state.clauses += 1
        state.said += own if anchor is None else ()
        if anchor is None or flags.request:
            state.times = own or state.times
            return
        reader = FrameReader(self.table, builder.source, assistant=builder.assistant)
        readings = reader.read(toks, anchor)
        if conditional(toks):
            state.flags = state.flags.merged(Flags(fact_type=FactType.HYPOTHESIS))
        clause_flags = state.flags.merged(inner_flags(toks[: anchor.start]))
        if builder.assistant and not completed(clause):
            return
        adverbial = builder.adverbial_times(own, readings)
        state.said += adverbial
        times = adverbial or (() if blocked else state.times)
        if state.clauses == 1:
            state.times = adverbial or state.times
        for reading in readings:
            self._emit(reading, toks, clause_flags, times, builder, state)

    def _emit(
        self,
        reading: Reading,
        toks: Sequence[Tok],
        flags: Flags,
        times: tuple[TimeMention, ...],
        builder: FactBuilder,
        state: _SentenceState,
    ) -> None:
        if reading.info is None and reading.polarity < 0 and builder.retracts(state.facts):
            state.facts[-1] = state.facts[-1].model_copy(update={"is_correction": True})
            return
        state.facts.extend(builder.build(reading, toks, flags, times, state.scope))


_SENTENCE_END = re.compile(r"[。！？!?；;\n]")
_PAST = re.compile(r"了|过(?!来|去|年|节)")
_FUTURE = re.compile(r"要|将|会|打算|准备|计划|想")
"""Aspect and modal words: a carried time reaches a clause of its own side of now only."""
_LEAVER = re.compile(
    r"^\s*(?P<who>我|[\u4e00-\u9fff]{2,3}?)"
    r"(?:已经|去年|今年|上个月|上周|在|于|\d{4}年|刚刚|刚)*(?:从|离开|辞去|退出|被)"
)


_CHATTER = re.compile(
    r"我?(?:只|也|还|都|真|还真)*(?:不)?(?:知道|记得|了解|听说过?|清楚)(?:的|了)?"
)


_KNOWER = re.compile(r"[我你您].*(?:知道|记得|听说|觉得|说|了解)")


def _greeting(toks: Sequence[Tok]) -> bool:
    """大家好, 各位好, 下午好啊: whom or when a greeting greets, then 好 (and a particle): no
    clause of fact (大家好，我是张三 made the speaker's 大家 好)."""
    words = [t.text for t in toks if t.kind != "punct"]
    return (
        2 <= len(words) <= 3
        and words[0] in GREETED
        and words[1] == "好"
        and all(w in FINAL_PARTICLES for w in words[2:])
    )


def _usable(fact: CandidateFact) -> bool:
    """Not chatter ("我知道"), and not a subject that swallowed a person word (我知道他)."""
    if _CHATTER.fullmatch(fact.value):
        return False
    return fact.subject in (SPEAKER, USER) or not _KNOWER.search(fact.subject)


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


_CLAUSE = re.compile(r"[^，,；;。！!？?\n]+")
_LEAVING_WORD = re.compile(r"离职|辞职|退休|辞工")
_BARE_LEAVING = re.compile(
    rf"\s*我?(?:已经|就|也|又|刚刚|刚|后来)?(?:{_LEAVING_WORD.pattern})了?\s*"
)
"""A clause that is only a leaving verb (its time aside): 去年离职了, 后来辞职了."""


def _elided_leavings(
    text: str, mentions: Sequence[TimeMention], facts: list[CandidateFact]
) -> list[CandidateFact]:
    """我在微软工作了三年，去年离职了: a leaving without its object ends the job the speaker
    named before it in the turn (works_at 微软 ends, last year: before, the job stayed current
    beside `is 离职`); the job's own record goes when it has no time of its own (it held up to
    the ending, from a start nobody said). With no job before it, the clause gives nothing."""
    out = list(facts)
    ordered = sorted(mentions, key=lambda m: m.span)
    starts = [m.span[0] for m in ordered]
    for clause in _CLAUSE.finditer(text):
        if not _LEAVING_WORD.search(clause.group()):
            continue
        first, last = bisect_left(starts, clause.start()), bisect_left(starts, clause.end())
        times = ordered[first:last]
        if not _BARE_LEAVING.fullmatch(_without(text, clause.span(), times)):
            continue
        out = [f for f in out if not clause.start() <= f.span[0] < clause.end()]
        job = _last_job(out, clause.start())
        if job is not None:
            ending = {"polarity": -1, "change": "ends", "time": times[0] if times else None}
            span = (clause.start(), clause.end())
            sentence = text[job.span[0] : clause.end()].strip()
            update = {**ending, "until": None, "span": span, "sentence": sentence}
            if job.time is None:  # told with its end: the job is known by its ending alone
                out.remove(job)
            out.append(job.model_copy(update=update))
    return out


def _without(text: str, span: tuple[int, int], times: Sequence[TimeMention]) -> str:
    """The clause's words with its time phrases left out."""
    kept, at = [], span[0]
    for mention in times:
        kept.append(text[at : mention.span[0]])
        at = mention.span[1]
    kept.append(text[at : span[1]])
    return "".join(kept)


def _last_job(facts: Sequence[CandidateFact], before: int) -> CandidateFact | None:
    jobs = [
        f
        for f in facts
        if f.predicate == "works_at"
        and f.subject == SPEAKER
        and f.polarity > 0
        and f.span[0] < before
    ]
    return max(jobs, key=lambda f: f.span[0], default=None)


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    spans, last = [], 0
    for match in _SENTENCE_END.finditer(text):
        spans.append((last, match.end()))
        last = match.end()
    if last < len(text):
        spans.append((last, len(text)))
    return spans


def _leaver(sentence: str) -> str:
    """Who left: 我 -> the speaker, a person's name -> that name, else nobody."""
    match = _LEAVER.search(sentence)
    if match is None:
        return ""
    who = match.group("who")
    if who == "我":
        return SPEAKER
    return who if is_person_name(who) else ""


def _unique(facts: list[CandidateFact]) -> list[CandidateFact]:
    seen: set[tuple[str, str, str, int, str]] = set()
    out: list[CandidateFact] = []
    for fact in facts:
        key = (fact.subject, fact.predicate, fact.value, fact.polarity, fact.scope)
        if key not in seen:
            seen.add(key)
            out.append(fact)
    return out
