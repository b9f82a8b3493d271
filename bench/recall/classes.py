"""Classes of questions bench/recall reports beside the categories, each read off the question
and its annotation by a rule (never chosen by how a system does on them).

* "2+ turns" (multi-hop): the evidence is in two or more turns, so one hit cannot hold all of
  it; a system must find each.
* "speaker": the question names one of its scene's speakers as the one who said, told, asked,
  thought... something, as the subject of that verb ("What did Monica say about the bassinet?",
  "Why does Joey think ...", "Ross asks ..."; not the passive "When is Rachel asked ..."). The
  named speaker is the question's `named`; "speaker 1st" scores whether the first hit is a
  turn of theirs. The grammar is the service's own (service/read/saying.py), which search
  uses to put that speaker's turns first: the class is what the issue's target names.
"""

from __future__ import annotations

from collections.abc import Iterable

from service.read.saying import speaking

MULTI_TURN = "2+ turns"
SPEAKER = "speaker"


def named_speaker(question: str, speakers: Iterable[str]) -> str:
    """The speaker (full name, as the scene writes it) the question names as the subject of a
    verb of saying or thinking, else "". A first name names its speaker when no other speaker
    of the scene has it."""
    by_name: dict[str, set[str]] = {}
    for speaker in speakers:
        by_name.setdefault(speaker.split()[0], set()).add(speaker)
    for token in speaking(question):
        owners = by_name.get(token, set())
        if len(owners) == 1:
            return next(iter(owners))
    return ""


def classes(evidence: frozenset[str], named: str) -> tuple[str, ...]:
    found = [MULTI_TURN] if len(evidence) >= 2 else []
    return (*found, SPEAKER) if named else tuple(found)
