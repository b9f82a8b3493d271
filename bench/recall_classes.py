"""Classes of questions bench/recall.py reports beside the categories, each read off the question
and its annotation by a rule (never chosen by how a system does on them).

* "2+ turns" (multi-hop): the evidence is in two or more turns, so one hit cannot hold all of
  it; a system must find each.
* "speaker": the question names one of its scene's speakers as the one who said, told, asked,
  thought... something, as the subject of that verb ("What did Monica say about the bassinet?",
  "Why does Joey think ...", "Ross asks ..."; not the passive "When is Rachel asked ..."). The
  named speaker is the question's `named`; "speaker 1st" scores whether the first hit is a
  turn of theirs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import Stemmer

MULTI_TURN = "2+ turns"
SPEAKER = "speaker"

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


def named_speaker(question: str, speakers: Iterable[str]) -> str:
    """The speaker (full name, as the scene writes it) the question names as the subject of a
    verb of saying or thinking, else "". A first name names its speaker when no other speaker
    of the scene has it."""
    by_name: dict[str, set[str]] = {}
    for speaker in speakers:
        by_name.setdefault(speaker.split()[0], set()).add(speaker)
    tokens = _WORD.findall(question)
    for i, token in enumerate(tokens):
        owners = by_name.get(token, set())
        if len(owners) != 1 or (i and tokens[i - 1].casefold() in _PASSIVE):
            continue
        after = [t for t in tokens[i + 1 : i + 3] if not t.casefold().endswith("ly")][:1]
        if after and says(after[0]):
            return next(iter(owners))
    return ""


def classes(evidence: frozenset[str], named: str) -> tuple[str, ...]:
    found = [MULTI_TURN] if len(evidence) >= 2 else []
    return (*found, SPEAKER) if named else tuple(found)
