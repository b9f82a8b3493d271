"""What the extractors hand to the write pipeline: turns in, candidate facts out.

Extractors never touch storage. They turn sanitised text into `CandidateFact`s whose subject may
be the `SPEAKER` placeholder (first person); the write pipeline maps the speaker to the tenant's
entity (the user for user turns, the agent for assistant turns).
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal, NamedTuple

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from graph.domain.discourse import Discourse, TurnContext
from graph.domain.enums import FactType, Granularity, Role

SPEAKER = "<speaker>"
"""Subject placeholder for first-person statements ("I", "my", 我, 我的): the turn's speaker."""

USER = "<user>"
"""Subject placeholder for "the user" / 用户 spoken of in the third person (any role)."""

Language = Literal["en", "zh"]
TimeRole = Literal["at", "since", "until"]
Change = Literal["", "ends", "starts"]
"""How a statement moves a state: "" asserts it; "ends" says it stopped holding at the
statement's time ("I no longer work at Globex", 我已经离职了); "starts" says it began then
("I started at Globex", 我入职了字节跳动)."""


class Job(NamedTuple):
    """One text to extract from, with the time relative expressions resolve against.

    `conversation` names the conversation the turn belongs to: the turns of one conversation
    in one extraction call are read in order, each in the discourse state the one before left
    (pronouns and definite mentions refer back across turns). `context` is the state before
    the turn when the caller knows it (the last stored turn of the conversation, or the
    episode being reprocessed); otherwise the turn starts from the previous job of its
    conversation, or from nothing."""

    text: str
    reference: datetime
    role: Role = Role.USER
    conversation: str = ""
    context: Discourse | None = None
    speaker: str = ""
    """The name the message gives its speaker (a chat message's `name`), "" when none: a
    person under discussion after the turn, as a transcript line's label ("Joey: ...") is."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TimeMention(_Frozen):
    """A time expression found in text and resolved against a reference time.

    `start` is the first instant of the period the expression names (in the reference's time
    zone), `end` the first instant after it; a day is [00:00, next 00:00). `role` says how the
    expression relates to a fact: when it happened (`at`), since when (`since`) or until when
    (`until`).
    """

    text: str
    span: tuple[int, int]
    start: AwareDatetime
    end: AwareDatetime
    granularity: Granularity
    role: TimeRole = "at"
    approximate: bool = False
    inclusive: bool = False
    """For an `until`: the period named is the last one the fact held in ("from 2015 to 2019",
    "through 2019", 2015年到2019年), so it stops at `end`; otherwise at `start` ("until 2019")."""


class EntityMention(_Frozen):
    """A named thing in the text: a person, place, product, identifier or value."""

    text: str
    label: str
    span: tuple[int, int]


class CandidateFact(_Frozen):
    """One independent assertion extracted from one turn.

    `predicate` is already normalised through the predicate table (an unknown verb or attribute
    is kept as its normalised lemma, never dropped). `attribute` is the backtracked attribute
    noun phrase of a copular sentence ("company in Beijing"), kept for explanation. `span` is the
    source span in the sanitised turn text; `sentence` the clause the fact was read from.
    `change` marks an ending or a start of a state (see `Change`); an ending keeps polarity -1
    and closes the current record instead of contradicting it.
    """

    subject: str
    predicate: str
    value: str
    polarity: Literal[1, -1] = 1
    scope: str = ""
    attribute: str | None = None
    category: str = "general"
    confidence: float = Field(default=0.7, ge=0.0, le=1.0)
    fact_type: FactType = FactType.FACT
    entities: tuple[EntityMention, ...] = ()
    span: tuple[int, int]
    sentence: str
    time: TimeMention | None = None
    until: TimeMention | None = None
    language: Language = "en"
    is_correction: bool = False
    remember_request: bool = False
    change: Change = ""

    @property
    def about_speaker(self) -> bool:
        return self.subject == SPEAKER


def held_in_the_past(fact: CandidateFact) -> CandidateFact:
    """A state said in the past (the English simple past, the Chinese 过: `[past_tense]` in
    predicates.toml): with a time of its own it held then and closes when that time ends ("I
    lived in Oslo in 2015"); with none it is the state's ending when told ("I lived in Oslo",
    我在华为工作过, as "I used to live in Oslo")."""
    if fact.until is not None or (fact.time is not None and fact.time.role == "since"):
        return fact
    if fact.time is None:
        return fact.model_copy(update={"polarity": -1, "change": "ends"})
    until = fact.time.model_copy(update={"role": "until", "inclusive": True})
    return fact.model_copy(update={"until": until})


class TurnReading(NamedTuple):
    """One turn's candidates and the discourse state it was read in and left."""

    facts: list[CandidateFact]
    context: TurnContext


def unique_facts(facts: list[CandidateFact]) -> list[CandidateFact]:
    """`facts` without repeats of the same assertion (same subject, predicate, value up to
    case, polarity and scope), first occurrence kept, order kept."""
    seen: set[tuple[str, str, str, int, str]] = set()
    out: list[CandidateFact] = []
    for fact in facts:
        key = (fact.subject, fact.predicate, fact.value.casefold(), fact.polarity, fact.scope)
        if key not in seen:
            seen.add(key)
            out.append(fact)
    return out
