"""Frames of the English extractor: what one clause asserts, before it becomes a CandidateFact.

A `Frame` is subject + predicate + value read from the dependency parse, plus the polarity,
scope, epistemic type and the tokens it came from. `Clause` is the context a clause inherits
from the clause that governs it (shared subject of coordinated verbs, "used to" polarity, a
hedging "I think", a remember request). This module also holds the shared readers: subject
resolution, negation and hedges, and attribute noun phrases (possessor, scope, qualifier).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from spacy.tokens import Token

from extractors.discourse.cues import (
    ANY,
    FIRST_PERSON_EN,
    PERSONAL,
    PRONOUNS_EN,
    Cue,
    definite_cue,
)
from extractors.english.mentions import label_end
from extractors.english.text import (
    THIRD_PERSON,
    USER_NOUNS,
    Passage,
    Subject,
    has_named_casing,
    is_scope_pp,
    lower,
    namespace_head,
    of_object,
    phrase_tokens,
    pobj_of,
    possessor,
    render,
    scope_of,
    scope_text,
)
from extractors.predicates import PredicateInfo, PredicateTable, predicate_name
from extractors.schema import USER
from graph.domain.enums import FactType

HEDGE_ADVERBS = frozenset({"maybe", "perhaps", "possibly", "probably", "likely", "presumably"})
HEDGE_MODALS = frozenset({"might", "may", "could"})
CONDITIONS = frozenset({"if", "unless"})
NEGATIONS = frozenset({"not", "n't", "never", "no"})
CONFIDENCE = {
    FactType.FACT: 0.85,
    FactType.OBSERVATION: 0.8,
    FactType.OPINION: 0.7,
    FactType.INFERENCE: 0.5,
    FactType.BELIEF: 0.55,
    FactType.HYPOTHESIS: 0.45,
}


@dataclass(frozen=True)
class Clause:
    """What a clause inherits from the clause that governs it."""

    subject: Subject | None = None
    polarity: int = 1
    fact_type: FactType = FactType.FACT


@dataclass(frozen=True)
class Frame:
    """One assertion read from one clause."""

    subject: str
    info: PredicateInfo
    value: str
    anchor: Token
    value_tokens: tuple[Token, ...] = ()
    subject_tokens: tuple[Token, ...] = ()
    polarity: int = 1
    scope: str = ""
    attribute: str | None = None
    fact_type: FactType = FactType.FACT
    change: str = ""

    def with_scope(self, scope: str) -> Frame:
        return replace(self, scope=self.scope or scope)


@dataclass(frozen=True)
class Attribute:
    """An attribute noun phrase split into owner, scope, predicate and the attribute text."""

    subject: str
    scope: str
    info: PredicateInfo
    text: str


def negated(head: Token) -> bool:
    """'not', 'n't', 'never', 'no longer' on the head (or its auxiliaries)."""
    for child in head.children:
        word = lower(child)
        if child.dep_ == "neg" or (child.dep_ == "advmod" and word == "never"):
            return True
        if word in ("longer", "more") and any(lower(c) == "no" for c in child.children):
            return True
    return False


def no_determiner(noun: Token) -> bool:
    """'I have no pets': a negating determiner on the object."""
    return any(c.dep_ == "det" and lower(c) == "no" for c in noun.children)


def hedge_type(head: Token) -> FactType | None:
    """HYPOTHESIS for a hedged clause ("maybe", "might") and for both halves of a condition:
    "if I move to Paris" and what it would bring, "I will learn French" (both were current
    facts)."""
    for child in head.children:
        word = lower(child)
        if child.dep_ == "advmod" and word in HEDGE_ADVERBS:
            return FactType.HYPOTHESIS
        if child.dep_ == "aux" and word in HEDGE_MODALS:
            return FactType.HYPOTHESIS
        if _conditional(child) or (_condition_clause(child) and _modal(head)):
            return FactType.HYPOTHESIS
    return None


def _condition_clause(child: Token) -> bool:
    return child.dep_ == "advcl" and any(map(_conditional, child.children))


def _modal(head: Token) -> bool:
    """The main clause of a condition is what it would bring only with a modal ("I will learn
    French if ..."); "Ford is willing to bid if both agree" holds now (bench.when.tense)."""
    return any(c.dep_ == "aux" and c.tag_ == "MD" for c in head.children)


def _conditional(token: Token) -> bool:
    return token.dep_ == "mark" and lower(token) in CONDITIONS


def subject_child(head: Token) -> Token | None:
    """The clause's subject; never the name of a transcript line's label (`label_end`)."""
    for child in head.children:
        if child.dep_ in ("nsubj", "nsubjpass", "expl", "csubj") and not _labelled(child):
            return child
    return None


def _labelled(token: Token) -> bool:
    return token.i < 12 and token.i < label_end(token.doc)


def resolve_subject(token: Token, passage: Passage) -> Subject | None:
    """Placeholder, antecedent or rendered phrase for a subject token; None when unusable."""
    word = lower(token)
    if token.dep_ in ("expl", "csubj") or word in ("this", "that", "there", "what", "who"):
        return None
    person = passage.pronoun_person(word)
    if person is not None:
        return Subject(person, (token,)) if person else None
    if token.pos_ == "PRON":
        if word in PERSONAL:  # "he", "she": also a person named before it in its sentence
            passage.session.said_before(token.idx)
        return _coreferent(word, passage, _commanded(token))
    if token.lemma_.lower() in USER_NOUNS and not has_named_casing(token):
        return Subject(USER, (token,))
    cue = definite(token)
    if cue is not None:
        found = passage.session.refer(cue)
        return Subject(found.name) if found is not None else None
    tokens = tuple(phrase_tokens(token, passage))
    return Subject(render(tokens), tokens)


def _coreferent(word: str, passage: Passage, besides: str = "") -> Subject | None:
    """he/she/it/they: the discourse's most recent agreeing referent (docs/write.md), never
    one `besides` names."""
    cue = PRONOUNS_EN.get(word)
    found = passage.session.refer(cue, besides) if cue is not None else None
    return Subject(found.name) if found is not None else None


def _commanded(pronoun: Token) -> str:
    """What a subject pronoun's own clause says besides it: a name there is never what the
    pronoun refers to ("He plays Lex Luthor" is not Lex Luthor; "she said Ann left" is not
    Ann). A copula's complement may be its subject ("It's Gattaca"): nothing is excluded."""
    head = pronoun.head
    if pronoun.dep_ not in ("nsubj", "nsubjpass") or head.lemma_ == "be":
        return ""
    own = {t.i for t in pronoun.subtree}
    return " ".join(t.text for t in head.subtree if t.i not in own)


def definite(token: Token) -> Cue | None:
    """ "the film", "this song" (no name of its own): the cue of its class noun."""
    if token.pos_ != "NOUN" or any(c.dep_ in ("compound", "appos", "poss") for c in token.children):
        return None
    determiners = {lower(c) for c in token.children if c.dep_ == "det"}
    if not determiners & {"the", "this", "that"}:
        return None
    return definite_cue(token.lemma_.lower())


def referred(frame: Frame, passage: Passage) -> Frame:
    """A value that is only a definite mention ("I really loved the movie", "she hates that
    song") is what it refers to under discussion (`Session.refer`): `likes Gattaca`, not
    `likes movie` (`Session.named_as_value`). Nothing under discussion agrees: the value
    stays as said."""
    nouns = [t for t in frame.value_tokens if t.pos_ in ("NOUN", "PROPN")]
    if len(nouns) != 1 or frame.value.lower() != nouns[0].text.lower():
        return frame
    name = passage.session.named_as_value(definite(nouns[0]))
    return replace(frame, value=name) if name is not None else frame


def attribute_of(noun: Token, passage: Passage, table: PredicateTable) -> Attribute | None:
    """Backtrack an attribute noun phrase: "the user's company in Beijing" -> (USER, works_at...).

    The owner is the possessor ("my", "the user's", "Atlas's") or a named "of X"; a namespace
    ("of project A", "for this project") becomes the scope; a remaining prepositional
    qualifier ("in Beijing") is appended to the head's predicate name, keeping its cardinality
    and category. Without an owner the attribute belongs to the user's context (`USER`); a
    third person's ("her mother", "his best friend") whom nobody under discussion agrees with
    belongs to nobody: None, and the readers make no fact of it (never the user's).
    """
    owner, scope = _owner_and_scope(noun, passage)
    if owner is None:
        return None
    core = [t for t in phrase_tokens(noun, passage) if t.dep_ not in ("prep", "pobj")]
    core = [t for t in core if t.i <= noun.i and lower(t) not in ("current", "new")]
    core_text = " ".join(t.lemma_.lower() if t.i == noun.i else lower(t) for t in core)
    info = table.lookup(core_text, "en") or table.resolve(core_text, "en", from_attribute=True)
    qualifier = _qualifier(noun, passage)
    if qualifier:
        name = predicate_name(f"{info.name} {qualifier}")
        info = replace(info, name=name, known=False)
    text = " ".join(filter(None, (render(core), qualifier)))
    return Attribute(owner, scope, info, text)


def _owner_and_scope(noun: Token, passage: Passage) -> tuple[str | None, str]:
    scope = scope_of(noun, passage)
    owner_token = possessor(noun)
    if owner_token is None:
        obj = of_object(noun)
        if obj is not None and namespace_head(obj) is not None:
            scope = scope or scope_text(obj, passage)
        elif obj is not None and has_named_casing(obj):
            owner_token = obj
    if owner_token is None:
        return (USER if scope else _ownerless(noun, passage)), scope
    subject = resolve_subject(owner_token, passage)
    if subject is None and lower(owner_token) in THIRD_PERSON:
        return None, scope  # "Queen Hippolyta is her mother", no "her" known: nobody's
    return (subject.text if subject else USER), scope


def _ownerless(noun: Token, passage: Passage) -> str:
    """Whose an attribute without an owner or namespace is: the user's context ("The server
    address is X"), unless others are under discussion and the sentence has no first person:
    then the topic's ("Do you know the band Tang Dynasty?" "The label is Baiyu.": the band's
    label). An attribute with a namespace ("The owner of project B is Li Si") names its own
    owner, the user's project, and never goes to the topic."""
    state = passage.session.state
    if not state.referents or any(t.lower_ in FIRST_PERSON_EN for t in noun.sent):
        return USER
    topic = passage.session.topic(ANY)
    return topic.name if topic is not None else USER


def _qualifier(noun: Token, passage: Passage) -> str:
    for child in noun.children:
        if child.dep_ != "prep" or lower(child) == "of" or is_scope_pp(child):
            continue
        obj = pobj_of(child)
        if obj is not None and obj.i not in passage.time_tokens:
            return f"{lower(child)} {render(phrase_tokens(obj, passage))}"
    return ""
