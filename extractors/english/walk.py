"""Clause walking: from a sentence's root through coordinated, complement and hedged clauses.

Every verb or copula that heads a clause is visited once. What it inherits (`Clause`):

* coordinated verbs without their own subject share the governing clause's subject ("I moved my
  desk ... and left the 3rd floor ...") and, when they have no time of their own, its time;
* "I think / believe / guess (that) S" -> S is a BELIEF; "maybe", "probably", "might" -> the
  clause is a HYPOTHESIS;
* "used to V" and "stop / quit / give up V-ing" -> V with polarity -1 (it no longer holds); "start /
  begin / keep V-ing" -> V;
* imperatives ("please remember that S", "note that S") yield no frame themselves; their
  complement clauses are read normally (the remember request is a sentence flag);
* "V to X" (want to, plan to, decide to) -> one frame whose value is the infinitive phrase;
* "find X ADJ" -> an OPINION "find_ADJ" about X ("found them verbose").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from spacy.tokens import Token

from extractors.english.copula import CopulaReader
from extractors.english.frames import (
    Clause,
    Frame,
    attribute_of,
    hedge_type,
    negated,
    referred,
    resolve_subject,
    subject_child,
)
from extractors.english.tense import helpers, past_form
from extractors.english.text import (
    Passage,
    Subject,
    has_named_casing,
    lower,
    phrase_tokens,
    render,
    scope_of,
)
from extractors.english.verbs import VerbReader, dismissal, values, verb_lemma
from extractors.predicates import PredicateTable
from extractors.schema import SPEAKER, TimeMention
from extractors.temporal.scope import Carry
from graph.domain.enums import FactType

HEDGE_VERBS = frozenset({"think", "believe", "guess", "suppose", "assume", "reckon", "suspect"})
EVIDENCE_VERBS = {
    "observe": FactType.OBSERVATION,
    "notice": FactType.OBSERVATION,
    "see": FactType.OBSERVATION,
    "infer": FactType.INFERENCE,
    "deduce": FactType.INFERENCE,
    "conclude": FactType.INFERENCE,
}
STOP_VERBS = frozenset({"stop", "quit", "cease", "give up"})
ASPECT_VERBS = frozenset({"start", "begin", "keep", "continue", "resume"}) | STOP_VERBS
"""Aspect verbs, with their particles ("give up V-ing"): the complement is the state."""
SMALL_CLAUSE_VERBS = frozenset({"find", "consider", "deem"})
MULLING_VERBS = frozenset({"consider", "contemplate", "think"})
"""'I am considering moving to Tokyo', 'thinking about quitting': the complement is a
HYPOTHESIS, never a current fact."""
NESTED = frozenset({"conj", "ccomp", "advcl", "parataxis", "xcomp", "relcl", "acl"})
_CLAUSE_POS = frozenset({"VERB", "AUX"})
_FUTURE_AUX = frozenset({"will", "'ll", "shall", "wo"})


_Visit = tuple[Token, Clause, tuple[TimeMention, ...]]
"""A clause still to visit: its head, what it inherits, the times that apply."""


@dataclass
class Visited:
    """A frame with the times that apply to it."""

    frame: Frame
    times: tuple[TimeMention, ...]
    extent: tuple[int, int]


@dataclass
class Walker:
    table: PredicateTable
    passage: Passage
    mentions: dict[int, TimeMention]
    out: list[Visited] = field(default_factory=list)
    carry: Carry | None = None
    """Times an earlier sentence of the turn left (`temporal.scope`)."""

    def visit(self, head: Token, clause: Clause, inherited: tuple[TimeMention, ...]) -> None:
        """Every clause under `head`, depth first, in document order of the tree.

        A stack, not recursion: a run-on sentence of a few hundred chained clauses is as deep
        as it is long, and recursing overflowed Python's stack on a 10 KB message.
        """
        stack: list[_Visit] = [(head, clause, inherited)]
        while stack:
            nested = self._clause(*stack.pop())
            stack.extend(reversed(nested))

    def _clause(
        self, head: Token, clause: Clause, inherited: tuple[TimeMention, ...]
    ) -> list[_Visit]:
        times = self._own_times(head) or inherited or self._carried(head)
        subj_token = subject_child(head) or self.passage.moved_subjects.get(head.i)
        subject = resolve_subject(subj_token, self.passage) if subj_token else clause.subject
        here = self._here(head, clause, subject)
        if subj_token is None or subject is not None:
            self._frames(head, subj_token, subject, here, times)
        for other in _co_subjects(subj_token):  # "My wife and I bought a house": both did
            also = resolve_subject(other, self.passage)
            if also is not None:
                self._frames(head, other, also, self._here(head, clause, also), times)
        found = (self._nested(child, head, here, subject, times) for child in head.children)
        return [visit for visit in found if visit is not None]

    def _here(self, head: Token, clause: Clause, subject: Subject | None) -> Clause:
        polarity = -clause.polarity if negated(head) else clause.polarity
        fact_type = hedge_type(head) or clause.fact_type
        return Clause(subject, polarity, fact_type)

    def _nested(
        self,
        child: Token,
        head: Token,
        here: Clause,
        subject: Subject | None,
        times: tuple[TimeMention, ...],
    ) -> _Visit | None:
        mulled = self._mulled(head, child)
        if mulled is not None:
            return mulled, replace(here, fact_type=FactType.HYPOTHESIS), times
        if (
            child.pos_ not in _CLAUSE_POS
            and child.dep_ != "ccomp"
            and not verb_taken_for_noun(child)
        ):
            return None
        if child.dep_ == "conj":
            return child, Clause(subject, here.polarity * _sign(head), here.fact_type), times
        if child.dep_ == "ccomp" and embedded_question(child):
            return None
        if child.dep_ in ("ccomp", "parataxis", "advcl") and not self._small(head):
            return child, Clause(None, 1, self._complement_type(head, here)), times
        if child.dep_ == "xcomp" and self._aspect(head):
            polarity = -here.polarity if self._stops(head) else here.polarity
            return child, replace(here, polarity=polarity), times
        return None

    def _complement_type(self, head: Token, here: Clause) -> FactType:
        """ "I think S" -> BELIEF; "(I) observed that S" -> OBSERVATION; "inferred that S"."""
        subj = subject_child(head)
        first_person = subj is not None and self.passage.pronoun_person(lower(subj)) == SPEAKER
        lemma = head.lemma_.lower()
        if lemma in HEDGE_VERBS and first_person:
            return FactType.BELIEF
        return EVIDENCE_VERBS.get(lemma, here.fact_type)

    def _mulled(self, head: Token, child: Token) -> Token | None:
        """The clause a mulling verb governs: "considering [moving]", "thinking about [X]"."""
        if head.lemma_.lower() not in MULLING_VERBS:
            return None
        if child.dep_ == "xcomp" and child.tag_ == "VBG":
            return child
        if child.dep_ == "prep" and lower(child) == "about":
            return next((c for c in child.children if c.dep_ == "pcomp"), None)
        return None

    def _aspect(self, head: Token) -> bool:
        has_xcomp = any(c.dep_ == "xcomp" for c in head.children)
        return (verb_lemma(head) in ASPECT_VERBS and has_xcomp) or _used_to(head)

    def _stops(self, head: Token) -> bool:
        return verb_lemma(head) in STOP_VERBS or _used_to(head)

    def _small(self, head: Token) -> bool:
        return head.lemma_.lower() in SMALL_CLAUSE_VERBS

    def _frames(
        self,
        head: Token,
        subj_token: Token | None,
        subject: Subject | None,
        here: Clause,
        times: tuple[TimeMention, ...],
    ) -> None:
        planned = None if times else self._planned(head, subj_token, subject, here)
        frames = planned or self._read(head, subj_token, subject, here)
        region = _region(head, self._aspect(head), self.passage)
        moved = self.passage.moved_subjects.get(head.i)
        region += list(moved.subtree) if moved is not None else []
        for read in frames:
            frame = self._normalise(read, subj_token)
            if frame is None or _bound(frame):
                continue  # an attribute of a third person whom nobody agrees with
            self._remember(frame)
            extent = _extent([*region, *frame.value_tokens, *_own(frame)])
            self.out.append(Visited(frame, self._frame_times(frame, times), extent))

    def _normalise(self, frame: Frame, subj_token: Token | None) -> Frame | None:
        """Add the clause's scope; an attribute noun as verb subject yields to its owner (None:
        a third person's whom nobody agrees with)."""
        used = frozenset(t.i for t in frame.value_tokens)
        scope = scope_of(frame.anchor, self.passage, used)
        for token in frame.value_tokens[:1]:
            scope = scope or scope_of(token, self.passage, used)
        frame = referred(frame.with_scope(scope), self.passage)
        if subj_token is None or subj_token.pos_ != "NOUN" or has_named_casing(subj_token):
            return frame
        if self.table.lookup(subj_token.lemma_.lower(), "en") != frame.info:
            return frame
        attr = attribute_of(subj_token, self.passage, self.table)
        if attr is None:
            return None
        return replace(frame, subject=attr.subject, attribute=attr.text).with_scope(attr.scope)

    def _read(
        self, head: Token, subj_token: Token | None, subject: Subject | None, here: Clause
    ) -> list[Frame]:
        if not _clause_head(head) or self._aspect(head):
            return []
        if any(self._mulled(head, c) is not None for c in head.children):
            return []
        be_subject = subj_token or _controller(head)
        if head.lemma_.lower() == "be" and be_subject is not None:
            return CopulaReader(self.table, self.passage).frames(head, be_subject, here)
        if _becomes(head) and be_subject is not None:
            read = CopulaReader(self.table, self.passage).frames(head, be_subject, here)
            return [replace(f, change="starts") if f.polarity > 0 else f for f in read]
        if subject is None or lower(head) in ("thank", "thanks"):
            return []
        if self._small(head):
            return self._small_clause(head, subject, here)
        xcomp = next((c for c in head.children if c.dep_ == "xcomp"), None)
        if xcomp is not None and not dismissal(head):  # "was let go from X": a leaving
            return self._infinitive(head, xcomp, subject, here)
        return VerbReader(self.table, self.passage).frames(head, subject, here)

    def _planned(
        self, head: Token, subj_token: Token | None, subject: Subject | None, here: Clause
    ) -> list[Frame]:
        """ "I will learn French", with no time: a plan (the table's "will"), not a state that
        holds from today; with a time ("I will move to Paris next year") it stays the state,
        dated then."""
        info = self.table.lookup("will", "en")
        if not _future(head) or info is None or subject is None or not _clause_head(head):
            return []
        attitude = self.table.lookup(verb_lemma(head), "en")
        if attitude is not None and attitude.preference:  # "I will always love jazz"
            return []
        others = [c for c in head.children if c.dep_ in _NOT_PLANNED]
        left_out = {t.i for c in [subj_token, *others] if c is not None for t in c.subtree}
        tokens = [
            t
            for t in phrase_tokens(head, self.passage, keep_pp=True)
            if t.dep_ not in ("aux", "neg") and t.i not in left_out
        ]
        value = render(tokens)
        if not value:
            return []
        frame = Frame(subject.text, info, value, head, tuple(tokens), subject.tokens)
        return [replace(frame, polarity=here.polarity, fact_type=here.fact_type)]

    def _infinitive(self, head: Token, xcomp: Token, subject: Subject, here: Clause) -> list[Frame]:
        lemma = _going_to(head) or verb_lemma(head)
        own = None if lemma in _OBLIGATION else self.table.lookup(lemma, "en")
        info = self.table.lookup(f"{lemma} to", "en") or own
        info = info or self.table.resolve(f"{lemma} to", "en")
        tokens = [
            t
            for t in phrase_tokens(xcomp, self.passage, keep_pp=True)
            if t.dep_ not in ("aux", "mark", "nsubj")
        ]
        value = render(tokens)
        if not value:
            return []
        return [
            Frame(
                subject.text,
                info,
                value,
                head,
                tuple(tokens),
                subject.tokens,
                here.polarity,
                "",
                None,
                here.fact_type,
            )
        ]

    def _small_clause(self, head: Token, subject: Subject, here: Clause) -> list[Frame]:
        for child in head.children:
            obj = subject_child(child) if child.dep_ == "ccomp" else None
            if obj is None or child.pos_ not in ("ADJ", "VERB"):
                continue
            info = self.table.resolve(f"{head.lemma_.lower()} {lower(child)}", "en")
            return [
                Frame(
                    subject.text,
                    info,
                    text,
                    head,
                    tokens,
                    subject.tokens,
                    here.polarity,
                    "",
                    None,
                    FactType.OPINION,
                )
                for text, tokens in values(obj, self.passage)
            ]
        return VerbReader(self.table, self.passage).frames(head, subject, here)

    def _remember(self, frame: Frame) -> None:
        if frame.subject_tokens and frame.subject not in (SPEAKER,) and frame.subject:
            self.passage.subjects.append(Subject(frame.subject, frame.subject_tokens))
        if frame.value_tokens:
            plural = any(t.tag_ in ("NNS", "NNPS") for t in frame.value_tokens)
            self.passage.nouns.append((frame.value, plural))

    def _own_times(self, head: Token) -> tuple[TimeMention, ...]:
        found: list[TimeMention] = []
        for token in _region(head, self._aspect(head), self.passage):
            mention = self.mentions.get(token.i)
            if mention is not None and mention not in found:
                found.append(mention)
        return tuple(found)

    def _carried(self, head: Token) -> tuple[TimeMention, ...]:
        if self.carry is None:
            return ()
        future = any(c.lower_ in _FUTURE_AUX for c in helpers(head))
        return self.carry.to(past=past_form(head), future=future)

    def _frame_times(self, frame: Frame, times: tuple[TimeMention, ...]) -> tuple[TimeMention, ...]:
        inside = {id(self.mentions.get(t.i)) for t in frame.value_tokens}
        return tuple(m for m in times if id(m) not in inside)


def _clause_head(head: Token) -> bool:
    """A verb or copula; also a participle the tagger took for an adjective but which has a
    passive auxiliary ("Sven Wollter is [married] to Lisa Wede")."""
    passive = head.pos_ == "ADJ" and any(c.dep_ == "auxpass" for c in head.children)
    return head.pos_ in _CLAUSE_POS or passive or verb_taken_for_noun(head)


def verb_taken_for_noun(token: Token) -> bool:
    """ "I live in Boston and [work] at Acme": the second verb of a coordination, its subject
    shared, tagged a noun (no article, possessive or modifier) with a preposition after it.
    The small model does so often, and the job was lost."""
    if token.pos_ != "NOUN" or token.tag_ != "NN" or token.dep_ != "conj":
        return False
    if token.head.pos_ != "VERB" or not token.text.islower():
        return False
    kinds = {c.dep_ for c in token.children}
    return "prep" in kinds and not kinds & _NOUN_MODIFIERS


_NOUN_MODIFIERS = frozenset({"det", "poss", "amod", "nummod", "compound", "case"})


def _own(frame: Frame) -> tuple[Token, ...]:
    """The subject tokens, unless the subject is shared with a coordinated clause."""
    if not frame.subject_tokens:
        return ()
    target = frame.subject_tokens[0].head
    token = frame.anchor
    while token.i != target.i and token.dep_ != "conj" and token.head.i != token.i:
        token = token.head
    return frame.subject_tokens if token.i == target.i else ()


_NOT_PLANNED = frozenset({"advcl", "conj", "cc", "punct", "mark", "ccomp", "parataxis", "advmod"})
"""Parts of a clause in the future that are not what is planned: the condition, coordinated
clauses (read on their own), adverbs."""


def _future(head: Token) -> bool:
    """ "will"/"'ll"/"shall" on the verb, or on the verb it is coordinated with ("I will
    learn French and live in Paris": one auxiliary for both)."""
    auxiliaries = [c for c in head.children if c.dep_ == "aux"]
    if any(lower(c) in _FUTURE_AUX for c in auxiliaries):
        return True
    return head.dep_ == "conj" and not auxiliaries and _future(head.head)


def _going_to(head: Token) -> str | None:
    """ "I am going to learn French": the table's "be going to" (a plan), not a "go_to"."""
    progressive = head.tag_ == "VBG" and any(c.lemma_ == "be" for c in head.children)
    return "be going" if progressive and head.lemma_.lower() == "go" else None


def _used_to(head: Token) -> bool:
    return head.lemma_.lower() == "use" and any(
        c.dep_ == "xcomp" and any(lower(a) == "to" for a in c.children) for c in head.children
    )


def _sign(head: Token) -> int:
    """Coordinated clauses do not inherit the governing verb's own negation."""
    return -1 if negated(head) else 1


def _extent(tokens: list[Token]) -> tuple[int, int]:
    """Character span of the clause, without edge punctuation and conjunctions."""
    tokens = sorted({t.i: t for t in tokens if not t.is_space}.values(), key=lambda t: t.i)
    while len(tokens) > 1 and (tokens[-1].is_punct or tokens[-1].dep_ == "cc"):
        tokens.pop()
    while len(tokens) > 1 and (tokens[0].is_punct or tokens[0].dep_ in ("cc", "intj", "mark")):
        tokens.pop(0)
    return tokens[0].idx, tokens[-1].idx + len(tokens[-1])


def _region(head: Token, aspect: bool, passage: Passage) -> list[Token]:
    """The head's subtree minus nested clauses (visited on their own).

    An infinitive complement ("decided to migrate ... last quarter") is part of the clause
    unless the head is aspectual ("started learning Rust"), whose complement is visited alone.
    """
    nested = NESTED if aspect else NESTED - {"xcomp"}
    skip: set[int] = set()
    for child in head.children:
        if child.dep_ in nested and (child.pos_ in _CLAUSE_POS or child.dep_ == "ccomp"):
            skip |= {t.i for t in child.subtree}
    for moved in passage.moved_subjects.values():
        skip |= {t.i for t in moved.subtree}
    return [t for t in head.subtree if t.i not in skip]


_OBLIGATION = frozenset({"have", "get"})
"""Verbs whose sense changes before an infinitive: "I have to go", "I got ta see" say what
must be done, not what is owned (`has`: "go" was a fragment of the clause)."""

_ASKING = frozenset(
    {"how", "what", "whether", "if", "why", "who", "whom", "whose", "which", "where", "when"}
)


def embedded_question(clause: Token) -> bool:
    """A complement clause that asks rather than states: it opens with a wh-word or
    whether/if ("made me rethink [how patient I can be]", "I wonder [whether it works]",
    "I don't know [where he lives]"). Nothing in it is asserted, so it makes no fact:
    "how patient" is not what the speaker is."""
    first = clause.left_edge
    return first.lower_ in _ASKING and first.i < clause.i


def _co_subjects(subject: Token | None) -> list[Token]:
    """The subjects coordinated after the first ("My wife and I", "Anna and Bob")."""
    if subject is None:
        return []
    return [other for other in subject.conjuncts if other.i > subject.i]


def _controller(head: Token) -> Token | None:
    """The subject of the verb an infinitive or gerund complement hangs on ("I stopped
    [being] vegetarian": I): who the complement's copula is about."""
    return subject_child(head.head) if head.dep_ == "xcomp" else None


_BECOMING = frozenset({"become", "get"})


def _becomes(head: Token) -> bool:
    """ "I became vegetarian", "I became a teacher", "I got married to Anna": a linking verb of
    change with a complement says the copula's state started ("I am vegetarian" from then)."""
    if head.lemma_.lower() not in _BECOMING or any(c.dep_ == "dobj" for c in head.children):
        return False
    return any(c.dep_ in ("attr", "acomp") for c in head.children)


def _bound(frame: Frame) -> bool:
    """A value that is only a pronoun (not "himself") taken for the frame's own subject: no
    fact ("I liked that he was in it" is not Tim McGraw in Tim McGraw; a pronoun object is
    never its own clause's subject)."""
    tokens = frame.value_tokens
    return (
        len(tokens) == 1
        and tokens[0].pos_ == "PRON"
        and not tokens[0].lower_.endswith(("self", "selves"))
        and frame.value == frame.subject
    )
