"""The simple past of a state: it held then and holds no longer (docs/write.md, "Endings").

"I lived in Oslo", "I was a teacher", "he worked at Acme for two years", "I had a dog": a
state people say in the present while it holds, said in the past, is over. Without a time it
is the state's ending when told (as "used to" is); with a past time ("I lived in Oslo in
2015") it held then, and its record closes when that time ends. Which states: `[past_tense]`
in extractors/predicates.toml. Only a stative verb says it ("live", "work", "be", "have"): the
past of a change is the change ("I moved to Denver", "I joined Acme"), a passive is an event
("I was hired by Acme"), except "was married to", which is the state. Not a past state: a
hypothesis ("if I lived in Oslo"), a modal ("I could live"), reported speech after a verb in
the past ("she said she lived in Rome": the tense follows the verb of saying).
"""

from __future__ import annotations

from spacy.tokens import Token

from extractors.english.frames import Frame
from extractors.english.text import lower
from extractors.english.verbs import verb_lemma
from graph.domain.enums import FactType

STATIVE = frozenset({"be", "live", "reside", "work", "belong", "own", "have"})
_PASSIVE_STATES = frozenset({"marry"})
_HYPOTHETICAL = frozenset({"if", "unless", "though"})


def past_state(frame: Frame, states: frozenset[str]) -> bool:
    """Whether `frame` says, in the simple past, that one of `states` held."""
    head = frame.anchor
    if frame.polarity < 0 or frame.change or frame.fact_type != FactType.FACT:
        return False
    if frame.info.name not in states or not _stative(head):
        return False
    return _past(head) and not _hypothetical(head) and not _reported(head)


def _stative(head: Token) -> bool:
    passive = any(c.dep_ == "auxpass" for c in head.children)
    lemma = verb_lemma(head)
    return lemma in _PASSIVE_STATES if passive else lemma in STATIVE


def helpers(head: Token) -> list[Token]:
    """The verb's auxiliaries ("had" lived, "was" living, "was" married)."""
    return [c for c in head.children if c.dep_ in ("aux", "auxpass")]


def past_form(head: Token) -> bool:
    """The verb or one of its auxiliaries is in the past form."""
    return head.tag_ == "VBD" or any(c.tag_ == "VBD" for c in helpers(head))


def _past(head: Token) -> bool:
    if any(c.tag_ == "MD" or lower(c) in ("to", "will") for c in helpers(head)):
        return False
    return past_form(head)


def _hypothetical(head: Token) -> bool:
    return any(c.dep_ == "mark" and lower(c) in _HYPOTHETICAL for c in head.children)


def _reported(head: Token) -> bool:
    """The complement of a verb in the past ("she said she lived in Rome")."""
    return head.dep_ in ("ccomp", "parataxis") and head.head.tag_ == "VBD"
