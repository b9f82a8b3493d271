"""What a conversation is about: the entities under discussion, turn by turn.

A `Discourse` is the state a turn is read in: the referents (people, works, places, things)
named or introduced so far, most recent first, each with the cues a pronoun or a definite
mention can agree with (kind, gender, number, the class noun that introduced it: "the film",
这首歌), and what the last question asked about, so that a bare answer ("2004年06月25日。")
can be read as its value. It is kept on each episode (`TurnContext`: the state before and after
the turn), so reprocessing an episode reads it in the state it was first read in, and the next
turn of the conversation starts from the state after the last one.

Pure data and the fold between turns; the rules that find mentions and resolve pronouns are
the extractors' (`extractors/discourse/`). The types are frozen slotted dataclasses, not
pydantic models: every clause of every turn copies them (a turn ages each referent, a mention
renews one), and a dataclass is made in a third of the time (the extraction CPU budget of issue
37). Pydantic still checks them where they cross a boundary (an episode read from storage, a
request's `discourse`): the constraints are in the annotations, and unknown keys are refused.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import ConfigDict, Field

Kind = Literal["person", "work", "place", "organization", "thing"]
Gender = Literal["", "m", "f"]
Name = Annotated[str, Field(min_length=1, max_length=200)]
Age = Annotated[int, Field(ge=0)]
Predicate = Annotated[str, Field(min_length=1)]

HORIZON = 8
"""Turns a referent stays under discussion without being mentioned again."""
CAPACITY = 12
"""Referents kept at most (the most recent)."""

_STRICT = ConfigDict(extra="forbid")


@dataclass(frozen=True, slots=True)
class Referent:
    """One entity under discussion. `noun` is the class noun it was introduced or described
    with, in English ("film", "song", "album", "place", "band"): what "the film", 这部电影 or
    该片 agree with. `age` counts the turns since it was last mentioned (0: this turn)."""

    __pydantic_config__ = _STRICT

    name: Name
    kind: Kind = "thing"
    gender: Gender = ""
    plural: bool = False
    noun: str = ""
    age: Age = 0

    def but(
        self, *, kind: Kind | None = None, gender: Gender | None = None, noun: str | None = None
    ) -> Referent:
        """This referent with the cues given changed (the others kept)."""
        return Referent(
            self.name,
            self.kind if kind is None else kind,
            self.gender if gender is None else gender,
            self.plural,
            self.noun if noun is None else noun,
            self.age,
        )

    def merged(self, older: Referent) -> Referent:
        """This mention, with what an earlier mention of the same name knew and this lacks. A
        kind said with a class noun ("the film X", 这部电影X) stays: a later mention without
        one (a tagger's guess: "The Social Network" as a company) does not change it."""
        classed = older.noun and not self.noun
        kind = self.kind if self.kind != "thing" and not classed else older.kind
        gender = self.gender or older.gender
        noun = self.noun or older.noun
        if kind == self.kind and gender == self.gender and noun == self.noun:
            return self  # the usual case: the state is copied only where it changes
        return self.but(kind=kind, gender=gender, noun=noun)

    def renewed(self) -> Referent:
        """This referent, mentioned this turn."""
        return self if self.age == 0 else self._aged(0)

    def older(self) -> Referent:
        """This referent, a turn later."""
        return self._aged(self.age + 1)

    def _aged(self, age: int) -> Referent:
        return Referent(self.name, self.kind, self.gender, self.plural, self.noun, age)


@dataclass(frozen=True, slots=True)
class Asked:
    """A question's target: the relation asked about (a predicate name) and whom it asks
    about ("" when the question names nobody: the answer's subject is then the topic)."""

    __pydantic_config__ = _STRICT

    predicate: Predicate
    about: str = ""
    continued: bool = False
    """Not a question: the turn before gave a list ("主演有A、B"), which "还有C" continues."""


@dataclass(frozen=True, slots=True)
class Discourse:
    """The referents under discussion, most recent first, and the last question's target."""

    __pydantic_config__ = _STRICT

    referents: tuple[Referent, ...] = ()
    asked: Asked | None = None

    def named(self, name: str) -> Referent | None:
        return next((r for r in self.referents if r.name == name), None)

    def asking(self, asked: Asked | None) -> Discourse:
        """The state with `asked` as the last question's target."""
        return self if asked == self.asked else Discourse(self.referents, asked)

    def people(self, names: Collection[str]) -> Discourse:
        """The state with the referents of unknown kind that `names` names known to be people,
        where they stand (a sentence that says a name to someone, "Ross, it's too hard": no
        "it" in it is Ross, named before as nothing in particular)."""
        if not any(r.kind == "thing" and r.name in names for r in self.referents):
            return self
        referents = tuple(
            r.but(kind="person") if r.kind == "thing" and r.name in names else r
            for r in self.referents
        )
        return Discourse(referents, self.asked)

    def mentioning(self, mentions: Sequence[Referent]) -> Discourse:
        """The state with `mentions` (in text order) as the most recent referents; earlier
        mentions of the same names merge into them."""
        if not mentions:
            return self
        out = list(self.referents)
        for mention in mentions:
            older = next((r for r in out if r.name == mention.name), None)
            if older is not None:
                out.remove(older)
            kept = (mention.merged(older) if older is not None else mention).renewed()
            out.insert(0, older if older is not None and older == kept else kept)
        referents = tuple(out[:CAPACITY])
        if len(referents) == len(self.referents) and all(
            new is old for new, old in zip(referents, self.referents, strict=True)
        ):
            return self
        return Discourse(referents, self.asked)

    def spoken_by(self, speaker: Referent, said: int) -> Discourse:
        """The state after a turn `speaker` said, whose own mentions are its first `said`
        referents: the speaker under discussion just behind them (where a transcript line's
        label, said before its words, leaves its speaker), never ahead of them: "Joey: I met
        Ross." then "Is he nice?" is Ross."""
        older = self.named(speaker.name)
        rest = [r for r in self.referents if r.name != speaker.name]
        said -= sum(1 for r in self.referents[:said] if r.name == speaker.name)
        kept = (speaker.merged(older) if older is not None else speaker).renewed()
        referents = (*rest[:said], kept, *rest[said:])
        return Discourse(referents[:CAPACITY], self.asked)

    def next_turn(self) -> Discourse:
        """The state the next turn starts in: every referent a turn older (those past the
        horizon forgotten); `asked` stays, for the next turn only (its reading sets its own)."""
        if not self.referents:
            return self
        nouns = [r.noun for r in self.referents if r.noun]
        aged = tuple(
            r.older()
            for r in self.referents
            if r.age + 1 < HORIZON or (r.noun and nouns.count(r.noun) == 1)
        )
        return Discourse(aged, self.asked)


@dataclass(frozen=True, slots=True)
class TurnContext:
    """The discourse state an episode was read in (`before`) and left (`after`), and the
    names its personal pronouns refer to (`referred`: "Phoebe: I kissed him before" said
    while Joey was under discussion refers to Joey), which its turn is found by as it is by
    its own words (`graph.textindex.episode_words`)."""

    __pydantic_config__ = _STRICT

    before: Discourse = field(default_factory=Discourse)
    after: Discourse = field(default_factory=Discourse)
    referred: tuple[str, ...] = ()
