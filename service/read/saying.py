"""Questions that name who said something: "What did Monica say about the bassinet?", "Why
does Joey think ...", "Ross asks ...". The person named as the subject of a verb of saying or
thinking is the one whose turns hold the answer, so search puts that person's records first
(`said_by`; search.py's `SAID_BY_BONUS`). A name after a passive auxiliary ("When is Rachel
asked ...") is the one spoken to, not the speaker; an -ly adverb between name and verb is
skipped ("Monica angrily says").

A name that is the subject of the question's verb, whatever the verb ("How does Chandler
congratulate Joey?", "Why is Joey upset?", "What does Joey do?", "... according to Phoebe"),
is most often the speaker of the turn that answers: their turns gain a smaller bonus
(`subject_of`; search.py's `SUBJECT_BONUS`). Not after "who" ("Who did Joey kiss?" asks for
another person) nor in a passive.
"""

from __future__ import annotations

import re

import Stemmer

_STEMMER = Stemmer.Stemmer("english")
_SAYING = """say tell ask mention suggest claim admit explain describe reply respond answer
think call yell shout scream complain announce promise insist agree offer joke propose warn
beg order wonder remark comment confess deny argu boast brag lie guess believe feel want"""
_SAYING_STEMS = frozenset(_STEMMER.stemWords(_SAYING.split()))
_IRREGULAR = frozenset({"said", "told", "thought", "felt", "lied"})
_PASSIVE = frozenset({"is", "was", "were", "are", "been", "being", "be", "get", "got", "gets"})
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def says(word: str) -> bool:
    """Is `word` a form of a verb of saying or thinking?"""
    folded = word.casefold()
    return folded in _IRREGULAR or _STEMMER.stemWord(folded) in _SAYING_STEMS


def speaking(question: str) -> list[str]:
    """The capitalised words of `question` that are the subject of a verb of saying or
    thinking, in order."""
    tokens = _WORD.findall(question)
    found: list[str] = []
    for i, token in enumerate(tokens):
        if not token[0].isupper() or (i and tokens[i - 1].casefold() in _PASSIVE):
            continue
        after = [t for t in tokens[i + 1 : i + 3] if not t.casefold().endswith("ly")][:1]
        if after and says(after[0]):
            found.append(token)
    return found


def said_by(question: str) -> set[str]:
    """The names (case-folded) `question` asks what they said or thought."""
    return {name.casefold() for name in speaking(question)}


_AUXILIARY = frozenset(
    {"do", "does", "did", "is", "was", "are", "were", "has", "have", "had", "will", "would", "can",
     "could"}
)  # fmt: skip
_ASKING = frozenset({"how", "what", "why", "when", "where", "which"})
_ACCORDING = re.compile(r"\baccording\s+to\s+([A-Z][A-Za-z'-]*)")


def subject_of(question: str) -> set[str]:
    """The names (case-folded) `question` makes the subject of its verb: right after a
    wh-word (not "who") and its auxiliary, unless a passive follows ("When is Rachel asked"),
    or after "according to"."""
    tokens = _WORD.findall(question)
    found = {m.group(1).casefold() for m in _ACCORDING.finditer(question)}
    for i, token in enumerate(tokens[:-2]):
        if token.casefold() not in _ASKING or tokens[i + 1].casefold() not in _AUXILIARY:
            continue
        name, after = tokens[i + 2], tokens[i + 3 : i + 4]
        passive = tokens[i + 1].casefold() in _PASSIVE and after and after[0].endswith("ed")
        if name[0].isupper() and not passive:
            found.add(name.casefold())
    return found
