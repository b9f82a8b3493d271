"""One turn's reading of the discourse: the state as the turn goes, what it asked, who it named.

A `Session` starts from the state before the turn (`Discourse`), is told each mention as the
reader meets it (in text order, so "the most recent" is the last one named before a pronoun),
resolves pronouns and definite mentions, and ends with the state after the turn. The question a
turn asks (`asks`) is what the next turn's bare answer fills ("是哪年上映的？" -> "2004年06月
25日。" is the release date of the film under discussion).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from extractors.discourse.cues import Cue
from extractors.discourse.resolve import learned, resolve, topic
from graph.domain.discourse import Asked, Discourse, Kind, Referent


@dataclass
class Session:
    """The discourse state while one turn is read."""

    state: Discourse = field(default_factory=Discourse)
    asked_before: Asked | None = None
    """What the turn before asked (its answer may be this turn's bare value)."""
    asks: Asked | None = None
    """What this turn asks."""
    claimed: list[tuple[int, int]] = field(default_factory=list)
    """Spans said of a third party nothing resolves ("这部电影是…" with no film under
    discussion): no reader may make them a fact about anyone else (the speaker, the user)."""
    aside: list[tuple[int, int]] = field(default_factory=list)
    """Spans of facts told in passing by a noun phrase (她的《呼吸》 in 我更喜欢她的《呼吸》):
    they take nothing from the clause reader (the speaker's `prefers` stands beside them)."""

    said: str = ""
    """The turn's last clause that asked nothing: a question whether the hearer knows "it"
    (是相信音乐，你听说过吗) refers back to its complement."""
    ahead: list[tuple[int, Referent]] = field(default_factory=list)
    """The names the sentence being read says, by where each starts, not yet under discussion:
    a pronoun after one of them may refer to it (`hear`, `said_before`)."""
    heard: tuple[int, str] = (0, "")
    """Where the sentence being read starts, and its text."""

    @classmethod
    def start(cls, before: Discourse | None) -> Session:
        state = before or Discourse()
        if state.asked is None:
            return cls(state)
        return cls(state.asking(None), state.asked)

    def mention(self, referents: Iterable[Referent]) -> None:
        self.state = self.state.mentioning(list(referents))

    def hear(self, start: int, text: str, names: Iterable[tuple[int, Referent]]) -> None:
        """A sentence starts (at `start`, saying `text`): its `names`, each with where it
        starts, come under discussion for a pronoun after them (`said_before`); the reader
        mentions them all when the sentence is read. No names: nothing ahead. A name it gives
        as a person's is one from its start (`Discourse.people`: "Ross, it's too hard" is no
        fact of Ross, named before as nothing in particular)."""
        self.ahead = sorted(names, key=lambda item: item[0])
        self.heard = (start, text)
        self.state = self.state.people({r.name for _, r in self.ahead if r.kind == "person"})

    def said_before(self, at: int) -> None:
        """The people the sentence names before `at` (a personal pronoun's place) are under
        discussion: "I am a big fan of Tim McGraw, so I liked that he was in it" is Tim McGraw,
        named before "he" in the same sentence. Only a name known to be a person's (by the
        tagger, or under discussion as one): a name of unknown kind said in passing ("a website
        called Facemash while he is at Harvard", "on the Disney channel") is no person for
        "he"."""
        if self.ahead and self.ahead[0][0] < at:
            self.mention(r for s, r in self.ahead if s < at and self._person(r))
            self.ahead = [(s, r) for s, r in self.ahead if s >= at]

    def _person(self, referent: Referent) -> bool:
        known = self.state.named(referent.name) if referent.kind != "person" else referent
        return known is not None and known.kind == "person"

    def said_before_word(self, word: str) -> None:
        """`said_before` the first place the sentence says `word` (a pronoun a frame read)."""
        if self.ahead:
            start, text = self.heard
            found = re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)
            if found is not None:
                self.said_before(start + found.start())

    def refer(self, cue: Cue, besides: str = "") -> Referent | None:
        """The referent `cue` refers to (now the most recent), or None; never one `besides`
        names (what the relation the cue is the subject of has as its value)."""
        found = resolve(self.state, cue, besides)
        if found is not None:
            self.state = learned(self.state, found, cue)
        return self.state.named(found.name) if found is not None else None

    def named_as_value(self, cue: Cue | None) -> str | None:
        """The name a value that is only a definite mention stands for ("I loved the movie",
        我很喜欢这部电影): the referent `cue` refers to, only if it was introduced with the cue's
        own class noun (a title of unknown class may be no film: "the song" may be no song of
        it). None: the value stays as said."""
        found = self.refer(cue) if cue is not None else None
        return (
            found.name if found is not None and cue is not None and found.noun == cue.noun else None
        )

    def keep(self, cues: Iterable[Cue]) -> None:
        """A definite mention said in passing ("I loved the movie", 这部电影我很喜欢) refers to
        its referent, which stays under discussion: a conversation about one film keeps the
        film past the horizon as long as it is talked about, named or not."""
        for cue in cues:
            self.refer(cue)

    def topic(self, kinds: Iterable[Kind], value: str = "") -> Referent | None:
        """The referent a sentence without a subject is about (never one named in the fact's
        `value`); being talked about keeps it under discussion (a place talked of for ten
        turns without its name stays the topic)."""
        found = topic(self.state, kinds, value)
        if found is not None:
            self.mention([found])
        return found

    def ask(self, predicate: str, about: str = "") -> None:
        self.asks = Asked(predicate=predicate, about=about)

    def continues(self, predicate: str, about: str) -> None:
        """This turn gave a list of `predicate` about `about`: "还有…" may continue it."""
        if self.asks is None or self.asks.continued:
            self.asks = Asked(predicate=predicate, about=about, continued=True)

    def after(self) -> Discourse:
        """The state the turn leaves (its own question kept for the next turn)."""
        return self.state.asking(self.asks)
