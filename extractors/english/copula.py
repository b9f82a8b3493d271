"""Copular frames: "X is Y", read as attribute + value or as a property of a thing.

* Attribute copula: the noun phrase before the copula is an attribute ("the owner of project
  A", "Atlas's cache", "my company in Beijing", "the rule injection slot"); `attribute_of`
  splits it into owner (subject), scope, predicate and attribute text; the value is the
  complement. The inverse order works when the attribute is possessed or has "of X"
  ("Zhang San is the owner of project A").
* Person subject (I, we, the user): "I am Alice" -> name, "I am 35 (years old)" -> age,
  "I am a software engineer (at Google)" -> job_title (+ works_at), "I am vegetarian" -> the
  table's "be vegetarian", "I am allergic to peanuts" -> "be allergic to", other nouns ->
  is_a, other adjectives -> is; small talk ("I'm fine") yields nothing.
* Property of a thing: "Plan A is safe" -> (Plan A, is, safe); "Redis is a cache" ->
  (Redis, is_a, cache); evaluative adjectives ("great", "terrible") make it an OPINION.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from extractors.english.frames import Attribute, Clause, Frame, attribute_of, resolve_subject
from extractors.english.nlp import IDENT_LABELS
from extractors.english.states import state_values
from extractors.english.text import (
    Passage,
    has_named_casing,
    has_scope,
    is_duration_pp,
    is_named,
    lower,
    of_object,
    phrase_tokens,
    pobj_of,
    possessor,
    render,
)
from extractors.english.verbs import values
from extractors.predicates import PredicateInfo, PredicateTable
from extractors.schema import SPEAKER, USER
from graph.domain.enums import FactType

OPINION_ADJECTIVES = frozenset(
    [
        "great",
        "good",
        "bad",
        "awesome",
        "terrible",
        "excellent",
        "amazing",
        "awful",
        "nice",
        "best",
        "worst",
        "better",
        "worse",
        "beautiful",
        "ugly",
        "boring",
        "interesting",
        "overrated",
        "underrated",
        "fantastic",
        "horrible",
        "wonderful",
        "brilliant",
        "useless",
        "pointless",
        "annoying",
        "lovely",
        "perfect",
        "poor",
        "fun",
        "cool",
    ]
)
SMALL_TALK = frozenset(
    [
        "fine",
        "good",
        "ok",
        "okay",
        "well",
        "great",
        "glad",
        "happy",
        "sorry",
        "thankful",
        "grateful",
        "back",
        "here",
        "ready",
        "sure",
        "busy",
        "tired",
        "alright",
        "right",
    ]
)
LOCATIVE = frozenset({"in", "at", "inside", "near", "on"})
ASPECT_ADVERBS = frozenset({"anymore", "still", "already", "again", "now"})
"""When a property holds, not what it is ("I'm not married anymore" was `is` "married anymore")."""
TIME_PREPOSITIONS = frozenset({"until", "till", "since", "from", "through"})
INTENSIFIERS = frozenset({"very", "really", "quite", "so", "pretty", "super", "too", "extremely"})
JOB_SUFFIXES = ("er", "or", "ist", "ian", "eer", "ant", "ent", "ect", "ive", "yst")
JOB_NOUNS = frozenset({"student", "nurse", "chef", "intern", "cook", "pilot", "judge", "coach"})


class CopulaReader:
    """Reads the frames of one copula token ("is", "was", "'m")."""

    def __init__(self, table: PredicateTable, passage: Passage) -> None:
        self.table = table
        self.passage = passage

    def frames(self, be: Token, subj_token: Token, clause: Clause) -> list[Frame]:
        if subj_token.dep_ == "expl":
            return []
        base = Frame(
            "", self._info("is"), "", be, polarity=clause.polarity, fact_type=clause.fact_type
        )
        comp = _complement(be)
        if comp is None:
            return self._dated(subj_token, be, base) or self._location(subj_token, be, base)
        if comp.pos_ == "ADJ" and comp.dep_ == "acomp":
            return self._adjective(subj_token, comp, base)
        return self._noun(subj_token, comp, base)

    def _subject(self, subj: Token, base: Frame) -> Frame | None:
        subject = resolve_subject(subj, self.passage)
        if subject is None:
            return None
        return replace(base, subject=subject.text, subject_tokens=subject.tokens)

    def _dated(self, subj: Token, be: Token, base: Frame) -> list[Frame]:
        """ "My birthday is on July 4": an attribute the table knows, said to be at a time, has
        the time as its value (it was read as when "my birthday is" happened)."""
        known = self.table.lookup(subj.lemma_.lower(), "en") is not None
        if not (known and _is_attribute(subj, self.table)):
            return []
        for prep in (c for c in be.children if c.dep_ == "prep"):
            obj = pobj_of(prep)
            if obj is not None and obj.i in self.passage.time_tokens:
                when = tuple(obj.subtree)
                attr = attribute_of(subj, self.passage, self.table)
                if attr is None:
                    return []  # a third person's whom nobody agrees with
                framed = replace(base, subject=attr.subject, scope=attr.scope, attribute=attr.text)
                return _with_values(framed, attr.info, [(render(when), when)])
        return []

    def _location(self, subj: Token, be: Token, base: Frame) -> list[Frame]:
        """ "The server is in Frankfurt": located_at, unless the table knows "be <prep>"."""
        for prep in (c for c in be.children if c.dep_ == "prep"):
            obj = pobj_of(prep)
            info = self.table.lookup(f"be {lower(prep)}", "en")
            if info is None and lower(prep) in LOCATIVE:
                info = self._info("location")
            framed = self._subject(subj, base)
            if obj is None or obj.i in self.passage.time_tokens or not (framed and info):
                continue
            return _with_values(framed, info, values(obj, self.passage))
        return []

    def _info(self, surface: str) -> PredicateInfo:
        return self.table.lookup(surface, "en") or self.table.resolve(surface, "en")

    # -- adjective complements -------------------------------------------------------------
    def _adjective(self, subj: Token, adj: Token, base: Frame) -> list[Frame]:
        pp = _adjective_pp(adj)
        if _old(adj):
            framed = self._subject(subj, base)
            return self._age(adj, framed) if framed else []
        if _is_attribute(subj, self.table) and pp is None and not _relation(subj, self.table):
            return self._attribute(subj, adj, base)  # "my phone is broken"; not "my sister is nice"
        framed = self._subject(subj, base)
        if framed is None:
            return []
        if pp is None:
            return self._property(adj, framed)
        surface = f"{lower(adj)} {pp[0]}"
        info = self.table.lookup(f"be {surface}", "en") or self._info(surface)
        return _with_values(framed, info, values(pp[1], self.passage))

    def _property(self, adj: Token, base: Frame) -> list[Frame]:
        word = lower(adj)
        if base.subject in (SPEAKER, USER) and word in SMALL_TALK:
            return []
        info = self.table.lookup(f"be {word}", "en") or self._info("is")
        fact_type = FactType.OPINION if word in OPINION_ADJECTIVES else base.fact_type
        value_tokens = [
            t for t in phrase_tokens(adj, self.passage) if lower(t) not in _NOT_THE_PROPERTY
        ]
        return [
            replace(
                base,
                info=info,
                value=render(value_tokens),
                fact_type=fact_type,
                value_tokens=tuple(value_tokens),
            )
        ]

    def _age(self, adj: Token, base: Frame) -> list[Frame]:
        numbers = [t for t in adj.subtree if t.like_num]
        if not numbers:
            return []
        return [
            replace(
                base, info=self._info("age"), value=numbers[0].text, value_tokens=tuple(numbers)
            )
        ]

    # -- noun complements ------------------------------------------------------------------
    def _noun(self, subj: Token, comp: Token, base: Frame) -> list[Frame]:
        if _is_attribute(subj, self.table, noun=True) and not _classifies(subj, comp, self.table):
            return self._attribute(subj, comp, base)
        if _one_of(subj, comp):
            return self._membership(subj, comp, base)
        if _inverse(subj, comp):
            return self._attribute(comp, subj, base)
        framed = self._subject(subj, base)
        if framed is None:
            return []
        if framed.subject in (SPEAKER, USER):
            return self._identity(comp, framed)
        if comp.like_num and _relation(subj, self.table):
            return _with_values(framed, self._info("age"), values(comp, self.passage))
        return _with_values(framed, self._info("be a"), values(comp, self.passage))

    def _membership(self, subj: Token, comp: Token, base: Frame) -> list[Frame]:
        """ "Obama was a member of the Democratic Party": one of several -> member_of, about
        the subject (unlike "the owner of X is Y", which is X's single owner)."""
        framed, obj = self._subject(subj, base), of_object(comp)
        if framed is None or obj is None:
            return []
        info = self._info(f"{comp.lemma_.lower()} of")
        return _with_values(framed, info, values(obj, self.passage))

    def _attribute(self, noun: Token, comp: Token, base: Frame) -> list[Frame]:
        attr: Attribute | None = attribute_of(noun, self.passage, self.table)
        if attr is None:
            return []  # a third person's whom nobody agrees with: no fact, nobody's
        base = replace(base, subject=attr.subject, scope=attr.scope, attribute=attr.text)
        found = _with_values(base, attr.info, values(comp, self.passage))
        # "Her mother is Queen Hippolyta" after Hippolyta was named: "her" is someone else
        return [f for f in found if f.value.casefold() != f.subject.casefold()]

    def _identity(self, comp: Token, base: Frame) -> list[Frame]:
        found = values(comp, self.passage)
        word = comp.lemma_.lower()
        if comp.like_num:
            return _with_values(base, self._info("age"), found)
        if has_named_casing(comp) and comp.pos_ == "PROPN":
            return _with_values(base, self._info("name"), found)
        if word == "fan":
            obj = of_object(comp)
            return _with_values(base, self._info("like"), values(obj, self.passage)) if obj else []
        info = self.table.lookup(f"be {word}", "en")
        if info is None:
            info = self._info("job title" if _job(word) else "be a")
        return _with_values(base, info, found) + self._employer(comp, base)

    def _employer(self, comp: Token, base: Frame) -> list[Frame]:
        for child in comp.children:
            obj = pobj_of(child) if lower(child) in ("at", "for") else None
            if obj is not None and (obj.pos_ == "PROPN" or obj.ent_type_ == "ORG"):
                return _with_values(base, self._info("work at"), values(obj, self.passage))
        return []


def _adjective_pp(adj: Token) -> tuple[str, Token] | None:
    """ "allergic to peanuts" -> ("to", peanuts); also the misparse "allergic [to X]xcomp".
    A phrase of time is when or how long, not the adjective's object ("vegetarian for ten
    years", "until last year", "since 2019": they were `vegetarian_for` "ten years")."""
    for child in adj.children:
        obj = pobj_of(child) if child.dep_ == "prep" else None
        if obj is not None and not _of_time(child, obj):
            return lower(child), obj
        bare = child.dep_ == "xcomp" and all(c.dep_ == "aux" for c in child.children)
        if bare and any(lower(c) == "to" for c in child.children):
            return "to", child
    return None


_NOT_THE_PROPERTY = INTENSIFIERS | ASPECT_ADVERBS


def _of_time(prep: Token, obj: Token) -> bool:
    return (
        lower(prep) in TIME_PREPOSITIONS
        or is_duration_pp(prep)
        or obj.ent_type_ in ("DATE", "TIME")
    )


def _complement(be: Token) -> Token | None:
    for child in be.children:
        if child.dep_ in ("attr", "acomp", "oprd"):
            return child
    # The small model often attaches a whole-token identifier after the copula as `punct`
    # ("my invoice number is INV-2024-001"): the ruler's label says it is the complement.
    for child in be.rights:
        if child.ent_type_ in _IDENTIFIER_TYPES:
            return child
    return None


_IDENTIFIER_TYPES = frozenset(IDENT_LABELS.values())


def _is_attribute(subj: Token, table: PredicateTable, *, noun: bool = False) -> bool:
    """True when the subject noun phrase names an attribute rather than a thing."""
    if subj.pos_ not in ("NOUN",) or has_named_casing(subj):
        return False
    if possessor(subj) is not None or of_object(subj) is not None or has_scope(subj):
        return True
    if any(c.dep_ in ("compound", "amod") for c in subj.children):
        return True
    definite = noun and any(c.dep_ == "det" and lower(c) == "the" for c in subj.children)
    return definite or table.lookup(subj.lemma_.lower(), "en") is not None


def _classifies(subj: Token, comp: Token, table: PredicateTable) -> bool:
    """ "My wife is a doctor", "my kids are 5 and 8": the complement describes a person."""
    indefinite = any(c.dep_ == "det" and lower(c) in ("a", "an") for c in comp.children)
    return (indefinite or comp.like_num) and _relation(subj, table)


def _relation(subj: Token, table: PredicateTable) -> bool:
    info = table.lookup(subj.lemma_.lower(), "en")
    return info is not None and info.category == "relationship"


def _one_of(subj: Token, comp: Token) -> bool:
    """ "X is a member / an employee of Y": an indefinite role noun with an of-object; "I am a
    member of Y", "we are members of Y" too (other role nouns of a pronoun are job titles)."""
    if comp.pos_ != "NOUN" or of_object(comp) is None:
        return False
    if subj.pos_ == "PRON":
        return comp.lemma_.lower() == "member"
    indefinite = any(c.dep_ == "det" and lower(c) in ("a", "an") for c in comp.children)
    return indefinite and is_named(subj)


def _inverse(subj: Token, comp: Token) -> bool:
    owned = possessor(comp) is not None or of_object(comp) is not None
    return owned and comp.pos_ == "NOUN" and is_named(subj)


def _old(adj: Token) -> bool:
    return lower(adj) == "old" and any(t.like_num for t in adj.subtree)


def _job(word: str) -> bool:
    return word in JOB_NOUNS or (len(word) > 4 and word.endswith(JOB_SUFFIXES))


def _with_values(
    base: Frame, info: PredicateInfo, found: list[tuple[str, tuple[Token, ...]]]
) -> list[Frame]:
    return [
        replace(base, info=info, value=text, value_tokens=tokens)
        for text, tokens in state_values(info, found, base.subject_tokens)
    ]
