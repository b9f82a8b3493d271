"""Deterministic, offline English extraction: spaCy parse -> clauses -> frames -> candidates.

`EnglishExtractor().extract(text, reference=..., role=...)` returns one `CandidateFact` per
independent assertion. Everything is rule-driven over spaCy's `en_core_web_sm` parse (loaded
lazily once per process, identifiers kept whole: see `english.nlp`), so the same input always
gives the same output. Modules: `english.nlp` (pipeline), `english.walk` (clauses),
`english.verbs` (verb frames), `english.copula` (copular frames), `english.frames` (shared
frame readers: subjects, negation, hedges, attributes), `english.text` (noun phrases).

Choices a reader of the candidates should know:

* Subjects. First person (I, my, we) -> `SPEAKER`; "the user"/"user"/"users" -> `USER`;
  "you"/"your" -> `USER` in assistant turns and nothing in user turns (the user talking about
  the agent). He/she/it/they and "the film" take the most recent agreeing referent of the
  conversation's discourse state (`extractors.discourse`, docs/write.md); without one the
  clause gives no fact. Relations said of others (born, tall, directed by, stars, released)
  are read first by `english.relations`. A possessor becomes the subject ("Atlas's cache is Redis"
  -> Atlas); possessive pronouns are dropped from other phrases ("my sister lives in Paris" ->
  subject "sister"). An attribute copula without an owner ("the rule injection slot is A")
  is about the user's context: `USER`.
* Attributes and scope. The noun phrase before a copula is the attribute; "of X" / "for X" /
  "in X" naming a project or namespace (project, repo, repository, namespace, workspace,
  codebase) is the `scope`, normalised to lower case and single spaces, with a demonstrative
  ("this project", "that repo", "the current project") becoming "this_project" / "this_repo";
  any other qualifier stays in the attribute and is appended to the head's predicate
  ("company in Beijing" -> works_at_in_beijing, same cardinality and category).
* Values. The phrase's own determiners and possessive pronouns are stripped (an article inside
  a prepositional object stays: "daughter of the painter X"; a bracket stays whole, also
  written with inner spaces: "Farmers Union ( NFU )"), casing kept, numbers keep their
  unit and approximation words ("about 3 months" stays "about 3 months"; an approximate value
  also lowers the confidence by 0.1). Coordinated objects give one fact each.
* Polarity -1 for not / n't / never / no longer / not ... anymore / "no X" objects, and for
  "used to V" and "stopped V-ing" (the statement says it no longer holds; the earlier positive
  state is not emitted as a separate fact because the text gives it no time).
* Types. "I think/believe/guess (that) S" -> BELIEF (confidence 0.55); maybe / perhaps /
  probably / possibly / might / may / could -> HYPOTHESIS (0.45); evaluative adjectives ("X
  is great", "found them verbose") -> OPINION (0.7); "(I) observed / noticed that S" ->
  OBSERVATION (0.8); "inferred / concluded that S" -> INFERENCE (0.5); otherwise FACT (0.85,
  0.75 for a predicate missing from the table). "Please remember (that) S" / "remember: S" /
  "note that S" / "keep in mind S" / "don't forget S" set `remember_request` (confidence
  0.95).
* Corrections. A sentence opening with "no," / "actually" / "correction" / "sorry" / "wait"
  / "I meant", or carrying a negated apposition ("May 3, not May 4"), sets `is_correction`
  on its facts (confidence 0.9). The rejected value ("not May 4") is deliberately NOT
  emitted: it names the old record the write pipeline expires, and a polarity -1 fact for it
  would be misread as a logical contradiction.
* Time. `extractors.temporal.resolve.find_times` resolves every expression; an adverbial time
  ("in 2023", "last month", "since 2020", "from 2020 to 2023") belongs to the clause it
  occurs in and is inherited by coordinated and complement clauses that have none. Roles
  at/since fill `time`, until fills `until`. A time inside a value ("my birthday is May 3")
  is the value, not the fact's time.
* No facts from questions, greetings and small talk ("I'm fine"), imperatives, existential
  "there is", or verbless fragments ("My new desk." yields nothing: a caption names a thing
  but asserts nothing about it).
* Actions: a person subject (I, the user, you in assistant turns) with one of the table's
  action verbs (save, create, book, run ...) -> predicate `did`, value the verb phrase in lemma
  form without determiners ("save file to /tmp/x", "book flight for Friday"); so assistant
  confirmations are facts. A "for <time>" phrase is a target, not the event time, and stays
  in the value. A thing as subject keeps the plain verb ("the server runs Ubuntu" -> run).
* Parser repairs: a line break starts a sentence (bullet lists); "A is X and B is Y", which
  the small model parses with B as a conjunct of X, gets B back as the second subject.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import ClassVar, cast

from spacy.tokens import Doc, Span, Token

from extractors.discourse.cues import Cue
from extractors.discourse.kin import kin_referents
from extractors.discourse.relations import default_relations
from extractors.discourse.session import Session
from extractors.english.frames import CONFIDENCE, Clause, Frame, definite
from extractors.english.mentions import mentions as named
from extractors.english.mentions import names as names_in
from extractors.english.names import titled_names
from extractors.english.nlp import pipeline
from extractors.english.relations import EnglishRelations
from extractors.english.tense import past_state
from extractors.english.text import Passage, ents_within, repair_coordination
from extractors.english.walk import Visited, Walker
from extractors.english.whole import whole
from extractors.predicates import PredicateTable, default_table
from extractors.schema import (
    SPEAKER,
    USER,
    CandidateFact,
    Change,
    EntityMention,
    Job,
    TimeMention,
    held_in_the_past,
    unique_facts,
)
from extractors.temporal.resolve import find_times
from extractors.temporal.scope import Carry
from graph.domain.enums import FactType, Role

PIPE_BATCH = 256

_REMEMBER = re.compile(
    r"^\W*(?:please\s+)?(?:remember|note|keep in mind|don'?t forget|do not forget)\b", re.I
)
_CORRECTION = re.compile(
    r"^\W*(?:no|nope|actually|correction|sorry|wait|oops)\b|\bI meant\b|,\s*not\s+\w", re.I
)
_ENDING = re.compile(
    r"\bno longer\b|\bany ?more\b|\bused to\b|\b(?:gave|give|given|gives|giving) up\b"
    r"|\b(?:stop|stopped|stops|quit|quits|cease|ceased)\b",
    re.I,
)
_STARTING = re.compile(
    r"\b(?:start|started|starts|began|begin|begins|join|joined|joins)\b"
    r"|\b(?:mov|relocat)(?:e|ed|es|ing)\s+(?:back\s+|over\s+)?to\b",  # a move begins a home
    re.I,
)
_APPROXIMATE = re.compile(r"^(?:about|around|roughly|approximately|nearly|almost|~)\b", re.I)
_QUESTION_TAGS = frozenset({"WP", "WRB", "WDT", "WP$"})
_SKIP_LABELS = frozenset({"DATE", "TIME"})
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "compound", "amod"})
_AUXILIARIES = frozenset(
    {
        "be",
        "have",
        "do",
        "will",
        "shall",
        "can",
        "could",
        "may",
        "might",
        "must",
        "should",
        "would",
        "to",
        "ought",
        "need",
        "dare",
        "get",
        "'s",
        "'d",
        "'ll",
        "wo",
        "ca",
        "sha",
    }
)
_CHATTER = frozenset({"thank", "hope", "guess", "see", "know", "mean", "say", "go", "come"})
_TIME_DEPS = frozenset({"npadvmod", "advmod", "tmod", "pobj", "prep", "pcomp", "nummod"})


class EnglishExtractor:
    """Rule-based English extractor over the spaCy dependency parse (see the module doc)."""

    version: ClassVar[str] = "en-rules-1"

    def __init__(self, table: PredicateTable | None = None) -> None:
        self.table = table or default_table()
        self.relations = EnglishRelations(default_relations())

    def extract(
        self, text: str, *, reference: datetime, role: Role = Role.USER
    ) -> list[CandidateFact]:
        if not text.strip():
            return []
        return self._from_doc(pipeline()(text), reference, role, session=Session())

    def extract_many(self, jobs: Sequence[Job]) -> list[list[CandidateFact]]:
        """Many texts through one batched spaCy pass (`nlp.pipe`), same results as `extract`."""
        docs = self.parse([job.text for job in jobs])
        return [
            self.read(doc, job.reference, job.role, Session())
            for doc, job in zip(docs, jobs, strict=True)
        ]

    @staticmethod
    def parse(texts: Sequence[str]) -> list[Doc]:
        """The texts parsed, in one batched spaCy pass (none asked: no pass; a Chinese
        conversation's turns usually have no English run)."""
        return list(pipeline().pipe(texts, batch_size=PIPE_BATCH)) if texts else []

    def read(
        self, doc: Doc, reference: datetime, role: Role, session: Session
    ) -> list[CandidateFact]:
        """The facts of one parsed text, read in the conversation's discourse `session`."""
        return self._from_doc(doc, reference, role, session=session) if doc.text.strip() else []

    def _from_doc(
        self,
        doc: Doc,
        reference: datetime,
        role: Role,
        *,
        repair: bool = True,
        session: Session | None = None,
    ) -> list[CandidateFact]:
        mentions = _adverbial_times(doc, find_times(doc.text, reference, lang="en"))
        passage = Passage(
            role == Role.ASSISTANT,
            frozenset(mentions),
            session=session if session is not None else Session(),
        )
        facts: list[CandidateFact] = []
        carry = Carry(reference)
        stated = False
        for sentence in doc.sents:
            span = (sentence.start_char, sentence.end_char)
            said = names_in(sentence)
            passage.session.hear(sentence.start_char, sentence.text, said.values())
            aside = self.relations.aside(sentence.text, span, passage.session)
            if _is_question(sentence):
                facts += self.relations.described(sentence.text, span, passage.session) + aside
                self.relations.asks(sentence.text, passage.session)
                passage.session.keep(_definites(sentence))
                passage.session.mention(named(sentence, said=said))
                continue
            found = self.relations.read(
                sentence.text, span, passage.session
            ) or self.relations.answer(sentence.text, span, passage.session)
            if any(f.predicate == "works" for f in found):
                aside = []  # the sentence's own frame tells the works already
            aside += self.relations.passing(sentence.text, span, passage.session, found)
            if not found:
                found = self._sentence(sentence, passage, mentions, carry)
                misread = _misread(sentence) if repair else None
                if misread is not None:
                    found = (
                        self._reparsed(sentence, misread, reference, role, passage.session) or found
                    )
            carry = carry.after(_said_in(sentence, mentions))
            facts += found + aside
            stated = stated or (not found and _statement(sentence, passage))
            subjects = [f.subject for f in found if f.subject not in (SPEAKER, USER)]
            passage.session.keep(_definites(sentence))
            passage.session.mention(named(sentence, subjects, said))
            passage.session.mention(kin_referents(found))  # "I have a sister. She …"
        passage.session.hear(0, "", ())
        if not facts and stated and repair:
            return [_verbatim(_text(doc))]
        return unique_facts(facts)

    def _sentence(
        self,
        sentence: Span,
        passage: Passage,
        mentions: dict[int, TimeMention],
        carry: Carry | None = None,
    ) -> list[CandidateFact]:
        repair_coordination(sentence, passage)
        walker = Walker(self.table, passage, mentions, carry=carry)
        walker.visit(sentence.root, Clause(), ())
        titled = _titled(sentence.doc)
        ends = self.table.past_ends
        return [_candidate(item, sentence, titled, ends) for item in walker.out if item.frame.value]

    def _reparsed(
        self, sentence: Span, verb: Token, reference: datetime, role: Role, session: Session
    ) -> list[CandidateFact]:
        """Parse the sentence again with the verb made unmistakable ("The API supports X" ->
        "The API does support X", "Abdul Fatah al-Sisi works at X" -> "... also works at X");
        the facts keep the original sentence and offsets."""
        text, offset = sentence.text, verb.idx - sentence.start_char
        before = verb.nbor(-1).lower_ if verb.i > sentence.start else ""
        auxiliary = "do" if before in ("i", "we", "you", "they") else "does"
        inserted = f"{auxiliary} {verb.lemma_.lower()}"
        if verb.tag_ == "NNS":  # its lemma is the noun's ("lives" -> "life"): keep the form
            inserted = f"also {verb.text}"
        again = pipeline()(text[:offset] + inserted + text[offset + len(verb.text) :])
        shift = Shift(sentence.start_char, offset, len(inserted) - len(verb.text))
        facts = self._from_doc(again, reference, role, repair=False, session=session)
        return [shift.apply(f, sentence) for f in facts]


@dataclass(frozen=True)
class Shift:
    """Maps offsets of a re-parsed sentence back onto the original text."""

    start: int
    at: int
    delta: int

    def point(self, position: int) -> int:
        moved = position if position <= self.at else max(self.at, position - self.delta)
        return self.start + moved

    def apply(self, fact: CandidateFact, sentence: Span) -> CandidateFact:
        entities = tuple(
            e.model_copy(update={"span": (self.point(e.span[0]), self.point(e.span[1]))})
            for e in fact.entities
        )
        span = (sentence.start_char, sentence.end_char)
        return fact.model_copy(
            update={"span": span, "sentence": sentence.text, "entities": entities}
        )


def _misread(sentence: Span) -> Token | None:
    """A verb the small model did not read as the clause's verb: a present-tense verb parsed
    as (part of) the subject ("The API [supports] batch export") or a lexical verb parsed as an
    auxiliary of a noun ("I [like] zork12")."""
    for token in sentence:
        subject_verb = token.tag_ == "VBZ" and token.dep_ in _SUBJECT_DEPS
        false_aux = token.dep_ == "aux" and token.lemma_.lower() not in _AUXILIARIES
        if (subject_verb or false_aux) and token.head.pos_ not in ("AUX",) and token.i > 0:
            return token
        if _plural_root(token):
            return token
    return None


def _plural_root(token: Token) -> bool:
    """ "Tomer Hemed [plays] for Mallorca": a lower-case plural noun as the root of a clause
    with a subject is the verb. The subject may have been read as the noun's modifier: a
    person's name right before it, its words attached to the noun ("Abdul Fatah al-Sisi
    [lives] in Copenhagen"), with a preposition after it."""
    if token.dep_ != "ROOT" or token.tag_ != "NNS" or not token.is_lower:
        return False
    return any(c.dep_ == "nsubj" for c in token.children) or _named_modifier(token)


def _named_modifier(token: Token) -> bool:
    before = token.nbor(-1) if token.i > token.sent.start else None
    if before is None or before.ent_type_ != "PERSON" or before.head != token:
        return False
    return any(c.dep_ == "prep" and c.i > token.i for c in token.children)


def _statement(sentence: Span, passage: Passage) -> bool:
    """A first-person statement (a subject and a verb, three words or more) although no rule
    read a fact from it. A statement about anyone or anything else makes no fact about the
    speaker: its episode keeps it, searchable."""
    subject = next((t for t in sentence if t.dep_ in ("nsubj", "nsubjpass")), None)
    verbs = [
        t
        for t in sentence
        if t.tag_.startswith("VB")
        and t.tag_ != "VB"
        and t.lemma_.lower() not in _AUXILIARIES
        and t.lemma_.lower() not in _CHATTER
    ]
    if subject is None or not verbs or sentence.root.tag_ == "VB":
        return False
    if passage.pronoun_person(subject.lower_) != SPEAKER:
        return False  # about someone or something else: never the speaker's
    return len(sentence.text.strip().split()) >= 3


def _verbatim(text: str) -> CandidateFact:
    """A turn whose first-person statements no rule read is kept whole as what its speaker
    said (category `verbatim`, predicate `said`, an OBSERVATION), so nothing stated is lost and
    what a search shows is the turn, never a piece of it. A turn with a fact keeps no verbatim
    sentence beside it (the turn itself is its episode)."""
    body = text.strip()
    start = len(text) - len(text.lstrip())
    return CandidateFact(
        subject=SPEAKER,
        predicate="said",
        value=body,
        category="verbatim",
        confidence=0.5,
        fact_type=FactType.OBSERVATION,
        span=(start, start + len(body)),
        sentence=body,
        language="en",
    )


def _is_question(sentence: Span) -> bool:
    words = [t for t in sentence if not t.is_punct and not t.is_space]
    if not words or sentence.text.rstrip().endswith("?"):
        return True
    first = words[0]
    if first.tag_ in _QUESTION_TAGS:
        return not _subordinate(first)
    return first.pos_ == "AUX" and first.dep_ == "aux" and len(words) > 1 and _inverted(words)


def _subordinate(wh: Token) -> bool:
    """ "When I was a kid, I lived in Ohio.": the wh-word opens a clause of the sentence, not
    a question (a question's wh-word hangs on its main verb)."""
    return wh.head.dep_ == "advcl"


def _titled(doc: Doc) -> dict[int, str]:
    """`titled_names` of the whole text, once per document (per sentence it was quadratic)."""
    if "titled" not in doc.user_data:
        doc.user_data["titled"] = titled_names(_text(doc))
    return cast(dict[int, str], doc.user_data["titled"])


def _text(doc: Doc) -> str:
    """The document's text, joined once (spaCy joins every token again on each `doc.text`)."""
    if "text" not in doc.user_data:
        doc.user_data["text"] = doc.text
    return cast(str, doc.user_data["text"])


def _inverted(words: list[Token]) -> bool:
    return words[1].dep_ in ("nsubj", "nsubjpass") or words[1].pos_ == "PRON"


def _adverbial_times(doc: Doc, found: list[TimeMention]) -> dict[int, TimeMention]:
    """Token index -> time mention, for mentions used adverbially (not as a value)."""
    out: dict[int, TimeMention] = {}
    for mention in found:
        covered = doc.char_span(*mention.span, alignment_mode="expand")
        tokens = list(covered) if covered is not None else []
        inside = {t.i for t in tokens}
        roots = [t for t in tokens if t.head.i not in inside or t.head.i == t.i]
        if not roots or not all(_adverbial(r, out) for r in roots):
            continue
        for token in tokens + [r.head for r in roots if r.dep_ == "pobj"]:
            out[token.i] = mention
    return out


def _definites(sentence: Span) -> list[Cue]:
    """The sentence's definite mentions ("the movie", "this song"): before its names, which
    stay the most recent referents."""
    return [cue for token in sentence if (cue := definite(token)) is not None]


def _said_in(sentence: Span, mentions: dict[int, TimeMention]) -> tuple[TimeMention, ...]:
    """The adverbial times of a sentence, in order (`temporal.scope.Carry.after`)."""
    said = (mentions.get(token.i) for token in sentence)
    return tuple(dict.fromkeys(m for m in said if m is not None))


def _adverbial(root: Token, found: dict[int, TimeMention]) -> bool:
    """A time's root word used adverbially; or coordinated with one that is ("between 2017
    and 2020": "and 2020" hangs on 2017)."""
    if root.dep_ in ("conj", "cc"):
        return root.head.i in found
    return root.dep_ in _TIME_DEPS and not _purpose(root)


def _purpose(root: Token) -> bool:
    """ "for Friday", "for two weeks": a target or duration, not when the clause happened."""
    return root.dep_ == "pobj" and root.head.lower_ == "for"


def _candidate(
    item: Visited, sentence: Span, titled: dict[int, str], past_ends: frozenset[str]
) -> CandidateFact:
    fact = _read(item, sentence, titled)
    return held_in_the_past(fact) if past_state(item.frame, past_ends) else fact


def _read(item: Visited, sentence: Span, titled: dict[int, str]) -> CandidateFact:
    frame = _kept_whole(item.frame, titled)
    flags = _flags(sentence.text)
    start, end = item.extent
    taken = _value_span(frame)
    outside = [m for m in item.times if not (taken[0] <= m.span[0] < taken[1])]
    times = [m for m in outside if m.role != "until"]
    untils = [m for m in outside if m.role == "until"]
    end = max(end, taken[1])
    return CandidateFact(
        subject=frame.subject,
        predicate=frame.info.name,
        value=frame.value,
        polarity=1 if frame.polarity > 0 else -1,
        scope=frame.scope,
        attribute=frame.attribute,
        category=frame.info.category,
        confidence=_confidence(frame, flags),
        fact_type=frame.fact_type,
        entities=_entities(frame, sentence, start, end),
        span=(start, end),
        sentence=_text(sentence.doc)[start:end],
        time=times[0] if times else None,
        until=untils[0] if untils else None,
        language="en",
        is_correction=flags[1],
        remember_request=flags[0],
        change=_change(frame, _text(sentence.doc)[start:end]),
    )


def _change(frame: Frame, text: str) -> Change:
    """ "ends" for a denial carrying an ending word ("no longer", "not ... anymore", "stopped",
    "quit", "gave up", "used to") or read off a leaving verb; "starts" for "started at",
    "joined", "moved to"."""
    if frame.change == "ends" or (frame.polarity < 0 and _ENDING.search(text)):
        return "ends"
    starts = frame.change == "starts" or _STARTING.search(text)
    if frame.polarity > 0 and frame.fact_type == FactType.FACT and starts:
        return "starts"
    return ""


def _kept_whole(frame: Frame, titled: dict[int, str]) -> Frame:
    subject = frame.subject
    if frame.subject_tokens and subject not in (SPEAKER, USER):
        subject = whole(subject, frame.subject_tokens, titled)
    return replace(frame, subject=subject, value=whole(frame.value, frame.value_tokens, titled))


def _value_span(frame: Frame) -> tuple[int, int]:
    """Character span of the (widened) value in the text; (0, 0) without value tokens."""
    if not frame.value_tokens:
        return (0, 0)
    start = min(t.idx for t in frame.value_tokens)
    return (start, start + len(frame.value))


def _flags(text: str) -> tuple[bool, bool]:
    return bool(_REMEMBER.search(text)), bool(_CORRECTION.search(text))


def _confidence(frame: Frame, flags: tuple[bool, bool]) -> float:
    score = CONFIDENCE[frame.fact_type]
    if frame.fact_type == FactType.FACT:
        score = 0.95 if flags[0] else 0.9 if flags[1] else score
        score -= 0.0 if frame.info.known or flags[0] else 0.1
    if _APPROXIMATE.search(frame.value):
        score -= 0.1
    return round(score, 2)


def _entities(frame: Frame, sentence: Span, start: int, end: int) -> tuple[EntityMention, ...]:
    found: dict[tuple[int, int], EntityMention] = {}
    window = (max(start, sentence.start_char), min(end, sentence.end_char))
    for ent in ents_within(sentence.doc, *window):
        if ent.label_ not in _SKIP_LABELS:
            found[(ent.start_char, ent.end_char)] = EntityMention(
                text=ent.text, label=ent.label_, span=(ent.start_char, ent.end_char)
            )
    for text, tokens in ((frame.subject, frame.subject_tokens), (frame.value, frame.value_tokens)):
        if tokens and tokens[0].pos_ != "PRON":
            span = (min(t.idx for t in tokens), max(t.idx + len(t) for t in tokens))
            found.setdefault(span, EntityMention(text=text, label=_label(tokens), span=span))
    return tuple(found[key] for key in sorted(found))


def _label(tokens: tuple[Token, ...]) -> str:
    labels = {t.ent_type_ for t in tokens if t.ent_type_}
    return labels.pop() if len(labels) == 1 else "NP"
