"""Which side of the reference a time phrase without its year or week is on: the tense of the
verb nearest to it.

A sentence may hold two clauses of two tenses ("The company said Tuesday it will cut 300
jobs", "周五我们要去公园，别忘了带伞"): the phrase belongs to the clause of the tensed word
nearest to it, so the nearest word decides: the one with the fewest clause breaks (a comma,
a colon, a dash) between, then the fewest characters, then the one before the phrase. Tensed words:

* future: will, shall, 'll, won't, going to, gonna, plan / intend to, tomorrow, next,
  upcoming, coming, soon; Chinese 将, 打算, 准备, 计划, 要去, 会去, 明天, 下周...;
* past: a past form (was, went, said, met...; an -ed word that is no state: "I'm excited",
  "so tired" are states), ago, yesterday, already; Chinese 了, 过 (not 过来 / 过去 / 过年 /
  过节), 已经, 昨天, and a verb of saying right after the phrase (他周二说, 公司周一表示: what was
  said has been said);
* present, which says neither side: is, are, am, 'm, 're ("The redemption is on Dec. 7,
  Conseco said": the date is the nearer one, not last year's).

A target or deadline right before the phrase ("booked the flight for Friday", "by Monday")
looks forward whatever the verbs say, and a start ("since March", 自从三月) looks back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from extractors.temporal.calendar import sentence_bounds

_I = re.IGNORECASE
Tense = str
"""'future', 'past' or '' (no side said)."""
WordFinder = Callable[[str], Iterator[tuple[int, int, Tense]]]
"""The tensed words of a sentence: start, end, tense."""

FUTURE = re.compile(
    r"\b(?:will|shall|going\s+to|gonna|plan(?:s|ning|ned)?\s+to|intends?\s+to|tomorrow|"
    r"next|upcoming|coming|soon)\b|['’]ll\b|\bwon['’]t\b",
    _I,
)
FUTURE_BEFORE = re.compile(r"(?<![A-Za-z])(?:for|by)\s+$", _I)
"""A target or deadline ("booked the flight for Friday", "by Monday") looks forward."""
PAST_BEFORE = re.compile(r"(?<![A-Za-z])since\s+$", _I)
"""A start ("I've been living in Denver since March") looks back, whatever the verbs say (the
progressive took it for next March)."""
_ZH_PAST_BEFORE = re.compile(r"自从?$")
"""自从三月 / 自三月起: a start looks back."""
_PAST = re.compile(
    r"\b(?:was|were|had|did|went|came|saw|met|made|took|got|gave|told|said|felt|left|found"
    r"|bought|brought|ran|spent|won|lost|ate|wrote|heard|paid|sent|began|became|caught|slept"
    r"|drove|flew|broke|fell|forgot|knew|spoke|stood|swam|threw|woke|ago|yesterday|already)\b",
    _I,
)
_PRESENT = re.compile(r"\b(?:is|are|am)\b|(?<=[A-Za-z])['’](?:m|re)\b", _I)
_ED = re.compile(r"(?:([A-Za-z']+)\s+)?\b([a-z]{2,}ed)\b")
_NOT_PAST = frozenset([
    "need", "feed", "seed", "speed", "indeed", "exceed", "proceed", "succeed", "bed", "red",
    "shed", "wed", "weed", "bleed", "breed",
])  # fmt: skip
_STATE_BEFORE = frozenset([
    "am", "is", "are", "be", "been", "being", "so", "very", "really", "too", "get", "getting",
    "feel", "feeling", "i'm", "im", "we're",
])  # fmt: skip
"""Before an -ed word, these make it a state ("I'm excited", "so tired"), not a past event."""

ZH_FUTURE = re.compile(
    r"将|打算|准备|计划|即将|就要|快要|要去|要来|要在|会去|会来|会在|明天|后天|下周|下星期|下礼拜|下个"
)
_ZH_PAST = re.compile(r"了|过(?![来去年节])|已经|昨天|刚才")
_ZH_SAID = re.compile(r"(?<![再会要将])(?:说|表示|宣布|称|透露|指出|告诉)")
"""A verb of saying right after the phrase: 他周二说 (said on Tuesday)."""


_BREAK = re.compile(r"[,，、:：—–]|\s-\s")
"""A clause break: a tensed word past one is farther than any word before it."""


def tense(m: re.Match[str]) -> Tense:
    """The side of the reference the English phrase `m` is on (module doc)."""
    if FUTURE_BEFORE.search(m.string, max(0, m.start() - 12), m.start()):
        return "future"
    if PAST_BEFORE.search(m.string, max(0, m.start() - 12), m.start()):
        return "past"
    return _nearest(m, _english_words)


def looks_forward(m: re.Match[str]) -> bool:
    """Is the English phrase `m` said of the future (or of a target: "for", "by")?"""
    return tense(m) == "future"


def zh_tense(m: re.Match[str]) -> Tense:
    """The side of the reference the Chinese phrase `m` is on (module doc)."""
    if _ZH_SAID.match(m.string, m.end()) or _ZH_PAST_BEFORE.search(m.string, 0, m.start()):
        return "past"
    return _nearest(m, _chinese_words)


def _nearest(m: re.Match[str], words: WordFinder) -> Tense:
    offset, right = sentence_bounds(m.string, m.start(), m.end())
    start, end = m.start() - offset, m.end() - offset
    best: tuple[int, int, int, Tense] | None = None
    sentence = m.string[offset:right]
    for a, b, said in words(sentence):
        if a < end and start < b:
            continue  # a word of the phrase itself
        gap = sentence[b:start] if b <= start else sentence[end:a]
        key = (len(_BREAK.findall(gap)), len(gap), int(b > start), said)
        best = key if best is None or key[:3] < best[:3] else best
    return best[3] if best is not None else ""


def _english_words(sentence: str) -> Iterator[tuple[int, int, Tense]]:
    for pattern, said in ((FUTURE, "future"), (_PAST, "past"), (_PRESENT, "")):
        for w in pattern.finditer(sentence):
            yield w.start(), w.end(), said
    for w in _ED.finditer(sentence):
        before = (w.group(1) or "").lower()
        if w.group(2).lower() not in _NOT_PAST and before not in _STATE_BEFORE:
            yield w.start(2), w.end(2), "past"


def _chinese_words(sentence: str) -> Iterator[tuple[int, int, Tense]]:
    for pattern, said in ((ZH_FUTURE, "future"), (_ZH_PAST, "past")):
        for w in pattern.finditer(sentence):
            yield w.start(), w.end(), said
