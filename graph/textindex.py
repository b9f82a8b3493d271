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
from collections.abc import Sequence

import Stemmer

from graph.domain.model import Episode

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


def fact_words(text: str, subject: str, predicate: str, value: str) -> str:
    """What a fact's keyword search reads, on every backend: its text, subject, predicate
    (works_at as "works at") and value. SQLite indexes it with `index_text`, Neo4j stores it
    as the relationship's `search_text` for its full-text index."""
    return " ".join((text, subject, predicate.replace("_", " "), value))


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


# -- episodes: stemmed bag-of-words ------------------------------------------------------------

_STEMMER = Stemmer.Stemmer("english")
_FUNCTION_WORDS = """a an and are as at be been but by can could did do does for from had has
have he her him his how i if in into is it its me my of on or our she so than that the their
them then there these they this to too us was we were what when where which who whom why will
with would you your say says said saying tell tells told"""
"""Also the verbs of saying: a question about what someone said ("Where does Rachel say she
is ...", "Who told Ross ...") frames its words with them; the answer seldom repeats them, and a
short turn holding "say" outranked the turn holding the question's other words."""
_STOP = frozenset(_FUNCTION_WORDS.split())
_FUNCTION_CHARS = frozenset(
    "的地得了着过吗呢吧啊呀嘛啦哦嗯呗么是在有我你您他她它们这那个也都就还很和与跟对什哪谁怎样把被给让"
)
"""Chinese characters that are grammar, not topic, when alone: particles, pronouns, question
words, the copula, prepositions. They still count inside bigrams (什么 is a term)."""


def grammar_only(term: str) -> bool:
    """Is `term` a CJK term made of function characters only (什么, 是什, 的)?"""
    return bool(term) and all(c in _FUNCTION_CHARS for c in term)


def function_word(word: str) -> bool:
    """Is `word` (case-folded) one the episodes channel drops from a question?"""
    return word in _STOP


def search_terms(text: str) -> list[str]:
    """The terms of an episode's keyword index: `index_terms` with Latin words reduced to
    their English (Snowball) stems, so "teamed" and "team" are one term. CJK runs keep their
    characters and bigrams; digits and identifier parts are unchanged."""
    return [_stem(term) for term in index_terms(text)]


def search_text(text: str) -> str:
    return " ".join(search_terms(text))


def query_terms(text: str) -> list[str]:
    """The distinct terms a question asks for, in order: stems of its Latin words (common
    function words dropped unless nothing else is left), and the bigrams of its CJK runs
    followed by their single characters (many Chinese words are one character: 花, 书, 猫),
    conversational function characters (的 了 吗 呢 吧 啊, pronouns, question words) dropped
    as single characters. A bag of words, ranked by bm25: no phrase is required."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    terms: list[str] = []
    chars: list[str] = []
    last = 0
    for match in _CJK.finditer(folded):
        terms.extend(_WORD.findall(folded[last : match.start()]))
        run = match.group(0)
        terms.extend([run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)])
        chars.extend(c for c in run if c not in _FUNCTION_CHARS and len(run) > 1)
        last = match.end()
    terms.extend(_WORD.findall(folded[last:]))
    content = [t for t in terms if t not in _STOP] + chars
    return list(dict.fromkeys(_stem(t) for t in (content or terms)))


def _stem(term: str) -> str:
    if term.isascii() and term.isalpha():
        return str(_STEMMER.stemWord(term))
    return term


def episode_text(
    speaker: str, content: str, media_refs: tuple[str, ...], referred: Sequence[str] = ()
) -> str:
    """What an episode is found by: its speaker, its words, its media references (a file
    name or URL says what was sent: "new-bike.jpg"; inline data: URIs say nothing) and the
    names its personal pronouns refer to (`TurnContext.referred`: "I kissed him" about Joey)."""
    refs = [ref for ref in media_refs if not ref.startswith("data:")]
    named = speaker and not content.lstrip().startswith(speaker)  # a transcript line names it
    return search_text(" ".join([speaker if named else "", content, *refs, *referred]))


def episode_words(episode: Episode) -> str:
    """`episode_text` of a stored episode: what both backends index it by."""
    context = episode.discourse
    return episode_text(
        episode.speaker,
        episode.content,
        episode.media_refs,
        context.referred if context is not None else (),
    )
