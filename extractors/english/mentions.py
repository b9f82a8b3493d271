"""Entities an English sentence brings under discussion: named entities (people, works,
organisations, places), "the film Gattaca" (a name after a class noun), and the named
subjects of its facts."""

from __future__ import annotations

import re
from collections.abc import Iterable

from spacy.tokens import Doc, Span, Token

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
        if ":" in ent.text:
            continue  # "Rachel Green: Ross": a line's label and a name said to someone
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
    for start, name in addressed(sentence):  # "Rachel, come on.": a person, never "it"
        earlier = found.get(name)
        gender = earlier[1].gender if earlier else ""
        found[name] = (start, Referent(name=name, kind="person", gender=gender))
    return found


def addressed(sentence: Span) -> list[tuple[int, str]]:
    """The names a sentence says to someone or as its speaker, which are people whatever the
    tagger says (it calls "Rachel" nothing and "Rachel Green: Ross" one name): a transcript
    line's label at the start of a turn ("Carl (Rachel's date): ...", "Rachel Green: ..."), and
    a vocative, a name set off by a comma at the start of a sentence (after a label) that
    addresses the hearer ("Rachel, come on.", "Joey, what are you doing?"; a name the tagger
    calls a person needs no more) or at its end ("I don't know, Monica."). Each with where it
    starts."""
    tokens = list(sentence)
    out: list[tuple[int, str]] = []
    first = label_end(sentence.doc) if sentence.start == 0 else 0
    if first:
        run = _name_run(tokens, 0)
        out.append((tokens[0].idx, " ".join(t.text for t in tokens[:run])))
    run = _name_run(tokens, first)
    if run and run + 1 < len(tokens) and tokens[run].text == "," and not _subject(tokens[run - 1]):
        said = tokens[first:run]  # not "Sebastian, in turn, thinks ...": a subject
        if all(t.ent_type_ == "PERSON" for t in said) or _addresses(tokens[run + 1 :]):
            out.append((said[0].idx, " ".join(t.text for t in said)))
    last = len(tokens) - 1 if tokens and tokens[-1].is_punct else len(tokens)
    start = last
    while start > first and last - start < 3 and _name_word(tokens[start - 1]):
        start -= 1
    if first < start < last and tokens[start - 1].text == "," and not _subject(tokens[last - 1]):
        said = tokens[start:last]
        out.append((said[0].idx, " ".join(t.text for t in said)))
    return out


def label_end(doc: Doc) -> int:
    """Where the words of a transcript line start after its label ("Rachel Green: ...", "Carl
    (Rachel's date): ..."; 0: no label): the label's name is the speaker, never a clause's
    subject ("Ann Lee: Bob, it's too hard" is not said of Ann Lee)."""
    found = doc.user_data.get(_LABEL_END)
    if found is None:
        tokens = list(doc[:12])
        run = _name_run(tokens, 0)
        after = run
        if 0 < run < len(tokens) and tokens[run].text == "(":  # "Carl (Rachel's date):"
            after = next((k for k in range(run, len(tokens)) if tokens[k].text[0] == ")"), run)
            after += tokens[after].text == ")"
        found = after + 1 if run and after < len(tokens) and tokens[after].text.endswith(":") else 0
        doc.user_data[_LABEL_END] = found
    return int(found)


_LABEL_END = "palimpsest.label_end"


def _name_run(tokens: list[Token], first: int) -> int:
    """The end of the run of up to three name words starting at `first` (0: none)."""
    end = first
    while end < len(tokens) and end - first < 3 and _name_word(tokens[end]):
        end += 1
    return end if end > first else 0


def _name_word(token: Token) -> bool:
    return (
        token.pos_ == "PROPN"
        and token.text[:1].isupper()
        and token.ent_type_ in ("PERSON", "GPE", "")  # "Marta, what ...": no place
        and token.lower_ not in _PRONOUNS
    )


def _subject(token: Token) -> bool:
    return token.dep_ in ("nsubj", "nsubjpass")


def _addresses(rest: list[Token]) -> bool:
    """Does what follows a name and its comma speak to the hearer: "you", or an imperative
    ("come on", "give us a chance")?"""
    words = [t for t in rest if not t.is_punct]
    return bool(words) and (
        any(t.lower_ in ("you", "your", "u") for t in words)
        or (words[0].tag_ == "VB" and words[0].dep_ == "ROOT")
    )


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
