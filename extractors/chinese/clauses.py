"""Clause-level context of the Chinese extractor: markers, questions, requests, time words.

`strip_markers` removes clause-initial discourse markers and returns what they say about the
clause: a correction (不对，/ 我说错了), a remember request (请记住 / 帮我记一下), an epistemic
type (我觉得 -> BELIEF; 观察到 -> OBSERVATION; 推断 -> INFERENCE), or plain fillers (好的,
另外). Hedges before the verb (可能, 也许, 大概, 应该) make a clause a HYPOTHESIS.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from extractors.chinese.lexicon import (
    BELIEF_MARKERS,
    COMPLETION_WORDS,
    CONDITIONS,
    CORRECTION_MARKERS,
    FILLERS,
    HEDGES,
    INFERENCE_MARKERS,
    OBSERVATION_MARKERS,
    QUESTION_FINALS,
    QUESTION_WORDS,
    REMEMBER_MARKERS,
    REQUEST_MARKERS,
)
from extractors.chinese.tokens import Tok, joined
from graph.domain.enums import FactType

_STRONG_QUESTION = re.compile("什么|多少|哪|谁|怎么|为何|是否|啥|为什么")
"""Words that ask wherever a token holds them (一个什么样的人): one search per token."""
_WEAKER = {
    FactType.FACT: 0,
    FactType.OBSERVATION: 1,
    FactType.INFERENCE: 2,
    FactType.OPINION: 2,
    FactType.BELIEF: 3,
    FactType.HYPOTHESIS: 4,
}
_HEDGE_PREFIXES = tuple(HEDGES)
_TIME_WORDS = frozenset(
    {
        "现在",
        "目前",
        "如今",
        "后来",
        "之后",
        "以前",
        "当时",
        "最近",
        "从前",
        "原来",
        "之前",
        "以后",
        "今后",
        "从此",
    }
)


@dataclass(frozen=True)
class Flags:
    correction: bool = False
    remember: bool = False
    request: bool = False
    fact_type: FactType = FactType.FACT

    def merged(self, other: Flags) -> Flags:
        weaker = max(self.fact_type, other.fact_type, key=lambda t: _WEAKER.get(t, 0))
        return Flags(
            self.correction or other.correction,
            self.remember or other.remember,
            self.request or other.request,
            weaker,
        )


def is_question(sentence: Sequence[Tok]) -> bool:
    """A question: ？, a final 吗/么, or a question word (什么, 哪, 谁, 多少...); what a
    title holds asks nothing (我更喜欢《我可以抱你吗》)."""
    sentence = _outside_titles(sentence)
    if any(t.kind == "punct" and t.text in "？?" for t in sentence):
        return True
    content = [t for t in sentence if t.kind == "cjk"]
    if content and content[-1].text in QUESTION_FINALS and content[-1].text != "呢":
        return True
    return any(
        t.text in QUESTION_WORDS or _STRONG_QUESTION.search(t.text) is not None for t in content
    )


def _outside_titles(sentence: Sequence[Tok]) -> list[Tok]:
    out: list[Tok] = []
    depth = 0
    for tok in sentence:
        if tok.text in ("《", "》") and tok.kind == "punct":
            depth = depth + 1 if tok.text == "《" else max(depth - 1, 0)
        elif depth == 0:
            out.append(tok)
    return out


def strip_markers(toks: Sequence[Tok]) -> tuple[Flags, list[Tok]]:
    """Clause-initial markers -> flags, and the clause without them."""
    flags = Flags()
    rest = list(toks)
    while rest:
        found = _marker_at(rest)
        if found is None:
            break
        size, marker = found
        flags = flags.merged(marker)
        rest = rest[size:]
    return flags, rest


def _marker_at(toks: Sequence[Tok]) -> tuple[int, Flags] | None:
    for size in (4, 3, 2, 1):
        if size > len(toks) or any(t.kind not in ("cjk", "latin") for t in toks[:size]):
            continue
        flags = _marker_flags(joined(toks[:size]))
        if flags is not None:
            return size, flags
    return None


def _marker_flags(word: str) -> Flags | None:
    if word in CONDITIONS:
        return Flags(fact_type=FactType.HYPOTHESIS)
    if word in CORRECTION_MARKERS:
        return Flags(correction=True)
    if word in REMEMBER_MARKERS:
        return Flags(remember=True)
    if word in BELIEF_MARKERS:
        return Flags(fact_type=FactType.BELIEF)
    if word in OBSERVATION_MARKERS:
        return Flags(fact_type=FactType.OBSERVATION)
    if word in INFERENCE_MARKERS:
        return Flags(fact_type=FactType.INFERENCE)
    if word in REQUEST_MARKERS:
        return Flags(request=True)
    return Flags() if word in FILLERS else None


def inner_flags(toks: Sequence[Tok]) -> Flags:
    """Hedges and belief verbs between the subject and the verb (张三可能住在上海)."""
    flags = Flags()
    for tok in toks:
        if tok.text in HEDGES or (tok.kind == "time" and tok.text.startswith(_HEDGE_PREFIXES)):
            flags = flags.merged(Flags(fact_type=FactType.HYPOTHESIS))
        elif tok.text in BELIEF_MARKERS:
            flags = flags.merged(Flags(fact_type=FactType.BELIEF))
    return flags


def conditional(toks: Sequence[Tok]) -> bool:
    """A condition said inside the clause (我如果搬到上海, 我搬到上海的话): this clause and the rest
    of the sentence are hypotheses (a clause-initial 如果 is a marker, `strip_markers`)."""
    return any(t.kind == "cjk" and t.text in CONDITIONS for t in toks)


def completed(toks: Sequence[Tok]) -> bool:
    """An assistant's confirmed action: 已经/已/了/完成 in the clause."""
    return any(t.text in COMPLETION_WORDS or t.text.endswith("了") for t in toks)


def blocks_time_carry(toks: Sequence[Tok]) -> bool:
    """A clause with its own (unresolved) time word does not inherit the previous time."""
    return any(
        t.text in _TIME_WORDS and (nxt is None or nxt.text != "的")
        for t, nxt in zip(toks, [*toks[1:], None], strict=True)
    )
