"""The simple baselines bench/recall prints beside the service: Okapi BM25 over the very same
turn strings, with five ways of cutting text into terms.

* `words`          lower-cased words (Unicode letters and digits), no stemming, no stop words;
                   a CJK run is one "word"
* `stems`          the same with Latin words reduced to their English Snowball stems (PyStemmer)
* `bigrams`        Latin words whole, CJK runs as their character bigrams (a lone character as
                   itself)
* `chars+bigrams`  Latin words whole, CJK runs as their single characters and their bigrams:
                   many Chinese words are one character (花, 书, 猫), which bigrams alone miss
* `jieba`          jieba's words (its default dictionary and HMM), lower-cased, punctuation out

Every baseline runs on every set, and a target is stated against the best of them per set and
measure, so no single cut is the one chosen to lose.
"""

from __future__ import annotations

import logging
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import Stemmer

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_STEMMER = Stemmer.Stemmer("english")

Terms = Callable[[str], list[str]]


def words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def stems(text: str) -> list[str]:
    return [str(_STEMMER.stemWord(w)) if w.isascii() else w for w in words(text)]


def _cjk_cut(text: str, grams: Callable[[str], list[str]]) -> list[str]:
    terms: list[str] = []
    for word in words(text):
        terms.extend(run for run in _CJK.split(word) if run)
        for run in _CJK.findall(word):
            terms.extend(grams(run))
    return terms


def _pairs(run: str) -> list[str]:
    return [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]


def bigrams(text: str) -> list[str]:
    """Latin words whole, CJK runs as their character bigrams (a lone character as itself)."""
    return _cjk_cut(text, _pairs)


def chars_bigrams(text: str) -> list[str]:
    """Latin words whole, CJK runs as their characters and their bigrams."""
    return _cjk_cut(text, lambda run: list(run) + (_pairs(run) if len(run) > 1 else []))


@cache
def _jieba() -> Any:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba


def jieba_words(text: str) -> list[str]:
    """jieba's segmentation, lower-cased; tokens without a letter or digit dropped."""
    return [t.casefold() for t in _jieba().lcut(text) if _WORD.search(t)]


BASELINES: dict[str, Terms] = {
    "bm25 words": words,
    "bm25 stems": stems,
    "bm25 bigrams": bigrams,
    "bm25 chars+bigrams": chars_bigrams,
    "bm25 jieba": jieba_words,
}


class Okapi:
    """Plain Okapi BM25 over whole documents (Robertson's idf, floored at 0)."""

    def __init__(
        self, docs: Sequence[tuple[str, list[str]]], k1: float = 1.2, b: float = 0.75
    ) -> None:
        self.ids = [doc_id for doc_id, _ in docs]
        self.postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for i, (_, terms) in enumerate(docs):
            for term, f in Counter(terms).items():
                self.postings[term].append((i, f))
        lengths = [len(terms) for _, terms in docs]
        avg = sum(lengths) / max(1, len(docs))
        self.norms = [k1 * (1 - b + b * length / max(avg, 1e-9)) for length in lengths]
        n = len(docs)
        self.idf = {
            t: max(0.0, math.log((n - len(p) + 0.5) / (len(p) + 0.5) + 1))
            for t, p in self.postings.items()
        }
        self.k1 = k1

    def top(self, query: list[str], k: int) -> list[str]:
        scores: dict[int, float] = defaultdict(float)
        for term in set(query):
            idf = self.idf.get(term, 0.0)
            for i, f in self.postings.get(term, []):
                scores[i] += idf * f * (self.k1 + 1) / (f + self.norms[i])
        best = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:k]
        return [self.ids[i] for i, _ in best]
