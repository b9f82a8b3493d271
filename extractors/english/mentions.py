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


def mentions(
    sentence: Span, subjects: Iterable[str] = (), said: Said | None = None
) -> list[Referent]:
    """The sentence's referents in text order, the subjects of its facts (`subjects`) last:
    "Atlas is our internal CLI. It supports Linux": it is Atlas. `said`: the sentence's
    `names`, when already found."""
    found = dict(said) if said is not None else names(sentence)
    for name in subjects:  # a sentence's subject is its most salient referent: the last
        if name in found or name_shaped(name):  # not "The first half of the film"
            earlier = found.get(name)
            found[name] = (sentence.end_char, earlier[1] if earlier else Referent(name=name))
    return [referent for _, referent in sorted(found.values(), key=lambda item: item[0])]


Said = dict[str, tuple[int, Referent]]
"""The names a sentence says, each with where it starts in the text (the doc's offsets)."""


def names(sentence: Span) -> Said:
    """The names the sentence says (named entities, a name after a class noun, a subject the
    tagger missed) and where each starts: they come under discussion after the sentence, and
    for a pronoun after them in the sentence itself (`Session.hear`)."""
    found: Said = {}
    for match in _CLASSED.finditer(sentence.text):
        known = class_of(match["noun"])
        if known is not None and match["name"].split()[0].lower() not in _PRONOUNS:
            name = match["name"].strip()
            start = sentence.start_char + match.start("name")
            found[name] = (start, Referent(name=name, kind=known[1], noun=known[0]))
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
    for start, name in _untagged_subjects(sentence):  # "Does Timberlake have a big role?"
        if name not in found and not any(name in k for k in found):
            found[name] = (start, Referent(name=name))
    return found


def _female_after(sentence: Span, end: int) -> bool:
    window = sentence.doc[end : min(end + 4, sentence.end)]
    return any(t.lower_ in FEMALE_NOUNS for t in window)


def _untagged_subjects(sentence: Span) -> list[tuple[int, str]]:
    """A clause's subject written as a name that the tagger did not take for one: a run of
    capitalised proper nouns ("Does Timberlake have a big role?"), of unknown kind. Before, a
    name said only so never came under discussion, and "He plays Sean Parker" then found the
    director named before it."""
    out = []
    for token in sentence:
        if (
            token.dep_ in ("nsubj", "nsubjpass")
            and token.pos_ == "PROPN"
            and not token.ent_type_
            and token.text[:1].isupper()
            and token.lower_ not in _PRONOUNS
        ):
            run = [t for t in token.lefts if t.dep_ == "compound" and t.pos_ == "PROPN"]
            first = run[0] if run else token
            out.append((first.idx, " ".join(t.text for t in [*run, token])))
    return out


_SMALL = frozenset(
    {"of", "the", "and", "a", "an", "in", "on", "to", "for", "at", "with", "if", "de"}
)


def name_shaped(word: str) -> bool:
    """A name as written: up to six words, each capitalised or a connector ("Catch Me If You
    Can", "The Lord of the Rings", "Jaws"); not a description a clause made its subject
    ("The first half of the film", "other critics")."""
    words = word.split()
    return (
        0 < len(words) <= 6
        and words[0][:1].isupper()
        and all(w[:1].isupper() or w[:1].isdigit() or w.lower() in _SMALL for w in words)
    )
