"""Text preparation for keyword indexes that have no CJK analyzer of their own (SQLite FTS5).

Latin text is kept as words; every run of CJK characters becomes its single characters plus
its adjacent pairs (bigrams), space separated, so "苹果" is found by "苹果" and also by "苹", at
the cost of a larger index and a few pseudo-words across word boundaries. Identifiers such as
INV-2024-001 split into their parts, which a phrase query matches in order. The query side uses
the same function, so both sides agree.
"""

from __future__ import annotations

import re
import unicodedata

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]+")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def cjk_terms(run: str) -> list[str]:
    """Unigrams and bigrams of one CJK run, in order."""
    terms = list(run)
    terms.extend(run[i : i + 2] for i in range(len(run) - 1))
    return terms


def index_terms(text: str) -> list[str]:
    """The terms a text contributes to the index, lower-cased and width-folded."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    terms: list[str] = []
    last = 0
    for match in _CJK.finditer(folded):
        terms.extend(_WORD.findall(folded[last : match.start()]))
        terms.extend(cjk_terms(match.group(0)))
        last = match.end()
    terms.extend(_WORD.findall(folded[last:]))
    return terms


def index_text(text: str) -> str:
    return " ".join(index_terms(text))


def query_groups(text: str) -> list[list[str]]:
    """The query as groups of terms that must appear together (a phrase or a CJK run).

    Latin words and identifier parts form one phrase per whitespace-separated chunk; a CJK run
    contributes its bigrams (or the single character when the run is one character long).
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    groups: list[list[str]] = []
    for chunk in folded.split():
        last = 0
        for match in _CJK.finditer(chunk):
            _add(groups, _WORD.findall(chunk[last : match.start()]))
            run = match.group(0)
            grams = [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]
            groups.extend([g] for g in grams)
            last = match.end()
        _add(groups, _WORD.findall(chunk[last:]))
    return groups


def _add(groups: list[list[str]], words: list[str]) -> None:
    if words:
        groups.append(words)
