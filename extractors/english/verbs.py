"""Verb frames: subject + verb lemma (+ particle / preposition) + object, read off the parse.

Order of normalisation for one verb:

1. `table.implied(verb)`: verbs that carry their value ("unsubscribe" -> subscription_status =
   cancelled, "resubscribe" -> active);
2. possession verbs whose object names a relation ("I have two cats" -> pet = two cats);
3. action verbs (category "action": save, create, book ...): predicate `did`, value the verb
   phrase in lemma form without determiners ("save file to /tmp/x");
4. verb + preposition pairs in the table ("move to", "work at", "work as", "switch to"): one
   frame per pair. With a direct object too, a location pair is caused motion ("moved my desk
   to the 17th floor" -> desk_location = 17th floor) and any other pair a transfer ("left the
   3rd floor to the intern" -> gave_away = 3rd floor, attribute "to intern");
5. verb + direct object (`lookup(verb)`, else the verb lemma as an unknown predicate);
6. otherwise the first prepositional object under `resolve("verb prep")` ("graduate from").

Coordinated objects give one frame each ("I speak English and French").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from spacy.tokens import Token

from extractors.english.frames import Clause, Frame, no_determiner
from extractors.english.states import nested_places, state_values
from extractors.english.text import (
    Passage,
    Subject,
    is_duration_pp,
    is_scope_pp,
    lower,
    of_object,
    phrase_tokens,
    pobj_of,
    render,
    same_entity,
)
from extractors.predicates import Bodies, PredicateInfo, PredicateTable, predicate_name
from extractors.schema import SPEAKER, USER
from graph.domain.enums import Cardinality

POSSESSION_VERBS = frozenset({"have", "own", "get", "adopt"})
LEAVING_VERBS = frozenset({"quit", "leave", "resign", "retire", "move out", "move away"})
"""Verbs that end a state: "I quit my job at Initech" / "left Initech" -> works_at Initech
ends; "moved out of Berlin" -> lives_in Berlin ends (polarity -1, change "ends")."""
DISMISSAL_VERBS = frozenset({"fire", "lay off", "let", "sack", "dismiss", "make redundant"})
"""Said in the passive of the speaker, they end a job as leaving does: "I got fired from
Acme", "I was laid off by Acme", "I was let go from Acme" -> works_at Acme ends."""
JOB_NOUNS = frozenset({"job", "position", "role", "post", "career"})
JOB_TAKING = frozenset({"get", "start", "take", "land", "accept", "begin", "find", "secure"})
"""Verbs that take up a job: "I got / started / took / landed a job at Siemens" -> works_at
Siemens starts; "I have a job at Siemens" -> works_at Siemens."""
_PLACES = frozenset({"GPE", "LOC"})
LEMMA_FIXES = {"instal": "install", "unsubscribed": "unsubscribe", "resubscribed": "resubscribe"}
_OBJECT_DEPS = frozenset({"dobj", "obj", "attr", "oprd"})


@dataclass
class Complements:
    """What a verb takes: direct object and (preposition, object) pairs that are not time."""

    dobj: Token | None = None
    preps: list[tuple[Token, Token]] = field(default_factory=list)
    scoped: list[tuple[Token, Token]] = field(default_factory=list)


def verb_lemma(verb: Token) -> str:
    lemma = _third_person_stem(verb, verb.lemma_.lower())
    lemma = LEMMA_FIXES.get(lemma, lemma)
    particles = [lower(c) for c in verb.children if c.dep_ == "prt"]
    return " ".join([lemma, *particles])


_ES_STEMS = ("s", "x", "z", "ch", "sh", "o")


def _third_person_stem(verb: Token, lemma: str) -> str:
    """English writes "-es" only after a sibilant or an "o" (watches, fixes, goes); after any
    other letter the "-s" follows a stem ending in "e": "hates" is hate, never hat (the
    lemmatizer's rules try "-es" first and both are verbs in its index)."""
    text = verb.text.lower()
    if verb.tag_ != "VBZ" or not text.endswith("es") or lemma != text[:-2]:
        return lemma
    return lemma if lemma.endswith(_ES_STEMS) else text[:-1]


def complements(verb: Token, passage: Passage) -> Complements:
    found = Complements()
    for child in verb.children:
        if child.dep_ in _OBJECT_DEPS and found.dobj is None and child.i not in passage.time_tokens:
            found.dobj = child
        elif child.dep_ in ("prep", "agent", "dative"):
            _collect_preps(child, passage, found.preps)
        scoped = pobj_of(child) if child.dep_ == "prep" and is_scope_pp(child) else None
        if scoped is not None:
            found.scoped.append((child, scoped))
    if found.dobj is None and not found.preps:
        found.preps, found.scoped = found.scoped, []
    return found


def _collect_preps(prep: Token, passage: Passage, out: list[tuple[Token, Token]]) -> None:
    if prep.i in passage.time_tokens or is_scope_pp(prep) or is_duration_pp(prep):
        return
    obj = pobj_of(prep)
    if obj is not None and obj.i not in passage.time_tokens:
        out.append((prep, obj))
    nested = [c for c in prep.children if c.dep_ == "prep"]
    if obj is not None:
        nested += [c for c in obj.children if c.dep_ == "prep" and lower(c) != lower(prep)]
    for child in nested:
        _collect_preps(child, passage, out)


def values(
    head: Token, passage: Passage, *, keep_pp: bool = False
) -> list[tuple[str, tuple[Token, ...]]]:
    """The rendered phrase of `head` and of each coordinated phrase ("English and French");
    `keep_pp`: with its prepositional phrases (what is planned: "a trip to Mexico")."""
    moved = {t.i for t in passage.moved_subjects.values()}
    heads = [head, *(c for c in head.conjuncts if c.i > head.i and not same_entity(c, head))]
    heads = [_measured(h) for h in heads]
    heads = [h for h in heads if h.i not in moved]
    out: list[tuple[str, tuple[Token, ...]]] = []
    for item in heads:
        if item.pos_ == "PRON":
            antecedent = passage.antecedent(lower(item) in ("them", "they", "these", "those"))
            if antecedent:
                out.append((antecedent, (item,)))
            continue
        tokens = tuple(phrase_tokens(item, passage, owner=True, keep_pp=keep_pp))
        text = render(tokens)
        if text:
            out.append((text, tokens))
    return out


_AMOUNTS = frozenset({"bit", "little", "lot", "lots", "touch", "smattering"})


def _measured(head: Token) -> Token:
    """ "a bit of Japanese", "a lot of jazz": the amount says how much, the thing is the value."""
    thing = of_object(head) if head.lemma_.lower() in _AMOUNTS else None
    return thing if thing is not None else head


class VerbReader:
    """Reads verb frames for one verb token (see the module docstring for the order)."""

    def __init__(self, table: PredicateTable, passage: Passage) -> None:
        self.table = table
        self.passage = passage

    def frames(self, verb: Token, subject: Subject, clause: Clause) -> list[Frame]:
        lemma = verb_lemma(verb)
        comps = complements(verb, self.passage)
        base = Frame(
            subject.text,
            self._info(lemma),
            "",
            verb,
            (),
            subject.tokens,
            clause.polarity,
            "",
            None,
            clause.fact_type,
        )
        implied = self._implied(lemma, comps)
        if implied is not None:
            return [replace(base, info=implied[0], value=implied[1])]
        purpose = self._job_sought(comps, base)  # "moved to Berlin for a job at Siemens"
        for reader in (
            self._leaving,
            self._job,
            self._possession,
            self._action,
            self._prep_pairs,
            self._direct,
        ):
            frames = reader(lemma, verb, comps, base)
            if frames:
                return frames + purpose
        return self._unknown_prep(lemma, comps, base) + purpose

    def _info(self, surface: str) -> PredicateInfo:
        return self.table.lookup(surface, "en") or self.table.resolve(surface, "en")

    def _verb_info(self, lemma: str) -> PredicateInfo:
        """A verb the table knows only with its infinitive as a plan ("plan to", "intend to")
        plans its object too: "planning a trip to Mexico" is `plans trip to Mexico` (the noun
        "plan" stays an attribute: "That plan is unsafe")."""
        planned = self.table.lookup(f"{lemma} to", "en")
        if self.table.lookup(lemma, "en") is None and planned and planned.category == "plan":
            return planned
        return self._info(lemma)

    def _implied(self, lemma: str, comps: Complements) -> tuple[PredicateInfo, str] | None:
        found = self.table.implied(lemma, "en")
        if found is None and comps.dobj is not None:
            found = self.table.implied(f"{lemma} {comps.dobj.lemma_.lower()}", "en")
        return found

    def _objects(self, base: Frame, info: PredicateInfo, head: Token) -> list[Frame]:
        polarity = -base.polarity if no_determiner(head) else base.polarity
        found = values(head, self.passage, keep_pp=info.category == "plan")
        return [
            replace(base, info=info, value=text, value_tokens=tokens, polarity=polarity)
            for text, tokens in state_values(info, found, base.subject_tokens)
        ]

    def _leaving(self, lemma: str, verb: Token, comps: Complements, base: Frame) -> list[Frame]:
        if lemma == "move" and any(lower(c) in ("out", "away") for c in verb.children):
            lemma = "move out"
        if dismissal(verb):
            target = _dismissed_from(verb, comps, self.passage)
            lemma = "quit"
        else:
            target = _left_place(comps, self.table.bodies) if lemma in LEAVING_VERBS else None
        if target is None:
            return []
        moving = lemma == "move out" or (lemma == "leave" and target.ent_type_ in _PLACES)
        info = self.table.as_member(
            self._info("live in" if moving else "work at"), target.lemma_.lower(), "en"
        )
        return self._objects(replace(base, polarity=-base.polarity, change="ends"), info, target)

    def _job(self, lemma: str, verb: Token, comps: Complements, base: Frame) -> list[Frame]:
        """A job taken or held at a named employer: works_at it."""
        taking = lemma in JOB_TAKING
        if not (taking or lemma in ("have", "hold")) or comps.dobj is None:
            return []
        employer = _employer(comps.dobj, comps)
        if employer is None:
            return []
        frame = replace(base, change="starts") if taking else base
        return self._objects(frame, self._info("work at"), employer)

    def _job_sought(self, comps: Complements, base: Frame) -> list[Frame]:
        """ "for a job at X" beside the clause's own reading: works_at X starts."""
        for prep, obj in comps.preps:
            if lower(prep) == "for" and obj.lemma_.lower() in JOB_NOUNS:
                employer = _employer(obj, Complements())
                if employer is not None:
                    info = self._info("work at")
                    return self._objects(replace(base, change="starts"), info, employer)
        return []

    def _possession(self, lemma: str, verb: Token, comps: Complements, base: Frame) -> list[Frame]:
        if lemma not in POSSESSION_VERBS or comps.dobj is None:
            return []
        info = self.table.lookup(comps.dobj.lemma_.lower(), "en")
        if info is None or info.category not in ("relationship",):
            return []
        names = _names_of(comps.dobj)
        if names:  # "two kids, Emma and Noah": the people are the values, "kids" what they are
            kind = replace(base, attribute=comps.dobj.lemma_.lower())
            return [replace(kind, info=info, value=n.text, value_tokens=(n,)) for n in names]
        return self._objects(base, info, comps.dobj)

    def _action(self, lemma: str, verb: Token, comps: Complements, base: Frame) -> list[Frame]:
        info = self.table.lookup(lemma, "en")
        if info is None or info.category != "action" or comps.dobj is None:
            return []
        if base.subject not in (SPEAKER, USER):
            plain = PredicateInfo(predicate_name(lemma), Cardinality.MULTI, "general", known=False)
            return self._objects(base, plain, comps.dobj)
        parts = [t for t in verb.subtree if t.i in _phrase_indices(verb, comps, self.passage)]
        value = " ".join([lemma, render([t for t in parts if t.i != verb.i])]).strip()
        return [replace(base, info=info, value=value, value_tokens=tuple(parts))]

    def _prep_pairs(self, lemma: str, verb: Token, comps: Complements, base: Frame) -> list[Frame]:
        frames: list[Frame] = []
        for prep, obj in comps.preps:
            info = self._pair(lemma, verb, prep)
            if info is None:
                continue
            if comps.dobj is not None:
                frames += self._with_object(info, comps.dobj, prep, obj, base)
            elif not self._second_place(frames, info, prep, obj):
                frames += self._qualified(self._objects(base, info, obj), info, prep, obj)
        return frames

    def _qualified(
        self, frames: list[Frame], info: PredicateInfo, prep: Token, obj: Token
    ) -> list[Frame]:
        """One state value extended by the names nested under it with the same preposition."""
        nested = nested_places(prep, obj, self.passage)
        if info.cardinality is not Cardinality.SINGLE or len(frames) != 1 or not nested:
            return frames
        tokens = (*frames[0].value_tokens, *nested)
        return [replace(frames[0], value=render(tokens), value_tokens=tokens)]

    def _second_place(
        self, frames: list[Frame], info: PredicateInfo, prep: Token, obj: Token
    ) -> bool:
        """A second phrase of one single-valued relation in one clause never replaces the first:
        a name qualifies it ("works at University of North Carolina at Chapel Hill"), anything
        else ("at the moment") is left out. False when this is the relation's first phrase."""
        if info.cardinality is not Cardinality.SINGLE:
            return False
        earlier = [i for i, f in enumerate(frames) if f.info.name == info.name]
        if not earlier:
            return False
        if obj.pos_ == "PROPN" or obj.ent_type_:
            tokens = (*phrase_tokens(obj, self.passage), *nested_places(prep, obj, self.passage))
            last = frames[earlier[-1]]
            frames[earlier[-1]] = replace(
                last,
                value=f"{last.value} {lower(prep)} {render(tokens)}",
                value_tokens=(*last.value_tokens, prep, *tokens),
            )
        return True

    def _pair(self, lemma: str, verb: Token, prep: Token) -> PredicateInfo | None:
        word = "by" if prep.dep_ == "agent" else lower(prep)
        for surface in (f"{lemma} {word}", f"{lower(verb)} {word}", f"be {lower(verb)} {word}"):
            found = self.table.lookup(surface, "en")
            if found is not None:
                return found
        return None

    def _with_object(
        self, info: PredicateInfo, dobj: Token, prep: Token, obj: Token, base: Frame
    ) -> list[Frame]:
        if info.category == "location":
            return self._objects(base, self._location_of(dobj), obj)
        recipient = f"{lower(prep)} {render(phrase_tokens(obj, self.passage))}"
        return [replace(f, attribute=recipient) for f in self._objects(base, info, dobj)]

    def _location_of(self, thing: Token) -> PredicateInfo:
        """Caused motion: the thing's own location predicate ("desk"), else "<thing>_location"."""
        name = render(phrase_tokens(thing, self.passage))
        found = self.table.lookup(thing.lemma_.lower(), "en")
        if found is not None and found.category == "location":
            return found
        return PredicateInfo(
            predicate_name(f"{name} location"), Cardinality.SINGLE, "location", known=False
        )

    def _direct(self, lemma: str, verb: Token, comps: Complements, base: Frame) -> list[Frame]:
        if comps.dobj is None:
            return []
        if lemma == "turn" and comps.dobj.like_num:  # "I just turned 30": the age reached
            return self._objects(base, self._info("age"), comps.dobj)
        info = self.table.as_member(self._verb_info(lemma), comps.dobj.lemma_.lower(), "en")
        return self._objects(base, info, comps.dobj)

    def _unknown_prep(self, lemma: str, comps: Complements, base: Frame) -> list[Frame]:
        if not comps.preps:
            return []
        prep, obj = comps.preps[0]
        passive = any(c.dep_ == "auxpass" for c in base.anchor.children)
        head = lower(base.anchor) if passive else lemma  # "is affiliated with": affiliated_with
        return self._objects(base, self._info(f"{head} {lower(prep)}"), obj)


def _names_of(noun: Token) -> list[Token]:
    """The names a relation noun is given, in apposition or after "named"/"called" ("a sister,
    Anna", "two kids, Emma and Noah", "a sister named Anna"); none when it is given none."""
    for child in noun.children:
        named = child.dep_ == "acl" and lower(child) in ("named", "called")
        heads = [g for g in child.children if g.dep_ in ("oprd", "dobj", "attr")] if named else []
        if child.dep_ == "appos":
            heads = [child]
        for head in heads:
            if head.pos_ == "PROPN":
                return [head, *(c for c in head.conjuncts if c.pos_ == "PROPN")]
    return []


def _left_place(comps: Complements, bodies: Bodies) -> Token | None:
    """What was left: a named object or a body ("left Initech", "quit the union"), the employer
    of a job object ("quit my job at Initech"), or the object of from / of ("resigned from
    Initech", "moved out of Berlin")."""
    obj = comps.dobj
    if any(lower(p) == "to" for p, _ in comps.preps):
        return None  # "left the keys to my brother": a transfer, not a leaving
    if obj is not None and obj.lemma_.lower() in JOB_NOUNS:
        return next(iter(_job_places(obj, comps, _AT)), None)
    if obj is not None:
        named = obj.pos_ == "PROPN" or bool(obj.ent_type_)
        return obj if named or bodies.named(obj.lemma_.lower(), "en") else None
    held = [o for p, o in comps.preps if lower(p) in ("from", "of")]
    return held[0] if held else None


_AT = frozenset({"at", "with", "for", "in"})
_EMPLOYED_AT = frozenset({"at", "with"})


def _job_places(job: Token, comps: Complements, preps: frozenset[str]) -> list[Token]:
    """The objects of a job noun's `preps` phrases, on the noun ("my job at Initech") or on
    its verb ("took a position at Siemens")."""
    inner = [pobj_of(c) for c in job.children if c.dep_ == "prep" and lower(c) in preps]
    inner += [o for p, o in comps.preps if lower(p) in preps]
    return [o for o in inner if o is not None]


def _employer(job: Token, comps: Complements) -> Token | None:
    """The named employer of a job noun: "a job at Siemens", "a position with Siemens"."""
    if job.lemma_.lower() not in JOB_NOUNS:
        return None
    places = _job_places(job, comps, _EMPLOYED_AT)
    return next((o for o in places if o.pos_ == "PROPN" or bool(o.ent_type_)), None)


def dismissal(verb: Token) -> bool:
    """A passive dismissal verb said of its subject ("was let go", "got fired")."""
    return verb_lemma(verb) in DISMISSAL_VERBS and _passive(verb)


def _passive(verb: Token) -> bool:
    return any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children)


def _dismissed_from(verb: Token, comps: Complements, passage: Passage) -> Token | None:
    """The employer of a dismissal: "from X" or "by X", on the verb or on its "go" ("let go
    from X")."""
    preps = list(comps.preps)
    for child in verb.children:
        if child.dep_ == "xcomp":
            preps += complements(child, passage).preps
    return next((o for p, o in preps if lower(p) in ("from", "by")), None)


def _phrase_indices(verb: Token, comps: Complements, passage: Passage) -> set[int]:
    indices = {verb.i}
    if comps.dobj is not None:
        indices |= {t.i for t in phrase_tokens(comps.dobj, passage)}
    for prep, obj in comps.preps:
        indices |= {prep.i} | {t.i for t in phrase_tokens(obj, passage)}
    return indices
