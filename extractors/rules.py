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
from extractors.english.extractor import EnglishExtractor
from extractors.predicates import PredicateTable, default_table
from extractors.schema import CandidateFact, Job, Language
from extractors.temporal.events import with_events
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

    @property
    def version(self) -> str:
        return (f"rules-1({EnglishExtractor.version},{ChineseExtractor.version})"
                f"+table:{self.table.digest}")

    def extract(
        self, text: str, *, reference: datetime, role: Role = Role.USER
    ) -> list[CandidateFact]:
        return self.extract_many([Job(text, reference, role)])[0]

    def extract_many(self, jobs: Sequence[Job]) -> list[list[CandidateFact]]:
        """All jobs at once: every English segment through one batched spaCy pass."""
        pieces = [
            (n, offset, Job(seg, job.reference, job.role), lang)
            for n, job in enumerate(jobs)
            for offset, seg, lang in segments(job.text)
        ]
        english = [p for p in pieces if p[3] == "en"]
        found: list[list[CandidateFact]] = [[] for _ in jobs]
        english_out = self._english.extract_many([p[2] for p in english])
        for (n, offset, job, _), read in zip(english, english_out, strict=True):
            dated = with_events(job.text, read, job.reference, "en")
            found[n].extend(_shift(c, offset) for c in dated)
        for n, offset, job, lang in pieces:
            if lang == "zh":
                zh = self._chinese.extract(job.text, reference=job.reference, role=job.role)
                zh = with_events(job.text, zh, job.reference, "zh")
                found[n].extend(_shift(c, offset) for c in zh)
        return [sorted(items, key=lambda c: c.span) for items in found]


def _shift(candidate: CandidateFact, offset: int) -> CandidateFact:
    if offset == 0:
        return candidate
    start, end = candidate.span
    return candidate.model_copy(update={"span": (start + offset, end + offset)})
