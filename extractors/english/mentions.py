"""Entities an English sentence brings under discussion: named entities (people, works,
organisations, places), "the film Gattaca" (a name after a class noun), and the named
subjects of its facts."""

from __future__ import annotations

import re
from collections.abc import Iterable

from spacy.tokens import Span

from extractors.discourse.cues import FEMALE_NOUNS, FIRST_PERSON_EN, PRONOUNS_EN, class_of
from graph.domain.discourse import Gender, Kind, Referent

_KINDS: dict[str, Kind] = {
    "PERSON": "person",
    "WORK_OF_ART": "work",
    "ORG": "organization",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "PRODUCT": "thing",
    "EVENT": "thing",
}
_CLASSED = re.compile(
    r"\b(?:the|a|an|this|that)\s+(?P<noun>film|movie|song|album|book|novel|show|series|band"
    r"|group|play|game|restaurant|museum|park|city|town)\s+(?:called\s+|named\s+)?"
    r"(?P<name>[A-Z0-9][\w'’:&-]*(?:\s+(?:[A-Z0-9][\w'’:&-]*|of|the|and|in|on|a|at|to)"
    r"(?=\s+[A-Z0-9]|[\s,.!?]|$))*)"
)


_PRONOUNS = FIRST_PERSON_EN | PRONOUNS_EN.keys() | {"you", "this", "that", "it"}
"""Words a capital makes look like a name after a class noun: "a movie I would like"."""


def mentions(sentence: Span, subjects: Iterable[str] = ()) -> list[Referent]:
    """The sentence's referents in text order, the subjects of its facts (`subjects`) last:
    "Atlas is our internal CLI. It supports Linux": it is Atlas."""
    found: dict[str, tuple[int, Referent]] = {}
    for match in _CLASSED.finditer(sentence.text):
        known = class_of(match["noun"])
        if known is not None and match["name"].split()[0].lower() not in _PRONOUNS:
            name = match["name"].strip()
            found[name] = (match.start("name"), Referent(name=name, kind=known[1], noun=known[0]))
    for ent in sentence.ents:
        kind = _KINDS.get(ent.label_)
        if kind is None or ent.text in found or any(ent.text in k for k in found):
            continue
        if (len(ent) == 1 and kind not in ("place", "work")) or ent.label_ == "WORK_OF_ART":
            kind = "thing"  # one word the small model calls a person or a company ("Atlas",
            # "CLI", "Jolie") is as often something else, and so is what it calls a work of art
            # (a title, a quoted saying, "Rotten Tomatoes"): of unknown kind, unless a class
            # noun says it ("the film Gattaca", `_CLASSED`)
        gender: Gender = "f" if _female_after(sentence, ent.end) else ""
        found[ent.text] = (ent.start_char, Referent(name=ent.text, kind=kind, gender=gender))
    for name in subjects:  # a sentence's subject is its most salient referent: the last
        if len(name) <= 200:
            earlier = found.get(name)
            found[name] = (sentence.end_char, earlier[1] if earlier else Referent(name=name))
    return [referent for _, referent in sorted(found.values(), key=lambda item: item[0])]


def _female_after(sentence: Span, end: int) -> bool:
    window = sentence.doc[end : min(end + 4, sentence.end)]
    return any(t.lower_ in FEMALE_NOUNS for t in window)
