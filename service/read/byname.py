"""Turns found by a name alone.

The episodes channel indexes a turn's speaker with its words ("Lydia: Ok ."), so a question that
names a person matches every turn of that person, and every turn that mentions them. When the
question also asks about something else ("Where's Lydia when her mother calls?": mother, call),
a turn that holds none of those other words was found by the name alone, and bm25 ranks such
turns by their shortness alone: "Lydia: Ok ." and "Lydia: It is n't ." outranked the long turn
of hers that answers ("Mom, we've been through this ..."), which the vector channel, the turns
around the hits and the conversation would otherwise have lifted.

Such a turn keeps `KEPT` of its episodes-channel score (`Fused.told`); a turn that holds one of
the question's other words, and every turn of a question that asks about nothing but a name
("What does Joey do?"), keep theirs whole. The names are the question's capitalised words (as
the speaker bonus reads them), the lower-case parts of a hyphenated name ("al" of
"al-Sisi", `particles`) and, in Chinese, which has no capitals, the possessor of the
question's first 的 ("北京天伦王朝酒店" of "北京天伦王朝酒店的评分是什么？", `possessors`: what
"X's" marks in English); the words are the episodes channel's own terms
(`graph.textindex`), with a "did" question's irregular past forms (`names.with_forms`).

It only lowers scores of candidate turns the search has read, so the paged answer's bound
(`search.paged`: what a bonus can add to an unread candidate) still holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from graph.domain.model import Episode
from graph.textindex import episode_words, function_word, grammar_only, query_terms
from service.read.fusion import Fused
from service.read.names import with_forms

KEPT = 0.5
_HYPHENATED = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")
_POSSESSOR = re.compile(r"([^的，。！？；：、,.!?;:\n]{2,40}?)的")
_CJK = re.compile(r"[\u3400-\u9fff]")
_PRONOUN = re.compile(r"[你您我他她它]")


def by_name_alone(
    fused: Sequence[Fused], turns: Mapping[str, Episode], text: str, names: Iterable[str]
) -> list[Fused]:
    """`fused` with each candidate turn (`turns`, by uuid) that shares only names with the
    question keeping `KEPT` of its episodes-channel score."""
    asked = set(query_terms(with_forms(text)))
    names = [
        *(name for name in names if not function_word(name)),
        *particles(text),
        *(f"{name}的" for name in possessors(text)),  # "店的" straddles name and particle
    ]
    named = asked.intersection(term for name in names for term in query_terms(name))
    other = {term for term in asked - named if not grammar_only(term)}
    if not named or not other:
        return list(fused)
    return [
        _cut(entry) if _alone(turns.get(entry.uuid), other) and entry.told > 0 else entry
        for entry in fused
    ]


def particles(text: str) -> list[str]:
    """The lower-case parts of hyphenated names ("al" of "Abdul Fatah al-Sisi", "ibn" of
    "ibn-Rushd"): a word joined by hyphens to a capitalised one is a part of that name."""
    found: list[str] = []
    for word in _HYPHENATED.findall(text):
        parts = word.split("-")
        if any(part[:1].isupper() for part in parts):
            found.extend(part.casefold() for part in parts if not part[:1].isupper())
    return found


def possessors(text: str) -> list[str]:
    """The possessor of a Chinese question's first 的, the phrase the question is about
    ("海碗居北京菜(增光路总店)" of "海碗居北京菜(增光路总店)的周边景点是什么？"): from the clause's
    start (or the punctuation before it) to 的, when it holds a CJK character and no personal
    pronoun: "我的", "我们的" name nobody, and "你觉得他的歌怎么样" is a clause before 的, not a
    name."""
    found = _POSSESSOR.search(text)
    if found is None or not _CJK.search(found.group(1)) or _PRONOUN.search(found.group(1)):
        return []
    return [found.group(1).strip()]


def _alone(turn: Episode | None, other: set[str]) -> bool:
    if turn is None:
        return False
    words = episode_words(turn).split()
    return other.isdisjoint(words)


def _cut(entry: Fused) -> Fused:
    lost = entry.told * (1.0 - KEPT)
    return Fused(entry.uuid, entry.score - lost, list(entry.channels), entry.told - lost)
