"""Values of a single-valued relation (a state: works_at, member_of, married_to, plays_for)
kept whole.

A state holds one value at a time, and a later value closes the earlier one. So whatever one
clause says is the state must become ONE value, or its parts would replace each other inside
the same write:

* a coordination is the state as a list, kept as written: "a member of the Labour Party and
  the Fabian Society", "attended Amherst College, Bryn Mawr College" (when the relation is
  single-valued), "works at London and North Eastern Railway" (where the parser cannot tell
  a list from a name with "and" in it, the written text is right either way). A later value
  replaces the whole list. Multi-valued relations ("I speak English and French") still give
  one value per conjunct;
* a third-person possessive that identifies the value stays in it: "plays for their
  reserves" (the club's reserve team), never "reserves";
* a name nested under the value with the same preposition qualifies it: "at the Institute
  of Contemporary Art at the University of Pennsylvania".
"""

from __future__ import annotations

from spacy.tokens import Token

from extractors.english.text import Passage, lower, phrase_tokens, pobj_of, render
from extractors.predicates import PredicateInfo
from graph.domain.enums import Cardinality

Found = list[tuple[str, tuple[Token, ...]]]
THIRD_PERSON_POSSESSIVES = frozenset({"their", "his", "her", "its"})


def state_values(info: PredicateInfo, found: Found, subject: tuple[Token, ...] = ()) -> Found:
    """`found` (one rendered value per conjunct) as a single-valued relation's one value. A
    plural subject distributes instead ("My kids are 5 and 8": one age each), and so do
    coordinated grammatical subjects read as values ("Sam and Ben are members of ...")."""
    if info.cardinality is not Cardinality.SINGLE or not found:
        return found
    if len(found) > 1 and (_plural(subject) or _subjects(found)):
        return found
    if any(_pronoun(tokens) for _, tokens in found):
        return found  # a pronoun stands for an antecedent: nothing to join or to keep
    if len(found) == 1:
        return [_owned(*_commas(found[0][1]))]
    return [_listed(found)]


def _plural(subject: tuple[Token, ...]) -> bool:
    return any(
        t.tag_ in ("NNS", "NNPS") or lower(t) in ("we", "they", "us", "them") or t.dep_ == "conj"
        for t in subject
    )


def _subjects(found: Found) -> bool:
    return any(t.dep_ in ("nsubj", "nsubjpass") for _, tokens in found for t in tokens)


def _pronoun(tokens: tuple[Token, ...]) -> bool:
    return len(tokens) == 1 and tokens[0].pos_ == "PRON"


def _listed(found: Found) -> tuple[str, tuple[Token, ...]]:
    """The conjuncts with the commas and conjunctions between them, as written."""
    parts = {t.i: t for _, tokens in found for t in _owned(render(tokens), tokens)[1]}
    first, last = min(parts), max(parts)
    doc = next(iter(parts.values())).doc
    links = {
        t.i: t
        for t in doc[first : last + 1]
        if t.i not in parts and (t.dep_ == "cc" or lower(t) in (",", "&", "and", "or"))
    }
    tokens = tuple(sorted({**parts, **links}.values(), key=lambda t: t.i))
    return render(tokens), tokens


def _commas(tokens: tuple[Token, ...]) -> tuple[str, tuple[Token, ...]]:
    """A comma inside the phrase, attached to it, is written: "Arsenal, Chelsea" (a list the
    parser read as one phrase) never becomes "Arsenal Chelsea"."""
    inside = {t.i for t in tokens}
    doc = tokens[0].doc
    commas = [
        t
        for t in doc[min(inside) : max(inside) + 1]
        if t.i not in inside and lower(t) == "," and t.head.i in inside
    ]
    if not commas:
        return render(tokens), tokens
    kept = tuple(sorted((*tokens, *commas), key=lambda t: t.i))
    return render(kept), kept


def _owned(text: str, tokens: tuple[Token, ...]) -> tuple[str, tuple[Token, ...]]:
    """ "their reserves": a third-person possessive of a common noun stays in the value."""
    inside = {t.i for t in tokens}
    heads = [t for t in tokens if t.head.i not in inside or t.head.i == t.i]
    if len(heads) != 1 or heads[0].pos_ != "NOUN":
        return text, tokens
    owner = [
        c
        for c in heads[0].children
        if c.dep_ == "poss" and lower(c) in THIRD_PERSON_POSSESSIVES and c.i not in inside
    ]
    if not owner:
        return text, tokens
    kept = tuple(sorted((*tokens, owner[0]), key=lambda t: t.i))
    return render(kept), kept


def nested_places(prep: Token, obj: Token, passage: Passage) -> list[Token]:
    """Names nested under `obj` with the same preposition ("... Art at the University of
    Pennsylvania"), each with its preposition, in order; nothing for a common noun."""
    out: list[Token] = []
    for child in obj.children:
        inner = pobj_of(child) if child.dep_ == "prep" and lower(child) == lower(prep) else None
        if inner is not None and (inner.pos_ == "PROPN" or inner.ent_type_):
            out += [child, *phrase_tokens(inner, passage), *nested_places(child, inner, passage)]
    return out
