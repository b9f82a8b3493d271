"""English sentences about others: born, died, tall, directed by, stars, released, "an
American actor" (issue 37). The English twin of `extractors.chinese.relations`.

Frames, on one sentence, the first that reads:

* `<S> was born (on|in|at) <V>` (a date: birthday; a place: birthplace; both when given),
  `<S> died (on|in) <V>`;
* `<S> is <V> tall` (height);
* `<S> was <verb>ed by <V>` for the table's `en_by` verbs (directed, written, composed,
  produced, sung: one record per name of a list), and `<A> <verb>ed <S>` the other way round;
* `<S> stars|starred|features <V>` (starring) and `<A> stars|starred|plays|appeared in <S>`;
* `<S> came out|was released|premiered|was made in|on <V>` (release date), and without a
  subject "Made in 2016." (the film under discussion);
* film talk without a relation word (`english.cast`): "Idris Elba plays Chief Bogo", "Culkin
  as Kevin", "Sandra Bullock was great in it", "Director Byron Howard";
* `<S> is|was a|an <nationality>? <words> <occupation|class noun>` (origin, job title; for a
  work one `genre` per genre word, `english.cast.genres`, and a year is its release);
* `the <attribute> (of <S>)? is|was <V>`, `<S>'s <attribute> is <V>` for the table's `en`
  attribute nouns (director, lead, release date, height...).

The subject: first person is the speaker; a pronoun or "the film" resolves in the discourse
(`extractors.discourse`); a name stays itself; nothing said: the topic (the most recent referent
of a kind the relation is said of). Nothing resolvable: no fact.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from extractors.discourse.cues import FIRST_PERSON_EN, PERSONAL, PRONOUNS_EN, Cue, definite_cue
from extractors.discourse.relations import Relation, Relations
from extractors.discourse.resolve import topic
from extractors.discourse.session import Session
from extractors.english.cast import (
    GENRE_HEADS,
    LEAD,
    OCCUPATIONS,
    TASTE,
    YEAR,
    cast_readings,
    descriptions,
    genres,
    roles,
    written_person,
)
from extractors.english.mentions import name_shaped
from extractors.schema import SPEAKER, CandidateFact
from graph.domain.discourse import Referent

_S = r"(?P<s>[A-Za-z][\w'’. -]{0,60}?)"
_LIST_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*")
_NATIONALITY = re.compile(r"^(?:[A-Z][a-z]+(?:-[A-Z][a-z]+)?)$")
_TRIM = re.compile(r"^(?:the|a|an)\s+|[\s.,!;:]+$", re.I)
_FUNCTION_WORDS = frozenset(
    {
        "is",
        "was",
        "are",
        "were",
        "came",
        "out",
        "in",
        "on",
        "at",
        "and",
        "but",
        "it",
        "he",
        "she",
        "they",
        "who",
        "which",
        "that",
        "very",
        "really",
        "so",
        "also",
        "too",
        "not",
        "great",
        "good",
        "others",
        "i",
        "you",
        "we",
        "movie",
        "film",
        "did",
        "does",
        "do",
    }
)
_RELEASED_ALONE = re.compile(
    r"^(?:it\s+was\s+)?(?:made|released|filmed|out)\s+in\s+(?P<v>\d{4})\b", re.I
)
"""A release year said without a subject ("Made in 2016.", "It was out in 2009"): the film
under discussion's."""
_RELEASED_IN = re.compile(
    r"\b(?:it|this|that|the)(?:\s+(?:movie|film|one))?\s+(?:\w+\s+)?(?:came\s+out|"
    r"was\s+(?:released|made|done|filmed|out)|premiered|debuted)\s+(?:back\s+)?in\s+"
    r"(?P<v>(?:18|19|20)\d{2})\b",
    re.I,
)
"""A release year in an embedded clause, the film under discussion its subject ("I can't believe
it was made in 1995", "when it first came out in 1995", "the doc says it came out in 2004")."""
_VALUE_END = re.compile(r"\s+(?:and|but|which|so|while)\b")
"""Where a value told before a second clause ends ("in 1995 and has a 9/10 rating")."""
_DATEISH = re.compile(
    r"\d{4}|\b(?:January|February|March|April|May|June|July|August|"
    r"September|October|November|December)\b"
)


_OWNED_WORK = re.compile(
    r"\b(?P<s>[Hh]is|[Hh]er|[Tt]heir|[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,3}(?:'s|’s))\s+"
    r"(?:(?:new|latest|first|last|famous|best[- ]known|classic|great|old|debut|hit)\s+)*"
    r"(?:film|movie|song|album|record|single|book|novel|show|series)\s+"
    r"(?:\"(?P<q>[^\"]+)\"|“(?P<c>[^”]+)”|(?P<v>[A-Z0-9][\w'’:-]*(?:\s+(?:(?:of|the|and|a|an|in|on|"
    r"to|for|at|with|if|de)\s+)*[A-Z0-9][\w'’:-]*)*))"
)
"""his film Trainspotting, her song "Hello", Adele's album 25: a work told with its owner."""


_RUN = r"(?:[^.;!?]|(?<=\d)\.(?=\d))+"
"""An attribute's value runs to the end of its sentence, never ending inside a number written
with a decimal point ("The budget was $12.5 million": not "$12")."""


class EnglishRelations:
    """Reads relation frames from English sentences in one turn's `Session`."""

    def __init__(self, relations: Relations) -> None:
        self.relations = relations
        self.agents = relations.by("en_by")
        self.attributes = relations.by("en")
        self.roles = [(_role_words(r), r) for r in relations.relations if r.value_kind == "person"]

    def read(self, text: str, span: tuple[int, int], session: Session) -> list[CandidateFact]:
        text = LEAD.sub("", text.strip())
        for found in (
            self._born,
            self._tall,
            self._by,
            self._starring,
            self._released,
            self._cast,
            self._attribute,
            self._class,
            self._described,
        ):
            facts = list(found(text.strip(), span, session))
            if facts:
                return facts
        embedded = _EMBEDDED.search(text)  # "you could say its a fantasy drama"
        if embedded is not None:
            return list(self._class(_BEING.sub("it's ", text[embedded.end() :]), span, session))
        return []

    def asks(self, question: str, session: Session) -> None:
        """What a question asks of the film under discussion ("Who stars in it?", "Any famous
        actors in it?", "Who directed it?": `en_ask` in relations.toml): the next turn's bare
        answer is its value (`answer`)."""
        lower = question.lower()
        for relation in self.relations.relations:
            if any(word in lower for word in relation.surfaces.get("en_ask", ())):
                session.ask(relation.predicate)
                return
        if _WHO.search(lower) is None:
            return
        for words, relation in self.roles:  # "Do you know who the director was?"
            if words.search(lower):
                session.ask(relation.predicate)
                return
        starring = self.relations.get("starring")
        if starring is not None and _IN_IT.search(lower):  # "Is there anyone else in it?"
            session.ask(starring.predicate)

    def answer(self, text: str, span: tuple[int, int], session: Session) -> list[CandidateFact]:
        """A sentence that is only names ("Jason Bateman, Jenny Slate and Idris Elba.", "Just
        Hugh Jackman and Evi Lilly"), right after a question that asked for them: one record
        per name, of the film under discussion. Anything else is new talk, not an answer."""
        asked = session.asked_before
        relation = self.relations.get(asked.predicate) if asked is not None else None
        if relation is None or relation.value_kind != "person":
            return []
        names = _ANSWER_TAIL.sub("", _ANSWER_LEAD.sub("", text.strip()).rstrip(" .!"))
        parts = [p for p in _LIST_SPLIT.split(names) if p.strip()]
        if not parts or not all(written_person(p.strip()) for p in parts):
            return []
        found: list[CandidateFact] = []
        for part in parts:
            found += self._inverse(relation, "", part.strip(), text, span, session)
        return found

    # -- frames -----------------------------------------------------------------------------
    def _born(self, text: str, span: tuple[int, int], s: Session) -> Iterator[CandidateFact]:
        found = re.match(rf"^{_S}\s+(?:was|were|is|'s)\s+born\s+(?P<v>.+)$", text)
        died = re.match(rf"^{_S}\s+(?:died|passed away)\s+(?P<v>.+)$", text)
        match, names = (
            (found, ("birthday", "birthplace")) if found else (died, ("died_on", "died_in"))
        )
        if match is None:
            return
        parts = re.findall(
            r"(?:on|in|at)\s+((?:(?!\s(?:on|in|at)\s)[^,.;])+(?:,\s*\d{4})?)", match["v"]
        )
        for part in parts:
            name = (
                names[0]
                if _DATEISH.search(part) and not re.search(r"[A-Z][a-z]+,\s*[A-Z]", part)
                else names[1]
            )
            yield from self._fact(name, match["s"], part, text, span, s)

    def _tall(self, text: str, span: tuple[int, int], s: Session) -> Iterator[CandidateFact]:
        match = re.match(
            rf"^{_S}\s+(?:is|was|stands|'s)\s+(?:about\s+)?(?P<v>\d[^.]*?)\s+tall\b", text
        )
        if match:
            yield from self._fact("height", match["s"], match["v"], text, span, s)

    def _by(self, text: str, span: tuple[int, int], s: Session) -> Iterator[CandidateFact]:
        for verb, relation in self.agents:
            passive = re.match(
                rf"^{_S}\s+(?:was|were|is|'s)\s+(?:\w+\s+)?{verb}e?d\s+by\s+"
                r"(?P<v>[^.;!?]+)",
                text,
            )
            if passive and relation.predicate != "starring":  # a role is played: `_cast`
                yield from self._facts(relation, passive["s"], passive["v"], text, span, s)
                return
            active = re.match(rf"^{_S}\s+(?:also\s+)?{verb}e?d\s+(?P<o>[^.;!?]+)", text)
            if active and relation.predicate != "starring":
                yield from self._inverse(relation, active["o"], active["s"], text, span, s)
                return

    def _starring(self, text: str, span: tuple[int, int], s: Session) -> Iterator[CandidateFact]:
        relation = self.relations.get("starring")
        if relation is None:
            return
        lead = re.match(
            rf"^{_S}\s+(?:plays|played|has|had)\s+(?:the\s+)?(?:lead|main role|"
            r"title role|leading role|main character|lead role)"
            r"(?:\s+in\s+(?P<o>[^.;!?]+))?",
            text,
        )
        if lead:
            yield from self._inverse(relation, lead["o"] or "", lead["s"], text, span, s)
            return
        acted = re.match(
            rf"^{_S}\s+(?:also\s+)?(?:stars|starred|plays|played|appeared|appears|"
            r"acted|acts)\s+(?:\w+\s+)?in\s+(?P<o>[^.;!?]+)",
            text,
        )
        if acted:
            yield from self._inverse(relation, acted["o"], acted["s"], text, span, s)
            return
        stars = re.match(
            rf"^{_S}\s+(?:stars|starred|starring|features|featured)\s+(?P<v>[^.;!?]+)", text
        )
        if stars:
            yield from self._facts(relation, stars["s"], stars["v"], text, span, s)

    def _cast(self, text: str, span: tuple[int, int], s: Session) -> Iterator[CandidateFact]:
        """Film talk without a relation word (`english.cast`): nothing unless the film under
        discussion is known ("John plays Tennis" outside film talk is the clause walker's)."""
        readings = cast_readings(text)
        if not readings or not _film_talk(s):
            return
        found: list[CandidateFact] = []
        played = " ".join(r.value for r in readings if r.predicate == "character")
        for reading in readings:
            if reading.predicate == TASTE:
                found.append(_taste(reading.value, text, span))
                continue
            relation = self.relations.get(reading.predicate)
            if relation is None:
                continue
            if reading.agent:  # "He plays Lex Luthor": he is who plays, never Lex Luthor
                found += self._inverse(
                    relation, reading.subject, reading.value, text, span, s, besides=played
                )
            else:
                found += self._facts(relation, reading.subject, reading.value, text, span, s)
        if any(f.predicate != "character" for f in found):
            yield from found

    def _described(self, text: str, span: tuple[int, int], s: Session) -> Iterator[CandidateFact]:
        """A work named with its description (`english.cast.descriptions`); also read in a
        question ("Have you seen the 2017 fantasy film X?"), whose description is told."""
        for reading in descriptions(text):
            yield from self._fact(reading.predicate, reading.subject, reading.value, text, span, s)

    def described(self, text: str, span: tuple[int, int], s: Session) -> list[CandidateFact]:
        return list(self._described(text, span, s))

    def passing(
        self, text: str, span: tuple[int, int], s: Session, told: list[CandidateFact]
    ) -> list[CandidateFact]:
        """What a statement tells of the film under discussion in passing, beside its own facts
        (`told`) and only where they do not tell it already: a name's role (`english.cast.roles`:
        the film stars the name) and a release year in an embedded clause ("I can't believe it
        was made in 1995", "I saw it when it first came out in 1995": `_RELEASED_IN`)."""
        kinds = {f.predicate for f in told}
        relation = self.relations.get("starring")
        cast = roles(text) if relation is not None and "starring" not in kinds else []
        year = _RELEASED_IN.search(text) if "release_date" not in kinds else None
        found: list[CandidateFact] = []
        if not (cast or year) or not _film_talk(s):
            return found  # most sentences: the film is looked for only when one of them is told
        for reading in cast:
            assert relation is not None
            found += self._inverse(relation, reading.subject, reading.value, text, span, s)
        if year:
            found += self._fact("release_date", None, year["v"], text, span, s)
        return found

    def aside(self, text: str, span: tuple[int, int], s: Session) -> list[CandidateFact]:
        """Works told with their owner in passing ("I loved his film Trainspotting", "Have
        you heard her song Hello?"), in any sentence: beside what the sentence tells."""
        out: list[CandidateFact] = []
        relation = self.relations.get("works")
        for found in _OWNED_WORK.finditer(text) if relation is not None else ():
            owner = re.sub(r"(?:'s|’s)$", "", found["s"])
            title = found["q"] or found["c"] or found["v"]
            assert relation is not None
            out.extend(self._facts(relation, owner, title, text, span, s, split=False))
        return out

    def _released(self, text: str, span: tuple[int, int], s: Session) -> Iterator[CandidateFact]:
        match = re.match(
            rf"^{_S}\s+(?:came out|was released|were released|premiered|was made|"
            r"was filmed|debuted)\s+(?:in|on)\s+(?P<v>[^,.;!?]+)",
            text,
        )
        if match and _DATEISH.search(match["v"]):
            value = _VALUE_END.split(match["v"], maxsplit=1)[0]  # "1995 and has a 9/10 rating"
            yield from self._fact("release_date", match["s"], value, text, span, s)
            return
        year = _RELEASED_ALONE.match(text)
        if year:
            yield from self._fact("release_date", None, year["v"], text, span, s)

    def _attribute(self, text: str, span: tuple[int, int], s: Session) -> Iterator[CandidateFact]:
        for noun, relation in self.attributes:
            match = re.match(
                rf"^(?:(?:the|its|his|her|their)\s+)?(?:main\s+|key\s+)?{noun}\s+"
                rf"(?:(?:of|in|for)\s+{_S}\s+)?"
                rf"(?:is|was|are|were)\s+(?P<v>{_RUN})",
                text,
                re.I,
            )
            owner = re.match(
                rf"^{_S}(?:'s|’s)\s+{noun}\s+(?:is|was|are|were)\s+(?P<v>{_RUN})", text, re.I
            )
            if match or owner:
                chosen = match or owner
                assert chosen is not None
                said = chosen.groupdict().get("s") or _possessive(text)
                yield from self._facts(relation, said, chosen["v"], text, span, s)
                return

    def _class(self, text: str, span: tuple[int, int], s: Session) -> Iterator[CandidateFact]:
        match = _CLASS.match(_ITS.sub(r"\1's", text))
        if match is None:
            return
        words = _CLASS_END.split(match["v"], maxsplit=1)[0].replace("/", " ").split()
        head = words[-1].lower() if words else ""
        if head in GENRE_HEADS and (match["a"] or len(words) > 1):  # "it's a war drama"
            for genre in genres(" ".join(words)):
                yield from self._fact("genre", match["s"], genre, text, span, s)
            return
        if not match["a"]:
            return
        if head in OCCUPATIONS:
            yield from self._fact("occupation", match["s"], head, text, span, s)
            if words and _NATIONALITY.match(words[0]) and len(words) > 1:
                yield from self._fact("nationality", match["s"], words[0], text, span, s)
        elif definite_cue(head) is not None and len(words) > 1:
            described = " ".join(words[:-1])
            for genre in genres(described):
                yield from self._fact("genre", match["s"], genre, text, span, s)
            year = YEAR.search(described)
            if year:
                yield from self._fact("release_date", match["s"], year.group(), text, span, s)

    # -- facts ------------------------------------------------------------------------------
    def _fact(
        self,
        predicate: str,
        said: str | None,
        value: str,
        text: str,
        span: tuple[int, int],
        s: Session,
    ) -> Iterator[CandidateFact]:
        relation = self.relations.get(predicate)
        if relation is not None:
            yield from self._facts(relation, said, value, text, span, s, split=False)

    def _facts(
        self,
        relation: Relation,
        said: str | None,
        value: str,
        text: str,
        span: tuple[int, int],
        s: Session,
        split: bool = True,
    ) -> Iterator[CandidateFact]:
        subject = _subject(said, relation, s, besides=value)
        if subject is None:
            return
        parts = _LIST_SPLIT.split(value) if split and relation.list else [value]
        for part in parts:
            clean = _TRIM.sub("", _TRIM.sub("", part.strip()))
            if relation.value_kind == "person" and not _person_name(clean):
                continue
            if clean and relation.fits(clean):
                if relation.about == ("work",) and clean[:1].isupper():
                    s.mention([Referent(name=clean, kind="person")])
                yield _candidate(subject, relation.predicate, clean, text, span)

    def _inverse(
        self,
        relation: Relation,
        work: str,
        agent: str,
        text: str,
        span: tuple[int, int],
        s: Session,
        besides: str = "",
    ) -> Iterator[CandidateFact]:
        """ "Spielberg directed Jaws": the work is the subject, the agent its value."""
        who = _subject(agent, relation, s, as_value=True, besides=besides)
        if who is None or who == SPEAKER:
            return
        named = re.sub(
            r"^(?:the|this|that|a|an)\s+(?:film|movie|song|album|book|show|series|"
            r"novel|play)\s+(?=[A-Z0-9])",
            "",
            work.strip(),
        )
        yield from self._facts(relation, named, who, text, span, s, split=False)


_CLASS = re.compile(rf"^{_S}(?:\s+(?:is|was)|['’]s)\s+(?P<a>an?\s+)?(?P<v>[^,.;!?]+)")
"""A class sentence ("Jaws is a 1975 thriller film", "It's a war drama", "that was sports
drama"): `_class` reads the words before the first `_CLASS_END`."""
_EMBEDDED = re.compile(
    r"(?:\b(?:remember|say|said|know|knew|think|thought|guess|believe|mean|that)|,|;|\bto mention)"
    r"\s+(?=(?:it|its|it['’]s|this (?:movie|film)|the (?:movie|film)|being)\s)",
    re.I,
)
"""Where a class sentence said after a clause of saying or knowing starts ("Of course you must
remember it is an American computer-animated buddy comedy adventure film", "you could say its a
fantasy drama", "The fact that its a comedy", "not to mention being a comedy animation")."""
_BEING = re.compile(r"^being\s+(?=an?\s)", re.I)
"""A class said by a participle of the film under discussion: "being a comedy" is "it's a
comedy"."""
_ITS = re.compile(r"^(it|that)s(?=\s+an?\s)", re.I)
""""Its a war film": the contraction written without its apostrophe."""
_CLASS_END = re.compile(
    r"\s+(?:about|with|that|which|who|wherein|where|starring|directed|set|based|from|by|for|"
    r"in|on|of|and\s+(?:it|is|was|has|the)|but)\b"
)
"""Where a description's head ends: a relative clause, a participle or a preposition ("a fantasy
drama about a mute cleaning woman": drama)."""


_ANSWER_LEAD = re.compile(r"^(?:(?:just|only|mainly|mostly|well|oh|yes|yeah),?\s+)+", re.I)
"""Words before a bare answer's names ("Just Hugh Jackman and Evi Lilly")."""
_ANSWER_TAIL = re.compile(r"\s+(?:did|does|do|is|was|are|were|did it|does it)$", re.I)
"""An auxiliary standing for the question's verb after the names ("John Lee Hancock did")."""
_WHO = re.compile(r"\b(?:who|whom|which|any|anyone|anybody|someone|somebody)\b")
"""Words a question asks for people with ("who the director was", "any of the actors")."""
_IN_IT = re.compile(r"\bin\s+(?:it|the\s+(?:movie|film|cast))\b")
"""Being in the film: who is, or anyone else, is its cast ("anyone else famous in the movie")."""


def _role_words(relation: Relation) -> re.Pattern[str]:
    """A person-valued relation's role, as a question names it: its nouns (`en`: director,
    actors, cast) and its agent verbs in any regular form (`en_by`: play, plays, played,
    playing; star, starred, starring)."""
    verbs = [
        rf"{v}(?:s|es|d|ed|ing)?|{v}{v[-1]}(?:ed|ing)|{v[:-1]}ing"
        for v in relation.surfaces.get("en_by", ())
    ]
    nouns = [re.escape(n) for n in relation.surfaces.get("en", ())]
    return re.compile(r"\b(?:" + "|".join([*nouns, *verbs] or ["(?!)"]) + r")\b")


def _person_name(text: str) -> bool:
    """ "christopher nolan", "Tom Hanks": at most five words, none of them a function word
    ("came out in 2005" is not a director)."""
    words = text.split()
    return 0 < len(words) <= 5 and not any(w.lower() in _FUNCTION_WORDS for w in words)


def _possessive(text: str) -> str | None:
    match = re.match(r"^(its|his|her|their)\b", text, re.I)
    return match.group(1).lower() if match else None


def _subject(
    said: str | None,
    relation: Relation,
    session: Session,
    as_value: bool = False,
    besides: str = "",
) -> str | None:
    """The entity a said subject names (docs/write.md: the pronoun rule); a pronoun never
    refers to one the relation's value (`besides`) names."""
    word = _TRIM.sub("", (said or "").strip())
    lower = word.lower()
    if not word:
        about = session.topic(relation.about)
        return about.name if about is not None else None
    if lower in FIRST_PERSON_EN:
        return SPEAKER
    if lower in ("you", "u", "ya"):
        return None  # the person spoken to: the clause walker's (the user, or nobody)
    if lower.split()[0] in ("my", "our", "your"):
        return None  # "our office", "my sister": the clause walker's
    if lower in ("this", "that"):
        lower = "it"  # "This is a superhero movie": a demonstrative alone refers as "it" does
    if lower in PRONOUNS_EN:
        if lower in PERSONAL:
            session.said_before_word(lower)
        found = session.refer(_said_of(PRONOUNS_EN[lower], relation), besides)
        return found.name if found is not None else None
    noun = lower.split()[-1] if lower.split() else ""
    if re.match(r"^(?:the|this|that)\s", (said or "").strip().lower()) and definite_cue(noun):
        cue = definite_cue(noun)
        assert cue is not None
        found = session.refer(cue)
        return found.name if found is not None else None
    if not name_shaped(word):
        return None  # "I saw this great movie the other day that": not a name
    return word


def _film_talk(session: Session) -> bool:
    """A work is under discussion, known to be one: the frames that read "the film" into a
    sentence without naming it need it ("Monica is putting things into her purse as Phoebe
    watches" is no cast, with only people of unknown kind under discussion)."""
    found = topic(session.state, ("work",))
    return found is not None and found.kind == "work"


def _said_of(cue: Cue, relation: Relation) -> Cue:
    """A pronoun subject agrees with what the relation is said of, where the pronoun allows it:
    "It came out in 2014" / "it stars Joe Pesci" is the film under discussion, not "Jolie" or
    "New York" named since (the same restriction as a subjectless sentence's `topic`)."""
    kinds = cue.kinds & frozenset(relation.about)
    return replace(cue, kinds=kinds) if kinds else cue


def _taste(value: str, text: str, span: tuple[int, int]) -> CandidateFact:
    """The speaker's taste a cast frame tells beside the cast (`english.cast.TASTE`), as the
    clause reader would give it."""
    fact = _candidate(SPEAKER, TASTE, value, text, span)
    return fact.model_copy(update={"category": "preference", "confidence": 0.85})


def _candidate(
    subject: str, predicate: str, value: str, text: str, span: tuple[int, int]
) -> CandidateFact:
    return CandidateFact(
        subject=subject,
        predicate=predicate,
        value=value,
        category="world",
        confidence=0.8,
        span=span,
        sentence=text.strip(),
        language="en",
    )
