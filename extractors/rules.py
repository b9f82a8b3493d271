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
from typing import NamedTuple, Protocol

from spacy.tokens import Doc

from extractors.chinese.extractor import ChineseExtractor
from extractors.chinese.mentions import TITLED, person_like
from extractors.discourse.names import EverydayNames
from extractors.discourse.session import Session
from extractors.english.extractor import EnglishExtractor
from extractors.predicates import PredicateTable, default_table
from extractors.schema import CandidateFact, Job, Language, TurnReading
from extractors.temporal.events import with_events
from graph.domain.discourse import Discourse, Referent, TurnContext
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


def language_of(text: str, default: Language = "en") -> Language:
    """Chinese when CJK characters are a quarter of the letters, or when a short run of Latin
    letters is closed by Chinese punctuation ("Hotel Rwanda。": a name answering a Chinese
    question); a sentence with no letters ("9:00-17:00。", "2004年" has one) is in `default`:
    the language around it. A title in Chinese title marks is a name, in any script: its
    letters are not the sentence's (有《Far away》、《Photograph》。 is Chinese); so is a part
    cut off by Chinese commas holding no Chinese character, when another part holds one (作曲是
    Bard，Alexander Bengt Magnus，Anders Hansson。: the language is the Chinese parts')."""
    if "《" in text:
        text = TITLED.sub("", text)
    cjk = len(_CJK.findall(text))
    if cjk and cjk * 4 >= len(text):
        return "zh"  # a quarter of all characters, so of the letters: most Chinese turns
    letters = len(_LETTER.findall(text))
    if not letters:
        return default
    if _NAME_IN_CHINESE.match(text.strip()) and (cjk or _CLOSED_IN_CHINESE.search(text)):
        return "zh"  # "Hotel Rwanda。", "Rain。": a name typed among Chinese, answering it
    if cjk and cjk * 4 < letters and _CHINESE_CUT.search(text):
        chinese = [part for part in _CHINESE_CUT.split(text) if _CJK.search(part)]
        letters = len(_LETTER.findall("".join(chinese)))  # the Latin parts are names
    return "zh" if cjk * 4 >= letters else "en"


_CHINESE_CUT = re.compile(r"[，、；：]")
"""Chinese commas and colons: the parts of a sentence they cut, each said in one language."""


_NAME_IN_CHINESE = re.compile(r"[^，。！？；、\u3400-\u9fff]{1,40}[，。！？；、]")
_CLOSED_IN_CHINESE = re.compile(r"[，。！？；、]\s*$")
"""A short run of Latin letters closed by Chinese punctuation, the sentence ending there or
going on in Chinese: a name (a title, a foreign name, an address) said in a Chinese
conversation ("Hotel Rwanda。", "Schindler's List，挺好拼的。"), never an English sentence."""


def segments(text: str, default: Language = "en") -> list[tuple[int, str, Language]]:
    """(offset, text, language) runs of consecutive same-language sentences; a sentence
    without letters joins the run before it, or is in `default` (the conversation's last
    language) when it comes first."""
    runs: list[tuple[int, str, Language]] = []
    for match in _SENTENCE.finditer(text):
        sentence = match.group(0)
        if not sentence.strip():
            continue
        lang = language_of(sentence, runs[-1][2] if runs else default)
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
        self._names = EverydayNames(self.table, person_like)

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
        pieces = self._pieces(jobs)
        left: dict[str, Discourse] = {}
        out: list[TurnReading] = []
        for n, job in enumerate(jobs):
            before = _state_before(job, left)
            reading = self._read_turn(job, before, pieces.get(n, []))
            if job.conversation:
                left[job.conversation] = reading.context.after
            out.append(reading)
        return out

    def _pieces(self, jobs: Sequence[Job]) -> dict[int, list[_Piece]]:
        """Each job's same-language runs, the English ones parsed in one batched pass."""
        runs = [
            (n, offset, seg, lang)
            for n, (job, default) in enumerate(zip(jobs, _languages(jobs), strict=True))
            for offset, seg, lang in segments(job.text, default)
        ]
        parsed = iter(self._english.parse([seg for _, _, seg, lang in runs if lang == "en"]))
        by_job: dict[int, list[_Piece]] = {}
        for n, offset, seg, lang in runs:
            doc = next(parsed) if lang == "en" else None
            by_job.setdefault(n, []).append(_Piece(offset, seg, lang, doc))
        return by_job

    def _read_turn(self, job: Job, before: Discourse, pieces: Sequence[_Piece]) -> TurnReading:
        """One turn's candidates, read in `before`, and the state it leaves."""
        session = Session.start(before)
        found: list[CandidateFact] = []
        for piece in pieces:
            claimed = len(session.claimed)
            read = self._read_piece(piece, job, session)
            dated = with_events(
                piece.text, read, job.reference, piece.lang, session.claimed[claimed:], before
            )
            found.extend(_shift(c, piece.offset) for c in dated)
        found, named = self._names.read(found, job.text, job.role)
        session.mention(named)
        after = session.after()
        if job.speaker:
            speaker = Referent(job.speaker[:200], kind="person")
            after = after.spoken_by(speaker, _mentioned(before, after, job.text))
        context = TurnContext(before=before, after=after)
        return TurnReading(sorted(found, key=lambda c: c.span), context)

    def _read_piece(self, piece: _Piece, job: Job, session: Session) -> list[CandidateFact]:
        if piece.doc is not None:
            return self._english.read(piece.doc, job.reference, job.role, session)
        return self._chinese.extract(
            piece.text, reference=job.reference, role=job.role, session=session
        )


class _Piece(NamedTuple):
    """A run of one language in a turn: where it starts, its text and its parse (English)."""

    offset: int
    text: str
    lang: Language
    doc: Doc | None


def _languages(jobs: Sequence[Job]) -> list[Language]:
    """The language each job's letterless sentences are read in: its conversation's last
    language with letters (a bare "9:00-17:00。" answers a Chinese question in Chinese)."""
    last: dict[str, Language] = {}
    out: list[Language] = []
    for job in jobs:
        key = job.conversation or ""
        out.append(last.get(key, "en") if job.conversation else "en")
        if _LETTER.search(job.text):
            last[key] = language_of(job.text)
    return out


def _state_before(job: Job, left: dict[str, Discourse]) -> Discourse:
    """The state a turn is read in: its own, or what its conversation's last turn left."""
    if job.context:
        return job.context
    if job.conversation and job.conversation in left:
        return left[job.conversation].next_turn()
    return Discourse()


def _mentioned(before: Discourse, after: Discourse, text: str) -> int:
    """How many of `after`'s first referents the turn mentioned: a mention moves a referent
    to the front, so the rest keep the order they had `before`; one already in front is
    the turn's when the turn names it."""
    referents = after.referents
    said = next(
        k
        for k in range(len(referents) + 1)
        if list(referents[k:])
        == [r for r in before.referents if r not in referents[:k]][: len(referents) - k]
    )
    while said < len(referents) and referents[said].name.casefold() in text.casefold():
        said += 1
    return said


def _shift(candidate: CandidateFact, offset: int) -> CandidateFact:
    if offset == 0:
        return candidate
    start, end = candidate.span
    return candidate.model_copy(update={"span": (start + offset, end + offset)})
