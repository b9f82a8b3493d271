"""Where a Chinese clause's predicate is: the anchor the frames are read around.

Order of preference, on segmenter-neutral tokens (see `chinese.tokens`):

1. A copula (是, 叫, 叫做, 名叫) when the words before it form a noun phrase: 我的X是Y,
   X的Y是Z, 用户在北京的公司是甲公司, 规则注入槽是A, 我叫王磊.
2. A verb known to the predicate table, leftmost, matched on up to three joined tokens so
   both segmenters agree (重新+订阅 -> 重新订阅, 住+在 -> 住在, 更+喜欢 -> 更喜欢). Attribute
   nouns of the table (版本, 公司...) are not verbs here; a word followed or preceded by 的
   is a modifier, not the predicate; 有 before another verb is an auxiliary (没有订阅).
3. Preposition frames: 在X工作 (looked up as 在+verb: 在工作 -> works_at), 在X with no verb
   (a locative copula: 我的工位在17楼), 对X过敏/感兴趣 (the last word is the predicate), and
   把X V到/给 Y (the verb carrying a directional particle).
4. Fallbacks: a zero-copula attribute (显存24GB, 32岁), a pronoun followed by an unknown
   verb (用户点了三次退款), or a clause-final adjective (该方案不安全).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from extractors.chinese.lexicon import (
    ADVERBS,
    ASPECT,
    ATTITUDE_PREDICATES,
    ATTRIBUTE_NOUNS,
    BELIEF_MARKERS,
    CONDITIONS,
    COPULAS,
    DEGREE_WORDS,
    FINAL_PARTICLES,
    FORMERLY,
    HEDGES,
    LOCATIVE_VERBS,
    NEGATOR_WORDS,
    OBJECT_PREPOSITIONS,
    PREPOSITIONS,
    SPEAKER_WORDS,
    THIRD_PERSON,
    USER_WORDS,
    VERB_PARTICLES,
)
from extractors.chinese.np import is_person_name
from extractors.chinese.tokens import Tok, joined
from extractors.predicates import PredicateTable

AnchorKind = Literal[
    "copula", "verb", "zai", "zai_loc", "dui", "ba", "attr", "age", "bare", "adj", "passive"
]
_PARTICLE_ENDINGS = frozenset("到给在进成回")
_PERSONS = SPEAKER_WORDS | USER_WORDS | THIRD_PERSON


@dataclass(frozen=True)
class Anchor:
    """The predicate of a clause: tokens [start, end), its surface form, and the frame's
    preposition index (-1 when there is none)."""

    kind: AnchorKind
    start: int
    end: int
    surface: str
    prep: int = -1


def is_function_word(tok: Tok) -> bool:
    """Adverbs, negators and hedges: skipped between the subject and the verb."""
    text = tok.text
    return (
        text in ADVERBS
        or text in FORMERLY
        or text in NEGATOR_WORDS
        or text in HEDGES
        or text in BELIEF_MARKERS
        or text in CONDITIONS
    )


KNOWN_CACHED = 16384
"""Words remembered by `AnchorFinder.known`: the segmenter's words recur from turn to turn
(是, 喜欢, 导演), and each costs up to three table lookups, each folding the word."""


class AnchorFinder:
    def __init__(self, table: PredicateTable) -> None:
        self.table = table
        self.known = functools.lru_cache(maxsize=KNOWN_CACHED)(self._known)
        self.verb = functools.lru_cache(maxsize=KNOWN_CACHED)(self._verb)

    def find(self, toks: Sequence[Tok]) -> Anchor | None:
        copula = self._copula(toks)
        limit = copula.start if copula else len(toks)
        verb = self._scan(toks, limit)
        if copula is not None and (verb is None or _has_de(toks, verb.start, copula.start)):
            return copula
        return verb or copula or self._fallback(toks)

    # -- known surfaces ---------------------------------------------------------------------
    def _known(self, surface: str) -> bool:
        """Is `surface` a verb of the table (the table never changes: remembered)?"""
        surface = self.canonical(surface)
        if surface in ATTRIBUTE_NOUNS:
            return False
        return bool(self.table.lookup(surface, "zh") or self.table.implied(surface, "zh"))

    def _verb(self, said: str) -> str | None:
        """The table's verb `said` is a form of (`canonical`), or None (remembered)."""
        surface = self.canonical(said)
        return surface if self.known(surface) else None

    def canonical(self, surface: str) -> str:
        """入职了 -> 入职 (unless the table lists the form with its particle: 买了)."""
        if len(surface) > 1 and surface[-1] in ASPECT and not self.table.lookup(surface, "zh"):
            return surface[:-1]
        return surface

    def _copula(self, toks: Sequence[Tok]) -> Anchor | None:
        for i, tok in enumerate(toks):
            if tok.kind == "cjk" and tok.text in COPULAS and (tok.text == "是" or i > 0):
                if tok.text != "是" and i + 1 < len(toks) and toks[i + 1].text in ASPECT:
                    continue
                return Anchor("copula", i, i + 1, tok.text)
        return None

    def _scan(self, toks: Sequence[Tok], limit: int) -> Anchor | None:
        for i in range(limit):
            tok = toks[i]
            if tok.kind != "cjk" or (tok.text in NEGATOR_WORDS and tok.text != "无"):
                continue
            frame = self._frame(toks, i, limit)
            if frame is not None:
                return frame
            if tok.text in PREPOSITIONS:
                continue
            hit = self._verb_at(toks, i, limit)
            if hit is not None:
                return hit
        return None

    def _frame(self, toks: Sequence[Tok], i: int, limit: int) -> Anchor | None:
        word = toks[i].text
        if word == "在":
            return self._zai(toks, i, limit)
        if word in ("对", "对于") and i + 2 < limit:
            return self._dui(toks, i, limit)
        if word in OBJECT_PREPOSITIONS and i + 2 < limit:
            found = self._dui(toks, i, limit)
            return found if found is not None and found.surface in ATTITUDE_PREDICATES else None
        if word in ("把", "将") and i + 2 < limit:
            return self._ba(toks, i, limit)
        if word == "无" and i + 1 < limit:
            return Anchor("verb", i, i + 1, "有")
        return None

    def _verb_at(self, toks: Sequence[Tok], i: int, limit: int) -> Anchor | None:
        """The longest verb of the table (of up to three words) that starts at word `i`,
        inside the run of Chinese words there."""
        run = 0
        while run < 3 and i + run < limit and toks[i + run].kind == "cjk":
            run += 1
        for size in range(run, 0, -1):
            surface = self.verb(toks[i].text if size == 1 else joined(toks[i : i + size]))
            if surface is None or _modifier(toks, i, i + size):
                continue
            if surface == "有" and self._verb_follows(toks, i + 1, limit):
                return None
            return self._with_particle(toks, Anchor("verb", i, i + size, surface), limit)
        return None

    def _verb_follows(self, toks: Sequence[Tok], i: int, limit: int) -> bool:
        return i < limit and toks[i].kind == "cjk" and self.known(toks[i].text)

    def _with_particle(self, toks: Sequence[Tok], anchor: Anchor, limit: int) -> Anchor:
        nxt = anchor.end
        if nxt < limit and toks[nxt].text in VERB_PARTICLES:
            merged = anchor.surface + toks[nxt].text
            if self.table.lookup(merged, "zh") or self.table.implied(merged, "zh"):
                return Anchor(anchor.kind, anchor.start, nxt + 1, merged, anchor.prep)
        return anchor

    # -- preposition frames -----------------------------------------------------------------
    def _zai(self, toks: Sequence[Tok], i: int, limit: int) -> Anchor | None:
        for k in range(i + 2, limit):
            if toks[k].kind == "cjk" and self.table.lookup("在" + toks[k].text, "zh"):
                return Anchor("zai", k, k + 1, "在" + toks[k].text, prep=i)
        for k in range(i + 1, limit):
            if toks[k].kind == "cjk" and self._verb_at(toks, k, limit):
                return None
        for k in range(i + 2, limit):
            if toks[k].text in LOCATIVE_VERBS and k + 1 < limit:
                return Anchor("bare", k, k + 1, toks[k].text, prep=i)
        if i + 1 < limit:
            return Anchor("zai_loc", i, i + 1, "在", prep=i)
        return None

    def _dui(self, toks: Sequence[Tok], i: int, limit: int) -> Anchor | None:
        last = limit - 1
        while last > i + 1 and toks[last].text in FINAL_PARTICLES:
            last -= 1
        if last <= i + 1 or toks[last].kind != "cjk":
            return None
        for start in range(max(i + 2, last - 2), last):  # 感+兴趣: a predicate cut in two
            surface = joined(toks[start : last + 1])
            if surface in ATTITUDE_PREDICATES and all(t.kind == "cjk" for t in toks[start:last]):
                return Anchor("dui", start, last + 1, surface, prep=i)
        return Anchor("dui", last, last + 1, toks[last].text, prep=i)

    def _ba(self, toks: Sequence[Tok], i: int, limit: int) -> Anchor | None:
        for k in range(i + 2, limit):
            tok = toks[k]
            if tok.kind != "cjk":
                continue
            fused = len(tok.text) > 1 and tok.text[-1] in _PARTICLE_ENDINGS
            split = k + 1 < limit and toks[k + 1].text in VERB_PARTICLES and tok.text not in ASPECT
            if fused or self.known(tok.text):
                return Anchor("ba", k, k + 1, self.canonical(tok.text), prep=i)
            if split:
                return Anchor("ba", k, k + 2, tok.text + toks[k + 1].text, prep=i)
        return None

    # -- fallbacks --------------------------------------------------------------------------
    def _fallback(self, toks: Sequence[Tok]) -> Anchor | None:
        for i, tok in enumerate(toks):
            if tok.text == "岁" and i > 0 and _is_number(toks[i - 1]):
                return Anchor("age", i, i + 1, "岁")
            if tok.text in ATTRIBUTE_NOUNS and _value_follows(toks, i):
                return Anchor("attr", i, i + 1, tok.text)
            if tok.text == "被" and i > 0:
                return Anchor("passive", i, i, "被")
        bare = _bare_attribute(toks)
        if bare is not None:
            return bare
        first = next((i for i, t in enumerate(toks) if t.kind != "time"), len(toks))
        if first < len(toks) and (toks[first].text in _PERSONS or is_person_name(toks[first].text)):
            return _bare(toks, first + 1)
        return _adjective(toks)


def _bare(toks: Sequence[Tok], start: int) -> Anchor | None:
    """我/张三 + an unknown verb: the first content word that is not part of the subject."""
    for i in range(start, len(toks)):
        tok = toks[i]
        if tok.kind != "cjk" or is_function_word(tok) or tok.text in ASPECT:
            continue
        if tok.text in ATTRIBUTE_NOUNS or tok.text == "的":
            continue
        return Anchor("bare", i, i + 1, tok.text)
    return None


def _adjective(toks: Sequence[Tok]) -> Anchor | None:
    """该方案不安全 / 甲方案很安全: a final adjective after a negator or degree word."""
    last = len(toks) - 1
    while last > 0 and toks[last].text in FINAL_PARTICLES:
        last -= 1
    if last < 1 or toks[last].kind != "cjk" or is_function_word(toks[last]):
        return None
    if toks[last - 1].text not in DEGREE_WORDS:
        return _first_verb(toks)
    return Anchor("adj", last, last + 1, toks[last].text)


def _first_verb(toks: Sequence[Tok]) -> Anchor | None:
    """每天骑车上班 (subject shared with the clause before): the first content word."""
    for i, tok in enumerate(toks[:-1]):
        if tok.kind == "cjk" and not is_function_word(tok) and tok.text not in ASPECT:
            return Anchor("bare", i, i + 1, tok.text)
    return None


def _is_number(tok: Tok) -> bool:
    return tok.kind == "num" or all(ch in "零一二两三四五六七八九十百几" for ch in tok.text)


def _bare_attribute(toks: Sequence[Tok]) -> Anchor | None:
    """发票号 INV-2024-001, 电话 13800138000: a clause that is only a noun run and an identifier
    or number is a zero-copula attribute (the clause after 我的显卡是 RTX 4090 keeps its fact)."""
    k = next((i for i, t in enumerate(toks) if t.kind != "cjk"), len(toks))
    rest = [t for t in toks[k:] if t.text not in FINAL_PARTICLES and t.kind != "punct"]
    if k == 0 or not rest or any(t.kind not in ("num", "latin", "ident") for t in rest):
        return None
    start = max((i + 1 for i, t in enumerate(toks[:k]) if t.text == "的"), default=0)
    if start >= k:
        return None
    return Anchor("attr", start, k, joined(toks[start:k]))


def _value_follows(toks: Sequence[Tok], i: int) -> bool:
    """显存24GB / 内存32GB: a zero-copula attribute takes a number or an identifier."""
    rest = [t for t in toks[i + 1 :] if t.text not in FINAL_PARTICLES]
    return bool(rest) and rest[0].kind in ("num", "latin", "ident")


def _modifier(toks: Sequence[Tok], start: int, end: int) -> bool:
    before = start > 0 and toks[start - 1].text == "的"
    after = end < len(toks) and toks[end].text == "的"
    return before or after


def _has_de(toks: Sequence[Tok], start: int, end: int) -> bool:
    return any(t.text == "的" for t in toks[start:end])
