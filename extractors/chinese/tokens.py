"""Tokens of the Chinese extractor: protected spans, segmentation, sentences and clauses.

`tokenize` never lets the segmenter see an identifier or a Latin word: identifiers
(`find_identifiers`: RTX 4090, INV-2024-001, 5.8.4, URLs, paths), resolved time expressions
(spans from `find_times`), Latin words and digit runs are cut out first and become single
tokens; only the Chinese text between them is segmented. This is the protect/restore step
done by position rather than with placeholders (pkuseg splits placeholder characters), so
every token carries its character span in the original text and values are always slices
of the original ("VS Code", "RTX 4090显卡" stay as written).

After segmenting, fused words are split the same way for every segmenter, so the patterns
see one shape: a leading negator (不吃 -> 不 吃, 没有 -> 没 有, 不是 -> 不 是), an adverb fused
with the copula (就是 -> 就 是) and a first-person pronoun fused with a verb (jieba: 我养 -> 我 养).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from extractors.chinese.lexicon import (
    ADVERBS,
    ATTITUDE_PREDICATES,
    ATTRIBUTE_NOUNS,
    COPULA_PREFIXES,
    DEGREE_WORDS,
    HEDGES,
    LEXICALISED_NEGATIONS,
    NEGATORS,
    OBJECT_PREPOSITIONS,
    SURNAMES,
)
from extractors.chinese.segmenters import Segmenter
from extractors.identifiers import find_identifiers

TokKind = Literal["cjk", "latin", "ident", "num", "time", "punct"]

_LATIN = re.compile(
    r"(?<![A-Za-z0-9_])(?:[A-Za-z][A-Za-z0-9_+#'.-]*[A-Za-z0-9+#]|[A-Za-z]"
    r"|\d+(?:\.\d+)?[A-Za-z%]+|\d+(?:\.\d+)?)(?![A-Za-z0-9_])"
)
_SENTENCE_ENDS = frozenset("。！？!?；;\n…")
_CLAUSE_BREAKS = frozenset("，,：:")
_PRONOUN_KEEP = frozenset({"我们", "我国", "我司", "我方", "我校"})
_FUSED_SUFFIXES = tuple(
    sorted({w for w in HEDGES if len(w) == 2} | {"已经", "一直", "经常", "平时"}, key=len)
)
"""Multi-character adverbs a segmenter may glue to the word before (张三可能 -> 张 三可能)."""


@dataclass(slots=True, unsafe_hash=True)
class Tok:
    """One token with its span in the original text; `label` is an identifier's kind. Never
    changed once made (a new token is made instead), but not a frozen dataclass: a frozen
    one's `__init__` sets each field through `object.__setattr__`, four times the cost, and
    every word of every Chinese turn makes one (1.4% of the extraction's CPU on KdConv)."""

    text: str
    start: int
    end: int
    kind: TokKind
    label: str = ""

    @property
    def content(self) -> bool:
        return self.kind != "punct"


def tokenize(text: str, segmenter: Segmenter, time_spans: Sequence[tuple[int, int]]) -> list[Tok]:
    """All tokens of `text`, in order, with spans; whitespace is dropped."""
    tokens: list[Tok] = []
    cursor = 0
    for start, end, kind, label in _protected_spans(text, time_spans):
        tokens.extend(_segment_gap(text, cursor, start, segmenter))
        tokens.append(Tok(text[start:end], start, end, kind, label))
        cursor = end
    tokens.extend(_segment_gap(text, cursor, len(text), segmenter))
    return tokens


def _protected_spans(
    text: str, time_spans: Sequence[tuple[int, int]]
) -> list[tuple[int, int, TokKind, str]]:
    """Identifiers first, then times, then Latin words and digits; no overlaps."""
    found: list[tuple[int, int, TokKind, str]] = []
    found.extend((i.span[0], i.span[1], "ident", i.kind) for i in find_identifiers(text))
    found.extend((start, end, "time", "time") for start, end in time_spans)
    for match in _LATIN.finditer(text):
        kind: TokKind = "num" if match.group(0).replace(".", "").isdigit() else "latin"
        found.append((match.start(), match.end(), kind, kind))
    taken: list[tuple[int, int, TokKind, str]] = []
    for span in found:
        if all(span[1] <= other[0] or span[0] >= other[1] for other in taken):
            taken.append(span)
    return sorted(taken)


def _segment_gap(text: str, start: int, end: int, segmenter: Segmenter) -> list[Tok]:
    gap = text[start:end]
    if not gap.strip():
        return []
    if all(_is_punct(ch) and not ch.isspace() for ch in gap):  # "-", "。" between numbers
        return [Tok(ch, start + i, start + i + 1, "punct") for i, ch in enumerate(gap)]
    tokens: list[Tok] = []
    cursor = 0
    for word in segmenter.segment(gap):
        at = gap.find(word, cursor)
        if at < 0:
            continue
        cursor = at + len(word)
        tokens.extend(_split_fused(word, start + at))
    return tokens


def _split_fused(word: str, offset: int) -> list[Tok]:
    """One segmenter word -> one or more tokens (punctuation split per character)."""
    tokens: list[Tok] = []
    for part, kind in _fused(word):
        tokens.append(Tok(part, offset, offset + len(part), kind))
        offset += len(part)
    return tokens


@functools.lru_cache(maxsize=16384)
def _fused(word: str) -> tuple[tuple[str, TokKind], ...]:
    """The parts of a segmenter word and their kinds, remembered: the words recur from turn
    to turn. Punctuation is one part per character, anything else `_fused_parts`."""
    if all(_is_punct(ch) for ch in word):
        return tuple((ch, "punct") for ch in word)
    return tuple((part, "cjk") for part in _fused_parts(word))


def _fused_parts(word: str) -> list[str]:
    if len(word) < 2 or word in LEXICALISED_NEGATIONS:
        return [word]
    if word[0] == "我" and word not in _PRONOUN_KEEP:
        return ["我", *_fused_parts(word[1:])]
    if word[0] in "很挺" and len(word) == 2:
        return [word[0], word[1]]
    for neg in NEGATORS:
        if word.startswith(neg) and len(word) > len(neg) and word != neg:
            return [neg, *_fused_parts(word[len(neg) :])]
    if word.endswith("是") and (word[:-1] in COPULA_PREFIXES or len(word) > 2):
        return [*_fused_parts(word[:-1]), "是"]
    if word[-1] in "是叫" and word[:-1] in ATTRIBUTE_NOUNS:
        return [word[:-1], word[-1]]
    for suffix in _FUSED_SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix):
            return [*_fused_parts(word[: -len(suffix)]), suffix]
    return [word]


def split_known(tokens: Sequence[Tok], known: Callable[[str], bool]) -> list[Tok]:
    """Split words a segmenter glued onto a known verb (jieba: 想学 -> 想 学, 系统升级 ->
    系统 升级), so both segmenters give the patterns the same verbs."""
    out: list[Tok] = []
    for tok in tokens:
        at = _known_split(tok.text, known) if tok.kind == "cjk" else 0
        if at:
            out.append(Tok(tok.text[:at], tok.start, tok.start + at, "cjk"))
            out.append(Tok(tok.text[at:], tok.start + at, tok.end, "cjk"))
        else:
            out.append(tok)
    return _prepositions(_rejoin_names(_regroup(out, known)))


def _prepositions(tokens: list[Tok]) -> list[Tok]:
    """A preposition the segmenter glued to its object before an attitude predicate is split
    off: 我对虾过敏 is segmented 我 对虾(prawn) 过敏, but is 我 对 虾 过敏 (allergic to shrimp);
    likewise 给/向/跟 (我跟他们很熟). Anywhere else the word stays whole (我喜欢对虾)."""
    out: list[Tok] = []
    for i, tok in enumerate(tokens):
        if _fused_preposition(tokens, i):
            out.append(Tok(tok.text[0], tok.start, tok.start + 1, "cjk"))
            out.append(Tok(tok.text[1:], tok.start + 1, tok.end, "cjk"))
        else:
            out.append(tok)
    return out


def _fused_preposition(tokens: Sequence[Tok], i: int) -> bool:
    tok = tokens[i]
    if tok.kind != "cjk" or len(tok.text) < 2 or tok.text[0] not in OBJECT_PREPOSITIONS:
        return False
    if i == 0 or tokens[i - 1].kind != "cjk":
        return False  # the preposition follows its subject
    k = i + 1
    while k < len(tokens) and (tokens[k].text in DEGREE_WORDS or tokens[k].text in ADVERBS):
        k += 1
    return k < len(tokens) and tokens[k].text in ATTITUDE_PREDICATES


def _regroup(tokens: list[Tok], known: Callable[[str], bool]) -> list[Tok]:
    """A verb cut across two words (王 芳嫁 给 -> 王 芳 嫁给): move the last character of the
    first word onto the next when together they are a known verb. Never a 在 that ends a
    word (现在, 正在, 还在, 实在): the table's 在住 / 在工作 took it from 我现在住在北京,
    whose subject became 我现."""
    out = list(tokens)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        cjk = a.kind == b.kind == "cjk" and len(a.text) >= 2 and a.end == b.start
        if cjk and a.text[-1] != "在" and not known(a.text) and known(a.text[-1] + b.text):
            out[i] = Tok(a.text[:-1], a.start, a.end - 1, "cjk")
            out[i + 1] = Tok(a.text[-1] + b.text, a.end - 1, b.end, "cjk")
    return out


def _rejoin_names(tokens: list[Tok]) -> list[Tok]:
    """A surname left alone before a one-character given name (王 芳 -> 王芳)."""
    out: list[Tok] = []
    for tok in tokens:
        last = out[-1] if out else None
        if (
            last is not None
            and tok.kind == last.kind == "cjk"
            and len(last.text) == 1
            and len(tok.text) == 1
            and last.text in SURNAMES
            and last.end == tok.start
            and (len(out) == 1 or out[-2].kind != "cjk")
        ):
            out[-1] = Tok(last.text + tok.text, last.start, tok.end, "cjk")
        else:
            out.append(tok)
    return out


def _known_split(word: str, known: Callable[[str], bool]) -> int:
    if len(word) < 2 or known(word):
        return 0
    if len(word) == 2:
        return 1 if known(word[0]) and known(word[1]) else 0
    for size in range(len(word) - 1, 1, -1):
        if known(word[-size:]):
            return len(word) - size
    return 0


def _is_punct(ch: str) -> bool:
    return unicodedata.category(ch)[0] in ("P", "S", "Z") or ch.isspace()


def is_cjk(text: str) -> bool:
    return bool(text) and all("\u4e00" <= ch <= "\u9fff" or ch == "〇" for ch in text)


def split_sentences(tokens: Sequence[Tok]) -> list[list[Tok]]:
    """Sentences at 。！？；\\n (the end mark stays with its sentence); a semicolon between
    two parts that give numbers (旺季8:00-17:00；淡季9:00-16:00, 010-1234;010-5678) joins
    the parts of one value, no sentences."""
    sentences: list[list[Tok]] = [[]]
    for n, tok in enumerate(tokens):
        sentences[-1].append(tok)
        ends = tok.kind == "punct" and tok.text in _SENTENCE_ENDS
        if ends and not _numbers_go_on(tok, sentences[-1], tokens[n + 1 : n + 4]):
            sentences.append([])
    return [s for s in sentences if any(t.content for t in s)]


def _numbers_go_on(mark: Tok, before: Sequence[Tok], after: Sequence[Tok]) -> bool:
    following = "".join(t.text for t in after)
    return (
        mark.text in "；;"
        and any(ch.isdigit() for t in before for ch in t.text)
        and (any(ch.isdigit() for ch in following) or _SCHEDULE.match(following) is not None)
    )


_SCHEDULE = re.compile(r"(?:周[一二三四五六日末]|星期|旺季|淡季|夏季|冬季|每周|节假日)")


def split_clauses(sentence: Sequence[Tok]) -> list[list[Tok]]:
    """Comma-separated clauses of one sentence, content tokens only (quotes dropped)."""
    clauses: list[list[Tok]] = [[]]
    for tok in sentence:
        if tok.kind == "punct":
            if tok.text in _CLAUSE_BREAKS or tok.text in _SENTENCE_ENDS:
                clauses.append([])
            elif tok.text in ("、", "/"):
                clauses[-1].append(tok)
            continue
        clauses[-1].append(tok)
    return [c for c in clauses if c]


def joined(tokens: Iterable[Tok]) -> str:
    return "".join(t.text for t in tokens)


def source_text(source: str, tokens: Sequence[Tok]) -> str:
    """The original text from the first token to the last (keeps inner spaces)."""
    return source[tokens[0].start : tokens[-1].end] if tokens else ""
