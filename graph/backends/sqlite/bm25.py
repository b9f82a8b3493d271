"""FTS5's bm25, computed for given rows (pure): the keyword channels rescore their candidates.

The formula and constants are FTS5's own (fts5_aux.c): for each phrase of the question,
idf * f * (k1 + 1) / (f + k1 * (1 - b + b * D / avgdl)), summed, with k1 = 1.2, b = 0.75,
idf = ln((N - n + 0.5) / (n + 0.5)) (1e-6 when that is not positive), f the phrase's
occurrences in the weighted columns (here `body`; the tenant column weighs 0), D the row's
length in tokens over every column and avgdl the index's average. The texts scored are the
index's own bodies, split as FTS5's `unicode61 remove_diacritics 2` tokenizer splits the
prepared text of graph/textindex.py (words separated by spaces, case already folded).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

K1 = 1.2
B = 0.75
FLOOR = 1e-6


@dataclass(frozen=True)
class Stats:
    """What bm25 needs of the whole index: its row count, its average row length in tokens
    (every column), and each phrase's idf."""

    rows: int
    average: float
    idf: tuple[float, ...]


def idf(rows: int, matches: int) -> float:
    value = math.log((rows - matches + 0.5) / (matches + 0.5))
    return value if value > 0 else FLOOR


def fold(text: str) -> str:
    """`text` with its diacritics removed, as the tokenizer folds them ("é" is "e"; a Hangul
    syllable, decomposed to find marks, is composed again)."""
    if text.isascii() or unicodedata.is_normalized("NFD", text):  # CJK, composed-free text
        return text
    decomposed = unicodedata.normalize("NFD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare)


def tokens(text: str) -> list[str]:
    return fold(text).split()


def occurrences(words: list[str], terms: list[str]) -> int:
    """How often the phrase `terms` occurs in `words` (its terms in order, adjacent)."""
    if len(terms) == 1:
        return words.count(terms[0])
    width, found, at = len(terms), 0, -1
    end = len(words) - width + 1  # a phrase starts before this
    while True:  # list.index finds each start in C: CJK bodies are long lists of short terms
        try:
            at = words.index(terms[0], at + 1, max(end, 0))
        except ValueError:
            return found
        found += words[at : at + width] == terms


def score(stats: Stats, phrases: Sequence[list[str]], body: str, other: int = 1) -> float:
    """The bm25 of a row whose weighted column is `body`, beside `other` tokens in the
    columns that weigh nothing (the tenant token); `phrases` folded (`tokens`)."""
    return scores(stats, phrases, [(0, body)], other)[0]


def scores(
    stats: Stats, phrases: Sequence[list[str]], rows: Iterable[tuple[int, str]], other: int = 1
) -> dict[int, float]:
    """`score` of each (row id, body), by row id: one loop, the same arithmetic (a window of
    1,000 rows cost 8 ms of CPU through `score` row by row at a million records, 4.6 so)."""
    pairs = list(zip(stats.idf, phrases, strict=True))
    found: dict[int, float] = {}
    for rowid, body in rows:
        words = tokens(body)
        norm = K1 * (1 - B + B * (len(words) + other) / stats.average)
        total = 0.0
        for weight, terms in pairs:
            held = occurrences(words, terms)
            if held:
                total += weight * held * (K1 + 1) / (held + norm)
        found[rowid] = total
    return found
