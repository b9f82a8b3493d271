"""What a conversation is about: the entities under discussion, turn by turn.

A `Discourse` is the state a turn is read in: the referents (people, works, places, things)
named or introduced so far, most recent first, each with the cues a pronoun or a definite
mention can agree with (kind, gender, number, the class noun that introduced it: "the film",
这首歌), and what the last question asked about, so that a bare answer ("2004年06月25日。")
can be read as its value. It is kept on each episode (`TurnContext`: the state before and after
the turn), so reprocessing an episode reads it in the state it was first read in, and the next
turn of the conversation starts from the state after the last one.

Pure data and the fold between turns; the rules that find mentions and resolve pronouns are
the extractors' (`extractors/discourse/`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Kind = Literal["person", "work", "place", "organization", "thing"]
Gender = Literal["", "m", "f"]

HORIZON = 8
"""Turns a referent stays under discussion without being mentioned again."""
CAPACITY = 12
"""Referents kept at most (the most recent)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Referent(_Frozen):
    """One entity under discussion. `noun` is the class noun it was introduced or described
    with, in English ("film", "song", "album", "place", "band"): what "the film", 这部电影 or
    该片 agree with. `age` counts the turns since it was last mentioned (0: this turn)."""

    name: str = Field(min_length=1, max_length=200)
    kind: Kind = "thing"
    gender: Gender = ""
    plural: bool = False
    noun: str = ""
    age: int = Field(default=0, ge=0)

    def merged(self, older: Referent) -> Referent:
        """This mention, with what an earlier mention of the same name knew and this lacks. A
        kind said with a class noun ("the film X", 这部电影X) stays: a later mention without
        one (a tagger's guess: "The Social Network" as a company) does not change it."""
        classed = older.noun and not self.noun
        learned = {
            "kind": self.kind if self.kind != "thing" and not classed else older.kind,
            "gender": self.gender or older.gender,
            "noun": self.noun or older.noun,
        }
        if all(getattr(self, name) == value for name, value in learned.items()):
            return self  # the usual case: the state is copied only where it changes
        return self.model_copy(update=learned)

    def renewed(self) -> Referent:
        """This referent, mentioned this turn."""
        return self if self.age == 0 else self.model_copy(update={"age": 0})


class Asked(_Frozen):
    """A question's target: the relation asked about (a predicate name) and whom it asks
    about ("" when the question names nobody: the answer's subject is then the topic)."""

    predicate: str = Field(min_length=1)
    about: str = ""
    continued: bool = False
    """Not a question: the turn before gave a list ("主演有A、B"), which "还有C" continues."""


class Discourse(_Frozen):
    """The referents under discussion, most recent first, and the last question's target."""

    referents: tuple[Referent, ...] = ()
    asked: Asked | None = None

    def named(self, name: str) -> Referent | None:
        return next((r for r in self.referents if r.name == name), None)

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
            out.insert(0, older if older is not None and older.__dict__ == kept.__dict__ else kept)
        referents = tuple(out[:CAPACITY])
        if len(referents) == len(self.referents) and all(
            new is old for new, old in zip(referents, self.referents, strict=True)
        ):
            return self
        return self.model_copy(update={"referents": referents})

    def next_turn(self) -> Discourse:
        """The state the next turn starts in: every referent a turn older (those past the
        horizon forgotten); `asked` stays, for the next turn only (its reading sets its own)."""
        nouns = [r.noun for r in self.referents if r.noun]
        aged = tuple(
            r.model_copy(update={"age": r.age + 1})
            for r in self.referents
            if r.age + 1 < HORIZON or (r.noun and nouns.count(r.noun) == 1)
        )
        return self.model_copy(update={"referents": aged}) if self.referents else self


class TurnContext(_Frozen):
    """The discourse state an episode was read in (`before`) and left (`after`)."""

    before: Discourse = Field(default_factory=Discourse)
    after: Discourse = Field(default_factory=Discourse)
