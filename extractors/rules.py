"""The default extractor: deterministic, offline, routing each run of sentences by language.

A turn is cut into sentences; consecutive sentences in the same language form one segment,
extracted by the English (spaCy) or the Chinese (pkuseg, jieba fallback) extractor, and spans
are shifted back into the turn's text. A sentence is Chinese when CJK characters make up at
least a quarter of its letters ("我的显卡是RTX 4090" is Chinese; "I love 北京" is English).
Both language models load lazily, on the first sentence in their language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from extractors.chinese.extractor import ChineseExtractor
from extractors.discourse.names import EverydayNames
from extractors.discourse.session import Session
from extractors.english.extractor import EnglishExtractor
from extractors.predicates import PredicateTable, default_table
from extractors.schema import CandidateFact, Job, Language, TurnReading
from extractors.temporal.events import with_events
from graph.domain.discourse import Discourse, TurnContext
from graph.domain.enums import Role

_SENTENCE = re.compile(r"[^.!?。！？\n]*(?:[.!?。！？]+|\n|$)")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LETTER = re.compile(r"[^\W\d_]")


class Extractor(Protocol):
    """What the write pipeline needs from any extractor (rules, an LLM, a test double)."""

    @property
    def version(self) -> str: ...

    def extract(
        self, text: str, *, reference: datetime, role: Role = Role.USER
    ) -> list[CandidateFact]: ...


def extract_all(extractor: Extractor, jobs: Sequence[Job]) -> list[list[CandidateFact]]:
    """Every job's candidates: batched when the extractor can batch, one by one otherwise."""
    many = getattr(extractor, "extract_many", None)
    if many is not None:
        found: list[list[CandidateFact]] = many(jobs)
        return found
    return [extractor.extract(j.text, reference=j.reference, role=j.role) for j in jobs]


def read_all(extractor: Extractor, jobs: Sequence[Job]) -> list[TurnReading]:
    """Every job's candidates and discourse state: threaded through each conversation when
    the extractor reads turns in context (the rule extractor), else each turn alone with its
    given state unchanged (an extractor that knows no discourse: the LLM's, a test double)."""
    reader = getattr(extractor, "read_turns", None)
    if reader is not None:
        readings: list[TurnReading] = reader(jobs)
        return readings
    found = extract_all(extractor, jobs)
    states = [job.context or Discourse() for job in jobs]
    return [
        TurnReading(facts, TurnContext(before=state, after=state))
        for facts, state in zip(found, states, strict=True)
    ]


def language_of(text: str) -> Language:
    letters = len(_LETTER.findall(text))
    cjk = len(_CJK.findall(text))
    return "zh" if letters and cjk * 4 >= letters else "en"


def segments(text: str) -> list[tuple[int, str, Language]]:
    """(offset, text, language) runs of consecutive same-language sentences."""
    runs: list[tuple[int, str, Language]] = []
    for match in _SENTENCE.finditer(text):
        sentence = match.group(0)
        if not sentence.strip():
            continue
        lang = language_of(sentence)
        if runs and runs[-1][2] == lang and runs[-1][0] + len(runs[-1][1]) == match.start():
            offset, previous, _ = runs[-1]
            runs[-1] = (offset, previous + sentence, lang)
        else:
            runs.append((match.start(), sentence, lang))
    return runs


class RuleExtractor:
    """English and Chinese rules behind one `extract`."""

    def __init__(self, table: PredicateTable | None = None, *, segmenter: str = "auto") -> None:
        self.table = table or default_table()
        self._english = EnglishExtractor(self.table)
        self._chinese = ChineseExtractor(self.table, segmenter=segmenter)  # type: ignore[arg-type]
        self._names = EverydayNames(self.table)

    @property
    def version(self) -> str:
        return (
            f"rules-1({EnglishExtractor.version},{ChineseExtractor.version})"
            f"+table:{self.table.digest}"
        )

    def extract(
        self, text: str, *, reference: datetime, role: Role = Role.USER
    ) -> list[CandidateFact]:
        return self.extract_many([Job(text, reference, role)])[0]

    def extract_many(self, jobs: Sequence[Job]) -> list[list[CandidateFact]]:
        """All jobs at once: every English segment through one batched spaCy pass."""
        return [reading.facts for reading in self.read_turns(jobs)]

    def read_turns(self, jobs: Sequence[Job]) -> list[TurnReading]:
        """Every job's candidates and discourse state. English segments are parsed in one
        batched spaCy pass first; then the turns are read in order, each conversation's turns
        in the state the turn before left (`Job`)."""
        pieces = [
            (n, offset, seg, lang)
            for n, job in enumerate(jobs)
            for offset, seg, lang in segments(job.text)
        ]
        parsed = iter(self._english.parse([seg for _, _, seg, lang in pieces if lang == "en"]))
        docs = {(n, offset): next(parsed) for n, offset, _, lang in pieces if lang == "en"}
        by_job: dict[int, list[tuple[int, str, Language]]] = {}
        for n, offset, seg, lang in pieces:
            by_job.setdefault(n, []).append((offset, seg, lang))
        left: dict[str, Discourse] = {}
        out: list[TurnReading] = []
        for n, job in enumerate(jobs):
            before = job.context or (
                left.get(job.conversation, Discourse()).next_turn()
                if job.conversation
                else Discourse()
            )
            session = Session.start(before)
            found: list[CandidateFact] = []
            for offset, seg, lang in by_job.get(n, []):
                claimed = len(session.claimed)
                read = (
                    self._english.read(docs[(n, offset)], job.reference, job.role, session)
                    if lang == "en"
                    else self._chinese.extract(
                        seg, reference=job.reference, role=job.role, session=session
                    )
                )
                dated = with_events(seg, read, job.reference, lang, session.claimed[claimed:])
                found.extend(_shift(c, offset) for c in dated)
            found, named = self._names.read(found, job.text)
            session.mention(named)
            after = session.after()
            if job.conversation:
                left[job.conversation] = after
            context = TurnContext(before=before, after=after)
            out.append(TurnReading(sorted(found, key=lambda c: c.span), context))
        return out


def _shift(candidate: CandidateFact, offset: int) -> CandidateFact:
    if offset == 0:
        return candidate
    start, end = candidate.span
    return candidate.model_copy(update={"span": (start + offset, end + offset)})
